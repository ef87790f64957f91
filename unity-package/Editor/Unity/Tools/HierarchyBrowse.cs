using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using System.Text;
using Newtonsoft.Json.Linq;
using UnityEngine;
using UnityEngine.SceneManagement;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>scene_browse_hierarchy: the loaded scenes' objects as a flat, depth-first list
    /// of nodes, each with the path every other tool takes, its id and its components; filters
    /// (name, component, tag, active_only), a depth limit, a branch (object_path) and paging.
    /// Every answer carries a snapshot_id; given one as since, the next answer lists only what
    /// was added, removed or changed since then — a second look after one change costs a few
    /// lines instead of the whole scene. Snapshots are kept in memory (the last 8; a domain
    /// reload forgets them, and an unknown since gets the full listing, marked so).
    ///
    /// A node says only what is not the default, to keep answers small: "active": false,
    /// "tag" when not Untagged, "layer" when not 0; Transform is left out of the components
    /// (every object has one).</summary>
    public static class HierarchyBrowse
    {
        sealed class Snapshot
        {
            public string Id;
            public string Query;
            public Dictionary<string, string> Nodes; // instance id → node JSON
            public Dictionary<string, string> Paths; // instance id → path
        }

        static readonly List<Snapshot> snapshots = new List<Snapshot>();
        const int MaxSnapshots = 8;

        public static void Invoke(ToolCall call)
        {
            var name = Args.Str(call, "name", "");
            var componentName = Args.Str(call, "component", "");
            var tag = Args.Str(call, "tag", "");
            bool activeOnly = Args.Bool(call, "active_only", false);
            int maxDepth = Args.Int(call, "max_depth", -1);
            int offset = Args.Int(call, "offset", 0);
            int limit = Args.Int(call, "limit", 200);
            if (limit < 1 || limit > 1000) throw new ToolException("invalid_params", "limit must be 1 to 1000; got " + limit);
            if (offset < 0) throw new ToolException("invalid_params", "offset must be 0 or more; got " + offset);
            Type component = componentName.Length > 0 ? ComponentTypes.Resolve(componentName, false) : null;
            int sceneIndex = Args.Has(call, "scene_index") ? Args.Int(call, "scene_index", 0) : -1;
            if (sceneIndex >= SceneManager.sceneCount)
                throw new ToolException("invalid_params", "scene_index " + sceneIndex + " is out of range: " + SceneManager.sceneCount + " scene(s) are loaded (scene_list lists them)");
            var start = ObjectAddress.Resolve(call, "object_path", "instance_id", false);

            // The whole filtered listing, then the page: the snapshot covers all of it.
            var nodes = new List<JObject>();
            var ids = new List<string>();
            Action<Transform, int> walk = null;
            walk = (t, depth) =>
            {
                var go = t.gameObject;
                if (activeOnly && !go.activeInHierarchy) return;
                if (Matches(go, name, component, tag))
                {
                    nodes.Add(Node(go, depth));
                    ids.Add(ObjectAddress.Id(go));
                }
                if (maxDepth >= 0 && depth >= maxDepth) return;
                for (int i = 0; i < t.childCount; i++) walk(t.GetChild(i), depth + 1);
            };
            var scenes = new JArray();
            for (int s = 0; s < SceneManager.sceneCount; s++)
            {
                var scene = SceneManager.GetSceneAt(s);
                scenes.Add(new JObject { { "index", s }, { "name", scene.name }, { "path", scene.path }, { "loaded", scene.isLoaded }, { "dirty", scene.isDirty }, { "roots", scene.isLoaded ? scene.rootCount : 0 } });
                if (start != null || !scene.isLoaded || (sceneIndex >= 0 && s != sceneIndex)) continue;
                foreach (var r in scene.GetRootGameObjects()) walk(r.transform, 0);
            }
            if (start != null)
                for (int i = 0; i < start.transform.childCount; i++) walk(start.transform.GetChild(i), 0);

            var query = string.Join("\u0001", new[] { name, componentName, tag, activeOnly.ToString(), maxDepth.ToString(), sceneIndex.ToString(), start != null ? ObjectAddress.Id(start) : "" });
            var snap = Take(query, nodes, ids);
            var since = Args.Str(call, "since", "");
            var res = new JObject { { "snapshot_id", snap.Id } };
            if (since.Length > 0)
            {
                var old = snapshots.Find(x => x.Id == since);
                if (old != null && old.Query == query)
                {
                    Diff(old, snap, nodes, ids, res);
                    res["since"] = since;
                    Keep(snap);
                    call.Reply(res);
                    return;
                }
                res["since_unknown"] = old == null
                    ? "snapshot " + since + " is not known (the last " + MaxSnapshots + " are kept until a domain reload); this is the full listing"
                    : "snapshot " + since + " was taken with other filters; this is the full listing";
            }
            Keep(snap);
            res["scenes"] = scenes;
            res["total"] = nodes.Count;
            res["offset"] = offset;
            var page = new JArray();
            for (int i = offset; i < nodes.Count && page.Count < limit; i++) page.Add(nodes[i]);
            res["nodes"] = page;
            res["next_offset"] = offset + page.Count < nodes.Count ? (JToken)(offset + page.Count) : JValue.CreateNull();
            call.Reply(res);
        }

        static bool Matches(GameObject go, string name, Type component, string tag)
        {
            if (name.Length > 0 && go.name.IndexOf(name, StringComparison.OrdinalIgnoreCase) < 0) return false;
            if (component != null && go.GetComponent(component) == null) return false;
            if (tag.Length > 0 && go.tag != tag) return false;
            return true;
        }

        static JObject Node(GameObject go, int depth)
        {
            var n = new JObject { { "path", ObjectAddress.PathOf(go) }, { "instance_id", ObjectAddress.Id(go) }, { "depth", depth } };
            if (!go.activeSelf) n["active"] = false;
            if (go.tag != "Untagged") n["tag"] = go.tag;
            if (go.layer != 0) n["layer"] = go.layer;
            var comps = new JArray();
            foreach (var c in go.GetComponents<Component>())
            {
                if (c is Transform) continue;
                comps.Add(c == null ? "Missing" : c.GetType().Name);
            }
            if (comps.Count > 0) n["components"] = comps;
            if (go.transform.childCount > 0) n["children"] = go.transform.childCount;
            return n;
        }

        static Snapshot Take(string query, List<JObject> nodes, List<string> ids)
        {
            var snap = new Snapshot { Query = query, Nodes = new Dictionary<string, string>(), Paths = new Dictionary<string, string>() };
            var all = new StringBuilder(query);
            for (int i = 0; i < nodes.Count; i++)
            {
                // Depth is where the node sits in this listing, not a property of the object.
                var key = nodes[i].ToString(Newtonsoft.Json.Formatting.None);
                snap.Nodes[ids[i]] = key;
                snap.Paths[ids[i]] = (string)nodes[i]["path"];
                all.Append('\n').Append(key);
            }
            // The same scene and query give the same id: a since that matches says "nothing changed".
            using (var sha = SHA256.Create())
            {
                var h = sha.ComputeHash(Encoding.UTF8.GetBytes(all.ToString()));
                snap.Id = "h" + BitConverter.ToString(h, 0, 6).Replace("-", "").ToLowerInvariant();
            }
            return snap;
        }

        static void Keep(Snapshot snap)
        {
            snapshots.RemoveAll(x => x.Id == snap.Id);
            snapshots.Add(snap);
            while (snapshots.Count > MaxSnapshots) snapshots.RemoveAt(0);
        }

        static void Diff(Snapshot old, Snapshot now, List<JObject> nodes, List<string> ids, JObject into)
        {
            var added = new JArray();
            var changed = new JArray();
            for (int i = 0; i < nodes.Count; i++)
            {
                string before;
                if (!old.Nodes.TryGetValue(ids[i], out before)) added.Add(nodes[i]);
                else if (before != now.Nodes[ids[i]]) changed.Add(nodes[i]);
            }
            var removed = new JArray();
            foreach (var kv in old.Nodes)
                if (!now.Nodes.ContainsKey(kv.Key)) removed.Add(new JObject { { "path", old.Paths[kv.Key] }, { "instance_id", kv.Key } });
            into["total"] = nodes.Count;
            into["added"] = added;
            into["removed"] = removed;
            into["changed"] = changed;
        }
    }
}
