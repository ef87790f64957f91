using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using System.Text.RegularExpressions;

namespace UnityMcp.Core
{
    /// <summary>An assembly loaded in the editor's domain, as the reference list sees it.</summary>
    public struct LoadedAssembly
    {
        public string Name;      // simple name
        public string Location;  // file it was loaded from; empty when loaded from bytes
        public bool IsDynamic;

        public LoadedAssembly(string name, string location, bool isDynamic)
        {
            Name = name;
            Location = location;
            IsDynamic = isDynamic;
        }
    }

    /// <summary>One compiler message: file (as the compiler printed it; "snippet.cs" or the
    /// definition file for wrapped code, thanks to its #line directive), line, column, code
    /// (CS0246), message and whether it is an error.</summary>
    public sealed class CompilerDiagnostic
    {
        public string File = "";
        public int Line;
        public int Column;
        public string Code = "";
        public string Message = "";
        public bool IsError;
    }

    /// <summary>Everything one csc run needs; <see cref="CscCommand.ResponseFile"/> writes it.</summary>
    public sealed class CscInvocation
    {
        public string OutputPath;
        public readonly List<string> Sources = new List<string>();
        public readonly List<string> References = new List<string>();
        public readonly List<string> Defines = new List<string>();
        public string LanguageVersion = CscCommand.DefaultLanguageVersion;
    }

    /// <summary>Where an Editor keeps its bundled Roslyn: the dotnet host to run it with, csc.dll,
    /// and whether the compiler server (VBCSCompiler.dll) sits beside it.</summary>
    public sealed class CscInstallation
    {
        public string Dotnet;
        public string Csc;
        public bool HasServer;
        public override string ToString() { return Csc; }
    }

    /// <summary>The Unity-free half of compiling snippets and definition scripts with the
    /// Roslyn compiler an Editor ships: finding it, choosing the references, writing the
    /// response file and the command line, and reading csc's diagnostics. The Editor half
    /// (UnityMcp.Editor.Tools.ScriptCompiler) asks Unity for paths and runs the process.</summary>
    public static class CscCommand
    {
        /// <summary>Unity compiles scripts as C# 9: ScriptCompilerOptions' constructor sets
        /// LanguageVersion = "9.0" (UnityCsReference Editor/Mono/Scripting/ScriptCompilation/
        /// CompilationPipeline.cs, branches 2022.3, 6000.0, 6000.3, 6000.5 and 6000.7).</summary>
        public const string DefaultLanguageVersion = "9.0";

        /// <summary>Prefix of the assemblies compiled for snippets and scripts; never referenced.</summary>
        public const string GeneratedAssemblyPrefix = "UnityMcpScript_";

        static readonly StringComparer NameCmp = StringComparer.OrdinalIgnoreCase;

        /// <summary>The references of a snippet, one file per simple name (the first wins):
        /// 1. <paramref name="systemReferences"/>: the class-library reference assemblies Unity
        ///    compiles editor scripts against (mscorlib, System*, netstandard and the facades);
        /// 2. <paramref name="scriptAssemblies"/>: Library/ScriptAssemblies/Assembly-CSharp*.dll,
        ///    so a project's own types outside any asmdef resolve;
        /// 3. every loaded assembly that is not dynamic, was loaded from a file that still exists,
        ///    is not one of the snippets compiled here, and — when system references were given —
        ///    does not come from the runtime's own folder (<paramref name="runtimeDirectory"/> and
        ///    below: the runtime's implementation assemblies, which the reference assemblies of 1
        ///    stand for; referencing both gives duplicate System.Object).</summary>
        public static List<string> SelectReferences(IEnumerable<string> systemReferences, IEnumerable<string> scriptAssemblies,
            IEnumerable<LoadedAssembly> loaded, string runtimeDirectory, Func<string, bool> fileExists)
        {
            var names = new HashSet<string>(NameCmp);
            var list = new List<string>();
            bool haveSystem = false;
            Action<string, string> add = (name, path) =>
            {
                if (string.IsNullOrEmpty(path) || string.IsNullOrEmpty(name)) return;
                if (name.StartsWith(GeneratedAssemblyPrefix, StringComparison.OrdinalIgnoreCase)) return;
                if (!fileExists(path) || !names.Add(name)) return;
                list.Add(path);
            };
            foreach (var p in systemReferences ?? new string[0])
            {
                if (string.IsNullOrEmpty(p)) continue;
                int before = list.Count;
                add(SimpleName(p), p);
                if (list.Count > before) haveSystem = true;
            }
            foreach (var p in scriptAssemblies ?? new string[0]) add(SimpleName(p), p);
            var runtime = haveSystem ? DirectoryPrefix(runtimeDirectory) : null;
            foreach (var a in loaded ?? new LoadedAssembly[0])
            {
                if (a.IsDynamic || string.IsNullOrEmpty(a.Location)) continue;
                if (runtime != null && Normalize(a.Location).StartsWith(runtime, StringComparison.OrdinalIgnoreCase)) continue;
                add(string.IsNullOrEmpty(a.Name) ? SimpleName(a.Location) : a.Name, a.Location);
            }
            return list;
        }

