using System;
using System.Collections.Generic;
using System.IO;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.Compilation;
using UnityEngine;
using UnityMcp.Core;
using UnityMcp.Editor.Tools;

namespace UnityMcp.Editor
{
    /// <summary>Starts the bridge to the unitymcp daemon when the Editor loads (and after
    /// every domain reload), and reports compile, play mode, reload and quit events.</summary>
    [InitializeOnLoad]
    public static class McpBridge
    {
        // SessionState (UnityCsReference Editor/Mono/EditorGUIUtility.bindings.cs): kept
        // across domain reloads, cleared when the Editor quits.
        const string SpanningKey = "UnityMcp.SpanningCalls";
        const string DaemonStartKey = "UnityMcp.DaemonStartTried";

        static readonly MainThreadQueue queue = new MainThreadQueue();
        static volatile bool compiling;

        /// <summary>The tools this editor implements.</summary>
        public static ToolRegistry Registry { get; private set; }

        /// <summary>The connection to the daemon (null in batch mode unless enabled).</summary>
        public static BridgeClient Client { get; private set; }

        public static EditorIdentity Identity { get; private set; }

        /// <summary>Calls that span domain reloads (compile with WaitForDomainReload, test
        /// runs, entering Play Mode), saved in SessionState before each reload.</summary>
        public static SpanningCalls Spanning { get; private set; } = new SpanningCalls();

        /// <summary>The main-thread queue (for code that runs on other threads).</summary>
        public static IMainThread MainThread { get { return queue; } }

        /// <summary>Called on the main thread after a compilation of the project's scripts
        /// finished, inside CompilationPipeline.compilationFinished: Unity may start the
        /// domain reload right after it, in the same editor tick, so answer there.
        /// AssemblyBuilder builds (execute_code) are excluded.</summary>
        public static event Action<CompileSummary> CompileFinished;

        /// <summary>Called on the main thread when a compilation of the project's scripts starts.</summary>
        public static event Action CompileStarted;

        /// <summary>Called on the main thread right before a domain reload, before the
        /// spanning calls are saved: save state here.</summary>
        public static event Action BeforeReload;

        static McpBridge()
        {
            EditorApplication.update += queue.Drain;
            EditorApplication.update += UpdateFlags;
            // Queued work keeps the pump signalling; multi-frame jobs tell it when they are
            // due themselves (Frames → EditorWake.Due), so a job sleeping in a WaitSeconds
            // (a test run, a compile) lets the Editor idle until then.
            EditorWake.Install(() => queue.HasWork);
            AssemblyReloadEvents.beforeAssemblyReload += EditorWake.Uninstall;
            ConsoleTools.InstallBuffer();

            if (Application.isBatchMode && Environment.GetEnvironmentVariable("UNITYMCP_BATCHMODE") != "1")
                return; // CI builds and batch runs do not connect unless asked to.

            Identity = BuildIdentity();
            Registry = BuiltinTools.Build();
            AttributeTools.DeclareAll(Registry);
            Spanning = RestoreSpanning();
            ConsoleForwarding.Install();

            CompilationPipeline.compilationStarted += OnCompilationStarted;
            CompilationPipeline.assemblyCompilationFinished += OnAssemblyCompiled;
            CompilationPipeline.compilationFinished += OnCompilationFinished;
            AssemblyReloadEvents.beforeAssemblyReload += OnBeforeReload;
            EditorApplication.playModeStateChanged += OnPlayModeChanged;
            EditorApplication.pauseStateChanged += OnPauseChanged;
            EditorApplication.quitting += OnQuitting;

            TestTools.Listen();
            // Calls that spanned the reload pick up where they were: a test run still
            // going, Play Mode being entered. The bridge connects at once all the same;
            // their answers go to the daemon's re-sent requests, or into the next hello.
            TestTools.RestoreAfterReload();
            EditorStateTools.RestoreAfterReload();
            Connect();
            ScriptWatch.Start();
        }

        /// <summary>Starts (or restarts) the connection with the current settings; the
        /// settings page's Reconnect. It may try to start the daemon again (once).</summary>
        public static void StartClient()
        {
            if (Registry == null) return;
            SessionState.SetBool(DaemonStartKey, false);
            Connect();
        }

