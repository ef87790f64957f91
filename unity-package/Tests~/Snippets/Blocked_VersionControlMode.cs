// expect: changing project settings: VersionControlSettings.mode (ProjectSettings/VersionControlSettings.asset; a mode starts its plugin)
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_VersionControlMode.dll).
using UnityEditor;
namespace McpSnippets
{
    public static class Snippet_Blocked_VersionControlMode
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            VersionControlSettings.mode = "Perforce";
            return VersionControlSettings.mode;
        }
    }
}
