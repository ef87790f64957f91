// expect: (nothing blocked): EditorPrefs under the user's own keys
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Allowed_EditorPrefsUserKeys.dll).
using UnityEditor;
namespace McpSnippets
{
    public static class Snippet_Allowed_EditorPrefsUserKeys
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            EditorPrefs.SetString("MyTool.LastScene", "Assets/Main.unity");
            EditorPrefs.SetInt("MyTool.Runs", EditorPrefs.GetInt("MyTool.Runs", 0) + 1);
            EditorPrefs.SetBool("MyTool.Enabled", !EditorPrefs.GetBool("MyTool.Enabled", false));
            var key = "MyTool." + parameters.Count;
            EditorPrefs.SetString(key, "x");
            if (EditorPrefs.HasKey("MyTool.Old")) EditorPrefs.DeleteKey("MyTool.Old");
            // The package's own keys are only read here: reading is harmless.
            return EditorPrefs.GetString("UnityMcp.DaemonPath", "");
        }
    }
}
