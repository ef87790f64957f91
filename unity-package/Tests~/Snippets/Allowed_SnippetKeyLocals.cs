// expect: (nothing blocked): "McpSnippets." keys held in a local assigned once (the compiler keeps it: snippets compile without -optimize), and a lambda that calls the write directly
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Allowed_SnippetKeyLocals.dll).
using System; using UnityEditor; using UnityEngine;
namespace McpSnippets
{
    public static class Snippet_Allowed_SnippetKeyLocals
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            string key = "McpSnippets.Last";
            var v = "Assets/Main.unity";
            EditorPrefs.SetString(key, v);
            var count = "McpSnippets.Count." + parameters.Count;
            PlayerPrefs.SetInt(count, EditorPrefs.GetInt(count, 0) + 1);
            var flag = string.Format("McpSnippets.Flag{0}", parameters.Count);
            if (parameters.Count > 0) SessionState.SetBool(flag, true);
            else SessionState.EraseString(flag);
            // A delegate that writes: a lambda calling the write itself, its key in view.
            Action<string> save = s => EditorPrefs.SetString("McpSnippets.Saved", s);
            save(v);
            return key;
        }
    }
}
