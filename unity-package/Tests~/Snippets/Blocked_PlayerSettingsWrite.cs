// expect: changing project settings: UnityEditor.PlayerSettings.productName (set)
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_PlayerSettingsWrite.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_PlayerSettingsWrite
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            UnityEditor.PlayerSettings.productName = "Evil";
            return null;
        }
    }
}
