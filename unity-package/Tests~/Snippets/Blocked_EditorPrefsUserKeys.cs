// expect: writing or deleting EditorPrefs keys that do not start with "McpSnippets.": a user's own tool's keys
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_EditorPrefsUserKeys.dll).
using UnityEditor;
namespace McpSnippets
{
    public static class Snippet_Blocked_EditorPrefsUserKeys
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            // A user's tool may read its keys to find a program to run: a snippet cannot tell.
            EditorPrefs.SetString("MyTool.ExporterPath", "/tmp/evil");
            EditorPrefs.SetInt("MyTool.Runs", EditorPrefs.GetInt("MyTool.Runs", 0) + 1);
            if (EditorPrefs.HasKey("MyTool.Old")) EditorPrefs.DeleteKey("MyTool.Old");
            return null;
        }
    }
}