        /// <summary>The file name without .dll/.exe: the simple name csc gives the assembly.</summary>
        public static string SimpleName(string path)
        {
            var f = Path.GetFileName(Normalize(path));
            var ext = Path.GetExtension(f);
            if (string.Equals(ext, ".dll", StringComparison.OrdinalIgnoreCase) || string.Equals(ext, ".exe", StringComparison.OrdinalIgnoreCase))
                f = f.Substring(0, f.Length - ext.Length);
            return f;
        }

        static string Normalize(string p) { return (p ?? "").Replace('\\', '/'); }

        static string DirectoryPrefix(string dir)
        {
            if (string.IsNullOrEmpty(dir)) return null;
            var d = Normalize(dir).TrimEnd('/');
            return d.Length == 0 ? null : d + "/";
        }

        static readonly Regex DefineName = new Regex(@"^[A-Za-z_][A-Za-z0-9_]*$", RegexOptions.CultureInvariant);

        /// <summary>Whether a scripting define is a name csc accepts (Unity's lists may hold
        /// empty entries).</summary>
        public static bool IsDefineName(string d) { return d != null && DefineName.IsMatch(d); }

        /// <summary>The response file (one argument a line) for a library from the sources:
        /// -nostdlib with mscorlib among the references (the runtime csc runs on is .NET, not
        /// the Editor's Mono, so its own mscorlib must not be added), the scripting defines,
        /// C# <see cref="CscInvocation.LanguageVersion"/>, English UTF-8 messages so that
        /// <see cref="ParseOutput"/> can read them, no pdb (the assembly is loaded from bytes).
        /// Throws ArgumentException naming a path that cannot be quoted.</summary>
        public static string ResponseFile(CscInvocation inv)
        {
            if (inv == null) throw new ArgumentNullException("inv");
            if (string.IsNullOrEmpty(inv.OutputPath)) throw new ArgumentException("csc needs an output path");
            if (inv.Sources.Count == 0) throw new ArgumentException("csc needs at least one source file");
            var b = new StringBuilder();
            Action<string> line = s => b.Append(s).Append('\n');
            line("-target:library");
            line("-out:" + Quote(inv.OutputPath));
            line("-nostdlib+");
            line("-nologo");
            line("-langversion:" + (string.IsNullOrEmpty(inv.LanguageVersion) ? DefaultLanguageVersion : inv.LanguageVersion));
            line("-debug-");
            line("-optimize-");
            line("-deterministic");
            line("-utf8output");
            line("-preferreduilang:en-US");
            line("-warn:4");
            // Assembly-version unification among the Editor's assemblies (CS1701/CS1702) is
            // expected when references come from several places; it is not the snippet's fault.
            line("-nowarn:1701,1702");
            // Unity passes the same runtime version to its own compiles; with -nostdlib csc
            // otherwise takes it from the mscorlib reference.
            line("-runtimemetadataversion:v4.0.30319");
            var defines = new List<string>();
            var seen = new HashSet<string>(StringComparer.Ordinal);
            foreach (var d in inv.Defines) if (IsDefineName(d) && seen.Add(d)) defines.Add(d);
            if (defines.Count > 0) line("-define:" + string.Join(";", defines.ToArray()));
            foreach (var r in inv.References) line("-reference:" + Quote(r));
            foreach (var s in inv.Sources) line(Quote(s));
            return b.ToString();
        }

