// expect: native code: a DllImport method
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_PInvoke.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_PInvoke
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return getpid();
        }

        [System.Runtime.InteropServices.DllImport("libc")]
        static extern int getpid();
    }
}
