// expect: writing EditorPrefs keys held in locals the checker cannot pin down: assigned twice (once with a Unity key), in a loop, passed by ref or out, captured by a lambda
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_EditorPrefsLocalKey.dll).
using System; using UnityEditor;
namespace McpSnippets
{
    public static class Snippet_Blocked_EditorPrefsLocalKey
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            Twice();
            InLoop();
            ByRef();
            ByOut();
            Captured();
            return null;
        }

        static void Twice()
        {
            var key = "McpSnippets.Last";
            EditorPrefs.SetString(key, "x");
            key = "kScriptsDefaultApp";
            EditorPrefs.SetString(key, "/bin/sh");
        }

        // The second time round, the key is the one stored at the end of the first.
        static void InLoop()
        {
            var key = "McpSnippets.Last";
            for (int i = 0; i < 2; i++)
            {
                EditorPrefs.SetString(key, "/bin/sh");
                key = "kScriptsDefaultApp";
            }
        }

        static void ByRef()
        {
            var key = "McpSnippets.Last";
            Change(ref key);
            EditorPrefs.SetString(key, "/bin/sh");
        }

        static void ByOut()
        {
            string key;
            Make(out key);
            EditorPrefs.SetString(key, "/bin/sh");
        }

        static void Captured()
        {
            var key = "McpSnippets.Last";
            Action change = () => key = "kScriptsDefaultApp";
            change();
            EditorPrefs.SetString(key, "/bin/sh");
        }

        static void Change(ref string k) { k = "kScriptsDefaultApp"; }

        static void Make(out string k) { k = "kScriptsDefaultApp"; }
    }
}
