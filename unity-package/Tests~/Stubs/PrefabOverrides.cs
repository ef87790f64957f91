// The fake's prefab overrides: what differs between an instance and the asset it comes from,
// and applying, reverting and following them. Prefabs.cs says which Unity source or manual page
// each behaviour follows; what is specific to one member is cited where it is done.
using System;
using System.Collections.Generic;
using System.Globalization;
using UnityEditor.SceneManagement;
using UnityEngine;

namespace UnityEditor
{
    internal static partial class PrefabStore
    {
        /// <summary>An object's leaf properties by path (m_LocalPosition.x, m_Items.Array.size),
        /// laid out as SerializedObject reads them.</summary>
        static Dictionary<string, SerializedNode> Leaves(UnityEngine.Object o)
        {
            var into = new Dictionary<string, SerializedNode>(StringComparer.Ordinal);
            AddLeaves(SerializedLayout.Read(o), into);
            return into;
        }

        static void AddLeaves(SerializedNode n, Dictionary<string, SerializedNode> into)
        {
            foreach (var c in n.Children)
                if (c.Children.Count == 0) into[c.Path] = c; else AddLeaves(c, into);
        }

        /// <summary>Whether a leaf's two values are the same. The fake's Transform normalizes a
        /// rotation whenever it is set (Transform.cs), so a copied rotation can come out a bit
        /// off; rotation components within Quaternion.kEpsilon count as equal, as Quaternion ==
        /// compares (Runtime/Export/Math/Quaternion.cs, IsEqualUsingDot with kEpsilon 0.000001).</summary>
        static bool Same(string path, object a, object b)
        {
            if (a is double && b is double && path.StartsWith("m_LocalRotation.", StringComparison.Ordinal)) return Math.Abs((double)a - (double)b) < 0.000001;
            return Same(a, b);
        }

        static bool Same(object a, object b)
        {
            var keys = a as Keyframe[];
            if (keys != null) return b is Keyframe[] && new AnimationCurve(keys).Equals(new AnimationCurve((Keyframe[])b));
            if (a is UnityEngine.Object || b is UnityEngine.Object) return (UnityEngine.Object)a == (UnityEngine.Object)b;
            return Equals(a, b);
        }

        /// <summary>ScriptReference PrefabUtility.IsDefaultOverride: the root GameObject's name
        /// and the root Transform's position and rotation (the fake has no m_LocalEulerAnglesHint,
        /// m_RootOrder or RectTransform). <paramref name="source"/> is the object overridden.</summary>
        internal static bool IsDefault(UnityEngine.Object source, string path)
        {
            if (source == null || path == null) return false;
            var go = source as GameObject;
            if (go != null) return go.transform.parentTransform == null && path == "m_Name";
            var t = source as Transform;
            return t != null && t.parentTransform == null && (path.StartsWith("m_LocalPosition", StringComparison.Ordinal) || path.StartsWith("m_LocalRotation", StringComparison.Ordinal));
        }

        static object Up(Instance inst, object v) { var o = v as UnityEngine.Object; return o != null ? inst.ToAsset(o) : v; }
        static object Down(Instance inst, object v) { var o = v as UnityEngine.Object; return o != null ? inst.ToInstance(o) : v; }

        /// <summary>Whether the object belongs to a prefab asset (persistent: an asset may refer to it).</summary>
        static bool IsAssetObject(UnityEngine.Object o)
        {
            var go = o as GameObject ?? (o is Component ? ((Component)o).owner : null);
            return go != null && AssetOfRoot(go.transform.root.gameObject) != null;
        }

        /// <summary>A map that stops at a reference it cannot carry over.</summary>
        static readonly object Skip = new object();

