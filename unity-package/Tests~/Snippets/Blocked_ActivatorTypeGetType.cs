// expect: reflection-based invocation: System.Activator.CreateInstance of a FileStream found by name
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_ActivatorTypeGetType.dll).
using System;
namespace McpSnippets
{
    public static class Snippet_Blocked_ActivatorTypeGetType
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var t = Type.GetType("System.IO." + "FileStream");
            return Activator.CreateInstance(t, "/tmp/unitymcp-x", System.IO.FileMode.Create);
        }
    }
}
