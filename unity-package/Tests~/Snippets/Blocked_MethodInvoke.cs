// expect: reflection-based invocation: System.Reflection.MethodBase.Invoke
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_MethodInvoke.dll).
using System;
namespace McpSnippets
{
    public static class Snippet_Blocked_MethodInvoke
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return typeof(string).GetMethod("Copy").Invoke(null, new object[] { "a" });
        }
    }
}
