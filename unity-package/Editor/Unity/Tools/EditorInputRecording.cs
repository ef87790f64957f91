using System;
using System.Collections.Generic;
using Stopwatch = System.Diagnostics.Stopwatch;
using System.Globalization;
using System.IO;
using System.Text;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    // input_record and input_replay (EditorInputTools.cs has the shared parts).
    public static partial class EditorInputTools
    {
        // ---- input_record ----

        /// <summary>Records the events the Scene View receives (SceneView.duringSceneGui is
        /// the public hook; other windows have none), plus the events input_pointer and
        /// input_key send to the recorded window.</summary>
        static class Recorder
        {
            public static EditorWindow Window;
            public static string View, Name, Path;
            public static bool IncludeMoves;
            public static DateTime Started;
            public static int FrameCount;
            public static JArray Events;
            static bool hooked;
            static bool sending;

            public static bool Active { get { return Events != null; } }

            public static void Start(EditorWindow w, string view, string name, string path, bool moves)
            {
                Window = w;
                View = view;
                Name = name;
                Path = path;
                IncludeMoves = moves;
                Started = DateTime.UtcNow;
                FrameCount = 0;
                Events = new JArray();
                if (!hooked)
                {
                    hooked = true;
                    SceneView.duringSceneGui += OnSceneGui;
                    EditorApplication.update += () => { if (Active) FrameCount++; };
                    McpBridge.BeforeReload += () => { if (Active) Save(); };
                }
            }

            static void OnSceneGui(SceneView sv)
            {
                if (!Active || sending || sv != Window) return;
                var e = Event.current;
                if (e == null) return;
                Add(e.type, e.mousePosition, e.button, e.modifiers, e.clickCount, e.delta, e.keyCode, e.character);
            }

            /// <summary>An event sent by the input tools (so recordings work for any window).</summary>
            public static void Note(EditorWindow w, EventType type, Vector2 p, int button, EventModifiers mods, int clicks, Vector2 delta, KeyCode key, char ch)
            {
                if (!Active || w != Window) return;
                if (w is SceneView) return; // duringSceneGui sees these already
                Add(type, p, button, mods, clicks, delta, key, ch);
            }

            static void Add(EventType type, Vector2 p, int button, EventModifiers mods, int clicks, Vector2 delta, KeyCode key, char ch)
            {
                string name;
                switch (type)
                {
                    case EventType.MouseDown: name = "mouseDown"; break;
                    case EventType.MouseUp: name = "mouseUp"; break;
                    case EventType.MouseDrag: name = "mouseDrag"; break;
                    case EventType.MouseMove: if (!IncludeMoves) return; name = "mouseMove"; break;
                    case EventType.ScrollWheel: name = "scrollWheel"; break;
                    case EventType.KeyDown: name = "keyDown"; break;
                    case EventType.KeyUp: name = "keyUp"; break;
                    default: return;
                }
                var o = new JObject { { "frame", FrameCount }, { "type", name }, { "x", p.x }, { "y", p.y }, { "button", button } };
                if (mods != EventModifiers.None) o["modifiers"] = (int)mods;
                if (clicks > 1) o["clickCount"] = clicks;
                if (type == EventType.ScrollWheel || type == EventType.MouseDrag) o["delta"] = new JArray(delta.x, delta.y);
                if (type == EventType.KeyDown || type == EventType.KeyUp)
                {
                    if (key == KeyCode.None && ch == '\0') return; // IMGUI's character-only twin events
                    o["key"] = key.ToString();
                    if (ch != '\0') o["character"] = ch.ToString();
                }
                Events.Add(o);
            }

            public static JObject Save()
            {
                var w = Window;
                bool known;
                var off = w != null ? EditorWindows.ContentOffset(w, out known) : Vector2.zero;
                var doc = new JObject
                {
                    { "version", 1 }, { "unity", Application.unityVersion }, { "view", View },
                    { "windowType", w != null ? w.GetType().FullName : "" },
                    { "windowSize", w != null ? new JArray(w.position.width, w.position.height) : new JArray() },
                    { "contentOffset", new JArray(off.x, off.y) },
                    { "createdUtc", DateTime.UtcNow.ToString("o", CultureInfo.InvariantCulture) },
                    { "events", Events },
                };
                Directory.CreateDirectory(System.IO.Path.GetDirectoryName(Path));
                File.WriteAllText(Path, doc.ToString(Newtonsoft.Json.Formatting.Indented), new UTF8Encoding(false));
                OwnerOnly.File(Path);
                var r = new JObject
                {
                    { "path", Path }, { "events", Events.Count }, { "frames", LastFrame(Events) },
                    { "durationMs", (long)(DateTime.UtcNow - Started).TotalMilliseconds }, { "view", View }, { "window", w != null ? EditorWindows.Title(w) : "" },
                };
                Events = null;
                Window = null;
                return r;
            }

            public static IDisposable Sending() { sending = true; return new Reset(); }
            sealed class Reset : IDisposable { public void Dispose() { sending = false; } }
        }

        static int LastFrame(JArray events)
        {
            return events.Count == 0 ? 0 : (int)events[events.Count - 1]["frame"];
        }

        static string RecordingsDir()
        {
            return ProjectPaths.Slash(System.IO.Path.Combine(System.IO.Path.Combine(StateDirectory.Current(), "recordings"), ProjectPaths.ProjectHash));
        }

        /// <summary>The file name of a recording (the daemon's rule: A-Z a-z 0-9 _ - kept, the rest _).</summary>
        public static string RecordingFile(string name)
        {
            if (string.IsNullOrEmpty(name)) throw new ToolException("invalid_params", "the recording name is empty");
            if (name.Length > 100) throw new ToolException("invalid_params", "the recording name is longer than 100 characters");
            var b = new StringBuilder();
            foreach (var c in name)
                b.Append((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ? c : '_');
            var safe = b.ToString();
            switch (safe.ToUpperInvariant())
            {
                case "CON": case "PRN": case "AUX": case "NUL":
                case "COM1": case "COM2": case "COM3": case "COM4": case "COM5": case "COM6": case "COM7": case "COM8": case "COM9":
                case "LPT1": case "LPT2": case "LPT3": case "LPT4": case "LPT5": case "LPT6": case "LPT7": case "LPT8": case "LPT9":
                    throw new ToolException("invalid_params", "\"" + name + "\" is a reserved device name on Windows; choose another recording name");
            }
            return safe + ".json";
        }

        public static void Record(ToolCall call)
        {
            var action = Args.OneOf(call, "action", "status", "start", "stop", "status");
            switch (action)
            {
                case "start":
                {
                    if (Recorder.Active) throw new ToolException("already_recording", "a recording (" + Recorder.Name + ") is in progress; stop it first");
                    var view = Args.Str(call, "view", "");
                    if (view.Length == 0) throw new ToolException("invalid_params", "input_record start needs view");
                    var w = EditorWindows.ResolveView(view);
                    var name = Args.Str(call, "name", "");
                    if (name.Length == 0) name = "recording_" + DateTime.Now.ToString("yyyyMMdd_HHmmss", CultureInfo.InvariantCulture);
                    var path = RecordingsDir() + "/" + RecordingFile(name);
                    Recorder.Start(w, view.ToLowerInvariant(), name, path, Args.Bool(call, "include_moves"));
                    var r = new JObject { { "recording", true }, { "view", view }, { "name", name }, { "path", path } };
                    EditorWindows.Describe(w, r);
                    if (!(w is SceneView))
                        r["note"] = "Unity has no public hook for another window's events: only the Scene View records your own input; for " + EditorWindows.Title(w) + " the events sent with input_pointer and input_key are recorded";
                    call.Reply(r);
                    return;
                }
                case "stop":
                    if (!Recorder.Active) throw new ToolException("not_recording", "no recording is in progress; start one with action start");
                    call.Reply(Recorder.Save());
                    return;
                default:
                    if (!Recorder.Active) { call.Reply(new JObject { { "recording", false } }); return; }
                    call.Reply(new JObject
                    {
                        { "recording", true }, { "view", Recorder.View }, { "window", Recorder.Window != null ? EditorWindows.Title(Recorder.Window) : "" },
                        { "name", Recorder.Name }, { "events", Recorder.Events.Count }, { "frames", LastFrame(Recorder.Events) },
                        { "durationMs", (long)(DateTime.UtcNow - Recorder.Started).TotalMilliseconds }, { "includeMoves", Recorder.IncludeMoves },
                    });
                    return;
            }
        }

        // ---- input_replay ----

        public static void Replay(ToolCall call)
        {
            string path = Args.Str(call, "path", "");
            var name = Args.Str(call, "name", "");
            if ((name.Length == 0) == (path.Length == 0)) throw new ToolException("invalid_params", "input_replay: give exactly one of name or path");
            if (name.Length > 0) path = RecordingsDir() + "/" + RecordingFile(name);
            else if (!System.IO.Path.IsPathRooted(path)) path = ProjectPaths.Resolve(path, "path");
            if (!File.Exists(path)) throw new ToolException("recording_not_found", "no recording at " + path + "; record one with input_record");
            JObject rec;
            try { rec = JObject.Parse(File.ReadAllText(path)); }
            catch (Exception) { throw new ToolException("invalid_recording", path + " is not a recording"); }
            var events = rec["events"] as JArray;
            if (events == null) throw new ToolException("invalid_recording", path + " has no events");
            var view = Args.Str(call, "view", "");
            if (view.Length == 0) view = (string)rec["view"] ?? "";
            var w = Target(view);
            double speed = Args.Num(call, "speed", 1);
            if (speed <= 0) throw new ToolException("invalid_params", "speed must be above 0");
            int loops = Math.Max(1, Args.Int(call, "loop_count", 1));
            bool repaint = Args.Bool(call, "repaint_each_frame", true);
            bool restore = Args.Bool(call, "restore_focus", true);
            var capture = Args.Str(call, "then_capture", "");
            var capturePath = Args.Str(call, "capture_path", "");
            Frames.Run(call, ReplayRun(call, w, view, ProjectPaths.Slash(path), events, speed, loops, repaint, restore, capture, capturePath));
        }

        static IEnumerable<object> ReplayRun(ToolCall call, EditorWindow w, string view, string path, JArray events, double speed, int loops,
            bool repaint, bool restore, string capture, string capturePath)
        {
            var sw = Stopwatch.StartNew();
            var previous = EditorWindow.focusedWindow;
            var s = NewSender(w);
            int frames = 0;
            JObject captured = null;
            try
            {
                if (previous != w) w.Focus();
                for (int l = 0; l < loops; l++)
                {
                    int frame = 0, i = 0;
                    while (i < events.Count)
                    {
                        while (i < events.Count && (int)((int)events[i]["frame"] / speed) <= frame)
                        {
                            Send(s, (JObject)events[i]);
                            i++;
                        }
                        if (repaint) w.Repaint();
                        if (i < events.Count) { frame++; frames++; yield return null; }
                    }
                    frames++;
                    yield return null;
                }
                if (capture.Length > 0)
                {
                    EditorWindow target = null;
                    try { target = EditorWindows.ResolveView(capture); }
                    catch (ToolException e) { captured = new JObject { { "error", e.Code }, { "message", e.Message } }; }
                    if (target != null)
                    {
                        foreach (var step in EditorWindows.Prepare(target)) yield return step;
                        captured = EditorWindows.CaptureTo(capture, capturePath);
                    }
                }
            }
            finally
            {
                if (restore && previous != null && previous != w) previous.Focus();
            }
            var r = Result(w, view, s.Sent, frames, loops, sw);
            r["path"] = path;
            if (captured != null) r["capture"] = captured;
            call.Reply(r);
        }

        static void Send(Sender s, JObject e)
        {
            var type = (string)e["type"];
            var p = new Vector2((float)(e["x"] ?? 0), (float)(e["y"] ?? 0));
            int button = (int)(e["button"] ?? 0);
            var mods = (EventModifiers)(int)(e["modifiers"] ?? 0);
            int clicks = (int)(e["clickCount"] ?? 1);
            var d = e["delta"] as JArray;
            var delta = d != null && d.Count == 2 ? new Vector2((float)d[0], (float)d[1]) : Vector2.zero;
            using (Recorder.Sending())
            {
                switch (type)
                {
                    case "mouseDown": s.Mouse(EventType.MouseDown, p, button, mods, clicks); break;
                    case "mouseUp": s.Mouse(EventType.MouseUp, p, button, mods, clicks); break;
                    case "mouseDrag": s.Mouse(EventType.MouseDrag, p, button, mods, 1, delta); break;
                    case "mouseMove": s.Mouse(EventType.MouseMove, p, button, mods); break;
                    case "scrollWheel": s.Mouse(EventType.ScrollWheel, p, button, mods, 1, delta); break;
                    case "keyDown":
                    case "keyUp":
                    {
                        var key = KeyCode.None;
                        var ks = (string)e["key"];
                        if (!string.IsNullOrEmpty(ks)) key = ParseKey(ks);
                        var cs = (string)e["character"];
                        char ch = string.IsNullOrEmpty(cs) ? '\0' : cs[0];
                        s.Key(type == "keyDown" ? EventType.KeyDown : EventType.KeyUp, key, ch, mods);
                        break;
                    }
                }
            }
        }
    }
}
