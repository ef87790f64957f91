using System;
using System.Collections.Generic;
using System.Globalization;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityMcp.Core;
#if UNITYMCP_UGUI
using UnityEngine.EventSystems;
#endif
#if UNITYMCP_INPUT_SYSTEM
using UnityEngine.InputSystem;
using UnityEngine.InputSystem.LowLevel;
#endif

namespace UnityMcp.Editor.Tools
{
    /// <summary>simulate-mouse-ui (uGUI EventSystem), simulate-mouse-input and
    /// simulate-keyboard (Input System). Coordinates are Game View pixels from the
    /// top-left; Unity's screen space starts bottom-left, so y is flipped with the
    /// Game View height.</summary>
    [InitializeOnLoad]
    public static class PlayModeInputTools
    {
        static string N(double v) { return v.ToString(CultureInfo.InvariantCulture); }

        /// <summary>Forgets held keys and a drag in progress when Play Mode ends, so that with
        /// Enter Play Mode Options' domain reload off (statics survive) the next session does
        /// not inject keys held or a drag begun in the last one. Each part exists only with
        /// its package (uGUI for the drag, the Input System for keys): a project may have
        /// either one alone.</summary>
        static PlayModeInputTools()
        {
            EditorApplication.playModeStateChanged += s => { if (s == PlayModeStateChange.ExitingPlayMode) Forget(); };
        }

        internal static void Forget()
        {
#if UNITYMCP_UGUI
            drag = null;
#endif
#if UNITYMCP_INPUT_SYSTEM
            held.Clear();
#endif
        }

        static float GameViewHeight()
        {
            var size = Handles.GetMainGameViewSize();
            return size.y > 0 ? size.y : Screen.height;
        }

        static Vector2 ToScreen(double x, double y) { return new Vector2((float)x, GameViewHeight() - (float)y); }

        static JObject NotPlaying(string action)
        {
            return new JObject { { "Success", false }, { "Action", action }, { "Message", "PlayMode is not active; start it with control-play-mode (Action: Play) first" } };
        }

        // ---- simulate-mouse-ui ----

#if !UNITYMCP_UGUI
        public static void MouseUi(ToolCall call)
        {
            throw new ToolException("not_supported", "simulate-mouse-ui needs the Unity UI package (com.unity.ugui); add it in the Package Manager");
        }
#else
        sealed class DragState
        {
            public PointerEventData Data;
            public GameObject Press;
            public GameObject Drag;
            public Vector2 At; // top-left coordinates
        }

        static DragState drag;

        public static void MouseUi(ToolCall call)
        {
            var action = Args.OneOf(call, "Action", "Click", "Click", "Drag", "DragStart", "DragMove", "DragEnd", "LongPress");
            double x = Args.Num(call, "X"), y = Args.Num(call, "Y");
            var res = new JObject
            {
                { "Success", true }, { "Message", "" }, { "Action", action }, { "HitGameObjectName", null },
                { "PositionX", x }, { "PositionY", y }, { "EndPositionX", x }, { "EndPositionY", y },
            };
            if (!EditorApplication.isPlaying)
            {
                var r = NotPlaying(action);
                foreach (var p in res.Properties()) if (r.Property(p.Name) == null) r[p.Name] = p.Value;
                call.Reply(r);
                return;
            }
            var es = EventSystem.current;
            if (es == null)
            {
                res["Success"] = false;
                res["Message"] = "No EventSystem in the scene; add one (GameObject > UI > Event System)";
                call.Reply(res);
                return;
            }
            var button = ParseUiButton(Args.OneOf(call, "Button", "Left", "Left", "Right", "Middle"));
            Frames.Run(call, MouseUiRun(call, es, action, button, x, y, res));
        }

        static PointerEventData.InputButton ParseUiButton(string b)
        {
            return b == "Right" ? PointerEventData.InputButton.Right : b == "Middle" ? PointerEventData.InputButton.Middle : PointerEventData.InputButton.Left;
        }