        /// <summary>A value quoted for csc's response files and command line (Roslyn splits
        /// both with the Windows rules: quotes group, 2n backslashes before a quote are n
        /// backslashes; separators ',' and ';' inside quotes do not split a reference).
        /// Values with a double quote, a line break or NUL cannot be written that way and are
        /// refused with an ArgumentException naming them.</summary>
        public static string Quote(string value)
        {
            if (value == null) throw new ArgumentNullException("value");
            foreach (var c in value)
            {
                if (c == '"' || c == '\n' || c == '\r' || c == '\0')
                    throw new ArgumentException("cannot pass \"" + value.Replace("\n", "\\n").Replace("\r", "\\r").Replace("\0", "\\0") +
                        "\" to the C# compiler: it contains a double quote, a line break or NUL; rename the file or folder");
            }
            // Backslashes right before the closing quote are doubled so they stay backslashes.
            int trailing = 0;
            for (int i = value.Length - 1; i >= 0 && value[i] == '\\'; i--) trailing++;
            return "\"" + value + new string('\\', trailing) + "\"";
        }

        /// <summary>The arguments of `dotnet` that run csc.dll on the response file: -noconfig
        /// belongs on the command line (csc ignores it inside a response file), and so does
        /// -shared, which hands the compile to the Roslyn compiler server (VBCSCompiler, started
        /// by the first call and kept warm for later ones).</summary>
        public static string Arguments(string cscDll, string responseFile, bool shared)
        {
            var b = new StringBuilder();
            b.Append(Quote(cscDll)).Append(" -noconfig");
            if (shared) b.Append(" -shared");
            b.Append(" @").Append(Quote(responseFile));
            return b.ToString();
        }

        // path(line,col): error CS0246: message  — also "warning", "info", and lines without a
        // location ("error CS2001: Source file ... could not be found."). The path may hold
        // parentheses and drive letters; the last "(digits,digits)" before ": " ends it.
        static readonly Regex Located = new Regex(@"^(?<file>.*)\((?<line>\d+),(?<col>\d+)(?:,\d+,\d+)?\)\s*:\s*(?<kind>error|warning|info)\s+(?<code>[A-Za-z]+\d+)\s*:\s*(?<msg>.*)$", RegexOptions.CultureInvariant);
        static readonly Regex Unlocated = new Regex(@"^(?:(?<file>[^:(]*?)\s*:\s*)?(?<kind>fatal error|error|warning|info)\s+(?<code>[A-Za-z]+\d+)\s*:\s*(?<msg>.*)$", RegexOptions.CultureInvariant);

        /// <summary>Structured diagnostics from csc's output (stdout; one message a line).
        /// Lines that are no diagnostic (the logo, blank lines) are skipped.</summary>
        public static List<CompilerDiagnostic> ParseOutput(string output)
        {
            var list = new List<CompilerDiagnostic>();
            foreach (var raw in (output ?? "").Replace("\r\n", "\n").Split('\n'))
            {
                var line = raw.Trim();
                if (line.Length == 0) continue;
                var m = Located.Match(line);
                if (m.Success)
                {
                    list.Add(new CompilerDiagnostic
                    {
                        File = m.Groups["file"].Value.Trim(),
                        Line = int.Parse(m.Groups["line"].Value, System.Globalization.CultureInfo.InvariantCulture),
                        Column = int.Parse(m.Groups["col"].Value, System.Globalization.CultureInfo.InvariantCulture),
                        Code = m.Groups["code"].Value,
                        Message = m.Groups["msg"].Value.Trim(),
                        IsError = m.Groups["kind"].Value == "error",
                    });
                    continue;
                }
                m = Unlocated.Match(line);
                if (m.Success)
                {
                    var kind = m.Groups["kind"].Value;
                    list.Add(new CompilerDiagnostic
                    {
                        File = m.Groups["file"].Success ? m.Groups["file"].Value.Trim() : "",
                        Code = m.Groups["code"].Value,
                        Message = m.Groups["msg"].Value.Trim(),
                        IsError = kind == "error" || kind == "fatal error",
                    });
                }
            }
            return list;
        }
    }

