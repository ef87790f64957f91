// The fake's prefab assets and the links of instances to them: saving, instantiating,
// loading contents, unpacking. Prefabs.cs says which Unity source or manual page each
// behaviour follows; PrefabOverrides.cs compares, applies, reverts and follows overrides.
using System;
using System.Collections.Generic;
using System.IO;
using UnityEngine;
using UnityEngine.SceneManagement;

namespace UnityEditor
{
    /// <summary>The fake's prefab assets and the links of instances to them.</summary>
    internal static partial class PrefabStore
    {
        internal sealed class Asset
        {
            internal string Path, Guid, BasePath;
            internal GameObject Root;
        }

        /// <summary>An instance bound to its asset: its objects and theirs, both ways.</summary>
        internal sealed class Instance
        {
            internal GameObject Root;
            internal Asset Asset;
            internal readonly Dictionary<UnityEngine.Object, UnityEngine.Object> Up = new Dictionary<UnityEngine.Object, UnityEngine.Object>();
            internal readonly Dictionary<UnityEngine.Object, UnityEngine.Object> Down = new Dictionary<UnityEngine.Object, UnityEngine.Object>();
            internal UnityEngine.Object ToAsset(UnityEngine.Object o) { UnityEngine.Object s; return o != null && Up.TryGetValue(o, out s) ? s : o; }
            internal UnityEngine.Object ToInstance(UnityEngine.Object o) { UnityEngine.Object s; return o != null && Down.TryGetValue(o, out s) ? s : o; }
        }

        static readonly Dictionary<string, Asset> byPath = new Dictionary<string, Asset>(StringComparer.Ordinal);
        static readonly Dictionary<GameObject, Asset> byRoot = new Dictionary<GameObject, Asset>();
        /// <summary>Instance object (or variant asset object) → the object it comes from.</summary>
        internal static readonly Dictionary<UnityEngine.Object, UnityEngine.Object> Source = new Dictionary<UnityEngine.Object, UnityEngine.Object>();
        /// <summary>Instance root → the path of the asset it is an instance of.</summary>
        internal static readonly Dictionary<GameObject, string> Roots = new Dictionary<GameObject, string>();
        /// <summary>Loaded prefab contents: root → (asset path, contents object → the asset object it stands for).</summary>
        static readonly Dictionary<GameObject, KeyValuePair<string, Dictionary<UnityEngine.Object, UnityEngine.Object>>> contents =
            new Dictionary<GameObject, KeyValuePair<string, Dictionary<UnityEngine.Object, UnityEngine.Object>>>();

        internal static GameObject GameObjectOf(UnityEngine.Object o)
        {
            var go = o as GameObject ?? (o is Component ? ((Component)o).owner : null);
            if (go == null) throw new ArgumentException("Calling apply or revert methods on an object which is not a GameObject or Component is not supported.");
            return go;
        }

        /// <summary>A hierarchy's live objects: each GameObject, then its components, then its children.</summary>
        internal static List<UnityEngine.Object> Objects(GameObject root)
        {
            var list = new List<UnityEngine.Object>();
            Collect(root, list);
            return list;
        }

        static void Collect(GameObject go, List<UnityEngine.Object> into)
        {
            if (go.destroyed) return;
            into.Add(go);
            foreach (var c in go.components) if (!c.destroyed) into.Add(c);
            foreach (var child in go.transform.children) Collect(child.gameObject, into);
        }

        /// <summary>Walks two hierarchies of the same shape side by side.</summary>
        static void Pair(GameObject a, GameObject b, Action<UnityEngine.Object, UnityEngine.Object> each)
        {
            each(a, b);
            var ca = a.components.FindAll(c => !c.destroyed);
            var cb = b.components.FindAll(c => !c.destroyed);
            for (int i = 0; i < ca.Count && i < cb.Count; i++) each(ca[i], cb[i]);
            for (int i = 0; i < a.transform.children.Count && i < b.transform.children.Count; i++) Pair(a.transform.children[i].gameObject, b.transform.children[i].gameObject, each);
        }

