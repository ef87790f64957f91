using System;
using System.Collections.Generic;
using System.IO;
using Assembly = System.Reflection.Assembly;
using System.Text.RegularExpressions;
using Newtonsoft.Json.Linq;
using UnityEditor.Compilation;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>One compiler diagnostic.</summary>
    public sealed class Diagnostic
    {
        public string File;
        public int Line;
        public int Column;
        public string ErrorCode;
        public string Message;
        public bool IsError;
    }

    /// <summary>Compiles generated C# (definition scripts, snippets) into an assembly with
    /// UnityEditor.Compilation.AssemblyBuilder (Unity has no public in-process compiler),
    /// into Library/UnityMcp/Scripts/&lt;hash&gt;.dll, and loads it. Each hash is compiled
    /// once; the dll is reused after domain reloads. The build runs over several frames.</summary>
    public static class ScriptCompiler
    {
        /// <summary>Part of the output folder's path (the bridge ignores compile events for it).</summary>
        public const string OutputFolderMarker = "Library/UnityMcp/Scripts";

        static readonly Dictionary<string, Assembly> loaded = new Dictionary<string, Assembly>();
        static readonly Regex MessageRe = new Regex(@"^(?:(?<file>.*?)\((?<line>\d+),(?<col>\d+)\)\s*:\s*)?(?:error|warning)\s+(?<code>[A-Z]+\d+)\s*:\s*(?<msg>.*)$", RegexOptions.Singleline);

        /// <summary>Whether the assembly of this hash is already loaded in this domain.</summary>
        public static bool IsLoaded(string hash) { return loaded.ContainsKey(hash); }

        /// <summary>Frame steps that compile (or reuse) the source; when the enumeration
        /// ends, result.Assembly is set or result.Diagnostics holds the errors.</summary>
        public static IEnumerable<object> Compile(string hash, string source, CompileResult result)
        {
            Assembly asm;
            if (loaded.TryGetValue(hash, out asm)) { result.Assembly = asm; result.Cached = true; yield break; }
            var dirRel = OutputFolderMarker;
            var dir = Path.Combine(ProjectPaths.Root, dirRel);
            Directory.CreateDirectory(dir);
            var name = "UnityMcpScript_" + hash;
            var dllRel = dirRel + "/" + name + ".dll";
            var csRel = dirRel + "/" + name + ".cs";
            var dllFull = Path.Combine(ProjectPaths.Root, dllRel);
            var csFull = Path.Combine(ProjectPaths.Root, csRel);
            // Built by an earlier domain from the same source: load it.
            if (File.Exists(dllFull) && File.Exists(csFull) && File.ReadAllText(csFull) == source)
            {
                asm = Assembly.Load(File.ReadAllBytes(dllFull));
                loaded[hash] = asm;
                result.Assembly = asm;
                result.Cached = true;
                yield break;
            }
            File.WriteAllText(csFull, source);
            if (File.Exists(dllFull)) File.Delete(dllFull);

            var build = LegacyBuild.Start(dllRel, csRel);
            var deadline = Frames.Now + 120;
            while (!build.Done)
            {
                if (Frames.Now > deadline) throw new ToolException("timeout", "compiling the script took more than 120 s");
                yield return null;
            }
            var messages = build.Messages;
            var diags = new List<Diagnostic>();
            if (messages != null)
            {
                foreach (var m in messages) diags.Add(ToDiagnostic(m));
            }
            result.Diagnostics = diags;
            bool failed = diags.Exists(d => d.IsError) || !File.Exists(dllFull);
            if (failed)
            {
                if (!diags.Exists(d => d.IsError))
                    diags.Add(new Diagnostic { Message = "the compiler produced no assembly", IsError = true, File = "", ErrorCode = "" });
                try { File.Delete(csFull); } catch (Exception) { }
                yield break;
            }
            asm = Assembly.Load(File.ReadAllBytes(dllFull));
            loaded[hash] = asm;
            result.Assembly = asm;
        }

        /// <summary>One AssemblyBuilder build. AssemblyBuilder is [Obsolete] (a warning)
        /// from Unity 6000.0 on and still works there; it is kept out of the iterator above
        /// because a compiler-generated iterator class would hold it as a field, outside
        /// the pragma.</summary>
        sealed class LegacyBuild
        {
            public CompilerMessage[] Messages;
            bool finished;
#pragma warning disable 618
            AssemblyBuilder builder;

            public static LegacyBuild Start(string dllRel, string csRel)
            {
                var b = new LegacyBuild { builder = new AssemblyBuilder(dllRel, csRel) };
                b.builder.flags = AssemblyBuilderFlags.EditorAssembly;
                b.builder.referencesOptions = ReferencesOptions.UseEngineModules;
                var json = typeof(JObject).Assembly.Location;
                bool hasJson = false;
                foreach (var r in b.builder.defaultReferences)
                    if (string.Equals(Path.GetFileName(r), Path.GetFileName(json), StringComparison.OrdinalIgnoreCase)) hasJson = true;
                if (!hasJson && !string.IsNullOrEmpty(json)) b.builder.additionalReferences = new[] { json };
                b.builder.buildFinished += (path, msgs) => { b.Messages = msgs; b.finished = true; };
                if (!b.builder.Build())
                    throw new ToolException("busy", "the editor is compiling scripts; try again when it has finished");
                return b;
            }

            /// <summary>Reading status advances the build; it raises buildFinished when done.</summary>
            public bool Done { get { return finished || builder.status == AssemblyBuilderStatus.Finished; } }
#pragma warning restore 618
        }

        static Diagnostic ToDiagnostic(CompilerMessage m)
        {
            var d = new Diagnostic
            {
                File = ProjectPaths.Slash(m.file ?? ""),
                Line = m.line,
                Column = m.column,
                IsError = m.type == CompilerMessageType.Error,
                Message = m.message ?? "",
                ErrorCode = "",
            };
            var match = MessageRe.Match(d.Message.Trim());
            if (match.Success)
            {
                d.ErrorCode = match.Groups["code"].Value;
                d.Message = match.Groups["msg"].Value.Trim();
            }
            return d;
        }

        public static JArray ToJson(IEnumerable<Diagnostic> diags, bool errorsOnly)
        {
            var a = new JArray();
            foreach (var d in diags)
            {
                if (errorsOnly && !d.IsError) continue;
                a.Add(new JObject { { "File", d.File }, { "Line", d.Line }, { "Column", d.Column }, { "ErrorCode", d.ErrorCode }, { "Message", d.Message } });
            }
            return a;
        }
    }

    public sealed class CompileResult
    {
        public Assembly Assembly;
        public bool Cached;
        public List<Diagnostic> Diagnostics = new List<Diagnostic>();
        public List<Diagnostic> Errors { get { return Diagnostics.FindAll(d => d.IsError); } }
    }
}
