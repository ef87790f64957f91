// expect: writing EditorPrefs keys that do not visibly start with "McpSnippets.": a branch, a format item or a number first, another case
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_EditorPrefsPrefixTricks.dll).
using UnityEditor;
namespace McpSnippets
{
    public static class Snippet_Blocked_EditorPrefsPrefixTricks
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            Branch(parameters.Count > 0);
            FormatFirst();
            NumberFirst(parameters.Count);
            OtherCase();
            return null;
        }

        static void Branch(bool b) { EditorPrefs.SetString(b ? "McpSnippets.A" : "kScriptsDefaultApp", "x"); }

        static void FormatFirst() { EditorPrefs.SetString(string.Format("{0}McpSnippets.A", "kScriptsDefaultApp"), "x"); }

        static void NumberFirst(int n) { EditorPrefs.SetString(n + "McpSnippets.A", "x"); }

        static void OtherCase() { EditorPrefs.SetString("mcpsnippets.a", "x"); }
    }
}
