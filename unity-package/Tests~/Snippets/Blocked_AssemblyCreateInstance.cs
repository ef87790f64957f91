// expect: reflection-based invocation: System.Reflection.Assembly.CreateInstance("System.IO.FileStream", ...) writes a file
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_AssemblyCreateInstance.dll).
using System; using System.IO; using System.Reflection;
namespace McpSnippets
{
    public static class Snippet_Blocked_AssemblyCreateInstance
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var args = new object[] { "/tmp/unitymcp-x", FileMode.Create };
            return typeof(object).Assembly.CreateInstance("System.IO.FileStream", false, BindingFlags.CreateInstance, null, args, null, null);
        }
    }
}
