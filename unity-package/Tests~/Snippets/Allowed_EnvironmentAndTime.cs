// expect: (nothing blocked): reading the environment, Stopwatch, hashing (Thread.Sleep is refused: Blocked_ThreadSleep)
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Allowed_EnvironmentAndTime.dll).
using System; using System.Diagnostics; using System.Security.Cryptography; using System.Text;
namespace McpSnippets
{
    public static class Snippet_Allowed_EnvironmentAndTime
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var sw = Stopwatch.StartNew();
            var home = Environment.GetEnvironmentVariable("HOME");
            var cwd = Environment.CurrentDirectory;
            var machine = Environment.MachineName + Environment.ProcessorCount + Environment.OSVersion.Platform;
            string hash;
            using (var sha = SHA256.Create()) hash = BitConverter.ToString(sha.ComputeHash(Encoding.UTF8.GetBytes("x")));
            var id = System.Threading.Thread.CurrentThread.ManagedThreadId;
            return new { home, cwd, machine, hash, id, ms = sw.ElapsedMilliseconds, stack = new StackTrace().FrameCount, guid = Guid.NewGuid() };
        }
    }
}
