// expect: writing, moving or deleting files: System.IO.FileInfo.Delete
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_FileInfoDelete.dll).
using System.IO;
namespace McpSnippets
{
    public static class Snippet_Blocked_FileInfoDelete
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var f = new FileInfo("/tmp/unitymcp-x");
            if (f.Exists) f.Delete();
            return f.Name;
        }
    }
}
