using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using System.Text;

namespace UnityMcp.Core
{
    /// <summary>Wraps a C# method-body snippet (execute_code, execute-dynamic-code) into a
    /// class: the usual usings, the snippet's own leading `using X;` lines hoisted above
    /// the class, and a #line directive so compiler messages point at the snippet's own
    /// lines. The hash of the wrapped source names the class and keys the assembly cache,
    /// so identical snippets compile once.</summary>
    public static class SnippetWrapper
    {
        public static readonly string[] Usings =
        {
            "System", "System.Collections", "System.Collections.Generic", "System.Linq",
            "System.Threading.Tasks", "UnityEngine", "UnityEditor",
        };

        /// <summary>Namespace of every wrapped snippet.</summary>
        public const string Namespace = "UnityMcp.Snippets";

        /// <summary>Returns the wrapped source; the class is Namespace.Snippet_&lt;hash&gt; with
        /// <c>public static object Execute(System.Collections.Generic.IDictionary&lt;string, object&gt; parameters)</c>.
        /// </summary>
        public static string Wrap(string code, out string hash)
        {
            var lines = (code ?? "").Replace("\r\n", "\n").Split('\n');
            var hoisted = new List<string>();
            int first = 0;
            for (int i = 0; i < lines.Length; i++)
            {
                var t = lines[i].Trim();
                if (t.Length == 0 || t.StartsWith("//", StringComparison.Ordinal)) continue;
                if (t.StartsWith("using ", StringComparison.Ordinal) && t.EndsWith(";", StringComparison.Ordinal) && t.IndexOf('(') < 0)
                {
                    hoisted.Add(t);
                    first = i + 1;
                    continue;
                }
                break;
            }
            var b = new StringBuilder();
            foreach (var u in Usings) b.Append("using ").Append(u).Append(";\n");
            foreach (var u in hoisted) b.Append(u).Append('\n');
            b.Append("namespace ").Append(Namespace).Append(" {\npublic static class Snippet_HASH {\n");
            b.Append("public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters) {\n");
            b.Append("#line ").Append(first + 1).Append(" \"snippet.cs\"\n");
            b.Append(string.Join("\n", lines, first, lines.Length - first));
            b.Append("\n#line default\nreturn null;\n}\n}\n}\n");
            var src = b.ToString();
            hash = Hash(src);
            return src.Replace("Snippet_HASH", "Snippet_" + hash);
        }

        /// <summary>First 16 hex digits of the SHA-256 of s (UTF-8).</summary>
        public static string Hash(string s)
        {
            using (var sha = SHA256.Create())
            {
                var d = sha.ComputeHash(Encoding.UTF8.GetBytes(s));
                var b = new StringBuilder(16);
                for (int i = 0; i < 8; i++) b.Append(d[i].ToString("x2"));
                return b.ToString();
            }
        }
    }
}
