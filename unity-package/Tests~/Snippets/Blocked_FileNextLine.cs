// expect: writing, moving or deleting files: System.IO.File.Delete over two lines
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_FileNextLine.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_FileNextLine
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            System.IO.File
                .Delete("/tmp/unitymcp-x");
            return null;
        }
    }
}
