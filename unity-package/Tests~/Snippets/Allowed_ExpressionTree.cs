// expect: (nothing blocked): building and reading an expression tree (not compiling it)
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Allowed_ExpressionTree.dll).
using System; using System.Linq.Expressions;
namespace McpSnippets
{
    public static class Snippet_Allowed_ExpressionTree
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            Expression<Func<string, int>> e = s => s.Length + 1;
            var body = (BinaryExpression)e.Body;
            var member = (MemberExpression)body.Left;
            return member.Member.Name + " " + e.Parameters[0].Name + " " + e.ToString();
        }
    }
}
