// expect: (nothing blocked): raising an event, subscribing to editor events
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Allowed_EventInvoke.dll).
using System; using UnityEditor;
namespace McpSnippets
{
    public static class Snippet_Allowed_EventInvoke
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var c = new Counter();
            int seen = 0;
            c.Changed += n => seen += n;
            c.Bump();
            EditorApplication.CallbackFunction tick = () => seen++;
            EditorApplication.update += tick;
            EditorApplication.update -= tick;
            tick.Invoke();
            return seen;
        }

        class Counter
        {
            public event Action<int> Changed;
            int n;
            public void Bump()
            {
                n++;
                Changed?.Invoke(n);
                var handler = Changed;
                if (handler != null) handler(n);
            }
        }
    }
}
