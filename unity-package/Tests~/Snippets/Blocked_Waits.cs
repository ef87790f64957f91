// expect: blocking the Editor's main thread: Join, SpinWait, WaitHandle, Monitor.Wait, Task.Wait and the slim waits
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_Waits.dll).
using System.Threading; using System.Threading.Tasks;
namespace McpSnippets
{
    public static class Snippet_Blocked_Waits
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            Thread.CurrentThread.Join();
            SpinWait.SpinUntil(() => false);
            var spin = new SpinWait();
            spin.SpinOnce();
            new ManualResetEvent(false).WaitOne();
            var gate = new object();
            lock (gate) Monitor.Wait(gate);
            Task.Delay(1000).Wait();
            new ManualResetEventSlim(false).Wait();
            new SemaphoreSlim(0).Wait();
            return null;
        }
    }
}
