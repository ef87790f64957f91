// expect: (nothing blocked): iterators and async methods that do ordinary things; the compiler's awaits (Task, Task<T>, ValueTask<T>, Task.Yield) call GetResult once the task is done
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Allowed_IteratorAsync.dll).
using System.Collections.Generic; using System.Linq; using System.Threading.Tasks;
namespace McpSnippets
{
    public static class Snippet_Allowed_IteratorAsync
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var squares = Squares(5).ToList();
            var t = SumLater(squares);
            return squares.Sum() + (t.IsCompleted ? 1 : 0);
        }

        static IEnumerable<int> Squares(int n)
        {
            for (int i = 1; i <= n; i++) yield return i * i;
        }

        static async Task<int> SumLater(List<int> xs)
        {
            await Task.Yield();
            await Task.Delay(1);
            var done = new TaskCompletionSource<int>();
            done.SetResult(xs.Sum());
            var n = await new ValueTask<int>(done.Task);
            return await done.Task + n;
        }
    }
}
