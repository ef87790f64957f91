// expect: native code: System.Runtime.InteropServices.Marshal.AllocHGlobal
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_Marshal.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_Marshal
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return System.Runtime.InteropServices.Marshal.AllocHGlobal(16);
        }
    }
}