    /// <summary>Finds the Roslyn compiler an Editor ships (UnityCsReference, BeeScriptCompilation.cs
    /// and NetCoreProgram.cs):
    /// <list type="bullet">
    /// <item>2022.3, 6000.0: &lt;applicationContentsPath&gt;/DotNetSdkRoslyn/csc.dll, run by
    /// &lt;applicationContentsPath&gt;/NetCoreRuntime/dotnet(.exe);</item>
    /// <item>6000.3: the same two folders under the internal applicationScriptingPath;</item>
    /// <item>6000.5, 6000.7: &lt;applicationScriptingPath&gt;/DotNetSdk/sdk/&lt;x.y.z&gt;/Roslyn/bincore/csc.dll,
    /// run by &lt;applicationScriptingPath&gt;/DotNetSdk/dotnet(.exe).</item>
    /// </list>
    /// applicationScriptingPath equals applicationContentsPath except on macOS
    /// (MonoInstallationFinder.GetFrameWorksFolder, 6000.3), so both roots are searched.</summary>
    public static class CscLocator
    {
        static readonly Regex SdkVersion = new Regex(@"^[1-9][0-9]*\.[0-9]+\.[0-9]+$", RegexOptions.CultureInvariant);

        /// <summary>The first installation found under the roots, in order, or null; every
        /// csc.dll path looked at is added to <paramref name="probed"/> (for the message that
        /// says why the fallback compiler is used).</summary>
        public static CscInstallation Find(IEnumerable<string> roots, bool windows, Func<string, bool> fileExists,
            Func<string, IEnumerable<string>> subdirectories, List<string> probed)
        {
            var dotnetExe = windows ? "dotnet.exe" : "dotnet";
            var seen = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
            foreach (var r in roots)
            {
                if (string.IsNullOrEmpty(r)) continue;
                var root = r.Replace('\\', '/').TrimEnd('/');
                if (!seen.Add(root)) continue;
                // 2022.3 – 6000.3 layout.
                var found = Candidate(root + "/DotNetSdkRoslyn", root + "/NetCoreRuntime/" + dotnetExe, fileExists, probed);
                if (found != null) return found;
                // 6000.5+ layout: the SDK's Roslyn, newest x.y.z folder first.
                var sdk = root + "/DotNetSdk/sdk";
                var versions = new List<string>();
                IEnumerable<string> dirs = null;
                try { dirs = subdirectories(sdk); }
                catch (Exception) { }
                foreach (var d in dirs ?? new string[0])
                {
                    var name = Path.GetFileName(d.Replace('\\', '/').TrimEnd('/'));
                    if (SdkVersion.IsMatch(name)) versions.Add(name);
                }
                versions.Sort(CompareVersions);
                versions.Reverse();
                if (versions.Count == 0 && probed != null) probed.Add(sdk + "/<x.y.z>/Roslyn/bincore/csc.dll");
                foreach (var v in versions)
                {
                    found = Candidate(sdk + "/" + v + "/Roslyn/bincore", root + "/DotNetSdk/" + dotnetExe, fileExists, probed);
                    if (found != null) return found;
                }
            }
            return null;
        }

        static CscInstallation Candidate(string dir, string dotnet, Func<string, bool> fileExists, List<string> probed)
        {
            var csc = dir + "/csc.dll";
            if (probed != null) probed.Add(csc);
            if (!fileExists(csc) || !fileExists(dotnet)) return null;
            return new CscInstallation { Csc = csc, Dotnet = dotnet, HasServer = fileExists(dir + "/VBCSCompiler.dll") };
        }

        static int CompareVersions(string a, string b)
        {
            var x = a.Split('.');
            var y = b.Split('.');
            for (int i = 0; i < 3; i++)
            {
                // Digits only (SdkVersion): compare by length, then ordinally — no overflow.
                int c = x[i].Length.CompareTo(y[i].Length);
                if (c == 0) c = string.CompareOrdinal(x[i], y[i]);
                if (c != 0) return c;
            }
            return 0;
        }
    }
}
