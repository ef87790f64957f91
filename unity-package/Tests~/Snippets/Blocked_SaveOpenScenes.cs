// expect: writing, moving or deleting files: UnityEditor.SceneManagement.EditorSceneManager.SaveOpenScenes
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_SaveOpenScenes.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_SaveOpenScenes
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return UnityEditor.SceneManagement.EditorSceneManager.SaveOpenScenes();
        }
    }
}
