// expect: reflection-based invocation: new System.Lazy<T>() constructs T by reflection
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_LazyConstruct.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_LazyConstruct
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return new System.Lazy<System.Text.StringBuilder>().Value;
        }
    }
}
