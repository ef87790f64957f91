// expect: (nothing blocked): LINQ, anonymous types, grouping
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Allowed_Linq.dll).
using System; using System.Linq; using System.Collections.Generic;
namespace McpSnippets
{
    public static class Snippet_Allowed_Linq
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var words = new[] { "apple", "banana", "avocado", "cherry", "blueberry" };
            var byLetter = from w in words
                           group w by w[0] into g
                           orderby g.Key
                           select new { letter = g.Key, count = g.Count(), longest = g.OrderByDescending(x => x.Length).First() };
            var dict = words.ToDictionary(w => w, w => w.Length);
            var total = words.Aggregate(0, (acc, w) => acc + w.Length);
            var zipped = words.Zip(Enumerable.Range(1, words.Length), (w, i) => i + ":" + w).ToList();
            var lookup = words.ToLookup(w => w.Length > 5);
            return new { groups = byLetter.ToList(), dict.Count, total, zipped, longOnes = lookup[true].Count(), any = words.Any(w => w.Contains("rr")) };
        }
    }
}
