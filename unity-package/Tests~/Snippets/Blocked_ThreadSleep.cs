// expect: blocking the Editor's main thread: Thread.Sleep and Thread.SpinWait (review finding 11)
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_ThreadSleep.dll).
using System.Threading;
namespace McpSnippets
{
    public static class Snippet_Blocked_ThreadSleep
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            Thread.Sleep(-1);
            Thread.SpinWait(int.MaxValue);
            return null;
        }
    }
}
