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
    /// so identical snippets compile once.
    ///
    /// The class lives in a namespace outside UnityMcp: inside namespace UnityMcp.X, a
    /// snippet's `Editor` would bind to the namespace UnityMcp.Editor before the using
    /// directives are looked at (C# looks in the enclosing namespaces first), so
    /// `Editor.CreateEditor(x)` failed with CS0118. In <see cref="Namespace"/> names resolve
    /// as in a project script: the snippet's namespace, the global namespace, then the
    /// usings.</summary>
    public static class SnippetWrapper
    {
        public static readonly string[] Usings =
        {
            "System", "System.Collections", "System.Collections.Generic", "System.Linq",
            "System.Threading.Tasks", "UnityEngine", "UnityEditor",
        };

        /// <summary>Namespace of every wrapped snippet (outside UnityMcp; see the class).</summary>
        public const string Namespace = "McpSnippets";

        /// <summary>Namespace of every definition script once <see cref="RehomeScript"/> ran.</summary>
        public const string ScriptNamespace = "McpScripts";

        /// <summary>The namespace the daemon's script wrapper (engine/definitions/wrap.go) has
        /// put definition scripts in; inside it `Editor` means UnityMcp.Editor (CS0118).</summary>
        public const string LegacyScriptNamespace = "UnityMcp.Scripts";

        /// <summary>A wrapped definition script with its class moved to <see cref="ScriptNamespace"/>:
        /// the wrapper's `namespace UnityMcp.Scripts {` line — the first line after the
        /// usings that opens a namespace — becomes `namespace McpScripts {`. Source already in
        /// McpScripts comes back as it is. Throws ArgumentException, naming what it found, for
        /// source that does not have the wrapper's shape (the class must then be looked up
        /// elsewhere, so compiling it would only fail later).</summary>
        public static string RehomeScript(string source)
        {
            var src = source ?? "";
            int at = 0;
            while (at < src.Length)
            {
                int end = src.IndexOf('\n', at);
                if (end < 0) end = src.Length;
                var line = src.Substring(at, end - at).Trim();
                if (line.Length == 0 || line.StartsWith("using ", StringComparison.Ordinal) || line.StartsWith("//", StringComparison.Ordinal))
                {
                    at = end + 1;
                    continue;
                }
                if (line == "namespace " + ScriptNamespace + " {") return src;
                if (line == "namespace " + LegacyScriptNamespace + " {")
                    return src.Substring(0, at) + "namespace " + ScriptNamespace + " {" + src.Substring(end);
                throw new ArgumentException("the definition script's wrapped source should open `namespace " + LegacyScriptNamespace +
                    " {` or `namespace " + ScriptNamespace + " {` after its usings, but has \"" + (line.Length > 80 ? line.Substring(0, 80) + "…" : line) +
                    "\"; the daemon and the Unity package disagree on the wrapper: update both to the same version");
            }
            throw new ArgumentException("the definition script's wrapped source is empty or holds only using lines");
        }

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
