// expect: reflection-based invocation: System.Linq.Queryable runs expression trees
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_Queryable.dll).
using System.Linq;
namespace McpSnippets
{
    public static class Snippet_Blocked_Queryable
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return new[] { 1, 2, 3 }.AsQueryable().Where(x => x > 1).Count();
        }
    }
}