        /// <summary>Writes into <paramref name="to"/> every leaf of <paramref name="from"/> that
        /// <paramref name="include"/> takes and that differs, references through
        /// <paramref name="map"/> (<see cref="Skip"/> leaves that leaf as it is). Arrays are
        /// resized first, as their size leaf says.</summary>
        static void Copy(UnityEngine.Object from, UnityEngine.Object to, Func<string, bool> include, Func<UnityEngine.Object, object> map)
        {
            var theirs = Leaves(to);
            var values = new List<KeyValuePair<string, object>>();
            foreach (var kv in Leaves(from))
            {
                if (!include(kv.Key)) continue;
                var v = kv.Value.Value;
                var o = v as UnityEngine.Object;
                if (!ReferenceEquals(o, null)) { v = map(o); if (v == Skip) continue; }
                SerializedNode t;
                if (theirs.TryGetValue(kv.Key, out t) && Same(kv.Key, t.Value, v)) continue;
                values.Add(new KeyValuePair<string, object>(kv.Key, v));
            }
            Write(to, values);
        }

        /// <summary>Sets leaves of an object without Undo, as an asset import writes them.</summary>
        static void Write(UnityEngine.Object target, List<KeyValuePair<string, object>> values)
        {
            if (values.Count == 0) return;
            const string size = ".Array.size";
            // An array's size before its elements, outer arrays before inner ones.
            values.Sort((x, y) => x.Key.Length.CompareTo(y.Key.Length));
            var so = new SerializedObject(target);
            foreach (var kv in values)
            {
                if (kv.Key.EndsWith(size, StringComparison.Ordinal))
                {
                    var array = so.FindProperty(kv.Key.Substring(0, kv.Key.Length - size.Length));
                    if (array != null) array.arraySize = (int)(long)kv.Value;
                    continue;
                }
                var n = so.root.Find(kv.Key);
                if (n == null || n.Children.Count > 0) continue;
                n.Value = kv.Value is Keyframe[] ? ((Keyframe[])kv.Value).Clone() : kv.Value;
                so.Changed(n);
            }
            foreach (var n in so.root.Children)
                if (n.Dirty) n.Slot.Set(target, SerializedLayout.ToClr(n, n.Slot.Type));
        }

        // ---- what differs ----

        /// <summary>The instance's modifications: per linked object, the leaves whose value
        /// differs from the source's (references compared through the instance's links), and
        /// the root's default overrides, which a PrefabInstance always holds.</summary>
        internal static List<PropertyModification> Modifications(Instance inst)
        {
            var list = new List<PropertyModification>();
            foreach (var o in Objects(inst.Root))
            {
                UnityEngine.Object s;
                if (!inst.Up.TryGetValue(o, out s)) continue;
                var theirs = Leaves(s);
                foreach (var kv in Leaves(o))
                {
                    SerializedNode t;
                    bool differs = !theirs.TryGetValue(kv.Key, out t) || !Same(kv.Key, Up(inst, kv.Value.Value), t.Value);
                    if (!differs && !IsDefault(s, kv.Key)) continue;
                    var n = kv.Value;
                    list.Add(new PropertyModification { target = s, propertyPath = kv.Key, value = Text(n), objectReference = n.Kind == SerializedPropertyType.ObjectReference ? (UnityEngine.Object)n.Value : null });
                }
            }
            return list;
        }

        /// <summary>PropertyModification.value: the serialized text of a value (bools 1/0,
        /// floats in round-trip form); "" for a reference, which objectReference holds.</summary>
        static string Text(SerializedNode n)
        {
            switch (n.Kind)
            {
                case SerializedPropertyType.Boolean: return (bool)n.Value ? "1" : "0";
                case SerializedPropertyType.Float:
                    return n.Numeric == SerializedPropertyNumericType.Double ? ((double)n.Value).ToString("R", CultureInfo.InvariantCulture) : ((float)(double)n.Value).ToString("R", CultureInfo.InvariantCulture);
                case SerializedPropertyType.String: return (string)n.Value;
                case SerializedPropertyType.ObjectReference:
                case SerializedPropertyType.AnimationCurve: return "";
                default: return Convert.ToString(n.Value, CultureInfo.InvariantCulture);
            }
        }

