// expect: writing, moving or deleting files: System.IO.File.WriteAllText through an alias
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_FileAlias.dll).
using F = System.IO.File;
namespace McpSnippets
{
    public static class Snippet_Blocked_FileAlias
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            F.WriteAllText("/tmp/unitymcp-x", "y");
            return null;
        }
    }
}
