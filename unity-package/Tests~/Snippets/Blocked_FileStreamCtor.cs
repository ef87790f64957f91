// expect: writing, moving or deleting files: new System.IO.FileStream
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_FileStreamCtor.dll).
using System.IO;
namespace McpSnippets
{
    public static class Snippet_Blocked_FileStreamCtor
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            using (var s = new FileStream("/tmp/unitymcp-x", FileMode.Create)) s.WriteByte(1);
            return null;
        }
    }
}