        static void Connect()
        {
            if (Registry == null) return;
            if (Client != null)
            {
                try { Client.Dispose(); } catch (Exception) { }
            }
            var c = new BridgeClient(Identity, Registry, queue, new UnityLog(), StateDirectory.Current());
            c.Spanning = Spanning;
            c.IsCompiling = () => compiling;
            var path = McpSettings.DaemonPath;
            c.DaemonExecutable = string.IsNullOrEmpty(path) ? null : path;
            c.AutoStartDaemon = McpSettings.AutoStartDaemon;
            // Once per Editor session, not after every domain reload.
            c.DaemonStartTried = SessionState.GetBool(DaemonStartKey, false);
            c.DaemonStartAttempted += () => queue.Post(() => SessionState.SetBool(DaemonStartKey, true));
            Client = c;
            c.Start();
        }

        /// <summary>Sends an event to the daemon (kept for the next hello when not connected).</summary>
        public static void Emit(string type, JObject data)
        {
            var c = Client;
            if (c != null) c.Emit(type, data);
        }

        static EditorIdentity BuildIdentity()
        {
            string version = "";
            try
            {
                var info = UnityEditor.PackageManager.PackageInfo.FindForAssembly(typeof(McpBridge).Assembly);
                if (info != null) version = info.version;
            }
            catch (Exception) { }
            return new EditorIdentity
            {
                ProjectPath = ProjectPaths.Root,
                DataPath = Application.dataPath,
                ProductName = PlayerSettings.productName,
                UnityVersion = Application.unityVersion,
                PackageVersion = version,
                Pid = System.Diagnostics.Process.GetCurrentProcess().Id,
                Simulator = false,
            };
        }

        static SpanningCalls RestoreSpanning()
        {
            string problem;
            var s = SpanningCalls.Load(SessionState.GetString(SpanningKey, ""), out problem);
            SessionState.EraseString(SpanningKey);
            if (problem != null)
                Debug.LogWarning("[unitymcp] SessionState " + SpanningKey + ": " + problem + "; the daemon answers those calls interrupted_by_reload (call them again)");
            return s;
        }

        static void UpdateFlags()
        {
            compiling = EditorApplication.isCompiling;
        }

        // ---- compile events ----

        static readonly List<JObject> errors = new List<JObject>();
        static readonly List<JObject> warnings = new List<JObject>();
        static int compiledAssemblies;

        // AssemblyBuilder is [Obsolete] (a warning) from Unity 6000.0 on; the context of a
        // build it started is still one, and such builds stay out of compile reports.
#pragma warning disable 618
        static bool IsBuilder(object context) { return context is AssemblyBuilder; }
#pragma warning restore 618

        static void OnCompilationStarted(object context)
        {
            if (IsBuilder(context)) return;
            errors.Clear();
            warnings.Clear();
            compiledAssemblies = 0;
            compiling = true;
            Emit(Protocol.CompileStarted, new JObject());
            var h = CompileStarted;
            if (h != null) h();
        }

        static void OnAssemblyCompiled(string assemblyPath, CompilerMessage[] messages)
        {
            if (assemblyPath != null && ProjectPaths.Slash(assemblyPath).Contains(ScriptCompiler.OutputFolderMarker)) return;
            compiledAssemblies++;
            if (messages == null) return;
            foreach (var m in messages)
            {
                var d = new JObject { { "Message", m.message }, { "File", ProjectPaths.Slash(m.file ?? "") }, { "Line", m.line } };
                if (m.type == CompilerMessageType.Error) errors.Add(d);
                else if (m.type == CompilerMessageType.Warning) warnings.Add(d);
            }
        }

        static void OnCompilationFinished(object context)
        {
            if (IsBuilder(context)) return;
            var summary = new CompileSummary
            {
                Errors = new List<JObject>(errors),
                Warnings = new List<JObject>(warnings),
                CompiledAssemblies = compiledAssemblies,
            };
            Emit(Protocol.CompileFinished, new JObject
            {
                { "success", summary.Success },
                { "errorCount", summary.Errors.Count },
                { "warningCount", summary.Warnings.Count },
                { "errors", new JArray(summary.Errors.ToArray()) },
                { "warnings", new JArray(summary.Warnings.ToArray()) },
            });
            var h = CompileFinished;
            if (h != null) h(summary);
        }

