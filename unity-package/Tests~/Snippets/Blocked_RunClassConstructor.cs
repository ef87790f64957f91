// expect: reflection-based invocation: System.Runtime.CompilerServices.RuntimeHelpers.RunClassConstructor
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_RunClassConstructor.dll).
using System;
namespace McpSnippets
{
    public static class Snippet_Blocked_RunClassConstructor
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            System.Runtime.CompilerServices.RuntimeHelpers.RunClassConstructor(Type.GetType("UnityMcp.Editor.McpBridge, UnityMcp.Editor").TypeHandle);
            return null;
        }
    }
}
