// expect: starting threads: System.Threading.CancellationTokenSource.CancelAfter
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_CancelAfter.dll).
using System.Threading;
namespace McpSnippets
{
    public static class Snippet_Blocked_CancelAfter
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var cts = new CancellationTokenSource();
            cts.Token.Register(() => { });
            cts.CancelAfter(10);
            return null;
        }
    }
}
