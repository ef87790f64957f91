// expect: writing, moving or deleting files: System.IO.File.Delete in a closure (captured variable)
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_ClosureDelete.dll).
using System;
namespace McpSnippets
{
    public static class Snippet_Blocked_ClosureDelete
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var path = "/tmp/unitymcp-x";
            Action remove = () => System.IO.File.Delete(path);
            remove();
            return path;
        }
    }
}
