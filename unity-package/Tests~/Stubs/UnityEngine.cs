// Stubs of the UnityEngine API the adapters use (Unity 2022.3 / 6). Every member exists
// in Unity; the comments cite its file in Unity-Technologies/UnityCsReference (branch 2022.3); cmd/unityapi checks
// every declaration against each supported version's branch.
// Bodies are placeholders: this assembly only lets the adapters compile outside Unity.
using System;
using System.Collections.Generic;

namespace UnityEngine
{
    // UnityCsReference: Runtime/Export/Scripting/MonoBehaviour.bindings.cs
    public class MonoBehaviour : Behaviour { }

    // UnityCsReference: Runtime/Export/Scripting/UnityEngineObject.bindings.cs
    public partial class Object
    {
        public string name { get { throw new NotImplementedException(); } set { } }
        public HideFlags hideFlags { get { throw new NotImplementedException(); } set { } }
#if UNITY_6000_5_OR_NEWER
        [Obsolete("GetInstanceID is deprecated. Use GetEntityId instead. This will be removed in a future version.", true)]
#endif
        public int GetInstanceID() { throw new NotImplementedException(); }
#if UNITY_6000_2_OR_NEWER
        public EntityId GetEntityId() { throw new NotImplementedException(); }
#endif
        public static void DestroyImmediate(Object obj) { throw new NotImplementedException(); }
        public static implicit operator bool(Object exists) { throw new NotImplementedException(); }
        public static bool operator ==(Object x, Object y) { throw new NotImplementedException(); }
        public static bool operator !=(Object x, Object y) { throw new NotImplementedException(); }
        public override bool Equals(object other) { throw new NotImplementedException(); }
        public override int GetHashCode() { throw new NotImplementedException(); }
    }

#if UNITY_6000_2_OR_NEWER
    // UnityCsReference: Runtime/Export/Scripting/UnityEngineObject.bindings.cs (struct EntityId,
    // 6000.2 on; int-backed to 6000.4, 64-bit with ToULong/FromULong from 6000.5)
    public struct EntityId
    {
#if UNITY_6000_7_OR_NEWER
        [Obsolete("EntityId will not be representable by an int in the future. This casting operator will be removed in a future version.", true)]
#elif UNITY_6000_4_OR_NEWER
        [Obsolete("EntityId will not be representable by an int in the future. This casting operator will be removed in a future version.", false)]
#endif
        public static implicit operator EntityId(int intValue) { throw new NotImplementedException(); }
        public override string ToString() { throw new NotImplementedException(); }
#if UNITY_6000_5_OR_NEWER
        public static EntityId FromULong(ulong input) { throw new NotImplementedException(); }
        public static ulong ToULong(EntityId entityId) { throw new NotImplementedException(); }
#endif
    }
#endif

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

    // UnityCsReference: Runtime/Export/Scripting/Component.bindings.cs
    public class Component : Object
    {
        public Transform transform { get { throw new NotImplementedException(); } }
        public GameObject gameObject { get { throw new NotImplementedException(); } }
    }

    // UnityCsReference: Runtime/Export/Scripting/Behaviour.bindings.cs
    public class Behaviour : Component { }

    // UnityCsReference: Runtime/Export/Scripting/ScriptableObject.bindings.cs
    public class ScriptableObject : Object
    {
        public static T CreateInstance<T>() where T : ScriptableObject { throw new NotImplementedException(); }
    }

    // UnityCsReference: Runtime/Export/Scripting/GameObject.bindings.cs
    public sealed partial class GameObject : Object
    {
        // Runtime/Export/Scripting/GameObject.bindings.cs (used by Tests/Editor)
        public GameObject(string name) { }
        public Transform transform { get { throw new NotImplementedException(); } }
        public int layer { get { throw new NotImplementedException(); } set { } }
        public bool activeSelf { get { throw new NotImplementedException(); } }
        public bool activeInHierarchy { get { throw new NotImplementedException(); } }
        public string tag { get { throw new NotImplementedException(); } set { } }
        public T[] GetComponents<T>() { throw new NotImplementedException(); }
        public T[] GetComponentsInChildren<T>(bool includeInactive) { throw new NotImplementedException(); }
    }

