using System;
using System.Collections.Generic;
using System.Globalization;
using Newtonsoft.Json.Linq;
using UnityEngine;
using UnityEngine.SceneManagement;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>How the authoring tools name scene objects, both ways: a hierarchy path in
    /// <see cref="HierarchyPath"/>'s grammar (what scene_browse_hierarchy prints) or an
    /// instance/entity id, always answered as a decimal string; and the identity bundle every
    /// mutation answers, which the next call can take as it is. Inactive objects are found
    /// too. Paths are looked up in every loaded scene; a path two scenes both have is refused
    /// as ambiguous (give the id instead).</summary>
    public static class ObjectAddress
    {
        /// <summary>prefab_edit's scope: while set, paths are looked up and printed inside this
        /// hierarchy (a prefab's loaded contents, its root "/&lt;RootName&gt;") instead of the
        /// loaded scenes, and an id must name an object inside it.</summary>
        static GameObject scopeRoot;
        static string scopeLabel;

        /// <summary>Addresses objects inside <paramref name="root"/> until the answer is disposed
        /// (restored in a finally, so a failing operation cannot leave the scope set).</summary>
        internal static IDisposable Within(GameObject root, string label)
        {
            var outer = new Scope { Root = scopeRoot, Label = scopeLabel };
            scopeRoot = root;
            scopeLabel = label;
            return outer;
        }

        sealed class Scope : IDisposable
        {
            public GameObject Root;
            public string Label;
            public void Dispose() { scopeRoot = Root; scopeLabel = Label; }
        }

        /// <summary>The root lists paths start from: the scope's root, or each loaded scene's roots.</summary>
        static IEnumerable<List<Transform>> RootLists()
        {
            if (scopeRoot != null)
            {
                yield return new List<Transform> { scopeRoot.transform };
                yield break;
            }
            for (int s = 0; s < SceneManager.sceneCount; s++)
            {
                var scene = SceneManager.GetSceneAt(s);
                if (!scene.isLoaded) continue;
                var level = new List<Transform>();
                foreach (var r in scene.GetRootGameObjects()) level.Add(r.transform);
                yield return level;
            }
        }

        /// <summary>The object's id as a decimal string: ids pass 2^53 from Unity 6000.5 on,
        /// and a string survives every JSON parser.</summary>
        public static string Id(UnityEngine.Object o)
        {
            var v = ObjectIds.Of(o);
            return Convert.ToString(v.Value, CultureInfo.InvariantCulture);
        }

        /// <summary>The GameObject the call names by `{prefix}path` or `{prefix}instance_id`
        /// (object_path / instance_id, parent_path / parent_instance_id); null when it names
        /// none and <paramref name="required"/> is false.</summary>
        public static GameObject Resolve(ToolCall call, string pathArg, string idArg, bool required)
        {
            bool hasPath = Args.Has(call, pathArg) && Args.Str(call, pathArg).Length > 0;
            bool hasId = Args.Has(call, idArg) && Args.Str(call, idArg).Length > 0;
            if (hasPath && hasId)
                throw new ToolException("invalid_params", "give " + pathArg + " or " + idArg + ", not both");
            if (hasId) return ById(Args.Str(call, idArg), idArg);
            if (hasPath) return ByPath(Args.Str(call, pathArg), pathArg);
            if (required) throw new ToolException("invalid_params", "give " + pathArg + " (a path as scene_browse_hierarchy prints it) or " + idArg);
            return null;
        }

        public static GameObject ById(string text, string argName)
        {
            var o = ObjectIds.Find(text.Trim());
            if (o == null) throw new ToolException("not_found", argName + " " + text + " names no live object (it may have been deleted, or the id is from before a domain reload of Play Mode); find it again with scene_browse_hierarchy");
            var go = o as GameObject;
            if (go == null && o is Component) go = ((Component)o).gameObject;
            if (go == null) throw new ToolException("invalid_params", argName + " " + text + " is a " + o.GetType().Name + " (\"" + o.name + "\"), not a scene object; give a GameObject's or a component's id");
            if (scopeRoot != null && go.transform.root != scopeRoot.transform)
                throw new ToolException("invalid_params", argName + " " + text + " names " + go.name + ", which is not inside " + scopeLabel + "; give a path inside it (its root is " + PathOf(scopeRoot) + ")");
            return go;
        }

        public static GameObject ByPath(string path, string argName)
        {
            List<HierarchySegment> segs;
            try { segs = HierarchyPath.Parse(path); }
            catch (FormatException e) { throw new ToolException("invalid_params", argName + ": " + e.Message); }
            var found = new List<GameObject>();
            string ambiguous = null;
            foreach (var roots in RootLists())
            {
                var level = roots;
                Transform hit = null;
                for (int d = 0; d < segs.Count; d++)
                {
                    hit = Pick(level, segs[d], segs, d, ref ambiguous);
                    if (hit == null) break;
                    level = Children(hit);
                }
                if (hit != null) found.Add(hit.gameObject);
            }
            if (found.Count == 1) return found[0];
            if (found.Count > 1)
                throw new ToolException("ambiguous", argName + " \"" + path + "\" is in " + found.Count + " loaded scenes (" + string.Join(", ", found.ConvertAll(g => SceneLabel(g.scene)).ToArray()) + "); give instance_id instead");
            if (ambiguous != null) throw new ToolException("ambiguous", ambiguous);
            var near = HierarchyPath.Closest(AllPaths(), path, 3);
            throw new ToolException("not_found", argName + " \"" + path + "\" names no object in " + (scopeRoot != null ? scopeLabel : "the loaded scenes") +
                (near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "; the scenes are empty") + " (scene_browse_hierarchy lists them)");
        }

        static Transform Pick(List<Transform> level, HierarchySegment seg, List<HierarchySegment> segs, int depth, ref string ambiguous)
        {
            var same = level.FindAll(t => t.gameObject.name == seg.Name);
            if (same.Count == 0) return null;
            if (seg.Index < 0)
            {
                if (same.Count == 1) return same[0];
                var prefix = new List<HierarchySegment>(segs.GetRange(0, depth));
                prefix.Add(new HierarchySegment(seg.Name, 0));
                var first = HierarchyPath.Join(prefix);
                ambiguous = same.Count + " siblings are named \"" + seg.Name + "\" at " + (depth == 0 ? "the scene root" : HierarchyPath.Join(segs.GetRange(0, depth))) +
                    "; say which, e.g. " + first + " (0-based among those of that name)";
                return null;
            }
            return seg.Index < same.Count ? same[seg.Index] : null;
        }

        static List<Transform> Children(Transform t)
        {
            var list = new List<Transform>(t.childCount);
            for (int i = 0; i < t.childCount; i++) list.Add(t.GetChild(i));
            return list;
        }

        static List<Transform> Siblings(Transform t)
        {
            if (t.parent != null) return Children(t.parent);
            if (scopeRoot != null && t == scopeRoot.transform) return new List<Transform> { t };
            var list = new List<Transform>();
            foreach (var r in t.gameObject.scene.GetRootGameObjects()) list.Add(r.transform);
            return list;
        }

        /// <summary>The path scene_browse_hierarchy prints for the object.</summary>
        public static string PathOf(GameObject go)
        {
            var segs = new List<HierarchySegment>();
            for (var t = go.transform; t != null; t = t.parent) segs.Add(new HierarchySegment(t.gameObject.name, SameNameIndex(t)));
            segs.Reverse();
            return HierarchyPath.Join(segs);
        }

        /// <summary>The object's place among the siblings of its name, or -1 when the name is its own.</summary>
        static int SameNameIndex(Transform t)
        {
            int index = -1, count = 0;
            foreach (var s in Siblings(t))
            {
                if (s.gameObject.name != t.gameObject.name) continue;
                if (s == t) index = count;
                count++;
            }
            return count > 1 ? index : -1;
        }

        static IEnumerable<string> AllPaths()
        {
            foreach (var roots in RootLists())
            {
                var stack = new Stack<Transform>(roots);
                int n = 0;
                while (stack.Count > 0 && n++ < 20000)
                {
                    var t = stack.Pop();
                    yield return PathOf(t.gameObject);
                    for (int i = 0; i < t.childCount; i++) stack.Push(t.GetChild(i));
                }
            }
        }

        static string SceneLabel(Scene s) { return s.path.Length > 0 ? s.path : (s.name.Length > 0 ? s.name : "Untitled"); }

        /// <summary>What a mutation answers about a GameObject: enough to address it again.</summary>
        public static JObject Bundle(GameObject go)
        {
            return new JObject
            {
                { "path", PathOf(go) },
                { "instance_id", Id(go) },
                { "name", go.name },
                { "type", "GameObject" },
                { "scene", scopeRoot != null && go.transform.root == scopeRoot.transform ? scopeLabel : SceneLabel(go.scene) },
            };
        }

        /// <summary>A component's identity: its type, its place among the components of that
        /// type on its GameObject, its id, and its GameObject's path.</summary>
        public static JObject Bundle(Component c)
        {
            int index = 0;
            foreach (var other in c.gameObject.GetComponents<Component>())
            {
                if (other == c) break;
                if (other != null && other.GetType() == c.GetType()) index++;
            }
            return new JObject
            {
                { "path", PathOf(c.gameObject) },
                { "instance_id", Id(c) },
                { "type", c.GetType().Name },
                { "component_index", index },
            };
        }

        /// <summary>The component type names on a GameObject, in order ("Missing" for a lost script).</summary>
        public static JArray ComponentNames(GameObject go)
        {
            var a = new JArray();
            foreach (var c in go.GetComponents<Component>()) a.Add(c == null ? "Missing" : c.GetType().Name);
            return a;
        }
    }
}
