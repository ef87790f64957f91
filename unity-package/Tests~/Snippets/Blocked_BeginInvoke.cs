// expect: starting threads: a delegate's BeginInvoke
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_BeginInvoke.dll).
using System;
namespace McpSnippets
{
    public static class Snippet_Blocked_BeginInvoke
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            Func<int> f = () => 1;
            return f.EndInvoke(f.BeginInvoke(null, null));
        }
    }
}
