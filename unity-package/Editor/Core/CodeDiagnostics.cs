using System;
using System.Collections.Generic;
using System.Text;
using System.Text.RegularExpressions;

namespace UnityMcp.Core
{
    /// <summary>What execute-dynamic-code says about a compiler error, beyond the compiler's
    /// message: a hint for the error code, the lines around it with a caret, and, for a
    /// type or name the code does not know, the namespaces that have it (as suggestions,
    /// and as the using lines the tool adds before compiling again — seed 002's "automatic
    /// using statement processing").</summary>
    public static class CodeDiagnostics
    {
        // Roslyn quotes names with '…', mcs with `…'.
        static readonly Regex Quoted = new Regex(@"[`'](?<name>[A-Za-z_][A-Za-z0-9_]*)(?:<[^>]*>)?'", RegexOptions.CultureInvariant);

        /// <summary>The identifier a "type or namespace not found" (CS0246) or "name does not
        /// exist" (CS0103) error is about; null for other errors.</summary>
        public static string MissingName(string errorCode, string message)
        {
            if (errorCode != "CS0246" && errorCode != "CS0103") return null;
            var m = Quoted.Match(message ?? "");
            return m.Success ? m.Groups["name"].Value : null;
        }

        /// <summary>Namespaces of the public types called name (generic arities included),
        /// sorted; a type outside any namespace gives "".</summary>
        public static List<string> NamespacesOf(string name, IEnumerable<Type> types)
        {
            var found = new SortedSet<string>(StringComparer.Ordinal);
            foreach (var t in types)
            {
                if (t == null || !t.IsPublic) continue;
                var n = t.Name;
                int tick = n.IndexOf('`');
                if (tick >= 0) n = n.Substring(0, tick);
                if (n == name) found.Add(t.Namespace ?? "");
            }
            return new List<string>(found);
        }

        /// <summary>The fixes to offer for one error: "add `using N;`" per namespace that has
        /// the missing name, or nothing.</summary>
        public static List<string> Suggestions(string name, IList<string> namespaces)
        {
            var s = new List<string>();
            if (name == null) return s;
            foreach (var ns in namespaces)
            {
                if (ns.Length == 0) continue;
                s.Add("add `using " + ns + ";` (or write " + ns + "." + name + ")");
            }
            if (s.Count == 0) s.Add("no loaded assembly has a public type " + name + ": check the spelling, or the package that defines it");
            return s;
        }

        /// <summary>The code with `using` lines added at the top for namespaces it does not
        /// import yet (the snippet wrapper hoists leading using lines above its class).</summary>
        public static string AddUsings(string code, IEnumerable<string> namespaces)
        {
            var have = new HashSet<string>(StringComparer.Ordinal);
            foreach (var line in (code ?? "").Replace("\r\n", "\n").Split('\n'))
            {
                var t = line.Trim();
                if (t.StartsWith("using ", StringComparison.Ordinal) && t.EndsWith(";", StringComparison.Ordinal))
                    have.Add(t.Substring(6, t.Length - 7).Trim());
            }
            foreach (var u in SnippetWrapper.Usings) have.Add(u);
            var b = new StringBuilder();
            foreach (var ns in namespaces)
            {
                if (ns.Length == 0 || !have.Add(ns)) continue;
                b.Append("using ").Append(ns).Append(";\n");
            }
            return b.Length == 0 ? code : b + code;
        }

        /// <summary>The error's line with the one before and after, numbered, and a caret
        /// under the column (1-based line and column).</summary>
        public static string Context(string[] lines, int line, int column)
        {
            if (lines == null || line < 1 || line > lines.Length) return "";
            int from = Math.Max(1, line - 1), to = Math.Min(lines.Length, line + 1);
            int width = to.ToString().Length;
            var b = new StringBuilder();
            for (int i = from; i <= to; i++)
            {
                b.Append(i.ToString().PadLeft(width)).Append(" | ").Append(lines[i - 1].TrimEnd('\r')).Append('\n');
                if (i == line)
                {
                    int col = Math.Max(1, Math.Min(column, lines[i - 1].Length + 1));
                    b.Append(new string(' ', width)).Append(" | ").Append(new string(' ', col - 1)).Append("^\n");
                }
            }
            return b.ToString().TrimEnd('\n');
        }

        /// <summary>A hint for the compiler errors snippets run into most; "" otherwise.</summary>
        public static string Hint(string code)
        {
            switch (code)
            {
                case "CS0103": return "a name is not known here: check the spelling, declare it, or add the using line of its type";
                case "CS0246": return "a type is not known: add its using line at the top of the code, or write its full name";
                case "CS0234": return "that namespace has no such type or sub-namespace: check the name, or the package that defines it";
                case "CS0117": case "CS1061": return "the type has no member of that name: check the spelling and the Unity version's API";
                case "CS0029": case "CS0266": return "the value has another type: convert it (a cast, .ToString(), or a constructor)";
                case "CS1503": return "an argument has the wrong type for that method";
                case "CS1501": return "no overload of that method takes this many arguments";
                case "CS0120": return "an instance member is used without an instance: get the object first (e.g. GameObject.Find)";
                case "CS0165": return "a local variable is used before it is given a value";
                case "CS0128": case "CS0136": return "a variable of that name already exists in this scope: rename one of them";
                case "CS1002": return "a ; is missing at the end of a statement";
                case "CS1513": case "CS1514": return "a { or } is missing";
                case "CS1525": case "CS1026": return "the expression is incomplete: check brackets and operators around here";
                case "CS0161": case "CS0126": return "end the code with `return <value>;` (or `return null;`)";
                case "CS0019": return "that operator does not apply to these types";
                case "CS0104": return "the name exists in two imported namespaces: write the full name";
                case "CS0122": return "that member is not public: use a public API instead";
                case "CS1029": return "remove the #error directive";
                default: return "";
            }
        }
    }
}
