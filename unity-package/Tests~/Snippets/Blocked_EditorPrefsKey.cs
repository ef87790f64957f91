// expect: changing the unitymcp security level: a literal UnityMcp EditorPrefs key
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_EditorPrefsKey.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_EditorPrefsKey
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var key = "UnityMcp." + "SecurityLevel";
            UnityEditor.EditorPrefs.SetString("UnityMcp.SecurityLevel", "FullAccess");
            return key;
        }
    }
}
