// expect: (nothing blocked): reading project files
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Allowed_ReadFiles.dll).
using System.IO; using System.Linq; using System.Text;
namespace McpSnippets
{
    public static class Snippet_Allowed_ReadFiles
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var root = Directory.GetCurrentDirectory();
            var settings = Path.Combine(root, "ProjectSettings");
            var files = Directory.Exists(settings) ? Directory.GetFiles(settings, "*.asset", SearchOption.TopDirectoryOnly) : new string[0];
            var sizes = files.Select(f => new FileInfo(f)).Where(f => f.Exists).Sum(f => f.Length);
            var first = files.Length > 0 ? File.ReadAllLines(files[0]).FirstOrDefault() : null;
            string head = null;
            if (files.Length > 0)
            {
                using (var r = new StreamReader(files[0])) head = r.ReadLine();
                using (var s = File.OpenRead(files[0]))
                {
                    var buf = new byte[16];
                    head += s.Read(buf, 0, buf.Length);
                }
                head += File.ReadAllText(files[0], Encoding.UTF8).Length + File.GetLastWriteTimeUtc(files[0]).Year;
            }
            var dirs = new DirectoryInfo(root).GetDirectories().Select(d => d.Name).ToArray();
            var lines = Directory.EnumerateFiles(root).Take(3).SelectMany(f => File.ReadLines(f).Take(1)).Count();
            return new { files = files.Length, sizes, first, head, dirs, lines };
        }
    }
}
