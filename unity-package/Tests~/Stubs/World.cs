// Behavioural fake of Unity's scene objects: objects with ids, GameObjects with their
// components and Transform hierarchy (GameObject itself is GameObject.cs), scenes. Enough
// of Unity's behaviour for the package's adapters to run under mono (Tests~/Fake): each
// behaviour cites the reference source or manual page it follows
// (Unity-Technologies/UnityCsReference, branch 2022.3 unless noted).
// Public members exist in Unity (cmd/unitystubcheck checks them per version); what the fake needs
// beyond them is internal.
using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;

[assembly: InternalsVisibleTo("UnityMcp.Fake.Tests")]
[assembly: InternalsVisibleTo("UnityMcp.HeadlessEditor")]

namespace UnityEngine
{
    // UnityCsReference: Runtime/Export/Scripting/UnityEngineObject.bindings.cs
    public partial class Object
    {
        // Scene objects get negative instance ids, counting down, as in the Editor; an
        // EntityId from 6000.5 on is 64-bit with its version in the high bits, so the fake
        // puts every id above 2^53 there (what JSON doubles cannot carry).
        static int nextId = -1000;
        internal const ulong EntityBase = 1UL << 60;
        internal readonly int id;
        internal bool destroyed;
        string objectName = "";

        public Object() { id = nextId--; World.Register(this); }

        // A component's name is its GameObject's (Object.name is native; Components share the
        // GameObject's name, and setting it renames the GameObject).
        public string name
        {
            get { Alive(); var c = this as Component; return c != null && c.owner != null ? c.owner.name : objectName; }
            set { Alive(); var c = this as Component; if (c != null && c.owner != null) c.owner.name = value; else objectName = value ?? ""; }
        }
        public HideFlags hideFlags { get; set; }
#if UNITY_6000_5_OR_NEWER
        [Obsolete("GetInstanceID is deprecated. Use GetEntityId instead. This will be removed in a future version.", true)]
#endif
        public int GetInstanceID() { return id; }
#if UNITY_6000_2_OR_NEWER
        public EntityId GetEntityId() { return new EntityId(id); }
#endif

        /// <summary>Unity throws MissingReferenceException for a destroyed object's members.</summary>
        internal void Alive()
        {
            if (destroyed) throw new InvalidOperationException("MissingReferenceException: the object of type '" + GetType().Name + "' has been destroyed but you are still trying to access it.");
        }

        // Object.DestroyImmediate: gone at once (a GameObject takes its components and children).
        public static void DestroyImmediate(Object obj)
        {
            if (obj == null) return;
            obj.Kill();
        }

        // Object.Instantiate: a copy of the object (a GameObject with its components and
        // children), named "<name>(Clone)", under parent (or at the root of the active scene).
        // References inside the copied hierarchy point to the copies, as Unity remaps them.
        public static T Instantiate<T>(T original, Transform parent) where T : Object
        {
            if (original == null) throw new ArgumentException("The Object you want to instantiate is null.");
            var go = original as GameObject;
            if (go == null) throw new NotImplementedException("the fake instantiates GameObjects only");
            var map = new Dictionary<Object, Object>();
            var copy = Clone(go, map);
            foreach (var kv in map) Remap(kv.Value, map);
            copy.name = go.name + "(Clone)";
            copy.transform.SetParent(parent, false);
            return (T)(Object)copy;
        }

        public static T Instantiate<T>(T original) where T : Object { return Instantiate(original, null); }

        static GameObject Clone(GameObject src, Dictionary<Object, Object> map)
        {
            var dst = new GameObject(src.name);
            map[src] = dst;
            map[src.transform] = dst.transform;
            dst.SetActive(src.activeSelf);
            dst.layer = src.layer;
            dst.tag = src.tag;
            dst.staticEditorFlags = src.staticEditorFlags;
            dst.transform.constrainProportionsScale = src.transform.constrainProportionsScale;
            var t = dst.transform;
            t.localPosition = src.transform.localPosition;
            t.localRotation = src.transform.localRotation;
            t.localScale = src.transform.localScale;
            foreach (var c in src.components)
            {
                if (c is Transform || c.destroyed) continue;
                var cc = (Component)Activator.CreateInstance(c.GetType(), true);
                cc.owner = dst;
                dst.components.Add(cc);
                UnityEditor.Snapshot.Put(cc, UnityEditor.Snapshot.Take(c));
                map[c] = cc;
            }
            foreach (var child in src.transform.children)
            {
                var cc = Clone(child.gameObject, map);
                cc.transform.SetParent(t, false);
            }
            return dst;
        }

