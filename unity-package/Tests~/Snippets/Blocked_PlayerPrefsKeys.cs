// expect: writing or deleting PlayerPrefs keys that do not start with "McpSnippets.": the project's own code reads them
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_PlayerPrefsKeys.dll).
using UnityEngine;
namespace McpSnippets
{
    public static class Snippet_Blocked_PlayerPrefsKeys
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            PlayerPrefs.SetInt("HighScore", 10);
            PlayerPrefs.SetString("Server" + parameters.Count, "evil.example");
            PlayerPrefs.DeleteKey("Tutorial.Done");
            return null;
        }
    }
}
