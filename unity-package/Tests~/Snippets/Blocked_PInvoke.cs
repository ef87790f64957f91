// expect: native code
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_PInvoke.dll).
namespace UnityMcp.Snippets
{
    public static class Snippet_Blocked_PInvoke
    {
        [System.Runtime.InteropServices.DllImport("libc")]
        static extern int getpid();

        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return getpid();
        }
    }
}
