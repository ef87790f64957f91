// The fake GameObject (its components, activity, tag, layer, lookup and primitives) and PrimitiveType; Object, Component and scenes are World.cs.
using System;
using System.Collections.Generic;

namespace UnityEngine
{
    // UnityCsReference: Runtime/Export/Scripting/PrimitiveType.cs
    public enum PrimitiveType
    {
        Sphere = 0,
        Capsule = 1,
        Cylinder = 2,
        Cube = 3,
        Plane = 4,
        Quad = 5,
    }

    // UnityCsReference: Runtime/Export/Scripting/GameObject.bindings.cs
    public sealed partial class GameObject : Object
    {
        internal readonly List<Component> components = new List<Component>();
        internal SceneManagement.SceneData sceneData;
        bool activeSelfValue = true;
        string tagValue = "Untagged";
        int layerValue;

        // A new GameObject has a Transform and sits at the root of the active scene
        // (GameObject.bindings.cs Internal_CreateGameObject; Manual "GameObject").
        public GameObject(string name) : this(name, new Type[0]) { }
        public GameObject() : this("New Game Object") { }

        public GameObject(string name, params Type[] components)
        {
            this.name = name;
            var t = new Transform();
            t.owner = this;
            this.components.Add(t);
            sceneData = World.Active;
            sceneData.roots.Add(t);
            foreach (var c in components) AddComponent(c);
        }

        public Transform transform { get { Alive(); return (Transform)components[0]; } }
        public int layer
        {
            get { Alive(); return layerValue; }
            // GameObject.bindings.cs: a layer is 0..31 ("A game object can only be in one layer. The layer needs to be in the range [0...31]").
            set { Alive(); if (value < 0 || value > 31) throw new ArgumentException("A game object can only be in one layer. The layer needs to be in the range [0...31]"); layerValue = value; }
        }
        public bool activeSelf { get { Alive(); return activeSelfValue; } }
        public bool activeInHierarchy
        {
            get
            {
                Alive();
                for (var t = transform; t != null; t = t.parentTransform)
                    if (!t.gameObject.activeSelfValue) return false;
                return true;
            }
        }
        public void SetActive(bool value) { Alive(); activeSelfValue = value; }
        public string tag
        {
            get { Alive(); return tagValue; }
            // Tags must exist in the Tag Manager ("Tag: X is not defined."); the fake knows Unity's built-in ones and those added through TagsFake.
            set { Alive(); if (!Tags.Defined(value)) throw new UnityException("Tag: " + value + " is not defined."); tagValue = value; }
        }
        public bool CompareTag(string tag) { return this.tag == tag; }
        public SceneManagement.Scene scene { get { Alive(); return sceneData.handle; } }

        public Component AddComponent(Type componentType)
        {
            Alive();
            if (componentType == null || !typeof(Component).IsAssignableFrom(componentType) || componentType.IsAbstract)
                throw new ArgumentException("AddComponent: " + componentType + " is not a non-abstract Component type");
            // Transform is unique and always first; DisallowMultipleComponent refuses a second one.
            if (componentType == typeof(Transform)) return null;
            // Built-in classes that are abstract natively (Collider, Renderer, Behaviour…) are
            // refused by the native AddComponent, which logs and returns null.
            if (componentType == typeof(Collider) || componentType == typeof(Renderer) || componentType == typeof(Behaviour) || componentType == typeof(Component) || componentType == typeof(MonoBehaviour)) return null;
            if (Attribute.IsDefined(componentType, typeof(DisallowMultipleComponent), true) && GetComponent(componentType) != null) return null;
            var c = (Component)Activator.CreateInstance(componentType, true);
            c.owner = this;
            components.Add(c);
            return c;
        }
        public T AddComponent<T>() where T : Component { return (T)AddComponent(typeof(T)); }

        public Component GetComponent(Type type)
        {
            Alive();
            foreach (var c in components) if (type.IsInstanceOfType(c) && !c.destroyed) return c;
            return null;
        }
        public T GetComponent<T>() { return (T)(object)GetComponent(typeof(T)); }
        public Component[] GetComponents(Type type)
        {
            Alive();
            var list = new List<Component>();
            foreach (var c in components) if (type.IsInstanceOfType(c) && !c.destroyed) list.Add(c);
            return list.ToArray();
        }
        public T[] GetComponents<T>()
        {
            Alive();
            var list = new List<T>();
            foreach (var c in components) if (c is T && !c.destroyed) list.Add((T)(object)c);
            return list.ToArray();
        }
        public T[] GetComponentsInChildren<T>(bool includeInactive)
        {
            var list = new List<T>();
            Collect(transform, includeInactive, list);
            return list.ToArray();
        }

        static void Collect<T>(Transform t, bool includeInactive, List<T> into)
        {
            if (!includeInactive && !t.gameObject.activeInHierarchy) return;
            into.AddRange(t.gameObject.GetComponents<T>());
            foreach (var child in t.children) Collect(child, includeInactive, into);
        }

        public static GameObject Find(string name)
        {
            foreach (var s in World.Scenes)
                foreach (var t in SceneManagement.SceneData.Of(s).roots)
                {
                    var hit = FindIn(t, name);
                    if (hit != null) return hit;
                }
            return null;
        }

        static GameObject FindIn(Transform t, string name)
        {
            if (t.gameObject.activeInHierarchy && t.gameObject.name == name) return t.gameObject;
            foreach (var c in t.children) { var hit = FindIn(c, name); if (hit != null) return hit; }
            return null;
        }

        // GameObject.CreatePrimitive: the primitive's mesh, a MeshRenderer and its collider
        // (Manual "Primitive and placeholder objects": Cube BoxCollider, Sphere SphereCollider,
        // Capsule and Cylinder CapsuleCollider, Plane and Quad MeshCollider).
        public static GameObject CreatePrimitive(PrimitiveType type)
        {
            var go = new GameObject(type.ToString());
            // The built-in mesh, and the material the render pipeline gives new renderers (SceneRendering.cs).
            go.AddComponent<MeshFilter>().sharedMesh = Mesh.Primitive(type);
            go.AddComponent<MeshRenderer>().sharedMaterial = Material.GetDefaultMaterial();
            switch (type)
            {
                case PrimitiveType.Cube: go.AddComponent<BoxCollider>(); break;
                case PrimitiveType.Sphere: go.AddComponent<SphereCollider>(); break;
                case PrimitiveType.Capsule:
                case PrimitiveType.Cylinder: go.AddComponent<CapsuleCollider>(); break;
                default: go.AddComponent<MeshCollider>(); break;
            }
            return go;
        }

        // Destroying a GameObject destroys its components and its children with it; the
        // subtree stays linked below it, so that Undo can bring it back whole.
        internal override void Kill()
        {
            transform.Detach();
            Mark(true);
        }

        internal override void Revive() { Mark(false); }

        void Mark(bool gone)
        {
            destroyed = gone;
            foreach (var c in components) c.destroyed = gone;
            foreach (var child in ((Transform)components[0]).children) child.owner.Mark(gone);
        }
    }
}
