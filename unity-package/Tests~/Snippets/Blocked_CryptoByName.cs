// expect: reflection-based invocation: System.Security.Cryptography.HashAlgorithm.Create(string) constructs a type by name
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_CryptoByName.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_CryptoByName
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return System.Security.Cryptography.HashAlgorithm.Create("System.Diagnostics.Process, System");
        }
    }
}
