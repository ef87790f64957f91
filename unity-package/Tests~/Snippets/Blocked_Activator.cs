// expect: reflection-based invocation: System.Activator.CreateInstance
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_Activator.dll).
using System;
namespace McpSnippets
{
    public static class Snippet_Blocked_Activator
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return Activator.CreateInstance(Type.GetType("System.Diagnostics.Process, System"));
        }
    }
}
