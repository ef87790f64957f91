// Stubs of the UnityEngine API the adapters use (Unity 2022.3 / 6). Every member exists
// in Unity; the comments cite its file in Unity-Technologies/UnityCsReference (branch 2022.3); cmd/unitystubcheck checks
// every declaration against each supported version's branch.
// Bodies are placeholders where the adapters' tests do not run them; the scene objects,
// math and Undo behave (World.cs, Transform.cs, Math.cs, Undo.cs).
using System;
using System.Collections.Generic;

namespace UnityEngine
{
    // UnityCsReference: Runtime/Export/Scripting/UnityEngineObject.bindings.cs (enum HideFlags)
    [Flags]
    public enum HideFlags
    {
        None = 0,
        HideInHierarchy = 1,
        HideInInspector = 2,
        DontSaveInEditor = 4,
        NotEditable = 8,
        DontSaveInBuild = 16,
        DontUnloadUnusedAsset = 32,
        DontSave = 52,
        HideAndDontSave = 61,
    }

    // UnityCsReference: Runtime/Export/Scripting/ScriptableObject.bindings.cs
    public class ScriptableObject : Object
    {
        // ScriptableObject.CreateInstance: a new instance, not in any scene.
        public static T CreateInstance<T>() where T : ScriptableObject { return (T)Activator.CreateInstance(typeof(T), true); }
    }

    // UnityCsReference: Runtime/Export/Camera/Camera.bindings.cs
    public sealed partial class Camera : Behaviour { }

    // UnityCsReference: Runtime/Export/Graphics/Light.bindings.cs (used by the package docs' sample tool)
    public sealed partial class Light : Behaviour { }

    // UnityCsReference: Runtime/Export/Resources/Resources.bindings.cs
    public sealed class Resources
    {
        public static T[] FindObjectsOfTypeAll<T>() where T : Object { throw new NotImplementedException(); }
    }

    // UnityCsReference: Runtime/Export/Application/Application.bindings.cs (dataPath,
    // unityVersion, isBatchMode, platform) and Runtime/Export/Application/Application.cs
    // (LogCallback, logMessageReceivedThreaded)
    public partial class Application
    {
        public delegate void LogCallback(string condition, string stackTrace, LogType type);
        public static event LogCallback logMessageReceivedThreaded;
        // The fake's project: its Assets folder (World.Reset and the headless editor set it).
        internal static string FakeDataPath = "";
        public static string dataPath { get { return FakeDataPath; } }
        public static string unityVersion { get { return "fake"; } }
        public static bool isBatchMode { get { return false; } }
        public static RuntimePlatform platform { get { return RuntimePlatform.LinuxEditor; } }
    }

    // UnityCsReference: Runtime/Export/BaseClass.cs (enum RuntimePlatform; members used here)
    public enum RuntimePlatform
    {
        OSXEditor = 0,
        WindowsEditor = 7,
        LinuxEditor = 16,
    }

    // UnityCsReference: Runtime/Export/BaseClass.cs (enum LogType)
    public enum LogType
    {
        Error = 0,
        Assert = 1,
        Warning = 2,
        Log = 3,
        Exception = 4,
    }

    // UnityCsReference: Runtime/Export/Debug/Debug.bindings.cs
    public class Debug
    {
        public static void Log(object message) { }
        public static void LogWarning(object message) { }
        public static void LogException(Exception exception) { }
    }

    // UnityCsReference: Runtime/Export/Time/Time.bindings.cs
    public partial class Time
    {
        public static float unscaledTime { get { return (float)UnityEditor.EditorApplication.FakeClock; } }
        public static int frameCount { get { return UnityEditor.EditorApplication.FakeFrame; } }
    }

    // UnityCsReference: Runtime/Export/Device/Screen.cs
    public sealed class Screen
    {
        public static int height { get { throw new NotImplementedException(); } }
    }

    // UnityCsReference: Runtime/Export/Math/Mathf.cs
    public partial struct Mathf
    {
        public static int Max(int a, int b) { return a > b ? a : b; }
        public static int Min(int a, int b) { return a < b ? a : b; }
        public static int RoundToInt(float f) { return (int)Math.Round(f); }
    }

