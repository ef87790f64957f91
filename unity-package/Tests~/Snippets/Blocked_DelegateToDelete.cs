// expect: writing, moving or deleting files: System.IO.File.Delete (a delegate, ldftn)
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_DelegateToDelete.dll).
using System;
namespace McpSnippets
{
    public static class Snippet_Blocked_DelegateToDelete
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            Action<string> d = System.IO.File.Delete;
            d("/tmp/unitymcp-x");
            return null;
        }
    }
}
