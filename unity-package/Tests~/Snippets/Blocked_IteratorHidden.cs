// expect: writing, moving or deleting files: System.IO.File.AppendAllText inside an iterator
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_IteratorHidden.dll).
using System.Collections.Generic; using System.Linq;
namespace McpSnippets
{
    public static class Snippet_Blocked_IteratorHidden
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return Lines().Count();
        }

        static IEnumerable<string> Lines()
        {
            yield return "a";
            System.IO.File.AppendAllText("/tmp/unitymcp-x", "b");
            yield return "b";
        }
    }
}