        /// <summary>A copy's objects come from the same prefab objects as the original's: a scene
        /// file keeps its instances' links (the YAML stores each instance's m_SourcePrefab and
        /// every object's m_CorrespondingSourceObject; Manual "Format of text serialized files"),
        /// so a saved and reopened instance is still one, with its overrides.</summary>
        internal static void CopyLinks(GameObject original, GameObject copy)
        {
            Pair(original, copy, (o, c) =>
            {
                UnityEngine.Object s;
                if (Source.TryGetValue(o, out s)) Source[c] = s;
                string path;
                if (o is GameObject && Roots.TryGetValue((GameObject)o, out path)) Roots[(GameObject)c] = path;
            });
        }

        // ---- assets ----

        /// <summary>A moved prefab file (or a folder holding some): its asset, its variants' base
        /// and its instances follow it, as Unity links them by GUID, not by path.</summary>
        internal static void Moved(string oldPath, string newPath)
        {
            foreach (var a in new List<Asset>(byPath.Values))
            {
                var to = AssetDatabase.MovedPath(a.Path, oldPath, newPath);
                if (to != null) { byPath.Remove(a.Path); a.Path = to; byPath[to] = a; }
                var b = a.BasePath == null ? null : AssetDatabase.MovedPath(a.BasePath, oldPath, newPath);
                if (b != null) a.BasePath = b;
            }
            foreach (var root in new List<GameObject>(Roots.Keys))
            {
                var to = AssetDatabase.MovedPath(Roots[root], oldPath, newPath);
                if (to != null) Roots[root] = to;
            }
        }

        /// <summary>The live asset at a path: its file still there with the GUID it was saved
        /// with (a new project, or a file deleted behind the AssetDatabase, forgets it).</summary>
        internal static Asset At(string path)
        {
            Asset a;
            if (path == null || !byPath.TryGetValue(path, out a)) return null;
            if (Live(a)) return a;
            byPath.Remove(path);
            byRoot.Remove(a.Root);
            return null;
        }

        static bool Live(Asset a)
        {
            return !string.IsNullOrEmpty(Application.dataPath) && File.Exists(AssetDatabase.Full(a.Path)) && AssetDatabase.AssetPathToGUID(a.Path) == a.Guid && !a.Root.destroyed;
        }

        static Asset AssetOfRoot(GameObject root)
        {
            Asset a;
            return root != null && byRoot.TryGetValue(root, out a) && At(a.Path) == a ? a : null;
        }

        /// <summary>A copy of the hierarchy, alone in a scene of its own (valid when it is a
        /// preview scene, invalid for an asset).</summary>
        static GameObject Detached(GameObject src, bool preview, string path)
        {
            var copy = UnityEngine.Object.Instantiate(src, null);
            copy.name = src.name;
            var scene = preview ? SceneData.Of(SceneData.New(path, Path.GetFileNameWithoutExtension(path))) : new SceneData { path = path };
            var t = copy.transform;
            t.Restore(new object[] { null, 0, t.localPosition, t.localRotation, t.localScale, scene });
            return copy;
        }

        static void WriteFile(Asset a)
        {
            int n = 0;
            foreach (var o in Objects(a.Root)) if (o is GameObject) n++;
            File.WriteAllText(AssetDatabase.Full(a.Path), "%YAML 1.1 (unitymcp fake prefab: " + a.Root.name + ", " + n + " GameObjects" + (a.BasePath != null ? ", variant of " + a.BasePath : "") + ")\n");
            a.Guid = AssetDatabase.EnsureMeta(a.Path);
        }

