// expect: reflection-based invocation: System.Reflection.FieldInfo.GetValue reads the package's private state
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_FieldGetValue.dll).
using System; using System.Reflection;
namespace McpSnippets
{
    public static class Snippet_Blocked_FieldGetValue
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var f = Type.GetType("UnityMcp.Editor.McpSettings, UnityMcp.Editor").GetField("cached", BindingFlags.NonPublic | BindingFlags.Static);
            return f.GetValue(null);
        }
    }
}
