// expect: writing, moving or deleting files: UnityEditor.FileUtil.DeleteFileOrDirectory
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_FileUtilDelete.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_FileUtilDelete
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return UnityEditor.FileUtil.DeleteFileOrDirectory("Assets");
        }
    }
}
