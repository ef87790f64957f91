// expect: native code: an InternalCall extern method
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_InternalCall.dll).
using System.Runtime.CompilerServices;
namespace McpSnippets
{
    public static class Snippet_Blocked_InternalCall
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return Icall();
        }

        [MethodImpl(MethodImplOptions.InternalCall)]
        static extern int Icall();
    }
}
