using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>play_mode_status and play_mode_step (isuzu's names). Play, stop and pause stay
    /// control-play-mode's (seed 002); isuzu's play_mode_play/stop/pause/unpause run as it in
    /// definition sequences (the daemon maps them). play_mode_step pauses the game if it runs,
    /// advances exactly count frames with EditorApplication.Step — one per editor update, each
    /// seen through Time.frameCount — then reads the given reflect_read paths at that frame,
    /// so an agent can watch a value change frame by frame.</summary>
    public static class PlayModeTools
    {
        public static void Status(ToolCall call)
        {
            call.Reply(new JObject
            {
                { "state", !EditorApplication.isPlaying ? "edit" : EditorApplication.isPaused ? "paused" : "playing" },
                { "is_playing", EditorApplication.isPlaying },
                { "is_paused", EditorApplication.isPaused },
                { "will_change", EditorApplication.isPlayingOrWillChangePlaymode != EditorApplication.isPlaying },
                { "is_compiling", EditorApplication.isCompiling },
                { "frame", EditorApplication.isPlaying ? Time.frameCount : 0 },
            });
        }

        public static void Step(ToolCall call)
        {
            int count = Args.Int(call, "count", 1);
            if (count < 1 || count > 1000) throw new ToolException("invalid_params", "count must be 1 to 1000; got " + count);
            var paths = Args.StrList(call, "paths");
            if (paths.Count > 50) throw new ToolException("invalid_params", "paths takes at most 50 paths; got " + paths.Count);
            if (!EditorApplication.isPlaying)
                throw new ToolException("invalid_state", "the game is not in Play Mode; start it with control-play-mode (Action: Play), then step");
            Frames.Run(call, Run(call, count, paths));
        }

        static IEnumerable<object> Run(ToolCall call, int count, List<string> paths)
        {
            bool pausedByStep = !EditorApplication.isPaused;
            if (pausedByStep) EditorApplication.isPaused = true;
            int start = Time.frameCount, stepped = 0;
            for (int i = 0; i < count; i++)
            {
                int before = Time.frameCount;
                EditorApplication.Step();
                // The frame runs on a later editor update; give it up to 2 s (a frame that
                // takes longer is reported, not waited for forever).
                var until = Frames.Now + 2;
                while (Time.frameCount == before && EditorApplication.isPlaying && Frames.Now < until) yield return null;
                if (!EditorApplication.isPlaying) throw new ToolException("invalid_state", "Play Mode ended after " + stepped + " frame(s)");
                if (Time.frameCount == before) throw new ToolException("timeout", "frame " + (stepped + 1) + " of " + count + " did not run within 2 s; the game may be blocked");
                stepped++;
            }
            var values = new JArray();
            foreach (var p in paths)
            {
                try { values.Add(ReflectTool.ReadOne(p, 2, 20, false)); }
                catch (ToolException e) { values.Add(new JObject { { "path", p }, { "error", e.Message } }); }
                catch (Exception e) { values.Add(new JObject { { "path", p }, { "error", e.GetType().Name + ": " + e.Message } }); }
            }
            call.Reply(new JObject
            {
                { "frame", Time.frameCount }, { "stepped", Time.frameCount - start }, { "paused_by_step", pausedByStep }, { "values", values },
            });
        }
    }
}
