// expect: (nothing blocked)
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Allowed_EditorScripting.dll).
using System; using System.IO; using System.Linq; using System.Collections.Generic;
namespace McpSnippets
{
    public static class Snippet_Allowed_EditorScripting
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var names = Directory.GetFiles(".").Select(Path.GetFileName).Where(n => n.Length > 0).OrderBy(n => n).ToList();
            var text = File.Exists("ProjectSettings/ProjectVersion.txt") ? File.ReadAllText("ProjectSettings/ProjectVersion.txt") : "";
            var counts = new Dictionary<string, int>();
            foreach (var n in names) counts[Path.GetExtension(n)] = counts.TryGetValue(Path.GetExtension(n), out var c) ? c + 1 : 1;
            UnityEngine.Debug.Log(string.Format("{0} files, {1} chars", names.Count, text.Length));
            Func<int, int> twice = x => x * 2;
            UnityEditor.EditorPrefs.SetString("McpSnippets.LastRun", DateTime.Now.ToString());
            return new { names.Count, doubled = twice(names.Count), kinds = counts.Keys.ToArray() };
        }
    }
}