        static RaycastResult Raycast(EventSystem es, PointerEventData data)
        {
            var hits = new List<RaycastResult>();
            es.RaycastAll(data, hits);
            foreach (var h in hits) if (h.gameObject != null) return h;
            return new RaycastResult();
        }

        static DragState Press(EventSystem es, PointerEventData.InputButton button, Vector2 topLeft)
        {
            var pos = ToScreen(topLeft.x, topLeft.y);
            var data = new PointerEventData(es) { position = pos, pressPosition = pos, button = button, delta = Vector2.zero, clickCount = 1, clickTime = Time.unscaledTime, eligibleForClick = true, useDragThreshold = false };
            var hit = Raycast(es, data);
            data.pointerCurrentRaycast = hit;
            data.pointerPressRaycast = hit;
            var go = hit.gameObject;
            var st = new DragState { Data = data, At = topLeft };
            if (go == null) return st;
            var press = ExecuteEvents.ExecuteHierarchy(go, data, ExecuteEvents.pointerDownHandler);
            if (press == null) press = ExecuteEvents.GetEventHandler<IPointerClickHandler>(go);
            data.pointerPress = press;
            data.rawPointerPress = go;
            st.Press = press;
            st.Drag = ExecuteEvents.GetEventHandler<IDragHandler>(go);
            if (st.Drag != null) ExecuteEvents.Execute(st.Drag, data, ExecuteEvents.initializePotentialDrag);
            return st;
        }

        static void Release(DragState st, bool click)
        {
            var data = st.Data;
            if (st.Press != null) ExecuteEvents.Execute(st.Press, data, ExecuteEvents.pointerUpHandler);
            var go = data.pointerCurrentRaycast.gameObject;
            if (click && go != null && st.Press != null && st.Press == ExecuteEvents.GetEventHandler<IPointerClickHandler>(go))
                ExecuteEvents.Execute(st.Press, data, ExecuteEvents.pointerClickHandler);
            data.eligibleForClick = false;
            data.pointerPress = null;
            data.rawPointerPress = null;
        }

        static void BeginDrag(DragState st)
        {
            if (st.Drag == null) return;
            st.Data.pointerDrag = st.Drag;
            st.Data.dragging = true;
            st.Data.eligibleForClick = false;
            ExecuteEvents.Execute(st.Drag, st.Data, ExecuteEvents.beginDragHandler);
        }

        static void MoveTo(EventSystem es, DragState st, Vector2 topLeft)
        {
            var pos = ToScreen(topLeft.x, topLeft.y);
            st.Data.delta = pos - st.Data.position;
            st.Data.position = pos;
            st.Data.pointerCurrentRaycast = Raycast(es, st.Data);
            st.At = topLeft;
            if (st.Drag != null && st.Data.dragging) ExecuteEvents.Execute(st.Drag, st.Data, ExecuteEvents.dragHandler);
        }

        static void EndDrag(DragState st)
        {
            var go = st.Data.pointerCurrentRaycast.gameObject;
            if (st.Data.dragging && go != null) ExecuteEvents.ExecuteHierarchy(go, st.Data, ExecuteEvents.dropHandler);
            if (st.Drag != null && st.Data.dragging) ExecuteEvents.Execute(st.Drag, st.Data, ExecuteEvents.endDragHandler);
            st.Data.dragging = false;
            st.Data.pointerDrag = null;
            Release(st, false);
        }

        /// <summary>Moves over frames at speed px/s (0: one step).</summary>
        static IEnumerable<object> Animate(EventSystem es, DragState st, Vector2 target, double speed)
        {
            var start = st.At;
            var dist = Vector2.Distance(start, target);
            double duration = speed > 0 ? dist / speed : 0;
            var t0 = Frames.Now;
            while (duration > 0 && Frames.Now - t0 < duration)
            {
                var k = (float)((Frames.Now - t0) / duration);
                MoveTo(es, st, Vector2.Lerp(start, target, k));
                yield return null;
            }
            MoveTo(es, st, target);
        }

        static string Name(GameObject g) { return g != null ? g.name : null; }

