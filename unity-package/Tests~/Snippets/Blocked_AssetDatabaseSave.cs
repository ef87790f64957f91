// expect: writing, moving or deleting files: UnityEditor.AssetDatabase.SaveAssets
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_AssetDatabaseSave.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_AssetDatabaseSave
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            UnityEditor.AssetDatabase.SaveAssets();
            return null;
        }
    }
}
