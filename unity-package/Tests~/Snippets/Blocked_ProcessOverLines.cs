// expect: starting processes: new System.Diagnostics.Process
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_ProcessOverLines.dll).
using System.Diagnostics;
namespace McpSnippets
{
    public static class Snippet_Blocked_ProcessOverLines
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var p = new Process();
            p.StartInfo.FileName = "sh";
            p.Start();
            return null;
        }
    }
}
