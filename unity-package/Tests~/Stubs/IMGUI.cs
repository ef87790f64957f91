// Stubs of the IMGUI API the adapters use; files in Unity-Technologies/UnityCsReference (2022.3).
using System;

namespace UnityEngine
{
    // UnityCsReference: Modules/IMGUI/Event.cs (constructor, current) and
    // Modules/IMGUI/Event.bindings.cs (type, mousePosition, delta, button, modifiers,
    // clickCount, character, keyCode)
    public sealed partial class Event
    {
        public Event() { }
        public static Event current { get { throw new NotImplementedException(); } set { } }
        public EventType type { get { throw new NotImplementedException(); } set { } }
        public Vector2 mousePosition { get { throw new NotImplementedException(); } set { } }
        public Vector2 delta { get { throw new NotImplementedException(); } set { } }
        public int button { get { throw new NotImplementedException(); } set { } }
        public EventModifiers modifiers { get { throw new NotImplementedException(); } set { } }
        public int clickCount { get { throw new NotImplementedException(); } set { } }
        public char character { get { throw new NotImplementedException(); } set { } }
        public KeyCode keyCode { get { throw new NotImplementedException(); } set { } }
    }

    // UnityCsReference: Modules/IMGUI/EventEnums.cs (the members used here)
    public enum EventType
    {
        MouseDown = 0,
        MouseUp = 1,
        MouseMove = 2,
        MouseDrag = 3,
        KeyDown = 4,
        KeyUp = 5,
        ScrollWheel = 6,
    }

    // UnityCsReference: Modules/IMGUI/EventEnums.cs
    [Flags]
    public enum EventModifiers
    {
        None = 0,
        Shift = 1,
        Control = 2,
        Alt = 4,
        Command = 8,
        Numeric = 16,
        CapsLock = 32,
        FunctionKey = 64,
    }

    // UnityCsReference: Modules/IMGUI/GUIContent.cs
    public class GUIContent
    {
        public string text { get { throw new NotImplementedException(); } set { } }
    }

    // UnityCsReference: Modules/IMGUI/GUIStyle.cs
    public sealed partial class GUIStyle { }

    // UnityCsReference: Modules/IMGUI/GUILayoutOption.cs
    public sealed class GUILayoutOption
    {
        internal GUILayoutOption(Type type, object value) { }
    }

    // UnityCsReference: Modules/IMGUI/GUILayout.cs
    public class GUILayout
    {
        public static bool Button(string text, params GUILayoutOption[] options) { throw new NotImplementedException(); }
        public static GUILayoutOption Width(float width) { throw new NotImplementedException(); }
        public static GUILayoutOption Height(float height) { throw new NotImplementedException(); }
    }
}