        internal sealed class Changes
        {
            internal readonly List<AddedComponent> AddedComponents = new List<AddedComponent>();
            internal readonly List<RemovedComponent> RemovedComponents = new List<RemovedComponent>();
            internal readonly List<AddedGameObject> AddedGameObjects = new List<AddedGameObject>();
            internal readonly List<RemovedGameObject> RemovedGameObjects = new List<RemovedGameObject>();
        }

        // PrefabOverridesUtility: "Provided GameObject is not a Prefab instance" otherwise.
        internal static Changes Diff(GameObject prefabInstance)
        {
            if (prefabInstance == null) throw new ArgumentNullException("prefabInstance");
            var inst = InstanceOf(prefabInstance);
            if (inst == null || inst.Asset == null) throw new ArgumentException("Provided GameObject is not a Prefab instance");
            return Diff(inst);
        }

        /// <summary>PrefabOverridesUtility.CheckForAddedComponents / CheckForRemovedComponents /
        /// CheckForAddedGameObjectAndIfSoAddItAndReturnFalse / CheckForRemovedGameObjects: an
        /// added GameObject is listed, not entered.</summary>
        static Changes Diff(Instance inst)
        {
            var ch = new Changes();
            Walk(inst, inst.Root, ch);
            return ch;
        }

        static void Walk(Instance inst, GameObject go, Changes ch)
        {
            UnityEngine.Object s;
            if (!inst.Up.TryGetValue(go, out s)) return;
            var source = (GameObject)s;
            foreach (var c in go.components)
                if (!c.destroyed && !inst.Up.ContainsKey(c)) ch.AddedComponents.Add(new AddedComponent { instanceComponent = c });
            foreach (var c in source.components)
                if (!c.destroyed && !inst.Down.ContainsKey(c)) ch.RemovedComponents.Add(new RemovedComponent { containingInstanceGameObject = go, assetComponent = c });
            foreach (var t in go.transform.children)
                if (!inst.Up.ContainsKey(t.gameObject)) ch.AddedGameObjects.Add(new AddedGameObject { instanceGameObject = t.gameObject, siblingIndex = t.GetSiblingIndex() });
            foreach (var t in source.transform.children)
                if (!inst.Down.ContainsKey(t.gameObject)) ch.RemovedGameObjects.Add(new RemovedGameObject { parentOfRemovedGameObjectInInstance = go, assetGameObject = t.gameObject });
            foreach (var t in go.transform.children.ToArray()) Walk(inst, t.gameObject, ch);
        }

        // ---- apply, revert ----

        /// <summary>ApplyPrefabInstance: added and removed objects first (so references to added
        /// ones can be carried over), then every property override but the default ones. A
        /// reference to a scene object outside the prefab is not applied (PrefabUtility.cs
        /// ApplySinglePropertyAndRemoveOverride: "Cannot apply reference to scene object that is
        /// not part of apply target prefab"): it stays an override, and added objects carry none.</summary>
        internal static void Apply(Instance inst)
        {
            var a = inst.Asset;
            Edit(a, () =>
            {
                var ch = Diff(inst);
                var created = new List<KeyValuePair<UnityEngine.Object, UnityEngine.Object>>();
                Action<UnityEngine.Object, UnityEngine.Object> link = (i, c) => { Source[i] = c; created.Add(new KeyValuePair<UnityEngine.Object, UnityEngine.Object>(i, c)); };
                foreach (var c in ch.AddedComponents)
                {
                    var added = ((GameObject)inst.Up[c.instanceComponent.owner]).AddComponent(c.instanceComponent.GetType());
                    if (added != null) link(c.instanceComponent, added);
                }
                foreach (var r in ch.RemovedComponents) Remove(r.assetComponent, false);
                foreach (var g in ch.AddedGameObjects)
                    CloneUnder(g.instanceGameObject, ((GameObject)inst.Up[g.instanceGameObject.transform.parentTransform.gameObject]).transform, g.siblingIndex, link);
                foreach (var r in ch.RemovedGameObjects) Remove(r.assetGameObject, false);
                var now = Bind(inst.Root, a);
                Func<UnityEngine.Object, object> toAsset = o => now.Up.ContainsKey(o) ? now.Up[o] : IsAssetObject(o) ? o : Skip;
                foreach (var kv in created) Copy(kv.Key, kv.Value, p => true, o => { var m = toAsset(o); return m == Skip ? null : m; });
                foreach (var kv in now.Up) Copy(kv.Key, kv.Value, p => !IsDefault(kv.Value, p), toAsset);
            });
        }

