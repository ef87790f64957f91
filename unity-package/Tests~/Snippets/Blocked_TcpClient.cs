// expect: network access: new System.Net.Sockets.TcpClient
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_TcpClient.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_TcpClient
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return new System.Net.Sockets.TcpClient("example.org", 80);
        }
    }
}
