// expect: writing, moving or deleting files: System.IO.File.Delete after an await
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_AsyncHidden.dll).
using System.Threading.Tasks;
namespace McpSnippets
{
    public static class Snippet_Blocked_AsyncHidden
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return Later();
        }

        static async Task<int> Later()
        {
            await Task.Yield();
            System.IO.File.Delete("/tmp/unitymcp-x");
            return 1;
        }
    }
}