        /// <summary>RevertPrefabInstance: added objects go, removed ones come back, and every
        /// property but the default overrides takes the asset's value.</summary>
        internal static void Revert(Instance inst, bool undo)
        {
            var ch = Diff(inst);
            foreach (var c in ch.AddedComponents) Remove(c.instanceComponent, undo);
            foreach (var g in ch.AddedGameObjects) Remove(g.instanceGameObject, undo);
            foreach (var r in ch.RemovedComponents) Restore(inst, r.containingInstanceGameObject, r.assetComponent, undo);
            foreach (var r in ch.RemovedGameObjects)
            {
                var copy = CloneUnder(r.assetGameObject, r.parentOfRemovedGameObjectInInstance.transform, r.assetGameObject.transform.GetSiblingIndex(), (s, i) => Source[i] = s);
                if (undo) Undo.RegisterCreatedObjectUndo(copy, "Revert Prefab Instance");
            }
            var now = Bind(inst.Root, inst.Asset);
            foreach (var kv in now.Up) Copy(kv.Value, kv.Key, p => !IsDefault(kv.Value, p), o => now.ToInstance(o));
        }

        /// <summary>RevertObjectOverride (path null: every property but the default overrides)
        /// and RevertPropertyOverride (that property and those under it, default ones too).</summary>
        internal static void RevertProperties(Instance inst, UnityEngine.Object target, string path)
        {
            UnityEngine.Object s;
            if (!inst.Up.TryGetValue(target, out s)) throw new ArgumentException("Cannot revert " + target.name + ": it is not part of the Prefab instance (an added object has no source to revert to).");
            Copy(s, target, p => path == null ? !IsDefault(s, p) : p == path || p.StartsWith(path + ".", StringComparison.Ordinal), o => inst.ToInstance(o));
        }

        /// <summary>A removed component back on the instance's GameObject with the asset's values.</summary>
        internal static void Restore(Instance inst, GameObject go, Component assetComponent, bool undo)
        {
            var added = go.AddComponent(assetComponent.GetType());
            if (added == null) return;
            if (undo) Undo.RegisterCreatedObjectUndo(added, "Revert Prefab removed component");
            Source[added] = assetComponent;
            inst.Up[added] = assetComponent;
            inst.Down[assetComponent] = added;
            Copy(assetComponent, added, p => true, o => inst.ToInstance(o));
        }

        /// <summary>Destroys an object of an instance or an asset (through Undo when asked).</summary>
        internal static void Remove(UnityEngine.Object o, bool undo)
        {
            if (undo) { Undo.DestroyObjectImmediate(o); return; }
            var c = o as Component;
            if (c != null) c.owner.components.Remove(c);
            UnityEngine.Object.DestroyImmediate(o);
        }

        /// <summary>A copy of <paramref name="src"/> under <paramref name="parent"/> at
        /// <paramref name="index"/>, named as it is; <paramref name="link"/> gets each source
        /// object with its copy.</summary>
        static GameObject CloneUnder(GameObject src, Transform parent, int index, Action<UnityEngine.Object, UnityEngine.Object> link)
        {
            var copy = UnityEngine.Object.Instantiate(src, parent);
            copy.name = src.name;
            copy.transform.SetSiblingIndex(index);
            Pair(src, copy, link);
            return copy;
        }