    // UnityCsReference: Runtime/Transform/ScriptBindings/Transform.bindings.cs
    public class Transform : Component, System.Collections.IEnumerable
    {
        protected Transform() { }
        public Vector3 position { get { throw new NotImplementedException(); } set { } }
        public Quaternion rotation { get { throw new NotImplementedException(); } set { } }
        public Transform parent { get { throw new NotImplementedException(); } set { } }
        public int childCount { get { throw new NotImplementedException(); } }
        public Transform GetChild(int index) { throw new NotImplementedException(); }
        public System.Collections.IEnumerator GetEnumerator() { throw new NotImplementedException(); }
    }

    // UnityCsReference: Runtime/Export/Camera/Camera.bindings.cs
    public sealed class Camera : Behaviour { }

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
        public static string dataPath { get { throw new NotImplementedException(); } }
        public static string unityVersion { get { throw new NotImplementedException(); } }
        public static bool isBatchMode { get { throw new NotImplementedException(); } }
        public static RuntimePlatform platform { get { throw new NotImplementedException(); } }
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
    public class Time
    {
        public static float unscaledTime { get { throw new NotImplementedException(); } }
        public static int frameCount { get { throw new NotImplementedException(); } }
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

    // UnityCsReference: Runtime/Export/Math/Vector3.cs
    public struct Vector3
    {
        public float x;
        public float y;
        public float z;
        // Runtime/Export/Math/Vector3.cs (used by Tests/Editor)
        public Vector3(float x, float y, float z) { this.x = x; this.y = y; this.z = z; }
    }

    // UnityCsReference: Runtime/Export/Math/Vector4.cs
    public struct Vector4
    {
        public float x;
        public float y;
        public float z;
        public float w;
    }

    // UnityCsReference: Runtime/Export/Math/Vector2Int.cs
    public struct Vector2Int
    {
        public int x { get { throw new NotImplementedException(); } set { } }
        public int y { get { throw new NotImplementedException(); } set { } }
    }

    // UnityCsReference: Runtime/Export/Math/Vector3Int.cs
    public struct Vector3Int
    {
        public int x { get { throw new NotImplementedException(); } set { } }
        public int y { get { throw new NotImplementedException(); } set { } }
        public int z { get { throw new NotImplementedException(); } set { } }
    }

    // UnityCsReference: Runtime/Export/Math/Quaternion.cs
    public struct Quaternion
    {
        public float x;
        public float y;
        public float z;
        public float w;
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
    public partial struct Rect
    {
        public float x { get { throw new NotImplementedException(); } set { } }
        public float y { get { throw new NotImplementedException(); } set { } }
        public float width { get { throw new NotImplementedException(); } set { } }
        public float height { get { throw new NotImplementedException(); } set { } }
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

namespace UnityEngine.SceneManagement
{
    // UnityCsReference: Runtime/Export/SceneManager/Scene.cs
    public struct Scene
    {
        public string name { get { throw new NotImplementedException(); } set { } }
        public string path { get { throw new NotImplementedException(); } }
        public bool isLoaded { get { throw new NotImplementedException(); } }
        public bool isDirty { get { throw new NotImplementedException(); } }
        public GameObject[] GetRootGameObjects() { throw new NotImplementedException(); }
    }

    // UnityCsReference: Runtime/Export/SceneManager/SceneManager.bindings.cs
    public partial class SceneManager
    {
        public static int sceneCount { get { throw new NotImplementedException(); } }
        public static Scene GetActiveScene() { throw new NotImplementedException(); }
        public static Scene GetSceneAt(int index) { throw new NotImplementedException(); }
    }
}
