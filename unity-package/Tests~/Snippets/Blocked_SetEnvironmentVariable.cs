// expect: changing the Editor process: System.Environment.SetEnvironmentVariable(UNITYMCP_HOME)
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_SetEnvironmentVariable.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_SetEnvironmentVariable
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            System.Environment.SetEnvironmentVariable("UNITYMCP_HOME", "/tmp");
            return null;
        }
    }
}