        static void Remap(Object o, Dictionary<Object, Object> map)
        {
            if (o is GameObject || o is Transform) return;
            for (var type = o.GetType(); type != null && type != typeof(Component); type = type.BaseType)
                foreach (var f in type.GetFields(System.Reflection.BindingFlags.Instance | System.Reflection.BindingFlags.Public | System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.DeclaredOnly))
                {
                    var v = f.GetValue(o) as Object;
                    Object to;
                    if (v != null && !f.IsInitOnly && map.TryGetValue(v, out to)) f.SetValue(o, to);
                }
        }

        internal virtual void Kill() { destroyed = true; }
        internal virtual void Revive() { destroyed = false; }

        // UnityEngineObject.bindings.cs: a destroyed object compares equal to null and is false.
        public static implicit operator bool(Object exists) { return !ReferenceEquals(exists, null) && !exists.destroyed; }
        public static bool operator ==(Object x, Object y)
        {
            bool xNull = ReferenceEquals(x, null) || x.destroyed, yNull = ReferenceEquals(y, null) || y.destroyed;
            if (xNull && yNull) return true;
            if (xNull || yNull) return false;
            return ReferenceEquals(x, y);
        }
        public static bool operator !=(Object x, Object y) { return !(x == y); }
        public override bool Equals(object other) { return other is Object && this == (Object)other; }
        public override int GetHashCode() { return id; }
        public override string ToString() { return objectName + " (" + GetType().FullName + ")"; }
    }

#if UNITY_6000_2_OR_NEWER
    // UnityCsReference: Runtime/Export/Scripting/UnityEngineObject.bindings.cs (struct EntityId,
    // 6000.2 on; int-backed to 6000.4, 64-bit with ToULong/FromULong from 6000.5)
    public struct EntityId
    {
        readonly int id;
        internal EntityId(int id) { this.id = id; }
        internal int Id { get { return id; } }
#if UNITY_6000_7_OR_NEWER
        [Obsolete("EntityId will not be representable by an int in the future. This casting operator will be removed in a future version.", true)]
#elif UNITY_6000_4_OR_NEWER
        [Obsolete("EntityId will not be representable by an int in the future. This casting operator will be removed in a future version.", false)]
#endif
        public static implicit operator EntityId(int intValue) { return new EntityId(intValue); }
        // The other way: plain to 6000.3, obsolete from 6000.4, an error from 6000.5 (6000.4/6000.5/6000.7 bindings).
#if UNITY_6000_5_OR_NEWER
        [Obsolete("EntityId will not be representable by an int in the future. This casting operator will be removed in a future version.", true)]
#elif UNITY_6000_4_OR_NEWER
        [Obsolete("EntityId will not be representable by an int in the future. This casting operator will be removed in a future version.", false)]
#endif
        public static implicit operator int(EntityId entityId) { return entityId.id; }
        // 6000.3: m_Data.ToString() in the current culture (a negative id may get a culture's minus sign).
        public override string ToString() { return id.ToString(); }
#if UNITY_6000_5_OR_NEWER
        public static EntityId FromULong(ulong input) { return new EntityId((int)(long)(input - Object.EntityBase)); }
        public static ulong ToULong(EntityId entityId) { return Object.EntityBase + (ulong)(long)entityId.id; }
#endif
    }
#endif

    /// <summary>The fake's registry of live objects and loaded scenes.</summary>
    internal static class World
    {
        static readonly Dictionary<int, WeakReference> byId = new Dictionary<int, WeakReference>();
        internal static readonly List<SceneManagement.Scene> Scenes = new List<SceneManagement.Scene>();
        internal static int ActiveScene;
        internal static SceneManagement.SceneData DontDestroy;

        internal static void Register(Object o) { byId[o.id] = new WeakReference(o); }

