// expect: reflection-based invocation (dynamic): Microsoft.CSharp.RuntimeBinder
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_Dynamic.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_Dynamic
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            dynamic d = "x";
            return d.Length;
        }
    }
}
