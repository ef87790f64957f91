// expect: reaching other code's objects: System.Delegate.Target of the Editor's update handlers
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_DelegateTarget.dll).
using System; using UnityEditor;
namespace McpSnippets
{
    public static class Snippet_Blocked_DelegateTarget
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var handlers = EditorApplication.update == null ? new Delegate[0] : EditorApplication.update.GetInvocationList();
            foreach (var h in handlers) if (h.Target != null) return h.Target;
            return handlers.Length;
        }
    }
}
