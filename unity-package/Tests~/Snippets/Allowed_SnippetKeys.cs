// expect: (nothing blocked): EditorPrefs, PlayerPrefs and SessionState under "McpSnippets." keys (literal, const, + a name, a branch of two), and reading any key
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Allowed_SnippetKeys.dll).
using UnityEditor; using UnityEngine;
namespace McpSnippets
{
    public static class Snippet_Allowed_SnippetKeys
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            const string Runs = "McpSnippets.Runs";
            EditorPrefs.SetInt(Runs, EditorPrefs.GetInt(Runs, 0) + 1);
            EditorPrefs.SetString("McpSnippets.LastScene", "Assets/Main.unity");
            EditorPrefs.SetBool("McpSnippets.Enabled." + parameters.Count, true);
            EditorPrefs.SetString(parameters.Count > 0 ? "McpSnippets.A" : "McpSnippets.B", "x");
            EditorPrefs.SetString(string.Format("McpSnippets.Item{0}", parameters.Count), "x");
            if (EditorPrefs.HasKey("McpSnippets.Old")) EditorPrefs.DeleteKey("McpSnippets.Old");
            PlayerPrefs.SetInt("McpSnippets.HighScore", PlayerPrefs.GetInt("HighScore", 0));
            PlayerPrefs.SetString("McpSnippets.Name", "x");
            PlayerPrefs.DeleteKey("McpSnippets.Name");
            SessionState.SetString("McpSnippets.State", "{}");
            SessionState.SetBool("McpSnippets.Flag", SessionState.GetBool("UnityMcp.Anything", false));
            SessionState.EraseString("McpSnippets.State");
            // Reading Unity's, the user's and unitymcp's keys is harmless.
            return EditorPrefs.GetString("kScriptsDefaultApp", "") + EditorPrefs.GetString("UnityMcp.DaemonPath", "") +
                PlayerPrefs.GetInt("HighScore", 0) + SessionState.GetString("UnityMcp.SpanningCalls", "");
        }
    }
}
