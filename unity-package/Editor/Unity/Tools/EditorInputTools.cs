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
    public static partial class EditorInputTools
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
    }
}
