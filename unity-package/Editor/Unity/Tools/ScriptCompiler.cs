using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Reflection;
using System.Text;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.Compilation;
using UnityMcp.Core;
using Assembly = System.Reflection.Assembly;
using Debug = UnityEngine.Debug;

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

    /// <summary>Compiles generated C# (definition scripts, snippets) into
    /// Library/UnityMcp/Scripts/&lt;name&gt;.dll and loads it. Each hash is compiled once; the
    /// dll is reused after domain reloads. The compile runs over several frames.
    ///
    /// The compiler is the Roslyn csc that the Editor ships (found by <see cref="CscLocator"/>),
    /// run as `dotnet csc.dll -noconfig -shared @rsp`: -shared hands the work to Roslyn's
    /// compiler server, so only the first compile pays for starting the compiler. The
    /// references are the class-library reference assemblies Unity compiles editor scripts
    /// against, Library/ScriptAssemblies/Assembly-CSharp*.dll and every assembly loaded in the
    /// Editor (<see cref="CscCommand.SelectReferences"/>), so a project's own types resolve.
    /// Where no bundled csc is found, UnityEditor.Compilation.AssemblyBuilder compiles instead
    /// (obsolete from Unity 6000.0 and slower; the Console says so once).</summary>
    public static class ScriptCompiler
    {
        /// <summary>Part of the output folder's path (the bridge ignores compile events for it).</summary>
        public const string OutputFolderMarker = "Library/UnityMcp/Scripts";

        /// <summary>Longest a compile may take.</summary>
        const double TimeoutSeconds = 120;

        static readonly Dictionary<string, Assembly> loaded = new Dictionary<string, Assembly>();

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
            var name = CscCommand.GeneratedAssemblyPrefix + hash;
            var dllRel = dirRel + "/" + name + ".dll";
            var csRel = dirRel + "/" + name + ".cs";
            var dllFull = ProjectPaths.Slash(Path.Combine(ProjectPaths.Root, dllRel));
            var csFull = ProjectPaths.Slash(Path.Combine(ProjectPaths.Root, csRel));
            // Built by an earlier domain from the same source, after the project's assemblies
            // it was compiled against were last built: load it. (Older than one of them, it may
            // call a member the project has since removed: a MissingMethodException at run
            // time instead of a compile error, so it is compiled again.)
            if (File.Exists(dllFull) && File.Exists(csFull) && File.ReadAllText(csFull) == source &&
                File.GetLastWriteTimeUtc(dllFull) > NewestProjectAssembly())
            {
                asm = Assembly.Load(File.ReadAllBytes(dllFull));
                loaded[hash] = asm;
                result.Assembly = asm;
                result.Cached = true;
                yield break;
            }
            File.WriteAllText(csFull, source, new UTF8Encoding(false));
            if (File.Exists(dllFull)) File.Delete(dllFull);

            var started = Frames.Now;
            var csc = Roslyn();
            IEnumerable<object> steps = csc != null
                ? WithCsc(csc, dllFull, csFull, result)
                : WithAssemblyBuilder(dllRel, csRel, result);
            foreach (var step in steps) yield return step;
            result.CompileMs = (int)Math.Round((Frames.Now - started) * 1000);

            bool failed = result.Diagnostics.Exists(d => d.IsError) || !File.Exists(dllFull);
            if (failed)
            {
                if (!result.Diagnostics.Exists(d => d.IsError))
                    result.Diagnostics.Add(new Diagnostic { Message = "the compiler (" + result.Compiler + ") produced no assembly", IsError = true, File = "", ErrorCode = "" });
                try { File.Delete(csFull); } catch (Exception) { }
                yield break;
            }
            asm = Assembly.Load(File.ReadAllBytes(dllFull));
            loaded[hash] = asm;
            result.Assembly = asm;
        }

        /// <summary>When Library/ScriptAssemblies last changed (its newest dll).</summary>
        static DateTime NewestProjectAssembly()
        {
            var newest = DateTime.MinValue;
            try
            {
                var dir = Path.Combine(ProjectPaths.Root, Path.Combine("Library", "ScriptAssemblies"));
                if (Directory.Exists(dir))
                    foreach (var f in Directory.GetFiles(dir, "*.dll"))
                    {
                        var t = File.GetLastWriteTimeUtc(f);
                        if (t > newest) newest = t;
                    }
            }
            catch (Exception) { return DateTime.MaxValue; } // unreadable: compile again
            return newest;
        }

        // ---- the bundled Roslyn ----

        static bool searched;
        static CscInstallation installation;
        static readonly List<string> probed = new List<string>();
        static bool warnedFallback;

        /// <summary>The Editor's bundled csc (null: AssemblyBuilder compiles instead).</summary>
        public static CscInstallation BundledCompiler { get { return Roslyn(); } }

        /// <summary>The Editor's bundled csc, looked up once per domain; null when it has none.</summary>
        static CscInstallation Roslyn()
        {
            if (searched) return installation;
            searched = true;
            var roots = new List<string>();
            // Internal in 6000.3 and later (EditorApplication.bindings.cs), absent before: the
            // folder that holds DotNetSdkRoslyn / DotNetSdk there (BeeScriptCompilation.cs).
            try
            {
                // unityapi:reflects since 6000.3 UnityEditor.EditorApplication::applicationScriptingPath internal static property string get
                var p = typeof(EditorApplication).GetProperty("applicationScriptingPath", BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic);
                var v = p != null ? p.GetValue(null, null) as string : null;
                if (!string.IsNullOrEmpty(v)) roots.Add(v);
            }
            catch (Exception) { }
            roots.Add(EditorApplication.applicationContentsPath);
            try
            {
                installation = CscLocator.Find(roots, Path.DirectorySeparatorChar == '\\', File.Exists,
                    d => Directory.Exists(d) ? Directory.GetDirectories(d) : new string[0], probed);
            }
            catch (Exception e)
            {
                probed.Add("(search failed: " + e.Message + ")");
                installation = null;
            }
            return installation;
        }

        static string[] systemReferences;

        /// <summary>The class-library reference assemblies editor scripts compile against
        /// (CompilationPipeline.GetPrecompiledAssemblyPaths(SystemAssembly): the unity-4.8-api
        /// profile and its Facades — CompilationPipeline.cs, MonoLibraryHelpers.cs), once per domain.</summary>
        static string[] SystemReferences()
        {
            if (systemReferences != null) return systemReferences;
            try { systemReferences = CompilationPipeline.GetPrecompiledAssemblyPaths(CompilationPipeline.PrecompiledAssemblySources.SystemAssembly) ?? new string[0]; }
            catch (Exception e)
            {
                Debug.LogWarning("[unitymcp] CompilationPipeline.GetPrecompiledAssemblyPaths(SystemAssembly) failed (" + e.Message + "); snippets compile against the Editor's runtime class libraries instead");
                systemReferences = new string[0];
            }
            return systemReferences;
        }

        /// <summary>Library/ScriptAssemblies/Assembly-CSharp*.dll of this project.</summary>
        static List<string> ProjectScriptAssemblies()
        {
            var list = new List<string>();
            var dir = Path.Combine(ProjectPaths.Root, "Library/ScriptAssemblies");
            if (!Directory.Exists(dir)) return list;
            var files = Directory.GetFiles(dir, "Assembly-CSharp*.dll");
            Array.Sort(files, StringComparer.Ordinal);
            foreach (var f in files) list.Add(ProjectPaths.Slash(f));
            return list;
        }

        static List<LoadedAssembly> LoadedAssemblies()
        {
            var list = new List<LoadedAssembly>();
            foreach (var a in AppDomain.CurrentDomain.GetAssemblies())
            {
                bool dynamic = a.IsDynamic;
                string location = "";
                if (!dynamic)
                {
                    try { location = a.Location ?? ""; }
                    catch (Exception) { location = ""; }
                }
                list.Add(new LoadedAssembly(a.GetName().Name, ProjectPaths.Slash(location), dynamic));
            }
            return list;
        }

        /// <summary>Every reference of a snippet compiled by csc (see CscCommand.SelectReferences).</summary>
        public static List<string> References()
        {
            string runtime = null;
            try { runtime = Path.GetDirectoryName(typeof(object).Assembly.Location); }
            catch (Exception) { }
            return CscCommand.SelectReferences(SystemReferences(), ProjectScriptAssemblies(), LoadedAssemblies(), runtime, File.Exists);
        }

        static List<string> Defines()
        {
            var list = new List<string>();
            try { list.AddRange(EditorUserBuildSettings.activeScriptCompilationDefines ?? new string[0]); }
            catch (Exception) { }
            if (!list.Contains("UNITY_EDITOR")) list.Add("UNITY_EDITOR");
            return list;
        }

        static IEnumerable<object> WithCsc(CscInstallation csc, string dllFull, string csFull, CompileResult result)
        {
            result.Compiler = "csc " + csc.Csc;
            var inv = new CscInvocation { OutputPath = dllFull };
            inv.Sources.Add(csFull);
            inv.References.AddRange(References());
            inv.Defines.AddRange(Defines());
            var rsp = Path.ChangeExtension(csFull, ".rsp");
            Process p;
            var output = new StringBuilder();
            var gate = new object();
            try
            {
                File.WriteAllText(rsp, CscCommand.ResponseFile(inv), new UTF8Encoding(false));
                var info = new ProcessStartInfo
                {
                    FileName = csc.Dotnet,
                    Arguments = CscCommand.Arguments(csc.Csc, rsp, csc.HasServer),
                    WorkingDirectory = ProjectPaths.Root,
                    UseShellExecute = false,
                    CreateNoWindow = true,
                    RedirectStandardOutput = true,
                    RedirectStandardError = true,
                    StandardOutputEncoding = Encoding.UTF8,
                    StandardErrorEncoding = Encoding.UTF8,
                };
                // As Unity runs its own .NET tools (NetCoreProgram.cs): the runtime beside the
                // host, no machine-wide lookup. DOTNET_HOST_PATH lets csc start the compiler
                // server with the same host.
                info.EnvironmentVariables["DOTNET_ROOT"] = Path.GetDirectoryName(csc.Dotnet);
                info.EnvironmentVariables["DOTNET_MULTILEVEL_LOOKUP"] = "0";
                info.EnvironmentVariables["DOTNET_HOST_PATH"] = csc.Dotnet;
                info.EnvironmentVariables["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
                p = new Process { StartInfo = info };
                p.OutputDataReceived += (s, e) => { if (e.Data != null) lock (gate) output.Append(e.Data).Append('\n'); };
                p.ErrorDataReceived += (s, e) => { if (e.Data != null) lock (gate) output.Append(e.Data).Append('\n'); };
                p.Start();
                p.BeginOutputReadLine();
                p.BeginErrorReadLine();
            }
            catch (Exception e)
            {
                result.Diagnostics.Add(new Diagnostic
                {
                    File = "", ErrorCode = "", IsError = true,
                    Message = "could not run the Editor's C# compiler (" + csc.Dotnet + " " + csc.Csc + "): " + e.Message +
                        "; check that the Unity installation is complete (reinstall the Editor from Unity Hub if these files are missing)",
                });
                yield break;
            }
            var deadline = Frames.Now + TimeoutSeconds;
            int code;
            try
            {
                while (!p.HasExited)
                {
                    if (Frames.Now > deadline)
                        throw new ToolException("timeout", "compiling the script took more than " + TimeoutSeconds + " s (" + result.Compiler + "); try again — the first compile also starts the compiler server");
                    yield return new WaitSeconds(0.02); // 50 checks a second while csc runs, not one per editor update

                }
                p.WaitForExit(); // flushes the asynchronous output readers
                code = p.ExitCode;
            }
            finally
            {
                // A timeout, or the call ended (cancelled) while csc ran: stop the compile.
                try { if (!p.HasExited) p.Kill(); } catch (Exception) { }
                p.Dispose();
            }
            string text;
            lock (gate) text = output.ToString();
            foreach (var d in CscCommand.ParseOutput(text))
            {
                result.Diagnostics.Add(new Diagnostic
                {
                    File = ProjectPaths.Slash(d.File), Line = d.Line, Column = d.Column,
                    ErrorCode = d.Code, Message = d.Message, IsError = d.IsError,
                });
            }
            if (code != 0 && !result.Diagnostics.Exists(d => d.IsError))
            {
                var shown = text.Trim();
                if (shown.Length > 2000) shown = shown.Substring(0, 2000) + "…";
                result.Diagnostics.Add(new Diagnostic
                {
                    File = "", ErrorCode = "", IsError = true,
                    Message = "the C# compiler (" + csc.Csc + ") exited with code " + code + " without a diagnostic: " + (shown.Length > 0 ? shown : "(no output)"),
                });
            }
            if (!result.Diagnostics.Exists(d => d.IsError))
            {
                try { File.Delete(rsp); } catch (Exception) { }
            }
        }

        // ---- the fallback: AssemblyBuilder ----

        static IEnumerable<object> WithAssemblyBuilder(string dllRel, string csRel, CompileResult result)
        {
            result.Compiler = "AssemblyBuilder";
            if (!warnedFallback)
            {
                warnedFallback = true;
                Debug.LogWarning("[unitymcp] this Editor has no bundled Roslyn compiler where Unity keeps it (looked for " + string.Join(", ", probed.ToArray()) +
                    "); dynamic code and definition scripts compile with UnityEditor.Compilation.AssemblyBuilder instead, which is slower and obsolete from Unity 6. Reinstall the Editor if those files should be there.");
            }
            result.Note = "compiled with AssemblyBuilder: no bundled Roslyn compiler in this Editor";
            var builder = new LegacyBuilder(dllRel, csRel);
            builder.flags = AssemblyBuilderFlags.EditorAssembly;
            builder.referencesOptions = ReferencesOptions.UseEngineModules;
            // AssemblyBuilder's default references omit Assembly-CSharp (a project's own types
            // gave CS0246) and the Json.NET the definition scripts use: add what is loaded and
            // missing, by file name.
            var have = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
            foreach (var r in builder.defaultReferences) have.Add(Path.GetFileName(r));
            var extra = new List<string>();
            var json = typeof(JObject).Assembly.Location;
            if (!string.IsNullOrEmpty(json) && have.Add(Path.GetFileName(json))) extra.Add(json);
            var scriptDir = ProjectPaths.Slash(Path.Combine(ProjectPaths.Root, "Library/ScriptAssemblies")) + "/";
            foreach (var a in LoadedAssemblies())
            {
                if (a.IsDynamic || a.Location.Length == 0 || !a.Location.StartsWith(scriptDir, StringComparison.OrdinalIgnoreCase)) continue;
                if (File.Exists(a.Location) && have.Add(Path.GetFileName(a.Location))) extra.Add(a.Location);
            }
            foreach (var f in ProjectScriptAssemblies()) if (have.Add(Path.GetFileName(f))) extra.Add(f);
            if (extra.Count > 0) builder.additionalReferences = extra.ToArray();
            CompilerMessage[] messages = null;
            bool finished = false;
            builder.buildFinished += (path, msgs) => { messages = msgs; finished = true; };
            if (!builder.Build())
                throw new ToolException("busy", "the editor is compiling scripts; try again when it has finished");
            var deadline = Frames.Now + TimeoutSeconds;
            while (!finished)
            {
                // Reading status advances the build; it raises buildFinished when done.
                if (builder.status == AssemblyBuilderStatus.Finished) break;
                if (Frames.Now > deadline) throw new ToolException("timeout", "compiling the script took more than " + TimeoutSeconds + " s (AssemblyBuilder)");
                yield return new WaitSeconds(0.02);
            }
            if (messages != null)
                foreach (var m in messages) result.Diagnostics.Add(ToDiagnostic(m));
        }

        /// <summary>The one place that names AssemblyBuilder. It is [Obsolete] from Unity
        /// 6000.0 ("Similar functionality can be achieved using the Roslyn compiler",
        /// AssemblyBuilder.cs) and still works there; it is only the fallback for an Editor
        /// without its bundled csc. (Kept out of the iterator: a local of an obsolete type in
        /// an iterator becomes a field of the compiler's state machine, which warns too.)</summary>
        sealed class LegacyBuilder
        {
#pragma warning disable 618 // the fallback compiler on purpose; see the class summary
            readonly AssemblyBuilder b;
            public LegacyBuilder(string dllRel, string csRel) { b = new AssemblyBuilder(dllRel, csRel); }
#pragma warning restore 618
            public AssemblyBuilderFlags flags { set { b.flags = value; } }
            public ReferencesOptions referencesOptions { set { b.referencesOptions = value; } }
            public string[] defaultReferences { get { return b.defaultReferences; } }
            public string[] additionalReferences { set { b.additionalReferences = value; } }
            public event Action<string, CompilerMessage[]> buildFinished { add { b.buildFinished += value; } remove { b.buildFinished -= value; } }
            public bool Build() { return b.Build(); }
            public AssemblyBuilderStatus status { get { return b.status; } }
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
            // Unity's message is csc's whole line ("file(l,c): error CS0246: …").
            var parsed = CscCommand.ParseOutput(d.Message.Trim());
            if (parsed.Count == 1)
            {
                d.ErrorCode = parsed[0].Code;
                d.Message = parsed[0].Message;
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
        /// <summary>"csc &lt;path&gt;" or "AssemblyBuilder"; empty when cached.</summary>
        public string Compiler = "";
        /// <summary>Milliseconds the compile took (0 when cached).</summary>
        public int CompileMs;
        /// <summary>Something the caller should know about how it compiled, or null.</summary>
        public string Note;
        public List<Diagnostic> Diagnostics = new List<Diagnostic>();
        public List<Diagnostic> Errors { get { return Diagnostics.FindAll(d => d.IsError); } }
    }
}
