// expect: loading assemblies: System.Reflection.Assembly.LoadFrom
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_AssemblyLoad.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_AssemblyLoad
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return System.Reflection.Assembly.LoadFrom("evil.dll");
        }
    }
}
