// expect: starting processes: System.Diagnostics.Process as a type argument of an allowed method
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_GenericArgument.dll).
using System.Linq;
namespace McpSnippets
{
    public static class Snippet_Blocked_GenericArgument
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return Enumerable.Empty<System.Diagnostics.Process>().Count();
        }
    }
}
