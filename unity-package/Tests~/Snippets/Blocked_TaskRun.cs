// expect: starting threads: System.Threading.Tasks.Task.Run
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_TaskRun.dll).
using System.Threading.Tasks;
namespace McpSnippets
{
    public static class Snippet_Blocked_TaskRun
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return Task.Run(() => 1).Result;
        }
    }
}
