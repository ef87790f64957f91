// expect: starting threads: System.Threading.Tasks.Task.ContinueWith
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_ContinueWith.dll).
using System.Threading.Tasks;
namespace McpSnippets
{
    public static class Snippet_Blocked_ContinueWith
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return Task.Delay(1).ContinueWith(t => 1, TaskContinuationOptions.LongRunning);
        }
    }
}
