using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;

namespace UnityMcp.Editor.Tools
{
    /// <summary>A prefab instance's overrides as prefab_overrides, prefab_apply and prefab_revert
    /// answer them, read through PrefabUtility: property overrides
    /// (GetPropertyModifications, each on the source object it overrides, found in the instance
    /// through GetCorrespondingObjectFromSource), added and removed components, added and
    /// removed GameObjects. A property is named by its path, leaves of a Unity struct by the
    /// struct (m_LocalPosition, not m_LocalPosition.x), with the instance's value and the
    /// asset's as inspect_read shows them. The default overrides (the root's name, position
    /// and rotation: PrefabUtility.IsDefaultOverride) are listed apart, and only where they
    /// differ from the asset: apply never writes them and revert of the whole instance keeps
    /// them.</summary>
    internal static class PrefabOverrideList
    {
        internal static JObject Of(GameObject root)
        {
            var instanceOf = new Dictionary<Object, Object>();
            foreach (var o in Objects(root))
            {
                var s = PrefabUtility.GetCorrespondingObjectFromSource(o);
                if (s != null && !instanceOf.ContainsKey(s)) instanceOf[s] = o;
            }
            var properties = new JArray();
            var defaults = new JArray();
            var seen = new HashSet<string>();
            foreach (var m in PrefabUtility.GetPropertyModifications(root) ?? new PropertyModification[0])
            {
                Object inst;
                if (m.target == null || !instanceOf.TryGetValue(m.target, out inst)) continue;
                var path = Whole(inst, m.propertyPath);
                if (!seen.Add(ObjectAddress.Id(inst) + "|" + path)) continue;
                var mine = Value(inst, path, true);
                var theirs = Value(m.target, path, false);
                bool isDefault = PrefabUtility.IsDefaultOverride(m);
                if (isDefault && JToken.DeepEquals(mine, theirs)) continue;
                var e = Where(inst);
                e["property_path"] = path;
                e["value"] = mine;
                e["asset_value"] = theirs;
                (isDefault ? defaults : properties).Add(e);
            }
            var addedComponents = new JArray();
            foreach (var a in PrefabUtility.GetAddedComponents(root))
            {
                var e = Where(a.instanceComponent);
                e["instance_id"] = ObjectAddress.Id(a.instanceComponent);
                addedComponents.Add(e);
            }
            var removedComponents = new JArray();
            foreach (var r in PrefabUtility.GetRemovedComponents(root))
                removedComponents.Add(new JObject { { "object_path", ObjectAddress.PathOf(r.containingInstanceGameObject) }, { "component", r.assetComponent.GetType().Name } });
            var addedObjects = new JArray();
            foreach (var a in PrefabUtility.GetAddedGameObjects(root))
                addedObjects.Add(new JObject { { "object_path", ObjectAddress.PathOf(a.instanceGameObject) }, { "instance_id", ObjectAddress.Id(a.instanceGameObject) } });
            var removedObjects = new JArray();
            foreach (var r in PrefabUtility.GetRemovedGameObjects(root))
                removedObjects.Add(new JObject { { "parent_path", ObjectAddress.PathOf(r.parentOfRemovedGameObjectInInstance) }, { "name", r.assetGameObject.name } });
            return new JObject
            {
                { "count", properties.Count + addedComponents.Count + removedComponents.Count + addedObjects.Count + removedObjects.Count },
                { "property_overrides", properties },
                { "added_components", addedComponents },
                { "removed_components", removedComponents },
                { "added_gameobjects", addedObjects },
                { "removed_gameobjects", removedObjects },
                { "default_overrides", defaults },
            };
        }

        /// <summary>The first <paramref name="max"/> overrides in a line ("/Enemy m_IsActive,
        /// added Rigidbody on /Enemy/Gun, …").</summary>
        internal static string Summary(JObject list, int max)
        {
            var parts = new List<string>();
            foreach (var p in list["property_overrides"]) parts.Add((string)p["object_path"] + ((string)p["component"] != null ? "'s " + (string)p["component"] : "") + " " + (string)p["property_path"]);
            foreach (var p in list["added_components"]) parts.Add("added " + (string)p["component"] + " on " + (string)p["object_path"]);
            foreach (var p in list["removed_components"]) parts.Add("removed " + (string)p["component"] + " of " + (string)p["object_path"]);
            foreach (var p in list["added_gameobjects"]) parts.Add("added " + (string)p["object_path"]);
            foreach (var p in list["removed_gameobjects"]) parts.Add("removed " + (string)p["parent_path"] + "/" + (string)p["name"]);
            var shown = parts.GetRange(0, System.Math.Min(max, parts.Count));
            return string.Join(", ", shown.ToArray()) + (parts.Count > max ? ", and " + (parts.Count - max) + " more" : "");
        }

        static IEnumerable<Object> Objects(GameObject root)
        {
            var stack = new Stack<Transform>();
            stack.Push(root.transform);
            while (stack.Count > 0)
            {
                var t = stack.Pop();
                yield return t.gameObject;
                foreach (var c in t.gameObject.GetComponents<Component>()) if (c != null) yield return c;
                for (int i = t.childCount - 1; i >= 0; i--) stack.Push(t.GetChild(i));
            }
        }

        /// <summary>Where an override is: the GameObject's path, and the component (by type,
        /// with its index among those of its type when there are several; none for the
        /// GameObject itself).</summary>
        static JObject Where(Object o)
        {
            var c = o as Component;
            var go = c != null ? c.gameObject : (GameObject)o;
            var e = new JObject { { "object_path", ObjectAddress.PathOf(go) }, { "component", c != null ? (JToken)c.GetType().Name : JValue.CreateNull() } };
            if (c != null)
            {
                int index = 0;
                foreach (var other in go.GetComponents(c.GetType())) { if (other == c) break; index++; }
                if (index > 0) e["component_index"] = index;
            }
            return e;
        }

        /// <summary>The property a modification belongs to as an agent reads it: a leaf of a
        /// Unity struct (vector, quaternion, colour, rect, bounds) is named by the struct.</summary>
        static string Whole(Object o, string path)
        {
            int dot = path.LastIndexOf('.');
            if (dot <= 0) return path;
            var parent = new SerializedObject(o).FindProperty(path.Substring(0, dot));
            if (parent == null) return path;
            switch (parent.propertyType)
            {
                case SerializedPropertyType.Vector2:
                case SerializedPropertyType.Vector3:
                case SerializedPropertyType.Vector4:
                case SerializedPropertyType.Quaternion:
                case SerializedPropertyType.Color:
                case SerializedPropertyType.Rect:
                case SerializedPropertyType.Bounds:
                    return parent.propertyPath;
            }
            return path;
        }

        /// <summary>A property's value as inspect_read shows it; a reference in the instance as
        /// the scene object it is, one in the asset by its path inside the prefab.</summary>
        static JToken Value(Object o, string path, bool inScene)
        {
            var p = new SerializedObject(o).FindProperty(path);
            if (p == null) return JValue.CreateNull();
            if (p.propertyType != SerializedPropertyType.ObjectReference) return SerializedValues.Read(p, o);
            var r = p.objectReferenceValue;
            if (r == null) return JValue.CreateNull();
            var go = r as GameObject ?? (r is Component ? ((Component)r).gameObject : null);
            if (inScene || go == null) return References.Bundle(r);
            using (ObjectAddress.Within(go.transform.root.gameObject, "the prefab"))
                return new JObject { { "in_prefab", ObjectAddress.PathOf(go) }, { "type", r.GetType().Name } };
        }
    }
}
