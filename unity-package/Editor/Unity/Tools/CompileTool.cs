using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.Compilation;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>compile: AssetDatabase.Refresh, then CompilationPipeline.RequestScriptCompilation,
    /// answered with the compiler messages. With WaitForDomainReload the answer is kept
    /// across the domain reload and delivered in the next hello.</summary>
    public static class CompileTool
    {
        static bool busy;

        public static void Invoke(ToolCall call)
        {
            if (busy) throw new ToolException("busy", "a compile call is already running; wait for its answer");
            bool force = Args.Bool(call, "ForceRecompile");
            bool wait = Args.Bool(call, "WaitForDomainReload");
            // busy is set by Run itself, on its first step: a call cancelled
            // before it starts must not leave it set.
            Frames.Run(call, Run(call, force, wait), e => busy = false);
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
            call.Reply(r);
        }

        static IEnumerable<object> Run(ToolCall call, bool force, bool wait)
        {
            if (busy)
            {
                call.Fail("busy", "a compile call is already running; wait for its answer");
                yield break;
            }
            busy = true;
            bool started = false;
            CompileSummary summary = null;
            Action onStart = () => started = true;
            Action<CompileSummary> onFinish = s =>
            {
                summary = s;
                // Register the answer for the coming reload now: Unity may
                // start the domain reload before this routine's next step.
                if (wait && s.Success && s.CompiledAssemblies > 0)
                    McpBridge.HoldAcrossReload(call, () => Response(s, force
                        ? "Forced recompilation finished and the domain reload completed"
                        : "Compilation finished and the domain reload completed"));
            };
            McpBridge.CompileStarted += onStart;
            McpBridge.CompileFinished += onFinish;
            try
            {
                AssetDatabase.Refresh();
                if (force) CompilationPipeline.RequestScriptCompilation(RequestScriptCompilationOptions.CleanBuildCache);
                else CompilationPipeline.RequestScriptCompilation();

                if (force && !wait)
                {
                    Reply(call, wait, Nulls("Forced recompilation requested; results are available after the domain reload (call compile again, or use WaitForDomainReload)"));
                    yield break;
                }

                // Compilation starts on a later editor tick; give it a few seconds.
                var until = Frames.Now + 5;
                while (!started && summary == null && !EditorApplication.isCompiling && Frames.Now < until) yield return null;
                if (!started && summary == null && !EditorApplication.isCompiling)
                {
                    Reply(call, wait, Response(new CompileSummary { Errors = new List<JObject>(), Warnings = new List<JObject>() },
                        "Nothing needed compiling; no script changed since the last compilation"));
                    yield break;
                }
                while (summary == null) yield return new WaitSeconds(0.05);

                if (!summary.Success)
                {
                    Reply(call, wait, Response(summary, "Compilation failed with " + summary.Errors.Count + " error(s)"));
                    yield break;
                }
                if (summary.CompiledAssemblies == 0)
                {
                    Reply(call, wait, Response(summary, "Compilation finished; no assembly changed, so no domain reload"));
                    yield break;
                }
                if (!wait)
                {
                    var r = force ? Nulls("Forced recompilation finished; a domain reload follows") : Response(summary, "Compilation finished; a domain reload follows");
                    Reply(call, wait, r);
                    yield break;
                }
                // Keep the call open across the domain reload that follows.
                var result = force ? Response(summary, "Forced recompilation finished and the domain reload completed")
                                   : Response(summary, "Compilation finished and the domain reload completed");
                McpBridge.HoldAcrossReload(call, () => result);
                // Unity may postpone the reload (Play Mode with "Recompile After Finished Playing").
                var deadline = Frames.Now + 30;
                while (Frames.Now < deadline) yield return new WaitSeconds(0.1);
                McpBridge.ReleaseHold(call);
                result["Message"] = "Compilation finished, but no domain reload happened within 30 s (Unity may reload when Play Mode stops)";
                Reply(call, wait, result);
            }
            finally
            {
                busy = false;
                McpBridge.CompileStarted -= onStart;
                McpBridge.CompileFinished -= onFinish;
            }
        }
    }
}
