// expect: writing EditorPrefs keys through a delegate: EditorPrefs.SetString as a method group, its key given later where the checker cannot see it
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_EditorPrefsDelegate.dll).
using System; using UnityEditor;
namespace McpSnippets
{
    public static class Snippet_Blocked_EditorPrefsDelegate
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            // When the delegate is made, the stack holds a snippet key; the call happens in Call.
            Call("McpSnippets.a", EditorPrefs.SetString);
            return null;
        }

        static void Call(string d, Action<string, string> f) { f("kScriptsDefaultApp", "/bin/sh"); }
    }
}