        // ---- reload, play mode, quit ----

        // beforeAssemblyReload: nothing here waits for the daemon but AnnounceReload,
        // which gives up after BridgeClient.CloseTimeout (1 s).
        static void OnBeforeReload()
        {
            var h = BeforeReload;
            if (h != null)
            {
                try { h(); } catch (Exception e) { Debug.LogException(e); }
            }
            ScriptWatch.Stop();
            var c = Client;
            if (c != null && c.DaemonStartTried) SessionState.SetBool(DaemonStartKey, true); // the posted flag may not have run yet
            // Saved after the announcement has stopped the connection's reader, so a cancel or
            // a re-sent call that arrives meanwhile is in what the next domain loads.
            string problem;
            SessionState.SetString(SpanningKey, Spanning.SaveAfterAnnouncing(c, out problem));
            if (problem != null) Debug.LogWarning("[unitymcp] " + problem);
        }

        static void OnPlayModeChanged(PlayModeStateChange change)
        {
            EditorStateTools.OnPlayModeStateChanged(change);
            string state;
            switch (change)
            {
                case PlayModeStateChange.EnteredPlayMode: state = EditorApplication.isPaused ? "paused" : "playing"; break;
                case PlayModeStateChange.EnteredEditMode: state = "edit"; break;
                default: return; // the Exiting* states are followed by the Entered* ones
            }
            Emit(Protocol.PlayModeChanged, new JObject { { "state", state } });
        }

        static void OnPauseChanged(PauseState s)
        {
            if (!EditorApplication.isPlaying) return;
            Emit(Protocol.PlayModeChanged, new JObject { { "state", s == PauseState.Paused ? "paused" : "playing" } });
        }

        static void OnQuitting()
        {
            ScriptWatch.Stop();
            var c = Client;
            if (c != null) c.Stop(true); // Stop(true) sends the quitting event first
        }

        /// <summary>Emits reload.required (throttled to one per 5 s).</summary>
        internal static void ReloadRequired(string reason)
        {
            var now = Frames.Now;
            if (now - lastReloadRequired < 5) return;
            lastReloadRequired = now;
            Emit(Protocol.ReloadRequired, new JObject { { "reason", reason } });
        }

        static double lastReloadRequired = -100;
    }

    /// <summary>The outcome of one compilation of the project's scripts.</summary>
    public sealed class CompileSummary
    {
        public List<JObject> Errors;
        public List<JObject> Warnings;
        /// <summary>Assemblies that were rebuilt (a domain reload follows when &gt; 0 and no errors).</summary>
        public int CompiledAssemblies;
        public bool Success { get { return Errors.Count == 0; } }
    }

    /// <summary>Notices script changes Unity will not load by itself: scripts imported
    /// while in Play Mode, and scripts edited on disk while Auto Refresh is off.</summary>
    sealed class ScriptChangesPostprocessor : AssetPostprocessor
    {
        static void OnPostprocessAllAssets(string[] imported, string[] deleted, string[] moved, string[] movedFrom)
        {
            if (!EditorApplication.isPlaying) return;
            // Preferences > General > Script Changes While Playing (EditorPrefs
            // "ScriptCompilationDuringPlay"; UnityCsReference Editor/Mono/EditorApplication.cs,
            // ScriptChangesDuringPlayOptions): 0 recompiles and continues, 2 stops playing and
            // recompiles — both reload on their own; only 1 waits until Play Mode ends.
            if (EditorPrefs.GetInt("ScriptCompilationDuringPlay", 0) != 1) return;
            foreach (var list in new[] { imported, deleted, moved })
                foreach (var p in list)
                {
                    if (!ScriptWatch.IsScript(p)) continue;
                    McpBridge.ReloadRequired("scripts changed while in Play Mode (" + p + ") and Unity is set to recompile after Play Mode ends (Preferences > General > Script Changes While Playing); they take effect after Play Mode stops");
                    return;
                }
        }
    }