        internal static GameObject Save(GameObject root, string path, bool connect, out bool success)
        {
            success = false;
            if (root == null) throw new ArgumentNullException("Parameter root is null");
            var outer = Source.ContainsKey(root) ? PrefabUtility.GetOutermostPrefabInstanceRoot(root) : null;
            if (Source.ContainsKey(root) && outer != root) throw new ArgumentException("Can't save part of a Prefab instance as a Prefab");
            if (string.IsNullOrEmpty(path)) throw new ArgumentNullException("path is null or empty");
            if (!path.StartsWith("Assets/", StringComparison.Ordinal) || !path.EndsWith(".prefab", StringComparison.Ordinal)) throw new ArgumentException("Given path is not valid: '" + path + "'");
            if (!Directory.Exists(Path.GetDirectoryName(AssetDatabase.Full(path)))) throw new ArgumentException("Given path does not exist: '" + path + "'");
            KeyValuePair<string, Dictionary<UnityEngine.Object, UnityEngine.Object>> loaded;
            bool isContents = contents.TryGetValue(root, out loaded) && loaded.Key == path;
            string basePath;
            if (!isContents && outer == root && Roots.TryGetValue(root, out basePath) && basePath == path) throw new ArgumentException("Cyclic nesting detected");
            var existing = At(path);
            Asset a;
            if (existing != null)
            {
                // Over an existing asset: its objects are kept where they match (the contents'
                // own objects, or by name), so instances keep their links and follow.
                a = existing;
                Replace(a, root, isContents ? loaded.Value : null);
            }
            else
            {
                a = new Asset { Path = path, Root = Detached(root, false, path) };
                a.Root.name = Path.GetFileNameWithoutExtension(path);
                if (outer == root)
                {
                    // A variant: its objects come from the base's, as the instance's did.
                    a.BasePath = Roots[root];
                    Pair(root, a.Root, (i, c) => { UnityEngine.Object s; if (Source.TryGetValue(i, out s)) Source[c] = s; });
                    Roots[a.Root] = a.BasePath;
                }
                byPath[path] = a;
                byRoot[a.Root] = a;
                WriteFile(a);
            }
            if (connect)
            {
                Unlink(Objects(root));
                Pair(a.Root, root, (s, i) => Source[i] = s);
                Roots[root] = path;
            }
            success = true;
            return a.Root;
        }

        internal static UnityEngine.Object Instantiate(UnityEngine.Object asset, Transform parent)
        {
            if (asset == null) throw new ArgumentException("The Object you want to instantiate is null.");
            var go = asset as GameObject ?? (asset is Component ? ((Component)asset).owner : null);
            var a = go == null ? null : AssetOfRoot(go.transform.root.gameObject);
            if (a == null) return null;
            var copy = UnityEngine.Object.Instantiate(a.Root, parent);
            copy.name = a.Root.name;
            UnityEngine.Object picked = null;
            Pair(a.Root, copy, (s, i) => { Source[i] = s; if (s == asset) picked = i; });
            Roots[copy] = a.Path;
            return picked;
        }

        internal static GameObject Load(string path)
        {
            if (string.IsNullOrEmpty(path)) throw new ArgumentNullException("assetPath", "Prefab Asset path is null or empty");
            if (!File.Exists(AssetDatabase.Full(path))) throw new ArgumentException(string.Format("Path: {0}, does not exist", path));
            if (Path.GetExtension(path) != ".prefab") throw new ArgumentException(string.Format("Path: {0}, is not a prefab file", path));
            var a = At(path);
            if (a == null) throw new ArgumentException("Could not load Prefab contents at path " + path + ".");
            var root = Detached(a.Root, true, path);
            var same = new Dictionary<UnityEngine.Object, UnityEngine.Object>();
            Pair(a.Root, root, (s, c) =>
            {
                same[c] = s;
                // A variant's contents are an instance of its base, as its asset is.
                UnityEngine.Object b;
                if (Source.TryGetValue(s, out b)) Source[c] = b;
            });
            if (a.BasePath != null) Roots[root] = a.BasePath;
            contents[root] = new KeyValuePair<string, Dictionary<UnityEngine.Object, UnityEngine.Object>>(path, same);
            return root;
        }

        internal static void Unload(GameObject root)
        {
            if (root == null || !contents.ContainsKey(root)) throw new ArgumentException("Specified object is not part of Prefab contents");
            contents.Remove(root);
            Unlink(Objects(root));
            UnityEngine.Object.DestroyImmediate(root);
        }

        static void Unlink(List<UnityEngine.Object> objects)
        {
            foreach (var o in objects)
            {
                Source.Remove(o);
                if (o is GameObject) Roots.Remove((GameObject)o);
            }
        }

        // ---- instances ----

