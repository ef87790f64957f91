// expect: (nothing blocked): delegate Invoke, explicit and implicit, on Func, Action and own delegate types
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Allowed_DelegateInvoke.dll).
using System;
namespace McpSnippets
{
    public static class Snippet_Allowed_DelegateInvoke
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            Func<int, int> square = x => x * x;
            Action<string> log = s => UnityEngine.Debug.Log(s);
            Converter conv = s => s.Length;
            log.Invoke("a");
            log("b");
            var total = square.Invoke(3) + square(4) + conv.Invoke("five") + conv("six");
            Func<int> none = null;
            return total + (none?.Invoke() ?? 0);
        }

        delegate int Converter(string s);
    }
}
