// expect: writing, moving or deleting files: new System.IO.StreamWriter(path)
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_StreamWriterPath.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_StreamWriterPath
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            using (var s = new System.IO.StreamWriter("/tmp/unitymcp-x")) s.Write("y");
            return null;
        }
    }
}
