// expect: (nothing blocked): Debug.Log, LogWarning, LogException
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Allowed_DebugLog.dll).
using System; using UnityEngine;
namespace McpSnippets
{
    public static class Snippet_Allowed_DebugLog
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            Debug.Log("hello");
            Debug.LogWarning(42);
            try { throw new InvalidOperationException("shown"); }
            catch (Exception e) { Debug.LogException(e); }
            return Application.dataPath + " " + Application.unityVersion;
        }
    }
}
