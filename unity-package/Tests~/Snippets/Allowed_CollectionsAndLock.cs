// expect: (nothing blocked): collections, lock, Interlocked, exceptions
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Allowed_CollectionsAndLock.dll).
using System; using System.Collections.Generic; using System.Collections.Concurrent; using System.Threading;
namespace McpSnippets
{
    public static class Snippet_Allowed_CollectionsAndLock
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var gate = new object();
            var q = new Queue<int>(); var st = new Stack<string>(); var set = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
            var cd = new ConcurrentDictionary<string, int>();
            int counter = 0;
            lock (gate)
            {
                q.Enqueue(1); st.Push("a"); set.Add("A"); set.Add("a");
                cd.AddOrUpdate("k", 1, (k, v) => v + 1);
                Interlocked.Increment(ref counter);
            }
            try { var arr = new int[2]; arr[3] = 1; }
            catch (IndexOutOfRangeException) { counter += 10; }
            finally { counter += 100; }
            var sorted = new SortedDictionary<int, string> { { 2, "b" }, { 1, "a" } };
            return new { q = q.Count, st = st.Peek(), set = set.Count, cd = cd["k"], counter, first = sorted.Keys.GetEnumerator().MoveNext() };
        }
    }
}