    static class ScriptWatch
    {
        static readonly List<FileSystemWatcher> watchers = new List<FileSystemWatcher>();
        static readonly object gate = new object();
        static string firstChanged;
        static int changedCount;
        static double nextCheck;

        /// <summary>Files whose change needs a recompile: scripts and assembly definitions.</summary>
        public static bool IsScript(string path)
        {
            return path.EndsWith(".cs", StringComparison.OrdinalIgnoreCase) || path.EndsWith(".asmdef", StringComparison.OrdinalIgnoreCase)
                || path.EndsWith(".asmref", StringComparison.OrdinalIgnoreCase);
        }

        public static void Start()
        {
            EditorApplication.update -= Tick;
            EditorApplication.update += Tick;
            Tick(); // the watchers exist from the start, not 2 s later
        }

        public static void Stop()
        {
            EditorApplication.update -= Tick;
            Close();
        }

        static void Close()
        {
            lock (gate)
            {
                foreach (var w in watchers)
                {
                    try { w.EnableRaisingEvents = false; w.Dispose(); } catch (Exception) { }
                }
                watchers.Clear();
            }
        }

        /// <summary>Preferences > Asset Pipeline > Auto Refresh (EditorPrefs "kAutoRefreshMode";
        /// UnityCsReference Editor/Mono/PreferencesWindow/AssetPipelinePreferences.cs): 0
        /// Disabled, 1 Enabled, 2 Enabled Outside Playmode. Why Unity would not import a
        /// changed script by itself now, or null when it would.</summary>
        static string NoAutoImport()
        {
            int legacy = EditorPrefs.GetBool("kAutoRefresh", true) ? 1 : 0;
            int mode = EditorPrefs.GetInt("kAutoRefreshMode", legacy);
            if (mode == 0) return "Auto Refresh is off (Preferences > Asset Pipeline)";
            if (mode == 2 && EditorApplication.isPlaying) return "Auto Refresh is set to Enabled Outside Playmode and the Editor is in Play Mode";
            return null;
        }

        static void OnChanged(string name)
        {
            if (!IsScript(name)) return;
            lock (gate)
            {
                if (changedCount++ == 0) firstChanged = name;
            }
        }

        static void Tick()
        {
            string first = null;
            int count;
            lock (gate)
            {
                count = changedCount;
                if (count > 0) { first = firstChanged; changedCount = 0; firstChanged = null; }
            }
            // The preferences are read when a change came in and every 2 s, not every update.
            string why = null;
            if (count > 0 && (why = NoAutoImport()) != null)
                McpBridge.ReloadRequired((count == 1 ? "script " + first : count + " scripts (" + first + ", …)") + " changed on disk but " + why + "; call compile (it refreshes the AssetDatabase) to load " + (count == 1 ? "it" : "them"));
            if (Frames.Now < nextCheck) return;
            nextCheck = Frames.Now + 2;
            if (count == 0) why = NoAutoImport();
            bool want = why != null, have;
            lock (gate) have = watchers.Count > 0;
            if (want && !have)
            {
                // Assets/ and embedded packages (Packages/), every file: the filter is applied
                // in OnChanged (a watcher takes one pattern, and .asmdef files count too).
                foreach (var dir in new[] { Application.dataPath, Path.Combine(ProjectPaths.Root, "Packages") })
                {
                    if (!Directory.Exists(dir)) continue;
                    try
                    {
                        var w = new FileSystemWatcher(dir) { IncludeSubdirectories = true, NotifyFilter = NotifyFilters.LastWrite | NotifyFilters.FileName };
                        FileSystemEventHandler h = (s, e) => OnChanged(e.Name);
                        w.Changed += h;
                        w.Created += h;
                        w.Deleted += h;
                        w.Renamed += (s, e) => OnChanged(e.Name);
                        w.EnableRaisingEvents = true;
                        lock (gate) watchers.Add(w);
                    }
                    catch (Exception) { nextCheck = Frames.Now + 60; }
                }
            }
            else if (!want && have) Close();
        }
    }
}
