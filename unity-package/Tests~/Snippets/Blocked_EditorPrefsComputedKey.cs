// expect: writing EditorPrefs keys that do not visibly start with "McpSnippets.": keys computed at run time, however built
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_EditorPrefsComputedKey.dll).
using UnityEditor; using System.Linq;
namespace McpSnippets
{
    public static class Snippet_Blocked_EditorPrefsComputedKey
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            Joined();
            Reversed();
            Reassigned(parameters.Count > 0);
            return null;
        }

        // Nothing the checker can read says what these keys are.
        static void Joined() { EditorPrefs.SetString(string.Join("", new[] { "kScripts", "DefaultApp" }), "/tmp/evil"); }

        static void Reversed() { EditorPrefs.SetString(new string("ppAtluafeDstpircSk".Reverse().ToArray()), "/tmp/evil"); }

        static void Reassigned(bool b)
        {
            var key = "McpSnippets.Safe";
            if (b) key = "kScriptsDefaultApp";
            EditorPrefs.SetString(key, "/tmp/evil");
        }
    }
}
