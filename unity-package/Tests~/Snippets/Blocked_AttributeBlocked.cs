// expect: native code: an attribute from System.Runtime.InteropServices on a snippet method
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_AttributeBlocked.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_AttributeBlocked
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return Marked();
        }

        [System.Runtime.InteropServices.ComVisible(true)]
        static int Marked() { return 1; }
    }
}
