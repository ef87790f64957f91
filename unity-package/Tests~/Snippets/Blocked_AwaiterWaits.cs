// expect: blocking the Editor's main thread on a task or a spin lock: Task<T>.Result (even after IsCompleted: the checker does not follow the test), GetAwaiter().GetResult() (in an async method too), ValueTask's, SpinLock.Enter/TryEnter
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_AwaiterWaits.dll).
using System.Runtime.CompilerServices; using System.Threading; using System.Threading.Tasks;
namespace McpSnippets
{
    public static class Snippet_Blocked_AwaiterWaits
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            // Nobody completes these: each freezes the Editor for good.
            var never = new TaskCompletionSource<int>().Task;
            var r = never.Result;
            never.GetAwaiter().GetResult();
            Task.Delay(-1).GetAwaiter().GetResult();
            default(ConfiguredTaskAwaitable<int>.ConfiguredTaskAwaiter).GetResult();
            var v = new ValueTask<int>(never).Result;
            new ValueTask<int>(never).GetAwaiter().GetResult();
            var done = Task.FromResult(1);
            var d = done.IsCompleted ? done.Result : 0;
            var spin = new SpinLock(false);
            bool taken = false;
            spin.Enter(ref taken);
            spin.Enter(ref taken);
            spin.TryEnter(ref taken);
            return Later(never);
        }

        static async Task<int> Later(Task<int> never)
        {
            var one = await Task.FromResult(1); // the compiler's await: allowed
            return one + never.GetAwaiter().GetResult();
        }
    }
}
