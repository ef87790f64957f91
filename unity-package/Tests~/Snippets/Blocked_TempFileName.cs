// expect: writing, moving or deleting files: System.IO.Path.GetTempFileName
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_TempFileName.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_TempFileName
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return System.IO.Path.GetTempFileName();
        }
    }
}
