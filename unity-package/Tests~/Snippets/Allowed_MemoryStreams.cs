// expect: (nothing blocked): writers over memory, not files
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Allowed_MemoryStreams.dll).
using System.IO; using System.Text;
namespace McpSnippets
{
    public static class Snippet_Allowed_MemoryStreams
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var ms = new MemoryStream();
            using (var w = new StreamWriter(ms, Encoding.UTF8, 1024, true)) w.Write("hello");
            var bw = new BinaryWriter(new MemoryStream());
            bw.Write(42);
            bw.Flush();
            var sw = new StringWriter();
            sw.Write("text");
            return ms.Length + " " + sw.ToString() + " " + Path.Combine("Assets", "x.txt") + " " + Path.GetExtension("a.cs");
        }
    }
}
