using System;
using System.Collections.Generic;
using System.Text;
using System.Text.RegularExpressions;

namespace UnityMcp.Core
{
    /// <summary>How much dynamic code (execute_code, execute-dynamic-code) may do, per
    /// project. Restricted is the default.</summary>
    public enum SecurityLevel
    {
        /// <summary>No dynamic code runs at all.</summary>
        Disabled,
        /// <summary>Editor scripting only: no processes, file writes or deletes, network,
        /// reflection-based invocation, assembly loading, P/Invoke, or changing the level.</summary>
        Restricted,
        /// <summary>Anything the Editor can do.</summary>
        FullAccess,
    }

    /// <summary>Checks dynamic code against the security level on its syntax, before
    /// compiling, and says what was blocked and why. This is only an early, friendlier
    /// answer for the obvious cases: the level itself is enforced on the compiled code by
    /// <see cref="AssemblyChecker"/>, which sees through aliases, line breaks, delegates and
    /// reflection. So every rule here matches only code that the compiled check refuses too:
    /// calls and constructions of blocked APIs, literal package keys (short of contrived
    /// code such as nameof() of a blocked type). Using directives alone compile to nothing
    /// and are not matched, and neither are comments and string contents. Delegate and
    /// event Invoke, reading reflection, FileInfo and StreamWriter over a stream, and
    /// AppDomain.CurrentDomain.GetAssemblies() are allowed by both.</summary>
    public static class SecurityChecker
    {
        sealed class Rule
        {
            public Regex Pattern;
            public string What;
            // InStrings rules look inside string literals too (a preference key).
            public bool InStrings;
        }

        static Rule R(string pattern, string what, bool inStrings = false)
        {
            return new Rule { Pattern = new Regex(pattern, RegexOptions.CultureInvariant), What = what, InStrings = inStrings };
        }

        // A qualified name: `A.B.C.` before the last identifier (namespace or type qualifiers).
        const string Q = @"(?:\w+\s*\.\s*)*";

        static readonly Rule[] Rules =
        {
            R(@"\bProcess\s*\.\s*Start\b|\bProcessStartInfo\b|\bSystem\s*\.\s*Diagnostics\s*\.\s*Process\b", "starting processes"),
            R(@"\bFile\s*\.\s*(Write\w*|Append\w*|Delete|Move|Copy|Create\w*|Replace|Open|OpenWrite|Set\w*|Encrypt|Decrypt)\s*\(", "writing, moving or deleting files"),
            R(@"\bDirectory\s*\.\s*(Delete|Move|CreateDirectory|Set\w*)\s*\(|\bnew\s+" + Q + @"FileStream\s*\(|\bnew\s+" + Q + @"StreamWriter\s*\(\s*(@?""|\$)", "writing or deleting files and folders"),
            R(@"\bFileUtil\s*\.\s*(Delete\w*|Move\w*|Copy\w*|Replace\w*)\s*\(|\bAssetDatabase\s*\.\s*(DeleteAsset|DeleteAssets|MoveAsset\w*|CreateAsset|CreateFolder|CopyAsset|RenameAsset|SaveAssets|ImportPackage|ExportPackage)\s*\(", "writing, moving or deleting project files"),
            R(@"\bPackageManager\s*\.\s*Client\s*\.\s*\w+\s*\(", "installing or removing packages and code"),
            R(@"\bnew\s+" + Q + @"(HttpClient|WebClient|TcpClient|TcpListener|UdpClient|HttpListener|Socket)\s*\(|\b(WebRequest|HttpWebRequest|UnityWebRequest|Dns)\s*\.\s*\w+\s*\(", "network access"),
            R(@"\.\s*InvokeMember\s*\(|\bActivator\s*\.\s*CreateInstance\b|\bnew\s+" + Q + @"DynamicMethod\s*\(|\bSystem\s*\.\s*Reflection\s*\.\s*Emit\s*\.\s*\w|\.\s*(GetMethod|GetConstructor|GetProperty|GetField)\s*\([^;]*?\)\s*\.\s*(Invoke|SetValue|GetValue)\s*\(|\bDelegate\s*\.\s*CreateDelegate\b|\.\s*DynamicInvoke\s*\(", "reflection-based invocation"),
            R(@"\bAssembly\s*\.\s*(Load\w*|UnsafeLoadFrom|ReflectionOnlyLoad\w*)\s*\(|\bAppDomain\s*\.\s*CreateDomain\b|\.\s*(ExecuteAssembly\w*|DefineDynamicAssembly|CreateInstanceAndUnwrap)\s*\(", "loading assemblies"),
            R(@"\bDllImport\b|\bextern\b|\bMarshal\s*\.|\bunsafe\b|\bfixed\s*\(|\bstackalloc\b", "native code (P/Invoke, unsafe)"),
            R(@"\bUnityMcp\s*\.\s*\w", "changing the unitymcp security level or settings"),
            R(@"\b(EditorPrefs|SessionState)\s*\.\s*(Set\w*\s*\(\s*@?""UnityMcp[^""]*""\s*,|(DeleteKey|Erase\w*)\s*\(\s*@?""UnityMcp[^""]*""\s*\))", "changing the unitymcp security level or settings (its EditorPrefs and SessionState keys)", true),
            R(@"\bEditorPrefs\s*\.\s*DeleteAll\s*\(", "deleting every Editor preference"),
            R(@"\bEditorApplication\s*\.\s*ExecuteMenuItem\s*\(", "running menu commands"),
        };

