using System;
using System.Collections.Generic;
using System.Globalization;
using System.Reflection;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>gameobject_create, _delete, _duplicate, _reparent, _set_transform,
    /// _set_active, _add_component, _remove_component (isuzu's names and parameters). Each is
    /// one undo step (<see cref="Authoring.Step"/>), addresses objects by object_path or
    /// instance_id (<see cref="ObjectAddress"/>), checks everything it needs before it
    /// changes anything, and answers the object's identity bundle.</summary>
    public static class GameObjectTools
    {
        public static void Create(ToolCall call)
        {
            var primitiveName = Args.Str(call, "primitive", "");
            PrimitiveType? primitive = null;
            if (primitiveName.Length > 0)
            {
                PrimitiveType p;
                if (!TryEnum(primitiveName, out p))
                    throw new ToolException("invalid_params", "primitive \"" + primitiveName + "\" is not one of Cube, Sphere, Capsule, Cylinder, Plane, Quad; omit it for an empty object");
                primitive = p;
            }
            var parent = ObjectAddress.Resolve(call, "parent_path", "parent_instance_id", false);
            var name = Args.Str(call, "name", "");
            var pos = Vec(call, "position", Vector3.zero);
            var rot = Vec(call, "rotation", Vector3.zero);
            var scale = Vec(call, "scale", Vector3.one);
            bool collider = Args.Bool(call, "collider", true);
            Authoring.Step(call, "Create " + (name.Length > 0 ? name : primitive.HasValue ? primitive.Value.ToString() : "GameObject"), () =>
            {
                // CreatePrimitive names the object after the primitive and gives it a mesh, a
                // renderer and a collider (Manual "Primitive and placeholder objects").
                var go = primitive.HasValue ? GameObject.CreatePrimitive(primitive.Value) : new GameObject(name.Length > 0 ? name : "GameObject");
                if (name.Length > 0) go.name = name;
                if (!collider)
                    foreach (var c in go.GetComponents<Collider>()) UnityEngine.Object.DestroyImmediate(c);
                Undo.RegisterCreatedObjectUndo(go, "Create " + go.name);
                if (parent != null) Undo.SetTransformParent(go.transform, parent.transform, false, "Create " + go.name);
                go.transform.localPosition = pos;
                go.transform.localEulerAngles = rot;
                go.transform.localScale = scale;
                var res = ObjectAddress.Bundle(go);
                res["components"] = ObjectAddress.ComponentNames(go);
                return res;
            });
        }

        public static void Delete(ToolCall call)
        {
            var go = ObjectAddress.Resolve(call, "object_path", "instance_id", true);
            Authoring.Step(call, "Delete " + go.name, () =>
            {
                var res = new JObject { { "deleted", ObjectAddress.Bundle(go) }, { "children", Descendants(go.transform) } };
                Undo.DestroyObjectImmediate(go);
                return res;
            });
        }

        static int Descendants(Transform t)
        {
            int n = 0;
            for (int i = 0; i < t.childCount; i++) n += 1 + Descendants(t.GetChild(i));
            return n;
        }

        public static void Duplicate(ToolCall call)
        {
            var go = ObjectAddress.Resolve(call, "object_path", "instance_id", true);
            var name = Args.Str(call, "name", "");
            Authoring.Step(call, "Duplicate " + go.name, () =>
            {
                // Object.Instantiate copies the object with its components and children; the
                // copy goes right after the original, as Edit > Duplicate places it, and is not
                // linked to any prefab the original came from.
                var copy = UnityEngine.Object.Instantiate(go, go.transform.parent);
                copy.name = name.Length > 0 ? name : UniqueName(go);
                Undo.RegisterCreatedObjectUndo(copy, "Duplicate " + go.name);
                if (go.transform.parent == null && copy.scene != go.scene) UnityEngine.SceneManagement.SceneManager.MoveGameObjectToScene(copy, go.scene);
                copy.transform.SetSiblingIndex(go.transform.GetSiblingIndex() + 1);
                var res = ObjectAddress.Bundle(copy);
                res["source"] = ObjectAddress.Bundle(go);
                return res;
            });
        }

        /// <summary>"Name (1)", "Name (2)"…: the first not taken among the siblings, the
        /// Editor's default naming of duplicates (Project Settings > Editor > Numbering Scheme).</summary>
        static string UniqueName(GameObject go)
        {
            var taken = new HashSet<string>();
            var parent = go.transform.parent;
            if (parent != null) for (int i = 0; i < parent.childCount; i++) taken.Add(parent.GetChild(i).gameObject.name);
            else foreach (var r in go.scene.GetRootGameObjects()) taken.Add(r.name);
            var stem = go.name;
            int n = 1;
            var m = System.Text.RegularExpressions.Regex.Match(stem, @"^(.*) \((\d+)\)$");
            if (m.Success) { stem = m.Groups[1].Value; n = int.Parse(m.Groups[2].Value, CultureInfo.InvariantCulture) + 1; }
            while (taken.Contains(stem + " (" + n + ")")) n++;
            return stem + " (" + n + ")";
        }

        public static void Reparent(ToolCall call)
        {
            var go = ObjectAddress.Resolve(call, "object_path", "instance_id", true);
            var parent = ObjectAddress.Resolve(call, "parent_path", "parent_instance_id", false);
            bool keepWorld = Args.Bool(call, "keep_world_position", true);
            bool hasIndex = Args.Has(call, "sibling_index");
            int index = Args.Int(call, "sibling_index", 0);
            if (hasIndex && index < 0) throw new ToolException("invalid_params", "sibling_index must be 0 or more; got " + index);
            if (parent != null && (parent == go || parent.transform.IsChildOf(go.transform)))
                throw new ToolException("invalid_params", "cannot move " + ObjectAddress.PathOf(go) + " under " + ObjectAddress.PathOf(parent) + ": that is the object itself or one of its children");
            Authoring.Step(call, "Reparent " + go.name, () =>
            {
                Undo.SetTransformParent(go.transform, parent != null ? parent.transform : null, keepWorld, "Reparent " + go.name);
                if (hasIndex) Undo.SetSiblingIndex(go.transform, index, "Reparent " + go.name);
                var res = ObjectAddress.Bundle(go);
                res["parent"] = parent != null ? (JToken)ObjectAddress.Bundle(parent) : JValue.CreateNull();
                res["sibling_index"] = go.transform.GetSiblingIndex();
                return res;
            });
        }

        public static void SetTransform(ToolCall call)
        {
            var go = ObjectAddress.Resolve(call, "object_path", "instance_id", true);
            bool world = Args.Bool(call, "world", false);
            var t = go.transform;
            var pos = Vec(call, "position", world ? t.position : t.localPosition);
            var rot = Vec(call, "rotation", world ? t.eulerAngles : t.localEulerAngles);
            var scale = Vec(call, "scale", t.localScale);
            bool givenPos = Args.Has(call, "position"), givenRot = Args.Has(call, "rotation"), givenScale = Args.Has(call, "scale");
            if (!givenPos && !givenRot && !givenScale) throw new ToolException("invalid_params", "give position, rotation or scale (each {x, y, z}; only the axes given change)");
            Authoring.Step(call, "Set Transform of " + go.name, () =>
            {
                Undo.RecordObject(t, "Set Transform of " + go.name);
                var before = new[] { t.localPosition, t.localEulerAngles, t.localScale };
                if (givenPos) { if (world) t.position = pos; else t.localPosition = pos; }
                if (givenRot) { if (world) t.eulerAngles = rot; else t.localEulerAngles = rot; }
                if (givenScale) t.localScale = scale;
                var res = ObjectAddress.Bundle(go);
                res["local"] = new JObject { { "position", Json(t.localPosition) }, { "rotation", Json(t.localEulerAngles) }, { "scale", Json(t.localScale) } };
                res["world"] = new JObject { { "position", Json(t.position) }, { "rotation", Json(t.eulerAngles) } };
                res["changed"] = before[0] != t.localPosition || before[1] != t.localEulerAngles || before[2] != t.localScale;
                return res;
            });
        }

        public static void SetActive(ToolCall call)
        {
            var go = ObjectAddress.Resolve(call, "object_path", "instance_id", true);
            if (!Args.Has(call, "active")) throw new ToolException("invalid_params", "active is required (true or false)");
            bool active = Args.Bool(call, "active");
            Authoring.Step(call, (active ? "Activate " : "Deactivate ") + go.name, () =>
            {
                bool was = go.activeSelf;
                Undo.RecordObject(go, (active ? "Activate " : "Deactivate ") + go.name);
                go.SetActive(active);
                var res = ObjectAddress.Bundle(go);
                res["active_self"] = go.activeSelf;
                res["active_in_hierarchy"] = go.activeInHierarchy;
                res["changed"] = was != active;
                return res;
            });
        }

        public static void AddComponent(ToolCall call)
        {
            var go = ObjectAddress.Resolve(call, "object_path", "instance_id", true);
            var type = ComponentTypes.Resolve(Args.Str(call, "component_type", ""), true);
            if (type == typeof(Transform)) throw new ToolException("invalid_params", go.name + " already has its Transform; every GameObject has exactly one");
            if (Attribute.IsDefined(type, typeof(DisallowMultipleComponent), true) && go.GetComponent(type) != null)
                throw new ToolException("already_present", go.name + " already has a " + type.Name + ", and " + type.Name + " allows only one per GameObject");
            Authoring.Step(call, "Add " + type.Name + " to " + go.name, () =>
            {
                var c = Undo.AddComponent(go, type);
                if (c == null) throw new ToolException("editor_error", "Unity did not add " + type.Name + " to " + go.name + " (a built-in base type such as Collider or Renderer is abstract in the engine: add a concrete one, e.g. BoxCollider); the Console says why");
                var res = ObjectAddress.Bundle(go);
                res["component"] = ObjectAddress.Bundle(c);
                res["components"] = ObjectAddress.ComponentNames(go);
                return res;
            });
        }

        public static void RemoveComponent(ToolCall call)
        {
            var go = ObjectAddress.Resolve(call, "object_path", "instance_id", true);
            var type = ComponentTypes.Resolve(Args.Str(call, "component_type", ""), false);
            int index = Args.Int(call, "index", 0);
            var matches = go.GetComponents(type);
            if (matches.Length == 0)
                throw new ToolException("not_found", go.name + " has no " + type.Name + " (nor a component derived from it); it has: " + string.Join(", ", ObjectAddress.ComponentNames(go).ToObject<string[]>()));
            if (index < 0 || index >= matches.Length)
                throw new ToolException("invalid_params", "index " + index + " is out of range: " + go.name + " has " + matches.Length + " " + type.Name + " component(s) (index 0 to " + (matches.Length - 1) + ")");
            var target = matches[index];
            if (target is Transform) throw new ToolException("invalid_params", "a GameObject's Transform cannot be removed; delete the GameObject instead (gameobject_delete)");
            // Unity refuses to remove a component another one requires ([RequireComponent]):
            // "Can't remove X because Y (Script) depends on it".
            foreach (var other in go.GetComponents<Component>())
            {
                if (other == null || other == target) continue;
                foreach (RequireComponent req in other.GetType().GetCustomAttributes(typeof(RequireComponent), true))
                    foreach (var needed in new[] { req.m_Type0, req.m_Type1, req.m_Type2 })
                        if (needed != null && needed.IsInstanceOfType(target) && go.GetComponents(needed).Length == 1)
                            throw new ToolException("invalid_state", "cannot remove " + target.GetType().Name + " from " + go.name + ": " + other.GetType().Name + " requires it; remove " + other.GetType().Name + " first");
            }
            Authoring.Step(call, "Remove " + target.GetType().Name + " from " + go.name, () =>
            {
                var removed = ObjectAddress.Bundle(target);
                Undo.DestroyObjectImmediate(target);
                var res = ObjectAddress.Bundle(go);
                res["removed"] = removed;
                res["components"] = ObjectAddress.ComponentNames(go);
                return res;
            });
        }

        // ---- arguments ----

        static bool TryEnum<T>(string s, out T value) where T : struct
        {
            foreach (T v in Enum.GetValues(typeof(T)))
                if (string.Equals(v.ToString(), s, StringComparison.OrdinalIgnoreCase)) { value = v; return true; }
            value = default(T);
            return false;
        }

        /// <summary>A vector argument, {x, y, z} (any subset: the rest keep <paramref name="current"/>)
        /// or [x, y, z].</summary>
        internal static Vector3 Vec(ToolCall call, string name, Vector3 current)
        {
            var t = call.Args[name];
            if (t == null || t.Type == JTokenType.Null) return current;
            var a = t as JArray;
            if (a != null)
            {
                if (a.Count != 3) throw new ToolException("invalid_params", name + " must be {x, y, z} or [x, y, z]; got " + a.Count + " numbers");
                return new Vector3(Axis(a[0], name + "[0]"), Axis(a[1], name + "[1]"), Axis(a[2], name + "[2]"));
            }
            var o = t as JObject;
            if (o == null) throw new ToolException("invalid_params", name + " must be {x, y, z} (any of the axes) or [x, y, z]; got " + t.ToString(Newtonsoft.Json.Formatting.None));
            foreach (var p in o.Properties())
                if (p.Name != "x" && p.Name != "y" && p.Name != "z") throw new ToolException("invalid_params", name + " has \"" + p.Name + "\"; its axes are x, y and z");
            return new Vector3(
                o["x"] != null ? Axis(o["x"], name + ".x") : current.x,
                o["y"] != null ? Axis(o["y"], name + ".y") : current.y,
                o["z"] != null ? Axis(o["z"], name + ".z") : current.z);
        }

        static float Axis(JToken t, string where)
        {
            if (t.Type != JTokenType.Integer && t.Type != JTokenType.Float) throw new ToolException("invalid_params", where + " must be a number; got " + t.ToString(Newtonsoft.Json.Formatting.None));
            var d = (double)t;
            if (double.IsNaN(d) || double.IsInfinity(d) || Math.Abs(d) > 1e15) throw new ToolException("invalid_params", where + " is out of range (" + d.ToString(CultureInfo.InvariantCulture) + "); Unity positions are floats, keep them below 1e15");
            return (float)d;
        }

        internal static JObject Json(Vector3 v)
        {
            return new JObject { { "x", Round(v.x) }, { "y", Round(v.y) }, { "z", Round(v.z) } };
        }

        /// <summary>A float as JSON without float noise (0.1f is 0.1, not 0.100000001490116).</summary>
        internal static double Round(float f) { return double.Parse(f.ToString("R", CultureInfo.InvariantCulture), CultureInfo.InvariantCulture); }
    }

    /// <summary>Component types by the names an agent gives: "Rigidbody",
    /// "UnityEngine.Rigidbody", or a project script's class name.</summary>
    public static class ComponentTypes
    {
        static List<Type> all;

        static List<Type> All()
        {
            if (all != null) return all;
            var list = new List<Type>();
            foreach (var asm in AppDomain.CurrentDomain.GetAssemblies())
            {
                Type[] types;
                try { types = asm.GetTypes(); }
                catch (ReflectionTypeLoadException e) { types = e.Types; }
                foreach (var t in types)
                    if (t != null && typeof(Component).IsAssignableFrom(t) && !t.IsGenericTypeDefinition) list.Add(t);
            }
            return all = list;
        }

        /// <summary>The type named <paramref name="name"/>; <paramref name="concrete"/> refuses
        /// abstract types (a component must be concrete to be added; removing matches base types).</summary>
        public static Type Resolve(string name, bool concrete)
        {
            if (name.Trim().Length == 0) throw new ToolException("invalid_params", "component_type is required, e.g. \"Rigidbody\" or \"UnityEngine.BoxCollider\"");
            name = name.Trim();
            var exact = All().FindAll(t => t.FullName == name || t.Name == name);
            if (exact.Count == 0) exact = All().FindAll(t => string.Equals(t.FullName, name, StringComparison.OrdinalIgnoreCase) || string.Equals(t.Name, name, StringComparison.OrdinalIgnoreCase));
            if (exact.Count > 1) exact = exact.FindAll(t => t.FullName == name).Count == 1 ? exact.FindAll(t => t.FullName == name) : exact;
            if (exact.Count > 1)
                throw new ToolException("ambiguous", "component_type \"" + name + "\" names " + exact.Count + " types: " + string.Join(", ", exact.ConvertAll(t => t.FullName).ToArray()) + "; give the full name");
            if (exact.Count == 0)
            {
                var near = HierarchyPath.Closest(All().ConvertAll(t => t.Name), name, 3);
                throw new ToolException("not_found", "no component type is named \"" + name + "\"" + (near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "") +
                    " (a script must compile first, and its class must derive from MonoBehaviour)");
            }
            var type = exact[0];
            if (concrete && type.IsAbstract) throw new ToolException("invalid_params", type.FullName + " is abstract; add one of the types derived from it");
            return type;
        }
    }
}
