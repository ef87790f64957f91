// expect: writing, moving or deleting files: System.Security.Cryptography.CspParameters
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_CspKeyContainer.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_CspKeyContainer
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return new System.Security.Cryptography.CspParameters { KeyContainerName = "x" }.KeyContainerName;
        }
    }
}
