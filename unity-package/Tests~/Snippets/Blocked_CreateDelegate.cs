// expect: reflection-based invocation: System.Delegate.CreateDelegate
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_CreateDelegate.dll).
using System;
namespace McpSnippets
{
    public static class Snippet_Blocked_CreateDelegate
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var d = (Action<string>)Delegate.CreateDelegate(typeof(Action<string>), typeof(System.IO.File).GetMethod("Delete"));
            d("/tmp/unitymcp-x");
            return null;
        }
    }
}
