// expect: reflection-based invocation
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_Activator.dll).
using System;
namespace UnityMcp.Snippets
{
    public static class Snippet_Blocked_Activator
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return Activator.CreateInstance(Type.GetType("System.Diagnostics.Process, System"));
        }
    }
}