        // ---- the asset changes, its instances follow ----

        /// <summary>Changes an asset and has every instance and variant of it follow (variants
        /// in turn have theirs follow).</summary>
        static void Edit(Asset a, Action change)
        {
            var before = new Dictionary<UnityEngine.Object, Dictionary<string, SerializedNode>>();
            foreach (var o in Objects(a.Root)) before[o] = Leaves(o);
            change();
            WriteFile(a);
            foreach (var d in Dependents(a))
            {
                var variant = AssetOfRoot(d);
                if (variant != null) Edit(variant, () => Follow(d, a, before));
                else Follow(d, a, before);
            }
        }

        /// <summary>An instance catches up with its changed asset: it loses what the asset lost,
        /// gains what it gained (not under a GameObject the instance removed), and each
        /// property that still held the asset's old value takes the new one.</summary>
        static void Follow(GameObject d, Asset a, Dictionary<UnityEngine.Object, Dictionary<string, SerializedNode>> before)
        {
            var now = new HashSet<UnityEngine.Object>(Objects(a.Root));
            var all = new List<UnityEngine.Object>(now);
            all.AddRange(before.Keys);
            var inst = Bind(d, a, all);
            foreach (var old in before.Keys)
            {
                UnityEngine.Object mine;
                if (!now.Contains(old) && inst.Down.TryGetValue(old, out mine) && !mine.destroyed) Remove(mine, false);
            }
            var created = new List<KeyValuePair<UnityEngine.Object, UnityEngine.Object>>();
            AddMissing(inst, a.Root, before, created);
            inst = Bind(d, a);
            foreach (var kv in created) Copy(kv.Key, kv.Value, p => true, o => inst.ToInstance(o));
            foreach (var kv in inst.Up)
            {
                Dictionary<string, SerializedNode> old;
                if (!before.TryGetValue(kv.Value, out old)) continue;
                var mine = Leaves(kv.Key);
                var values = new List<KeyValuePair<string, object>>();
                foreach (var leaf in Leaves(kv.Value))
                {
                    SerializedNode was, m;
                    if (IsDefault(kv.Value, leaf.Key) || (old.TryGetValue(leaf.Key, out was) && Same(leaf.Key, was.Value, leaf.Value.Value))) continue;
                    mine.TryGetValue(leaf.Key, out m);
                    bool follows = was == null ? m == null : m != null && Same(leaf.Key, Up(inst, m.Value), was.Value);
                    if (follows) values.Add(new KeyValuePair<string, object>(leaf.Key, Down(inst, leaf.Value.Value)));
                }
                Write(kv.Key, values);
            }
        }

        static void AddMissing(Instance inst, GameObject source, Dictionary<UnityEngine.Object, Dictionary<string, SerializedNode>> before, List<KeyValuePair<UnityEngine.Object, UnityEngine.Object>> created)
        {
            UnityEngine.Object mine;
            if (!inst.Down.TryGetValue(source, out mine)) return;
            var go = (GameObject)mine;
            Action<UnityEngine.Object, UnityEngine.Object> link = (s, i) =>
            {
                Source[i] = s;
                inst.Up[i] = s;
                inst.Down[s] = i;
                created.Add(new KeyValuePair<UnityEngine.Object, UnityEngine.Object>(s, i));
            };
            foreach (var c in source.components.ToArray())
            {
                if (c.destroyed || inst.Down.ContainsKey(c) || before.ContainsKey(c)) continue;
                var added = go.AddComponent(c.GetType());
                if (added != null) link(c, added);
            }
            foreach (var t in source.transform.children.ToArray())
            {
                if (!inst.Down.ContainsKey(t.gameObject) && !before.ContainsKey(t.gameObject)) CloneUnder(t.gameObject, go.transform, t.GetSiblingIndex(), link);
                else AddMissing(inst, t.gameObject, before, created);
            }
        }

