// expect: reflection-based invocation
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_ExpressionCompile.dll).
using System; using System.Linq.Expressions;
namespace UnityMcp.Snippets
{
    public static class Snippet_Blocked_ExpressionCompile
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            Expression<Func<int>> e = () => 1;
            return e.Compile()();
        }
    }
}