        internal static Object Find(int id)
        {
            WeakReference w;
            if (!byId.TryGetValue(id, out w)) return null;
            var o = w.Target as Object;
            return o != null && !o.destroyed ? o : null;
        }

        /// <summary>An Editor opening the project whose Assets folder is dataPath.</summary>
        internal static void Start(string dataPath)
        {
            Reset();
            Application.FakeDataPath = dataPath.Replace('\\', '/');
        }

        /// <summary>A new editor session: one untitled scene, nothing else.</summary>
        internal static void Reset()
        {
            byId.Clear();
            Scenes.Clear();
            SceneManagement.SceneData.All.Clear();
            DontDestroy = null;
            Scenes.Add(SceneManagement.SceneData.New("", ""));
            ActiveScene = 0;
            UnityEditor.Undo.ClearAll();
            UnityEditor.SessionState.Values.Clear();
            UnityEditor.SceneManagement.EditorSceneManager.ForgetSaved();
            UnityEditor.AssetStore.Reset();
            UnityEditor.EditorApplication.FakeReset();
            Tags.User.Clear();
            UnityEditor.Selection.objects = new Object[0];
            RenderingFake.Reset();
        }

        internal static SceneManagement.SceneData Active { get { return SceneManagement.SceneData.Of(Scenes[ActiveScene]); } }
    }

    // UnityCsReference: Runtime/Export/Scripting/Component.bindings.cs
    public partial class Component : Object
    {
        internal GameObject owner;
        public Transform transform { get { Alive(); return owner.transform; } }
        public GameObject gameObject { get { Alive(); return owner; } }
        public string tag { get { return gameObject.tag; } set { gameObject.tag = value; } }
        public T GetComponent<T>() { return gameObject.GetComponent<T>(); }
        public Component GetComponent(Type type) { return gameObject.GetComponent(type); }
    }

    // UnityCsReference: Runtime/Export/Scripting/Behaviour.bindings.cs
    public partial class Behaviour : Component
    {
        bool on = true;
        public bool enabled { get { Alive(); return on; } set { Alive(); on = value; } }
        public bool isActiveAndEnabled { get { return on && gameObject.activeInHierarchy; } }
    }

    // UnityCsReference: Runtime/Export/Scripting/MonoBehaviour.bindings.cs
    public partial class MonoBehaviour : Behaviour { }

    // UnityCsReference: Runtime/Export/Scripting/UnityException.cs
    public class UnityException : SystemException
    {
        public UnityException(string message) : base(message) { }
    }

    // UnityCsReference: Runtime/Export/Scripting/Attributes.cs (RequireComponent)
    [AttributeUsage(AttributeTargets.Class, AllowMultiple = true, Inherited = true)]
    public sealed class RequireComponent : Attribute
    {
        public Type m_Type0;
        public Type m_Type1;
        public Type m_Type2;
        public RequireComponent(Type requiredComponent) { m_Type0 = requiredComponent; }
        public RequireComponent(Type requiredComponent, Type requiredComponent2) { m_Type0 = requiredComponent; m_Type1 = requiredComponent2; }
    }

    // UnityCsReference: Runtime/Export/Scripting/AttributeHelperEngine.cs / Attributes.cs
    [AttributeUsage(AttributeTargets.Class, Inherited = false)]
    public sealed class DisallowMultipleComponent : Attribute { }

    /// <summary>The Tag Manager's tags (ProjectSettings/TagManager.asset): Unity's built-in
    /// seven plus any a test defines.</summary>
    internal static class Tags
    {
        internal static readonly List<string> User = new List<string>();
        static readonly string[] Builtin = { "Untagged", "Respawn", "Finish", "EditorOnly", "MainCamera", "Player", "GameController" };
        internal static bool Defined(string tag) { return Array.IndexOf(Builtin, tag) >= 0 || User.Contains(tag); }
    }

    // UnityCsReference: Runtime/Export/Graphics/GraphicsComponents.bindings.cs (MeshFilter), Renderer.bindings.cs
    public sealed partial class MeshFilter : Component { }
    public partial class Renderer : Component { }
    public partial class MeshRenderer : Renderer { }