        static IEnumerable<object> MouseUiRun(ToolCall call, EventSystem es, string action, PointerEventData.InputButton button, double x, double y, JObject res)
        {
            var target = new Vector2((float)x, (float)y);
            double speed = Args.Num(call, "DragSpeed", 2000);
            switch (action)
            {
                case "Click":
                {
                    var st = Press(es, button, target);
                    Release(st, true);
                    res["HitGameObjectName"] = Name(st.Data.pointerCurrentRaycast.gameObject);
                    res["Message"] = "Clicked " + button + " at (" + N(x) + ", " + N(y) + ")" + (st.Press == null ? "; nothing there handles pointer events" : " on " + st.Press.name);
                    break;
                }
                case "LongPress":
                {
                    double duration = Args.Num(call, "Duration", 0.5);
                    var st = Press(es, button, target);
                    res["HitGameObjectName"] = Name(st.Data.pointerCurrentRaycast.gameObject);
                    yield return new WaitSeconds(duration);
                    Release(st, false);
                    res["Message"] = "Long-pressed at (" + N(x) + ", " + N(y) + ") for " + N(duration) + "s";
                    break;
                }
                case "Drag":
                {
                    double fx = Args.Num(call, "FromX"), fy = Args.Num(call, "FromY");
                    var st = Press(es, button, new Vector2((float)fx, (float)fy));
                    res["HitGameObjectName"] = Name(st.Data.pointerCurrentRaycast.gameObject);
                    res["PositionX"] = fx;
                    res["PositionY"] = fy;
                    BeginDrag(st);
                    yield return null;
                    foreach (var s in Animate(es, st, target, speed)) yield return s;
                    EndDrag(st);
                    res["Message"] = "Dragged from (" + N(fx) + ", " + N(fy) + ") to (" + N(x) + ", " + N(y) + ")" + (st.Drag == null ? "; nothing there handles drags" : " dragging " + st.Drag.name);
                    break;
                }
                case "DragStart":
                {
                    if (drag != null) EndDrag(drag);
                    var st = Press(es, button, target);
                    BeginDrag(st);
                    drag = st;
                    res["HitGameObjectName"] = Name(st.Data.pointerCurrentRaycast.gameObject);
                    res["Message"] = "Drag started at (" + N(x) + ", " + N(y) + ")" + (st.Drag == null ? "; nothing there handles drags" : " on " + st.Drag.name);
                    break;
                }
                default: // DragMove, DragEnd
                {
                    var st = drag;
                    if (st == null)
                    {
                        res["Success"] = false;
                        res["Message"] = "No drag in progress; call DragStart first";
                        break;
                    }
                    res["PositionX"] = st.At.x;
                    res["PositionY"] = st.At.y;
                    foreach (var s in Animate(es, st, target, speed)) yield return s;
                    res["HitGameObjectName"] = Name(st.Data.pointerCurrentRaycast.gameObject);
                    if (action == "DragEnd")
                    {
                        EndDrag(st);
                        drag = null;
                    }
                    res["Message"] = action + " to (" + N(x) + ", " + N(y) + ")";
                    break;
                }
            }
            call.Reply(res);
        }
#endif

        // ---- simulate-mouse-input / simulate-keyboard ----

#if !UNITYMCP_INPUT_SYSTEM
        public static void MouseInput(ToolCall call)
        {
            throw new ToolException("not_supported", "simulate-mouse-input needs the Input System package (com.unity.inputsystem 1.4 or later); add it in the Package Manager and set Player Settings > Active Input Handling to Input System Package (New) or Both");
        }

        public static void Keyboard(ToolCall call)
        {
            throw new ToolException("not_supported", "simulate-keyboard needs the Input System package (com.unity.inputsystem 1.4 or later); add it in the Package Manager and set Player Settings > Active Input Handling to Input System Package (New) or Both");
        }
#else
        static void RequireInputSystemBackend()
        {
#if !ENABLE_INPUT_SYSTEM
            throw new ToolException("not_supported", "Active Input Handling is set to Input Manager (Old): set Player Settings > Other Settings > Active Input Handling to Input System Package (New) or Both, then let the editor restart");
#endif
        }

