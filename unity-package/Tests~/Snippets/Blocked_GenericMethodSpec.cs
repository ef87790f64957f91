// expect: reflection-based invocation: System.Activator.CreateInstance<System.Diagnostics.Process> (a MethodSpec), and new T() in a generic method
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_GenericMethodSpec.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_GenericMethodSpec
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var p = System.Activator.CreateInstance<System.Diagnostics.Process>();
            return Make<System.Text.StringBuilder>();
        }

        static T Make<T>() where T : new() { return new T(); }
    }
}