    // UnityCsReference: Modules/Physics/ScriptBindings/Collider.bindings.cs and the shapes beside it
    public partial class Collider : Component
    {
        bool on = true;
        public bool enabled { get { Alive(); return on; } set { Alive(); on = value; } }
        public bool isTrigger { get; set; }
    }
    public partial class BoxCollider : Collider { }
    public partial class SphereCollider : Collider { }
    public partial class CapsuleCollider : Collider { }
    public partial class MeshCollider : Collider { }

    // UnityCsReference: Modules/Physics/ScriptBindings/Dynamics.bindings.cs (Rigidbody)
    [DisallowMultipleComponent]
    public partial class Rigidbody : Component
    {
        public float mass { get; set; }
        public bool useGravity { get; set; }
        public Rigidbody() { mass = 1; useGravity = true; }
    }
}

namespace UnityEngine.SceneManagement
{
    /// <summary>What a scene holds in the fake: its roots in order, its file and whether it
    /// changed since it was saved.</summary>
    internal sealed class SceneData
    {
        internal static readonly List<SceneData> All = new List<SceneData>();
        internal readonly List<Transform> roots = new List<Transform>();
        internal string path = "";
        internal string name = "";
        internal bool dirty;
        internal bool loaded = true;
        internal Scene handle;

        internal static Scene New(string path, string name)
        {
            var d = new SceneData { path = path, name = name };
            All.Add(d);
            d.handle = new Scene(All.Count);
            return d.handle;
        }

        internal static SceneData Of(Scene s) { return s.handleValue > 0 && s.handleValue <= All.Count ? All[s.handleValue - 1] : null; }
    }

    // UnityCsReference: Runtime/Export/SceneManager/Scene.cs
    public partial struct Scene
    {
        internal readonly int handleValue;
        internal Scene(int handle) { handleValue = handle; }
        SceneData Data { get { var d = SceneData.Of(this); if (d == null) throw new ArgumentException("the scene is not valid"); return d; } }
        public bool IsValid() { return SceneData.Of(this) != null; }
        // Scene.cs: the properties of an invalid scene (default(Scene)) read as empty, not errors.
        public string path { get { var d = SceneData.Of(this); return d != null ? d.path : ""; } }
        public string name { get { var d = SceneData.Of(this); return d != null ? d.name : ""; } set { Data.name = value; } }
        public bool isLoaded { get { var d = SceneData.Of(this); return d != null && d.loaded; } }
        public bool isDirty { get { var d = SceneData.Of(this); return d != null && d.dirty; } }
        public int rootCount { get { var d = SceneData.Of(this); return d != null ? d.roots.Count : 0; } }
        public GameObject[] GetRootGameObjects()
        {
            var list = new List<GameObject>();
            foreach (var t in Data.roots) list.Add(t.gameObject);
            return list.ToArray();
        }
        public static bool operator ==(Scene lhs, Scene rhs) { return lhs.handleValue == rhs.handleValue; }
        public static bool operator !=(Scene lhs, Scene rhs) { return lhs.handleValue != rhs.handleValue; }
        public override bool Equals(object other) { return other is Scene && ((Scene)other).handleValue == handleValue; }
        public override int GetHashCode() { return handleValue; }
    }

    // UnityCsReference: Runtime/Export/SceneManager/SceneManager.bindings.cs
    public partial class SceneManager
    {
        // SceneManager.MoveGameObjectToScene: a root object only ("Gameobject is not a root in a scene").
        public static void MoveGameObjectToScene(GameObject go, Scene scene)
        {
            if (go.transform.parent != null) throw new ArgumentException("Gameobject is not a root in a scene");
            go.transform.Detach();
            var data = SceneData.Of(scene);
            go.transform.Restore(new object[] { null, data.roots.Count, go.transform.localPosition, go.transform.localRotation, go.transform.localScale, data });
        }
        public static int sceneCount { get { return World.Scenes.Count; } }
        public static Scene GetActiveScene() { return World.Scenes[World.ActiveScene]; }
        public static Scene GetSceneAt(int index)
        {
            if (index < 0 || index >= World.Scenes.Count) throw new ArgumentException("Invalid scene index " + index);
            return World.Scenes[index];
        }
    }
}
