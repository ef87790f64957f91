// expect: writing, moving or deleting files: System.IO.File.Delete in a lambda
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_LambdaDelete.dll).
using System;
namespace McpSnippets
{
    public static class Snippet_Blocked_LambdaDelete
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            Func<int> f = () => { System.IO.File.Delete("/tmp/unitymcp-x"); return 1; };
            return f();
        }
    }
}
