// expect: reflection-based invocation: System.Linq.Expressions.Expression<Func<int>>.Compile
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_ExpressionCompile.dll).
using System; using System.Linq.Expressions;
namespace McpSnippets
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
