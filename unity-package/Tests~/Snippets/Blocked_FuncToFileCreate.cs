// expect: writing, moving or deleting files: System.IO.File.Create stored in a Func
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_FuncToFileCreate.dll).
using System; using System.IO; using System.Collections.Generic;
namespace McpSnippets
{
    public static class Snippet_Blocked_FuncToFileCreate
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            Func<string, FileStream> create = File.Create;
            var table = new Dictionary<string, Action<string>> { { "rm", File.Delete } };
            table["rm"]("/tmp/unitymcp-y");
            return create("/tmp/unitymcp-x");
        }
    }
}
