using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>control-play-mode and the internal _undo tool.</summary>
    public static class EditorStateTools
    {
        const string PlayModeTool = "control-play-mode";

        /// <summary>Play / Stop / Pause, answered with the state Unity reached. Entering or
        /// leaving Play Mode happens on a later frame and may reload the domain on the way
        /// (EnteredPlayMode then comes in the new domain), so Play and Stop are held in
        /// <see cref="McpBridge.Spanning"/> and answered from playModeStateChanged. Unity
        /// refuses Play Mode while scripts have compile errors: the native side shows
        /// "All compiler errors have to be fixed before you can enter playmode!"
        /// (UnityCsReference Editor/Mono/SceneView/SceneView.cs, ShowCompileErrorNotification,
        /// [RequiredByNativeCode]) and stays in Edit Mode; EditorUtility.scriptCompilationFailed
        /// (Editor/Mono/EditorUtility.bindings.cs) says so beforehand.</summary>
        public static void ControlPlayMode(ToolCall call)
        {
            var action = Args.OneOf(call, "Action", "Play", "Play", "Stop", "Pause");
            bool playing = EditorApplication.isPlaying;
            switch (action)
            {
                case "Play":
                    if (playing && EditorApplication.isPaused)
                    {
                        EditorApplication.isPaused = false;
                        call.Reply(State("Play mode resumed"));
                        return;
                    }
                    if (playing)
                    {
                        call.Reply(State("Already in play mode"));
                        return;
                    }
                    if (EditorUtility.scriptCompilationFailed)
                        throw new ToolException("script_compile_error", CompileErrors, StateData());
                    Await(call, true);
                    if (!EditorApplication.isPlayingOrWillChangePlaymode) EditorApplication.isPlaying = true;
                    return;
                case "Stop":
                    if (!playing && !EditorApplication.isPlayingOrWillChangePlaymode)
                    {
                        call.Reply(State("Already in edit mode"));
                        return;
                    }
                    Await(call, false);
                    EditorApplication.isPlaying = false;
                    return;
                default:
                    EditorApplication.isPaused = true;
                    call.Reply(State(playing ? "Play mode paused" : "Paused; play mode will start paused"));
                    return;
            }
        }

        const string CompileErrors = "Unity does not enter Play Mode while the project's scripts have compile errors; fix them (get-logs with LogType Error lists them, compile shows them) and call control-play-mode again";

        static JObject State(string message)
        {
            return new JObject { { "IsPlaying", EditorApplication.isPlaying }, { "IsPaused", EditorApplication.isPaused }, { "Message", message } };
        }

        static JObject StateData()
        {
            return new JObject { { "IsPlaying", EditorApplication.isPlaying }, { "IsPaused", EditorApplication.isPaused } };
        }

        // Whether Unity is settled in Play Mode (play) or Edit Mode (!play), not on its way.
        static bool Settled(bool play)
        {
            return play ? EditorApplication.isPlaying && EditorApplication.isPlayingOrWillChangePlaymode
                        : !EditorApplication.isPlaying && !EditorApplication.isPlayingOrWillChangePlaymode;
        }

        static bool transitionSeen; // ExitingEditMode or ExitingPlayMode since the last request, in this domain

        static void Await(ToolCall call, bool play)
        {
            McpBridge.Spanning.Hold(call, new JObject { { "play", play } });
            transitionSeen = false;
            Frames.Run(call, Watch(call, play));
        }

        // In the requesting domain: notices a request Unity dropped (compile errors that
        // appeared meanwhile) and bounds the wait. The answer itself comes from
        // OnPlayModeStateChanged.
        static IEnumerable<object> Watch(ToolCall call, bool play)
        {
            var start = Frames.Now;
            while (true)
            {
                // The answer comes from playModeStateChanged; this only watches for a dropped
                // request, so ten checks a second are plenty (and leave the Editor idle).
                yield return new WaitSeconds(0.1);
                if (!McpBridge.Spanning.IsHeld(call.CallId))
                {
                    // Answered (then the call is done), or dropped at its deadline.
                    if (!call.IsDone) call.Fail("timeout", "control-play-mode did not see Unity reach the state asked for before the call's deadline; look at the Unity window, then call it again", StateData());
                    yield break;
                }
                var waited = Frames.Now - start;
                if (!transitionSeen && !EditorApplication.isCompiling && Settled(!play) && waited > 2)
                {
                    Refused(call.CallId, play);
                    yield break;
                }
                if (waited > 60)
                {
                    TimedOut(call.CallId, play);
                    yield break;
                }
            }
        }

        static void Refused(string callId, bool play)
        {
            if (play && EditorUtility.scriptCompilationFailed)
                McpBridge.Spanning.Fail(callId, "script_compile_error", CompileErrors, StateData());
            else
                McpBridge.Spanning.Fail(callId, "invalid_state", play
                    ? "Unity did not enter Play Mode (it stayed in Edit Mode); get-logs with LogType Error shows why, then call control-play-mode again"
                    : "Unity did not leave Play Mode; get-logs with LogType Error shows why, then call control-play-mode again", StateData());
        }

        static void TimedOut(string callId, bool play)
        {
            McpBridge.Spanning.Fail(callId, "timeout", (play ? "Unity did not finish entering Play Mode" : "Unity did not finish leaving Play Mode")
                + " within 60 s (a modal dialog or a long import may hold it); look at the Unity window, then call control-play-mode again", StateData());
        }

        /// <summary>playModeStateChanged (McpBridge forwards it): answers the held Play and
        /// Stop calls, in whichever domain the change arrives.</summary>
        public static void OnPlayModeStateChanged(PlayModeStateChange change)
        {
            switch (change)
            {
                case PlayModeStateChange.ExitingEditMode:
                case PlayModeStateChange.ExitingPlayMode:
                    transitionSeen = true;
                    return;
                case PlayModeStateChange.EnteredPlayMode:
                    Reached(true);
                    return;
                case PlayModeStateChange.EnteredEditMode:
                    Reached(false);
                    return;
            }
        }

        static void Reached(bool playing)
        {
            foreach (var kv in McpBridge.Spanning.Running(PlayModeTool))
            {
                bool want = kv.Value == null || (bool?)kv.Value["play"] != false;
                if (want == playing)
                    McpBridge.Spanning.Answer(kv.Key, State(playing ? "Play mode started" : "Play mode stopped"));
                else if (want)
                    McpBridge.Spanning.Fail(kv.Key, "invalid_state", "Unity went back to Edit Mode instead of entering Play Mode (an error while entering it, or it was stopped); get-logs with LogType Error shows why, then call control-play-mode again", StateData());
            }
        }

        static double restoredSince, nextRestoredCheck;
        static int settledChecks;

        /// <summary>After a domain reload: Play or Stop calls held across it are answered by
        /// the new domain's playModeStateChanged; should that have come before this domain
        /// listened, a check every 0.5 s answers them once Unity is settled in the state
        /// asked for (two checks in a row), and gives up after 60 s.</summary>
        public static void RestoreAfterReload()
        {
            if (McpBridge.Spanning.Running(PlayModeTool).Count == 0) return;
            restoredSince = Frames.Now;
            settledChecks = 0;
            EditorApplication.update -= CheckRestored;
            EditorApplication.update += CheckRestored;
        }

        static void CheckRestored()
        {
            if (Frames.Now < nextRestoredCheck) return;
            nextRestoredCheck = Frames.Now + 0.5;
            var held = McpBridge.Spanning.Running(PlayModeTool);
            if (held.Count == 0)
            {
                EditorApplication.update -= CheckRestored;
                return;
            }
            bool timedOut = Frames.Now - restoredSince > 60;
            foreach (var kv in held)
            {
                bool want = kv.Value == null || (bool?)kv.Value["play"] != false;
                if (timedOut) TimedOut(kv.Key, want);
                else if (Settled(want) && settledChecks >= 1)
                    McpBridge.Spanning.Answer(kv.Key, State(want ? "Play mode started" : "Play mode stopped"));
            }
            settledChecks = Settled(true) || Settled(false) ? settledChecks + 1 : 0;
            if (timedOut) EditorApplication.update -= CheckRestored;
        }

        /// <summary>_undo {action: begin, name} → {group}; {action: end, group} → {collapsed}.</summary>
        public static void Undo(ToolCall call)
        {
            var action = Args.Str(call, "action", "");
            switch (action)
            {
                case "begin":
                    UnityEditor.Undo.IncrementCurrentGroup();
                    UnityEditor.Undo.SetCurrentGroupName(Args.Str(call, "name", "unitymcp"));
                    call.Reply(new JObject { { "group", UnityEditor.Undo.GetCurrentGroup() } });
                    return;
                case "end":
                    if (!Args.Has(call, "group")) throw new ToolException("invalid_params", "_undo end needs the group that begin returned");
                    UnityEditor.Undo.CollapseUndoOperations(Args.Int(call, "group"));
                    call.Reply(new JObject { { "collapsed", true } });
                    return;
                default:
                    throw new ToolException("invalid_params", "_undo action must be begin or end");
            }
        }
    }
}
