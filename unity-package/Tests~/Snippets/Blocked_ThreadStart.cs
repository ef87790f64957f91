// expect: starting threads: new System.Threading.Thread and ThreadPool
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_ThreadStart.dll).
using System.Threading;
namespace McpSnippets
{
    public static class Snippet_Blocked_ThreadStart
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            new Thread(() => { }).Start();
            ThreadPool.QueueUserWorkItem(_ => { });
            return null;
        }
    }
}