        static MouseButton ParseButton(string b)
        {
            return b == "Right" ? MouseButton.Right : b == "Middle" ? MouseButton.Middle : MouseButton.Left;
        }

        /// <summary>The mouse state now (position kept, buttons as given).</summary>
        static MouseState State(Mouse mouse, Vector2 position, MouseButton? held)
        {
            var s = new MouseState { position = position };
            if (held.HasValue) s = s.WithButton(held.Value, true);
            return s;
        }

        public static void MouseInput(ToolCall call)
        {
            RequireInputSystemBackend();
            var action = Args.OneOf(call, "Action", "Click", "Click", "LongPress", "MoveDelta", "SmoothDelta", "Scroll");
            var res = new JObject { { "Success", true }, { "Message", "" }, { "Action", action }, { "Button", null }, { "PositionX", null }, { "PositionY", null } };
            if (!EditorApplication.isPlaying)
            {
                var r = NotPlaying(action);
                foreach (var p in res.Properties()) if (r.Property(p.Name) == null) r[p.Name] = p.Value;
                call.Reply(r);
                return;
            }
            var mouse = Mouse.current;
            if (mouse == null)
            {
                res["Success"] = false;
                res["Message"] = "No mouse device in the Input System (Mouse.current is null)";
                call.Reply(res);
                return;
            }
            Frames.Run(call, GameInputRouting.While(MouseRun(call, mouse, action, res)));
        }

        static IEnumerable<object> WaitFrames(int frames)
        {
            int start = Time.frameCount;
            var give = Frames.Now + 2;
            while (Time.frameCount - start < frames && Frames.Now < give) yield return null;
        }

        static IEnumerable<object> MouseRun(ToolCall call, Mouse mouse, string action, JObject res)
        {
            var current = mouse.position.ReadValue();
            switch (action)
            {
                case "Click":
                case "LongPress":
                {
                    var buttonName = Args.OneOf(call, "Button", "Left", "Left", "Right", "Middle");
                    var button = ParseButton(buttonName);
                    double x = Args.Num(call, "X"), y = Args.Num(call, "Y");
                    double duration = Args.Num(call, "Duration");
                    var pos = ToScreen(x, y);
                    InputSystem.QueueStateEvent(mouse, State(mouse, pos, button));
                    foreach (var s in WaitFrames(1)) yield return s;
                    if (duration > 0) yield return new WaitSeconds(duration);
                    InputSystem.QueueStateEvent(mouse, State(mouse, pos, null));
                    foreach (var s in WaitFrames(1)) yield return s;
                    res["Button"] = buttonName;
                    res["PositionX"] = x;
                    res["PositionY"] = y;
                    res["Message"] = "Injected " + buttonName + " " + action.ToLowerInvariant() + " at (" + N(x) + ", " + N(y) + ") into Mouse.current";
                    break;
                }
                case "MoveDelta":
                {
                    double dx = Args.Num(call, "DeltaX"), dy = Args.Num(call, "DeltaY");
                    InputSystem.QueueStateEvent(mouse, new MouseState { position = current, delta = new Vector2((float)dx, (float)dy) });
                    foreach (var s in WaitFrames(1)) yield return s;
                    res["Message"] = "Injected mouse delta (" + N(dx) + ", " + N(dy) + ")";
                    break;
                }
                case "SmoothDelta":
                {
                    double dx = Args.Num(call, "DeltaX"), dy = Args.Num(call, "DeltaY"), duration = Math.Max(0, Args.Num(call, "Duration"));
                    var t0 = Frames.Now;
                    double sentX = 0, sentY = 0;
                    while (true)
                    {
                        double k = duration > 0 ? Math.Min(1, (Frames.Now - t0) / duration) : 1;
                        double stepX = dx * k - sentX, stepY = dy * k - sentY;
                        sentX += stepX;
                        sentY += stepY;
                        InputSystem.QueueStateEvent(mouse, new MouseState { position = current, delta = new Vector2((float)stepX, (float)stepY) });
                        foreach (var s in WaitFrames(1)) yield return s;
                        if (k >= 1) break;
                    }
                    res["Message"] = "Injected mouse delta (" + N(dx) + ", " + N(dy) + ") over " + N(duration) + "s";
                    break;
                }
                default: // Scroll
                {
                    double sx = Args.Num(call, "ScrollX"), sy = Args.Num(call, "ScrollY");
                    InputSystem.QueueStateEvent(mouse, new MouseState { position = current, scroll = new Vector2((float)sx, (float)sy) });
                    foreach (var s in WaitFrames(1)) yield return s;
                    res["Message"] = "Injected scroll (" + N(sx) + ", " + N(sy) + ")";
                    break;
                }
            }
            call.Reply(res);
        }

