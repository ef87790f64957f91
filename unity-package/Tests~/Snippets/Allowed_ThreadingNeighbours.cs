// expect: (nothing blocked): what stays of threading: lock, Interlocked, Volatile, Thread.Yield, the current thread's identity, await, a task's state, signalling
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Allowed_ThreadingNeighbours.dll).
using System.Threading; using System.Threading.Tasks;
namespace McpSnippets
{
    public static class Snippet_Allowed_ThreadingNeighbours
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var gate = new object();
            int n = 0;
            lock (gate) { Interlocked.Increment(ref n); Monitor.PulseAll(gate); }
            Volatile.Write(ref n, Volatile.Read(ref n) + 1);
            Thread.Yield();
            var id = Thread.CurrentThread.ManagedThreadId;
            var ev = new ManualResetEventSlim(false);
            ev.Set();
            var sem = new SemaphoreSlim(1);
            var later = sem.WaitAsync();
            sem.Release();
            var finished = Task.FromResult(n);
            var done = (finished.IsCompleted ? 1 : 0) + (ev.IsSet ? 1 : 0);
            return new { id, done, later = Later() };
        }

        static async Task<int> Later()
        {
            await Task.Delay(10);
            var value = await Task.FromResult(1);
            await Task.Yield();
            return value;
        }
    }
}
