using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Text;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>screenshot: PNGs of the editor windows whose title matches.</summary>
    public static class ScreenshotTool
    {
        public static void Invoke(ToolCall call)
        {
            var name = Args.Str(call, "WindowName", "Game");
            var mode = Args.OneOf(call, "MatchMode", "exact", "exact", "prefix", "contains");
            var scale = Args.Num(call, "ResolutionScale", 1);
            if (scale < 0.1 || scale > 1.0)
                throw new ToolException("invalid_params", "ResolutionScale must be between 0.1 and 1.0, got " + scale.ToString(CultureInfo.InvariantCulture));
            // Captures are written only inside the project's output folder (.uloop/outputs):
            // OutputDirectory is relative to it or absolute inside it (ProjectPaths.CaptureDirectory).
            var outArg = Args.Str(call, "OutputDirectory", "");
            var dir = ProjectPaths.CaptureDirectory(outArg.Length == 0 ? "Screenshots" : outArg, "OutputDirectory");
            try { OwnerOnly.Directory(dir); }
            catch (Exception e) { throw new ToolException("invalid_params", "cannot create OutputDirectory " + dir + ": " + e.Message); }

            var matches = new List<EditorWindow>();
            var titles = new List<string>();
            var q = name.ToLowerInvariant();
            foreach (var w in EditorWindows.All())
            {
                var t = EditorWindows.Title(w);
                titles.Add(t);
                var n = t.ToLowerInvariant();
                bool ok = mode == "exact" ? n == q : mode == "prefix" ? n.StartsWith(q, StringComparison.Ordinal) : n.Contains(q);
                if (ok) matches.Add(w);
            }
            if (matches.Count == 0)
                throw new ToolException("window_not_found", "no open window matches \"" + name + "\" (" + mode + "); open windows: " + string.Join(", ", titles.ToArray()));
            Frames.Run(call, Capture(call, matches, (float)scale, dir));
        }

        static IEnumerable<object> Capture(ToolCall call, List<EditorWindow> windows, float scale, string dir)
        {
            var previous = EditorWindow.focusedWindow;
            var shots = new JArray();
            try
            {
                foreach (var w in windows)
                {
                    if (w == null) continue;
                    foreach (var step in EditorWindows.Prepare(w)) yield return step;
                    if (w == null) continue;
                    var tex = EditorWindows.Read(w, scale);
                    int width = tex.width, height = tex.height;
                    // A new file every time: two windows of one title in the same millisecond get _2.
                    var stem = Safe(EditorWindows.Title(w)) + "_" + DateTime.Now.ToString("yyyyMMdd_HHmmss_fff", CultureInfo.InvariantCulture);
                    var path = ProjectPaths.Slash(Path.Combine(dir, CapturePaths.NewName(dir, stem, CapturePaths.Probe)));
                    long size = EditorWindows.SavePng(tex, path);
                    shots.Add(new JObject { { "ImagePath", path }, { "FileSizeBytes", size }, { "Width", width }, { "Height", height }, { "WindowTitle", EditorWindows.Title(w) } });
                }
            }
            finally
            {
                if (previous != null) previous.Focus();
            }
            call.Reply(new JObject { { "ScreenshotCount", shots.Count }, { "Screenshots", shots }, { "Message", OutputSummaries.Screenshots(shots) } });
        }

        static string Safe(string s)
        {
            var b = new StringBuilder();
            foreach (var c in s) b.Append(char.IsLetterOrDigit(c) || c == '-' || c == '_' ? c : '_');
            return b.Length > 0 ? b.ToString() : "Window";
        }
    }
}