        /// <summary>Saving over an existing asset: it takes the saved hierarchy's shape and
        /// values, keeping its own objects where they match (for loaded contents, the objects
        /// they were loaded from; otherwise by name, as ScriptReference SaveAsPrefabAsset says
        /// Unity matches them), so that instances keep their links and follow. The root keeps
        /// the file's name; references to objects outside the saved hierarchy and outside any
        /// asset are dropped (an asset cannot refer to a scene).</summary>
        static void Replace(Asset a, GameObject from, Dictionary<UnityEngine.Object, UnityEngine.Object> same)
        {
            Edit(a, () =>
            {
                var map = new Dictionary<UnityEngine.Object, UnityEngine.Object>();
                Shape(from, a.Root, same, map);
                Func<UnityEngine.Object, object> toAsset = o => map.ContainsKey(o) ? map[o] : IsAssetObject(o) ? o : null;
                foreach (var kv in map) Copy(kv.Key, kv.Value, p => !(kv.Value == a.Root && p == "m_Name"), toAsset);
                foreach (var kv in map)
                {
                    UnityEngine.Object b;
                    if (Source.TryGetValue(kv.Key, out b)) Source[kv.Value] = b; else Source.Remove(kv.Value);
                }
                string basePath;
                a.BasePath = Roots.TryGetValue(from, out basePath) ? basePath : null;
                if (a.BasePath != null) Roots[a.Root] = a.BasePath; else Roots.Remove(a.Root);
            });
        }

        static void Shape(GameObject from, GameObject to, Dictionary<UnityEngine.Object, UnityEngine.Object> same, Dictionary<UnityEngine.Object, UnityEngine.Object> map)
        {
            map[from] = to;
            map[from.transform] = to.transform;
            var order = new List<Component> { to.transform };
            foreach (var fc in from.components)
            {
                if (fc.destroyed || fc is Transform) continue;
                var tc = Match(fc, to, same, order) as Component ?? to.AddComponent(fc.GetType());
                if (tc == null) continue;
                order.Add(tc);
                map[fc] = tc;
            }
            foreach (var tc in to.components.ToArray()) if (!tc.destroyed && !order.Contains(tc)) Remove(tc, false);
            to.components.Clear();
            to.components.AddRange(order);
            var kept = new List<UnityEngine.Object>();
            foreach (var ft in from.transform.children.ToArray())
            {
                var tgo = Match(ft.gameObject, to, same, kept) as GameObject;
                if (tgo == null)
                {
                    tgo = new GameObject(ft.gameObject.name);
                    tgo.transform.SetParent(to.transform, false);
                }
                tgo.transform.SetSiblingIndex(kept.Count);
                kept.Add(tgo);
                Shape(ft.gameObject, tgo, same, map);
            }
            foreach (var tt in to.transform.children.ToArray()) if (!kept.Contains(tt.gameObject)) Remove(tt.gameObject, false);
        }

        /// <summary>The object of <paramref name="under"/> (a child GameObject, or a component)
        /// that a saved object stands for and that is not taken yet.</summary>
        static UnityEngine.Object Match<T>(UnityEngine.Object saved, GameObject under, Dictionary<UnityEngine.Object, UnityEngine.Object> same, List<T> taken) where T : UnityEngine.Object
        {
            if (same != null)
            {
                UnityEngine.Object s;
                if (!same.TryGetValue(saved, out s) || s.destroyed || taken.Contains((T)s)) return null;
                var owner = s is Component ? ((Component)s).owner : ((GameObject)s).transform.parentTransform != null ? ((GameObject)s).transform.parentTransform.gameObject : null;
                return owner == under ? s : null;
            }
            if (saved is GameObject)
            {
                foreach (var t in under.transform.children) if (t.gameObject.name == saved.name && !taken.Contains(t.gameObject as T)) return t.gameObject;
                return null;
            }
            foreach (var c in under.components) if (!c.destroyed && c.GetType() == saved.GetType() && !taken.Contains(c as T)) return c;
            return null;
        }
    }
}