        /// <summary>The instance the object is part of, bound to the asset of its outermost root.</summary>
        internal static Instance InstanceOf(UnityEngine.Object o)
        {
            if (o == null || !Source.ContainsKey(o)) return null;
            var root = PrefabUtility.GetOutermostPrefabInstanceRoot(o);
            string path;
            return root != null && Roots.TryGetValue(root, out path) ? Bind(root, At(path)) : null;
        }

        internal static Instance Checked(UnityEngine.Object o, string what)
        {
            if (!(o is GameObject || o is Component)) throw new ArgumentException("Calling apply or revert methods on an object which is not a GameObject or Component is not supported.");
            if (o == null) throw new NullReferenceException("Cannot apply or revert object. Object is null.");
            var inst = InstanceOf(o);
            if (inst == null || inst.Asset == null) throw new ArgumentException("Calling " + what + " methods on an object which is not part of a Prefab instance is not supported.");
            return inst;
        }

        /// <summary>Binds an instance (or a variant asset, or loaded contents) to an asset: the
        /// objects of its hierarchy that come from that asset's, both ways.</summary>
        static Instance Bind(GameObject root, Asset a, IEnumerable<UnityEngine.Object> assetObjects = null)
        {
            var inst = new Instance { Root = root, Asset = a };
            if (a == null) return inst;
            var of = new HashSet<UnityEngine.Object>(assetObjects ?? Objects(a.Root));
            foreach (var o in Objects(root))
            {
                UnityEngine.Object s;
                if (Source.TryGetValue(o, out s) && of.Contains(s) && !inst.Down.ContainsKey(s)) { inst.Up[o] = s; inst.Down[s] = o; }
            }
            return inst;
        }

        /// <summary>The instances and variants that follow the asset: instance roots in the
        /// loaded scenes and live variant assets (loaded contents do not follow).</summary>
        static List<GameObject> Dependents(Asset a)
        {
            var list = new List<GameObject>();
            foreach (var kv in Roots)
            {
                var r = kv.Key;
                if (kv.Value != a.Path || r.destroyed || contents.ContainsKey(r)) continue;
                if (AssetOfRoot(r) != null || World.Scenes.Contains(r.sceneData.handle)) list.Add(r);
            }
            return list;
        }

        internal static void Unpack(GameObject root, bool completely)
        {
            var inst = InstanceOf(root);
            var objects = Objects(root);
            if (completely || inst == null || inst.Asset == null) { Unlink(objects); return; }
            // One level: what came from a variant now comes from its base; the rest is plain.
            foreach (var kv in inst.Up)
            {
                UnityEngine.Object b;
                if (Source.TryGetValue(kv.Value, out b)) Source[kv.Key] = b; else Source.Remove(kv.Key);
            }
            Roots.Remove(root);
            if (inst.Asset.BasePath != null && Source.ContainsKey(root)) Roots[root] = inst.Asset.BasePath;
        }

        /// <summary>What RegisterFullObjectHierarchyUndo keeps of a hierarchy's prefab links.</summary>
        internal sealed class LinkState
        {
            internal readonly Dictionary<UnityEngine.Object, UnityEngine.Object> Source = new Dictionary<UnityEngine.Object, UnityEngine.Object>();
            internal readonly Dictionary<GameObject, string> Roots = new Dictionary<GameObject, string>();
        }

        internal static LinkState Links(IEnumerable<UnityEngine.Object> objects)
        {
            var state = new LinkState();
            foreach (var o in objects)
            {
                UnityEngine.Object s;
                string p;
                state.Source[o] = Source.TryGetValue(o, out s) ? s : null;
                if (o is GameObject) state.Roots[(GameObject)o] = Roots.TryGetValue((GameObject)o, out p) ? p : null;
            }
            return state;
        }

        internal static void SetLinks(LinkState state)
        {
            foreach (var s in state.Source) if (s.Value == null) Source.Remove(s.Key); else Source[s.Key] = s.Value;
            foreach (var r in state.Roots) if (r.Value == null) Roots.Remove(r.Key); else Roots[r.Key] = r.Value;
        }
    }
}
