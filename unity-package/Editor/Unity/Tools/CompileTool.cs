using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.Compilation;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>compile: AssetDatabase.Refresh, then CompilationPipeline.RequestScriptCompilation,
    /// answered with the compiler messages inside the compilationFinished handler.
    /// compilationFinished is the last managed callback of a compilation (UnityCsReference
    /// Editor/Mono/Scripting/ScriptCompilation/EditorCompilation.cs: ProcessCompilationResult
    /// invokes it, then TickCompilationPipeline returns CompilationComplete to its native
    /// caller — EditorCompilationInterface.TickCompilationPipeline is [RequiredByNativeCode] —
    /// which starts the domain reload): the reload can begin before any later editor tick, so
    /// an answer left for a later frame could be lost to it. With WaitForDomainReload the
    /// answer is deferred in <see cref="McpBridge.Spanning"/> and delivered in the hello
    /// after the reload.</summary>
    public static class CompileTool
    {
        static ToolCall owner; // the compile call running, if any

        /// <summary>Preferences > General > Script Changes While Playing, EditorPrefs
        /// "ScriptCompilationDuringPlay" (UnityCsReference Editor/Mono/PreferencesWindow/
        /// PreferencesSettingsProviders.cs, read with default 0; values from
        /// ScriptChangesDuringPlayOptions, Editor/Mono/EditorApplication.cs): 0 recompile and
        /// continue playing, 1 recompile after finished playing, 2 stop playing and recompile.</summary>
        internal const string ScriptChangesWhilePlayingKey = "ScriptCompilationDuringPlay";
        internal const int RecompileAfterFinishedPlaying = 1;

        /// <summary>Whether Unity holds compilation and the domain reload back until Play Mode ends.</summary>
        internal static bool WaitsForPlayModeEnd()
        {
            return EditorApplication.isPlaying && EditorPrefs.GetInt(ScriptChangesWhilePlayingKey, 0) == RecompileAfterFinishedPlaying;
        }

        const string PlayModePreference = "Unity is in Play Mode and set to recompile after Play Mode ends (Preferences > General > Script Changes While Playing: Recompile After Finished Playing)";

        public static void Invoke(ToolCall call)
        {
            if (owner != null) throw new ToolException("busy", "a compile call is already running; wait for its answer");
            bool force = Args.Bool(call, "ForceRecompile");
            bool wait = Args.Bool(call, "WaitForDomainReload");
            // owner is set by Run itself, on its first step: a call cancelled before it
            // starts must not leave it set.
            Frames.Run(call, Run(call, force, wait), e => Release(call));
        }

        static void Release(ToolCall call)
        {
            if (owner == call) owner = null;
        }

        static JObject Response(CompileSummary s, string message)
        {
            return new JObject
            {
                { "Success", s.Success },
                { "ErrorCount", s.Errors.Count },
                { "WarningCount", s.Warnings.Count },
                { "Errors", new JArray(s.Errors.ToArray()) },
                { "Warnings", new JArray(s.Warnings.ToArray()) },
                { "Message", message },
                { "ProjectRoot", "" },
            };
        }

        static JObject Nulls(string message)
        {
            return new JObject
            {
                { "Success", null }, { "ErrorCount", null }, { "WarningCount", null }, { "Errors", null }, { "Warnings", null },
                { "Message", message }, { "ProjectRoot", "" },
            };
        }

        /// <summary>ProjectRoot is set whenever WaitForDomainReload was asked for (seed 002),
        /// also when no reload followed (errors, nothing to compile, no reload in 30 s).</summary>
        static void Reply(ToolCall call, bool wait, JObject r)
        {
            if (wait) r["ProjectRoot"] = ProjectPaths.Root;
            Release(call);
            call.Reply(r);
        }

        /// <summary>The answer, given inside compilationFinished.</summary>
        static void Answer(ToolCall call, bool force, bool wait, CompileSummary s)
        {
            if (call.IsDone) return;
            if (!s.Success)
            {
                Reply(call, wait, Response(s, "Compilation failed with " + s.Errors.Count + " error(s)"));
                return;
            }
            if (s.CompiledAssemblies == 0)
            {
                Reply(call, wait, Response(s, "Compilation finished; no assembly changed, so no domain reload"));
                return;
            }
            if (WaitsForPlayModeEnd())
            {
                // No reload until Play Mode ends, which may be never: answer now.
                Reply(call, wait, Response(s, "Compilation finished, but " + PlayModePreference + ": the new code loads when Play Mode stops (control-play-mode Action Stop)"));
                return;
            }
            if (!wait)
            {
                Reply(call, wait, force ? Nulls("Forced recompilation finished; a domain reload follows") : Response(s, "Compilation finished; a domain reload follows"));
                return;
            }
            var r = Response(s, force ? "Forced recompilation finished and the domain reload completed" : "Compilation finished and the domain reload completed");
            r["ProjectRoot"] = ProjectPaths.Root;
            McpBridge.Spanning.Defer(call, r);
        }

        static IEnumerable<object> Run(ToolCall call, bool force, bool wait)
        {
            if (owner != null)
            {
                call.Fail("busy", "a compile call is already running; wait for its answer");
                yield break;
            }
            owner = call;
            bool started = false, finished = false;
            Action onStart = () => started = true;
            Action<CompileSummary> onFinish = s =>
            {
                if (finished) return;
                finished = true;
                Answer(call, force, wait, s);
            };
            McpBridge.CompileStarted += onStart;
            McpBridge.CompileFinished += onFinish;
            try
            {
                bool heldByPlayMode = WaitsForPlayModeEnd();
                AssetDatabase.Refresh();
                if (force) CompilationPipeline.RequestScriptCompilation(RequestScriptCompilationOptions.CleanBuildCache);
                else CompilationPipeline.RequestScriptCompilation();

                if (force && !wait && !heldByPlayMode)
                {
                    Reply(call, wait, Nulls("Forced recompilation requested; results are available after the domain reload (call compile again, or use WaitForDomainReload)"));
                    yield break;
                }

                // Compilation starts on a later editor tick; give it a few seconds.
                var until = Frames.Now + 5;
                // Checked 20 times a second, not every editor update: the pump then wakes the
                // Editor only when a check is due (MainThreadQueue, TickPump).
                while (!started && !finished && !EditorApplication.isCompiling && Frames.Now < until) yield return new WaitSeconds(0.05);
                if (!started && !finished && !EditorApplication.isCompiling)
                {
                    if (heldByPlayMode)
                        Reply(call, wait, Nulls(PlayModePreference + ": the scripts compile when Play Mode stops. Stop it (control-play-mode Action Stop) and call compile again, or change that preference"));
                    else
                        Reply(call, wait, Response(new CompileSummary { Errors = new List<JObject>(), Warnings = new List<JObject>() },
                            "Nothing needed compiling; no script changed since the last compilation"));
                    yield break;
                }
                // The answer comes from compilationFinished (Answer), not from here.
                while (!finished) yield return new WaitSeconds(0.1);
                if (call.IsDone) yield break;

                // Deferred to the hello after the reload. Unity may postpone the reload
                // (EditorApplication.LockReloadAssemblies); after 30 s answer without it.
                var deadline = Frames.Now + 30;
                while (Frames.Now < deadline) yield return new WaitSeconds(0.1);
                var kept = McpBridge.Spanning.Take(call.CallId) as JObject;
                if (kept != null)
                {
                    kept["Message"] = "Compilation finished, but no domain reload happened within 30 s (something holds it back, e.g. EditorApplication.LockReloadAssemblies); the new code loads with the next reload";
                    Reply(call, wait, kept);
                    yield break;
                }
                // A hello delivered it already (the daemon restarted meanwhile); this call's
                // connection is gone, and Frames ends the routine when its token says so.
                while (!call.IsDone) yield return new WaitSeconds(1);
            }
            finally
            {
                Release(call);
                McpBridge.CompileStarted -= onStart;
                McpBridge.CompileFinished -= onFinish;
            }
        }
    }
}
