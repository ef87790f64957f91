// expect: starting processes: UnityEngine.Application.OpenURL
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_OpenURL.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_OpenURL
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            UnityEngine.Application.OpenURL("file:///bin/sh");
            return null;
        }
    }
}
