// expect: loading assemblies
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_AssemblyLoad.dll).

namespace UnityMcp.Snippets
{
    public static class Snippet_Blocked_AssemblyLoad
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return System.Reflection.Assembly.LoadFrom("evil.dll");
        }
    }
}
