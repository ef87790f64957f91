// expect: (nothing blocked): own generics, typeof, casts and arrays of allowed types
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Allowed_GenericsAndTypes.dll).
using System; using System.Collections.Generic; using System.IO; using System.Linq;
namespace McpSnippets
{
    public static class Snippet_Allowed_GenericsAndTypes
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var infos = new List<FileInfo>();
            var none = Enumerable.Empty<FileSystemInfo>().Count();
            var boxed = (object)3;
            var n = boxed is int ? (int)boxed : 0;
            var t = typeof(Dictionary<string, List<int>>);
            var pair = Pair.Of("a", 1);
            var made = Make<List<string>>();
            var arr = new[] { 1, 2, 3 };
            return new { infos.Count, none, n, t = t.Name, pair = pair.Item1 + pair.Item2, made = made.Count, sum = arr.Sum(), nullable = (int?)null ?? 5 };
        }

        static T Make<T>() where T : class { return Activatorless<T>.Create(); }

        static class Activatorless<T> where T : class
        {
            public static Func<T> Create = () => null;
        }

        static class Pair
        {
            public static Tuple<A, B> Of<A, B>(A a, B b) { return Tuple.Create(a, b); }
        }
    }
}