        static readonly HashSet<Key> held = new HashSet<Key>();

        static KeyboardState KeyState(Key extra)
        {
            var keys = new List<Key>(held);
            if (extra != Key.None && !keys.Contains(extra)) keys.Add(extra);
            return new KeyboardState(keys.ToArray());
        }

        public static void Keyboard(ToolCall call)
        {
            RequireInputSystemBackend();
            var action = Args.OneOf(call, "Action", "Press", "Press", "KeyDown", "KeyUp");
            var keyArg = Args.Str(call, "Key", "");
            Key key = Key.None;
            foreach (Key k in Enum.GetValues(typeof(Key)))
            {
                if (k != Key.None && string.Equals(k.ToString(), keyArg, StringComparison.OrdinalIgnoreCase)) { key = k; break; }
            }
            if (key == Key.None)
            {
                try { key = (Key)Enum.Parse(typeof(Key), keyArg, true); }
                catch (ArgumentException) { }
            }
            if (key == Key.None || keyArg.Length == 0 || char.IsDigit(keyArg[0]))
                throw new ToolException("invalid_params", "\"" + keyArg + "\" is not an Input System Key name (examples: W, Space, LeftShift, Enter, Digit1, UpArrow)");
            var res = new JObject { { "Success", true }, { "Message", "" }, { "Action", action }, { "KeyName", key.ToString() } };
            if (!EditorApplication.isPlaying)
            {
                var r = NotPlaying(action);
                r["KeyName"] = key.ToString();
                call.Reply(r);
                return;
            }
            var kb = UnityEngine.InputSystem.Keyboard.current;
            if (kb == null)
            {
                res["Success"] = false;
                res["Message"] = "No keyboard device in the Input System (Keyboard.current is null)";
                call.Reply(res);
                return;
            }
            Frames.Run(call, GameInputRouting.While(KeyRun(call, kb, key, action, res)));
        }

        static IEnumerable<object> KeyRun(ToolCall call, UnityEngine.InputSystem.Keyboard kb, Key key, string action, JObject res)
        {
            switch (action)
            {
                case "Press":
                {
                    double duration = Args.Num(call, "Duration");
                    InputSystem.QueueStateEvent(kb, KeyState(key));
                    foreach (var s in WaitFrames(1)) yield return s;
                    if (duration > 0) yield return new WaitSeconds(duration);
                    InputSystem.QueueStateEvent(kb, KeyState(Key.None));
                    foreach (var s in WaitFrames(1)) yield return s;
                    res["Message"] = "Pressed " + key + (duration > 0 ? " for " + N(duration) + "s" : "");
                    break;
                }
                case "KeyDown":
                    held.Add(key);
                    InputSystem.QueueStateEvent(kb, KeyState(Key.None));
                    foreach (var s in WaitFrames(1)) yield return s;
                    res["Message"] = key + " held down; release it with KeyUp";
                    break;
                default:
                    if (!held.Remove(key))
                    {
                        res["Success"] = false;
                        res["Message"] = key + " is not held; KeyUp releases a key held by KeyDown";
                        break;
                    }
                    InputSystem.QueueStateEvent(kb, KeyState(Key.None));
                    foreach (var s in WaitFrames(1)) yield return s;
                    res["Message"] = "Released " + key;
                    break;
            }
            call.Reply(res);
        }
#endif
    }
}
