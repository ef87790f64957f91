// expect: (nothing blocked): the old daemon-path key, computed — harmless, unitymcp no longer reads EditorPrefs
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Allowed_EditorPrefsComputedKey.dll).
using UnityEditor;
namespace McpSnippets
{
    public static class Snippet_Allowed_EditorPrefsComputedKey
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            EditorPrefs.SetString(string.Concat("Unity", "Mcp.DaemonPath"), "/tmp/evil");
            return null;
        }
    }
}