        static readonly Regex UsingDirective = new Regex(@"^\s*using\s+(static\s+)?[\w.\s=<>,]+;\s*$", RegexOptions.CultureInvariant);

        static readonly string[] ForbiddenAssemblies = { "System.Net.Http", "System.Net.Sockets", "System.Net.WebClient", "Mono.Posix", "Mono.Cecil", "System.Reflection.Emit" };

        /// <summary>Lists what the code may not do at the level; empty when it may run (as far
        /// as its syntax shows: the compiled check decides). Each item names the line, the
        /// construct and the level.</summary>
        public static List<string> Check(string source, SecurityLevel level)
        {
            List<string> found;
            if (Decided(level, out found)) return found;
            var lines = StripCommentsAndStrings(source ?? "", false).Split('\n');
            var withStrings = StripCommentsAndStrings(source ?? "", true).Split('\n');
            for (int i = 0; i < lines.Length; i++)
            {
                // A using directive (alias or not) compiles to nothing the compiled check could refuse.
                if (UsingDirective.IsMatch(lines[i])) continue;
                foreach (var r in Rules)
                {
                    var m = r.Pattern.Match(r.InStrings ? withStrings[i] : lines[i]);
                    if (m.Success)
                        found.Add("line " + (i + 1) + ": `" + m.Value.Trim() + "` — " + r.What + " is blocked at the Restricted security level (Project Settings > unitymcp > Security level: FullAccess allows it)");
                }
            }
            return found;
        }

        /// <summary>FullAccess allows everything and Disabled nothing, whatever the code; true
        /// when the level alone decides, with the answer in found.</summary>
        internal static bool Decided(SecurityLevel level, out List<string> found)
        {
            found = new List<string>();
            if (level == SecurityLevel.Disabled)
                found.Add("dynamic code execution is Disabled for this project (Project Settings > unitymcp > Security level)");
            return level != SecurityLevel.Restricted;
        }

        /// <summary>Checks the compiled assembly's references (catches what the syntax
        /// check cannot see, e.g. aliases).</summary>
        public static List<string> CheckReferences(IEnumerable<string> referencedAssemblies, SecurityLevel level)
        {
            var found = new List<string>();
            if (level != SecurityLevel.Restricted) return found;
            foreach (var a in referencedAssemblies)
                foreach (var f in ForbiddenAssemblies)
                    if (string.Equals(a, f, StringComparison.OrdinalIgnoreCase))
                        found.Add("the compiled code references " + a + ", which is blocked at the Restricted security level");
            return found;
        }

        /// <summary>Blanks comments and (unless keepStrings) the insides of string and char
        /// literals, keeping line breaks, so a blocked word in a comment or a message does
        /// not count.</summary>
        public static string StripCommentsAndStrings(string s, bool keepStrings)
        {
            var b = new StringBuilder(s.Length);
            int i = 0;
            while (i < s.Length)
            {
                char c = s[i];
                if (c == '/' && i + 1 < s.Length && s[i + 1] == '/')
                {
                    while (i < s.Length && s[i] != '\n') i++;
                    continue;
                }
                if (c == '/' && i + 1 < s.Length && s[i + 1] == '*')
                {
                    i += 2;
                    while (i < s.Length && !(s[i] == '*' && i + 1 < s.Length && s[i + 1] == '/'))
                    {
                        if (s[i] == '\n') b.Append('\n');
                        i++;
                    }
                    i += 2;
                    continue;
                }
                if (c == '"' || c == '\'')
                {
                    bool verbatim = c == '"' && i > 0 && s[i - 1] == '@';
                    b.Append(c);
                    i++;
                    while (i < s.Length)
                    {
                        if (!verbatim && s[i] == '\\') { i += 2; continue; }
                        if (s[i] == c)
                        {
                            if (verbatim && i + 1 < s.Length && s[i + 1] == '"') { i += 2; continue; }
                            break;
                        }
                        if (s[i] == '\n' || keepStrings) b.Append(s[i]);
                        i++;
                    }
                    b.Append(c);
                    i++;
                    continue;
                }
                b.Append(c);
                i++;
            }
            return b.ToString();
        }
    }
}
