// expect: reflection-based invocation: System.Reflection.EventInfo.AddEventHandler
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_EventInfoAddHandler.dll).
using System;
namespace McpSnippets
{
    public static class Snippet_Blocked_EventInfoAddHandler
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var e = typeof(AppDomain).GetEvent("AssemblyResolve");
            e.AddEventHandler(AppDomain.CurrentDomain, (ResolveEventHandler)((s, a) => null));
            return null;
        }
    }
}
