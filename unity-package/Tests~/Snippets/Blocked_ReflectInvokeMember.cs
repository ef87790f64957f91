// expect: reflection-based invocation: System.Reflection.IReflect.InvokeMember (through the interface)
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_ReflectInvokeMember.dll).
using System.Reflection;
namespace McpSnippets
{
    public static class Snippet_Blocked_ReflectInvokeMember
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var r = (IReflect)typeof(System.IO.File);
            return r.InvokeMember("Delete", BindingFlags.InvokeMethod | BindingFlags.Static | BindingFlags.Public, null, null, new object[] { "/tmp/unitymcp-x" }, null, null, null);
        }
    }
}
