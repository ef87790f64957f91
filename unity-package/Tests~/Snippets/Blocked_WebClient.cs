// expect: network access: new System.Net.WebClient
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_WebClient.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_WebClient
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return new System.Net.WebClient().DownloadString("http://example.org/");
        }
    }
}
