// expect: starting processes: typeof(System.Diagnostics.Process) (ldtoken) handed to System.Activator
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_TypeofActivator.dll).
using System;
namespace McpSnippets
{
    public static class Snippet_Blocked_TypeofActivator
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return Activator.CreateInstance(typeof(System.Diagnostics.Process));
        }
    }
}
