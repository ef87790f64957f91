// expect: method groups (and expression-tree handles) of what Restricted checks the arguments of, as Action/Func and handed to library code: preference writes and the serialized writers, their key or target given later
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_MethodGroupToDelegate.dll).
using System; using System.Collections.Generic; using System.Linq.Expressions; using UnityEditor; using UnityEditor.Presets; using UnityEngine;
namespace McpSnippets
{
    public static class Snippet_Blocked_MethodGroupToDelegate
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            // List<T>.ForEach calls the delegate with each key: none of them visible at a call.
            new List<string> { "kScriptsDefaultApp", "kDiffsDefaultApp" }.ForEach(EditorPrefs.DeleteKey);
            Action<string, int> setInt = PlayerPrefs.SetInt;
            setInt("HighScore", 0);
            // The serialized writers: the object written into is given when the delegate runs.
            Action<UnityEngine.Object, UnityEngine.Object> copy = EditorUtility.CopySerialized;
            Action<string, object> overwrite = JsonUtility.FromJsonOverwrite;
            var preset = new Preset(null);
            Func<UnityEngine.Object, bool> apply = preset.ApplyTo;
            foreach (var o in AssetDatabase.LoadAllAssetsAtPath("ProjectSettings/ProjectSettings.asset"))
            {
                copy(o, o);
                overwrite("{}", o);
                apply(o);
            }
            // An expression tree names the method by its handle (ldtoken).
            Expression<Action<string, string>> tree = (k, v) => EditorPrefs.SetString(k, v);
            return tree;
        }
    }
}
