// expect: writing, moving or deleting files: System.IO.Directory.CreateDirectory
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_DirectoryCreate.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_DirectoryCreate
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return System.IO.Directory.CreateDirectory("/tmp/unitymcp-x").FullName;
        }
    }
}