    // UnityCsReference: Runtime/Export/Math/Vector2.cs
    public struct Vector2 : IEquatable<Vector2>
    {
        public float x;
        public float y;
        public Vector2(float x, float y) { this.x = x; this.y = y; }
        public static Vector2 zero { get { return new Vector2(0, 0); } }
        public static Vector2 Lerp(Vector2 a, Vector2 b, float t) { throw new NotImplementedException(); }
        public static Vector2 Scale(Vector2 a, Vector2 b) { throw new NotImplementedException(); }
        public static float Distance(Vector2 a, Vector2 b) { throw new NotImplementedException(); }
        public static Vector2 operator +(Vector2 a, Vector2 b) { throw new NotImplementedException(); }
        public static Vector2 operator -(Vector2 a, Vector2 b) { throw new NotImplementedException(); }
        public static bool operator ==(Vector2 lhs, Vector2 rhs) { throw new NotImplementedException(); }
        public static bool operator !=(Vector2 lhs, Vector2 rhs) { throw new NotImplementedException(); }
        public override bool Equals(object other) { throw new NotImplementedException(); }
        public bool Equals(Vector2 other) { throw new NotImplementedException(); }
        public override int GetHashCode() { throw new NotImplementedException(); }
    }

    // UnityCsReference: Runtime/Export/Math/Vector4.cs
    public struct Vector4
    {
        public float x;
        public float y;
        public float z;
        public float w;
    }

    // UnityCsReference: Runtime/Export/Math/Vector2Int.cs (fields m_X, m_Y behind x, y)
    public struct Vector2Int
    {
        int m_X, m_Y;
        public Vector2Int(int x, int y) { m_X = x; m_Y = y; }
        public int x { get { return m_X; } set { m_X = value; } }
        public int y { get { return m_Y; } set { m_Y = value; } }
    }

    // UnityCsReference: Runtime/Export/Math/Vector3Int.cs (fields m_X, m_Y, m_Z behind x, y, z)
    public struct Vector3Int
    {
        int m_X, m_Y, m_Z;
        public Vector3Int(int x, int y, int z) { m_X = x; m_Y = y; m_Z = z; }
        public int x { get { return m_X; } set { m_X = value; } }
        public int y { get { return m_Y; } set { m_Y = value; } }
        public int z { get { return m_Z; } set { m_Z = value; } }
    }

    // UnityCsReference: Runtime/Export/Math/Color.cs
    public struct Color
    {
        public float r;
        public float g;
        public float b;
        public float a;
        public Color(float r, float g, float b, float a) { this.r = r; this.g = g; this.b = b; this.a = a; }
        public static Color black { get { return new Color(0, 0, 0, 1); } }
    }

    // UnityCsReference: Runtime/Export/Math/Color32.cs
    public partial struct Color32
    {
        public byte r;
        public byte g;
        public byte b;
        public byte a;
    }

    // UnityCsReference: Runtime/Export/Geometry/Rect.cs
    // Rect.cs: four floats, m_XMin, m_YMin, m_Width, m_Height; serialized as x, y, width, height.
    public partial struct Rect
    {
        internal float m_XMin, m_YMin, m_Width, m_Height;
        public float x { get { return m_XMin; } set { m_XMin = value; } }
        public float y { get { return m_YMin; } set { m_YMin = value; } }
        public float width { get { return m_Width; } set { m_Width = value; } }
        public float height { get { return m_Height; } set { m_Height = value; } }
    }

    // UnityCsReference: Runtime/Export/Geometry/Bounds.cs
    public partial struct Bounds
    {
        public Vector3 center { get { throw new NotImplementedException(); } set { } }
        public Vector3 size { get { throw new NotImplementedException(); } set { } }
    }

    // UnityCsReference: Runtime/Export/Graphics/GraphicsEnums.cs (enum TextureFormat; member used here)
    public enum TextureFormat
    {
        RGB24 = 3,
        RGBA32 = 4,
    }

    // UnityCsReference: Runtime/Export/Graphics/Texture.bindings.cs (Texture.width/height)
    public class Texture : Object
    {
        protected Texture() { }
        public virtual int width { get { throw new NotImplementedException(); } set { } }
        public virtual int height { get { throw new NotImplementedException(); } set { } }
    }

    // UnityCsReference: Runtime/Export/Graphics/Texture.cs (constructor, Apply) and
    // Runtime/Export/Graphics/Texture.bindings.cs (SetPixels)
    public sealed partial class Texture2D : Texture
    {
        public Texture2D(int width, int height, TextureFormat textureFormat, bool mipChain) { }
        public void SetPixels(Color[] colors) { }
        public void Apply(bool updateMipmaps) { }
    }

    // UnityCsReference: Modules/ImageConversion/ScriptBindings/ImageConversion.bindings.cs
    public static class ImageConversion
    {
        public static byte[] EncodeToPNG(this Texture2D tex) { throw new NotImplementedException(); }
    }

    // UnityCsReference: Runtime/Export/Input/KeyCode.cs (enum KeyCode; the members this
    // package names; the rest are parsed by name at run time)
    public enum KeyCode
    {
        None = 0,
        Tab = 9,
        Return = 13,
        Space = 32,
        Alpha0 = 48,
        Alpha9 = 57,
        A = 97,
        Z = 122,
        KeypadEnter = 271,
    }
}
