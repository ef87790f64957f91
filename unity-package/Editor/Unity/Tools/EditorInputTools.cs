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
    /// <summary>input_pointer, input_key, input_record, input_replay: IMGUI events sent to
    /// an editor window with EditorWindow.SendEvent. Coordinates are points from the
    /// top-left of the window's content; the content offset (tab bar) is added.</summary>
    public static class EditorInputTools
    {
        // ---- shared ----

        static EventModifiers Modifiers(ToolCall call)
        {
            var m = EventModifiers.None;
            foreach (var s in Args.StrList(call, "modifiers"))
            {
                switch (s.ToLowerInvariant())
                {
                    case "alt": case "option": m |= EventModifiers.Alt; break;
                    case "ctrl": case "control": m |= EventModifiers.Control; break;
                    case "shift": m |= EventModifiers.Shift; break;
                    case "cmd": case "command": case "meta": m |= EventModifiers.Command; break;
                    default: throw new ToolException("invalid_params", "unknown modifier \"" + s + "\"; use alt, ctrl, shift, cmd");
                }
            }
            return m;
        }

        sealed class Sender
        {
            public EditorWindow Window;
            public Vector2 Offset;
            public int Sent;

            public void Mouse(EventType type, Vector2 p, int button, EventModifiers mods, int clicks = 1, Vector2 delta = default(Vector2))
            {
                var e = new Event
                {
                    type = type,
                    mousePosition = p + Offset,
                    button = button,
                    modifiers = mods,
                    clickCount = clicks,
                    delta = delta,
                };
                Window.SendEvent(e);
                Sent++;
                Recorder.Note(Window, type, p, button, mods, clicks, delta, KeyCode.None, '\0');
            }

            public void Key(EventType type, KeyCode key, char character, EventModifiers mods)
            {
                var e = new Event { type = type, keyCode = key, character = character, modifiers = mods };
                Window.SendEvent(e);
                Sent++;
                Recorder.Note(Window, type, Vector2.zero, 0, mods, 0, Vector2.zero, key, character);
            }
        }

        /// <summary>The window a view names, refused when input may not be sent to it
        /// (InputRules: Project Settings, Preferences, an Inspector showing a project setting).</summary>
        static EditorWindow Target(string view)
        {
            var w = EditorWindows.ResolveView(view);
            var chain = new List<string>();
            for (var t = w.GetType(); t != null; t = t.BaseType) chain.Add(t.FullName);
            var refusal = InputRules.Refusal(chain, EditorWindows.Title(w), InputRules.IsInspector(chain) ? Shown(w) : null);
            if (refusal != null) throw new ToolException("window_refused", refusal);
            return w;
        }

        /// <summary>The asset paths of what an Inspector or Properties window shows: its
        /// editors' targets, read through PropertyEditor.tracker (a public property of an
        /// internal class, UnityCsReference Editor/Mono/Inspector/Core/PropertyEditor.cs; a
        /// locked Inspector or a Properties window shows other objects than the selection).
        /// Null when this Unity has no such property.</summary>
        static List<string> Shown(EditorWindow w)
        {
            // unityapi:reflects UnityEditor.PropertyEditor::tracker public property ActiveEditorTracker get
            var p = w.GetType().GetProperty("tracker", System.Reflection.BindingFlags.Instance | System.Reflection.BindingFlags.Public);
            var tracker = p != null && p.PropertyType == typeof(ActiveEditorTracker) ? p.GetValue(w, null) as ActiveEditorTracker : null;
            if (tracker == null) return null;
            var paths = new List<string>();
            foreach (var e in tracker.activeEditors)
            {
                if (e == null) continue;
                foreach (var o in e.targets) if (o != null) paths.Add(AssetDatabase.GetAssetPath(o));
            }
            return paths;
        }

        static Sender NewSender(EditorWindow w)
        {
            bool known;
            return new Sender { Window = w, Offset = EditorWindows.ContentOffset(w, out known) };
        }

        static JObject CameraState(EditorWindow w)
        {
            var sv = w as SceneView;
            if (sv == null || sv.camera == null) return null;
            var t = sv.camera.transform;
            var writer = new ValueWriter(1, 4);
            return new JObject { { "position", writer.Write(t.position) }, { "rotation", writer.Write(t.rotation) }, { "pivot", writer.Write(sv.pivot) } };
        }

        static JObject Result(EditorWindow w, string view, int sent, int frames, int loops, Stopwatch sw)
        {
            var r = new JObject { { "sent", sent }, { "frames", frames }, { "loops", loops }, { "view", view }, { "durationMs", sw.ElapsedMilliseconds } };
            EditorWindows.Describe(w, r);
            return r;
        }

        // ---- input_pointer ----

        public static void Pointer(ToolCall call)
        {
            var view = Args.Str(call, "view", "");
            var w = Target(view);
            var action = Args.OneOf(call, "action", "move", "move", "down", "up", "click", "drag", "scroll");
            int button = Args.Int(call, "button", 0);
            if (button < 0 || button > 2) throw new ToolException("invalid_params", "button must be 0 (left), 1 (right) or 2 (middle)");
            var from = Args.Point(call, "from");
            if (from == null) throw new ToolException("invalid_params", "from must be [x, y]");
            var to = Args.Point(call, "to");
            if (action == "drag" && to == null) throw new ToolException("invalid_params", "a drag needs to: [x, y]");
            var size = new Vector2(w.position.width, w.position.height);
            Vector2 f = from.Value, t = to ?? f;
            if (Args.Bool(call, "normalized")) { f = Vector2.Scale(f, size); t = Vector2.Scale(t, size); }
            // Game view only: from/to are pixels of its render target, as a Game screenshot
            // shows them; mapped to window points as Unity maps the game's mouse (EditorWindows).
            if (Args.Bool(call, "game_pixels"))
            {
                if (Args.Bool(call, "normalized")) throw new ToolException("invalid_params", "give either normalized or game_pixels, not both");
                f = EditorWindows.GamePixelToPoint(w, f);
                t = EditorWindows.GamePixelToPoint(w, t);
            }
            foreach (var p in new[] { f, t })
            {
                if (p.x < 0 || p.y < 0 || p.x > size.x || p.y > size.y)
                    throw new ToolException("invalid_params", "point (" + p.x + ", " + p.y + ") is outside the " + EditorWindows.Title(w) + " window (" + size.x + "x" + size.y + ")");
            }
            int steps = Math.Max(1, Math.Min(1000, Args.Int(call, "steps", 30)));
            int fps = Math.Max(0, Math.Min(1000, Args.Int(call, "frames_per_step", 1)));
            int clicks = Math.Max(1, Math.Min(100, Args.Int(call, "click_count", 1)));
            var scroll = Args.Point(call, "scroll_delta");
            if (action == "scroll" && (scroll == null || scroll.Value == Vector2.zero))
                throw new ToolException("invalid_params", "scroll needs a non-zero scroll_delta [x, y]");
            var mods = Modifiers(call);
            bool restore = Args.Bool(call, "restore_focus", true);
            Frames.Run(call, PointerRun(call, w, view, action, button, f, t, steps, fps, clicks, scroll ?? Vector2.zero, mods, restore));
        }

        static IEnumerable<object> PointerRun(ToolCall call, EditorWindow w, string view, string action, int button, Vector2 f, Vector2 t,
            int steps, int fps, int clicks, Vector2 scroll, EventModifiers mods, bool restore)
        {
            var sw = Stopwatch.StartNew();
            var previous = EditorWindow.focusedWindow;
            var before = CameraState(w);
            var s = NewSender(w);
            int frames = 1;
            try
            {
                if (previous != w) w.Focus();
                switch (action)
                {
                    case "move": s.Mouse(EventType.MouseMove, f, button, mods); break;
                    case "down": s.Mouse(EventType.MouseDown, f, button, mods); break;
                    case "up": s.Mouse(EventType.MouseUp, f, button, mods); break;
                    case "scroll": s.Mouse(EventType.ScrollWheel, f, button, mods, 1, scroll); break;
                    case "click":
                        for (int i = 0; i < clicks; i++)
                        {
                            s.Mouse(EventType.MouseDown, f, button, mods, i + 1);
                            s.Mouse(EventType.MouseUp, f, button, mods, i + 1);
                        }
                        break;
                    case "drag":
                        s.Mouse(EventType.MouseDown, f, button, mods);
                        var prev = f;
                        frames = 0;
                        for (int i = 1; i <= steps; i++)
                        {
                            var p = Vector2.Lerp(f, t, (float)i / steps);
                            s.Mouse(EventType.MouseDrag, p, button, mods, 1, p - prev);
                            prev = p;
                            w.Repaint();
                            for (int k = 0; k < fps; k++) { frames++; yield return null; }
                        }
                        s.Mouse(EventType.MouseUp, t, button, mods);
                        frames = Math.Max(1, frames);
                        break;
                }
                w.Repaint();
            }
            finally
            {
                if (restore && previous != null && previous != w) previous.Focus();
            }
            var r = Result(w, view, s.Sent, frames, 1, sw);
            if (before != null) r["camera"] = new JObject { { "before", before }, { "after", CameraState(w) } };
            call.Reply(r);
        }

        // ---- input_key ----

        public static KeyCode ParseKey(string key)
        {
            if (string.IsNullOrEmpty(key)) throw new ToolException("invalid_params", "key is empty");
            foreach (KeyCode k in Enum.GetValues(typeof(KeyCode)))
                if (string.Equals(k.ToString(), key, StringComparison.OrdinalIgnoreCase)) return k;
            throw new ToolException("invalid_params", "\"" + key + "\" is not a UnityEngine.KeyCode name (examples: F, Delete, Space, Alpha1, LeftArrow)");
        }

        static char CharacterFor(KeyCode k, EventModifiers mods)
        {
            if (k >= KeyCode.A && k <= KeyCode.Z)
            {
                char c = (char)('a' + (k - KeyCode.A));
                return (mods & EventModifiers.Shift) != 0 ? char.ToUpperInvariant(c) : c;
            }
            if (k >= KeyCode.Alpha0 && k <= KeyCode.Alpha9) return (char)('0' + (k - KeyCode.Alpha0));
            if (k == KeyCode.Space) return ' ';
            if (k == KeyCode.Return || k == KeyCode.KeypadEnter) return '\n';
            if (k == KeyCode.Tab) return '\t';
            return '\0';
        }

        public static void Key(ToolCall call)
        {
            var view = Args.Str(call, "view", "");
            var w = Target(view);
            var key = ParseKey(Args.Str(call, "key", ""));
            var action = Args.OneOf(call, "action", "press", "press", "down", "up");
            var mods = Modifiers(call);
            var chs = Args.Str(call, "character", "");
            if (chs.Length > 1) throw new ToolException("invalid_params", "character must be a single character, got \"" + chs + "\"");
            char ch = chs.Length == 1 ? chs[0] : CharacterFor(key, mods);
            bool restore = Args.Bool(call, "restore_focus", true);

            var sw = Stopwatch.StartNew();
            var previous = EditorWindow.focusedWindow;
            var s = NewSender(w);
            try
            {
                if (previous != w) w.Focus();
                if (action != "up") s.Key(EventType.KeyDown, key, ch, mods);
                if (action != "down") s.Key(EventType.KeyUp, key, '\0', mods);
                w.Repaint();
            }
            finally
            {
                if (restore && previous != null && previous != w) previous.Focus();
            }
            call.Reply(Result(w, view, s.Sent, 1, 1, sw));
        }

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
