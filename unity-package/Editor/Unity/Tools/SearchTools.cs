using System;
using System.Collections.Generic;
using System.Reflection;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.Search;
using UnityEngine;
using UnityEngine.SceneManagement;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>search_query and reflect_find_type: finding things by name. search_query runs
    /// the query through Unity Search (SearchService.Request, synchronously on the main thread,
    /// every active provider: the query's own syntax — "t:", "p:", "h:", property filters —
    /// is Unity's). Where Unity Search fails (it throws: a provider broken by a package, an
    /// index being rebuilt) the same words go through AssetDatabase.FindAssets and the loaded
    /// scenes' GameObject names instead, and the answer says so (engine "basic" and why).
    /// Items are sorted here, best score first (SearchFlags.Sorted is obsolete from 6000.5:
    /// "sort the items with your own sorting mechanism"), as the Search window's score sort
    /// does (SearchTableViewColumnSorter.cs BaseCompare: score, then id). An asset item is
    /// described from its id, the asset's GlobalObjectId, never loaded: a query can match
    /// thousands of assets, and loading each (SearchItem.ToObject) would hold the main thread.
    /// reflect_find_type walks the loaded assemblies' types.</summary>
    public static class SearchTools
    {
        const int MaxQuery = 1000;

        public static void Query(ToolCall call)
        {
            var query = Args.Str(call, "query", "").Trim();
            if (query.Length == 0) throw new ToolException("invalid_params", "query is required, e.g. \"t:Material wood\" or \"h:Player\"");
            if (query.Length > MaxQuery) throw new ToolException("invalid_params", "query is " + query.Length + " characters; keep it under " + MaxQuery);
            int limit = Math.Max(1, Math.Min(500, Args.Int(call, "limit", 50)));
            JObject res;
            try { res = UnitySearch(query, limit); }
            catch (Exception e)
            {
                if (e is ToolException) throw;
                res = Basic(query, limit);
                res["fallback_reason"] = "Unity Search failed (" + e.GetBaseException().Message + "); answered from the AssetDatabase and the loaded scenes, which understand words, t:, l:, p: and h: only";
            }
            call.Reply(res);
        }

        static JObject UnitySearch(string query, int limit)
        {
            using (var context = SearchService.CreateContext(query, SearchFlags.Synchronous))
            using (var list = SearchService.Request(context, SearchFlags.Synchronous))
            {
                var all = new List<SearchItem>(list);
                all.Sort((a, b) =>
                {
                    int c = a.score.CompareTo(b.score);
                    return c != 0 ? c : string.CompareOrdinal(a.id, b.id);
                });
                var items = new JArray();
                for (int i = 0; i < all.Count && items.Count < limit; i++) items.Add(Describe(all[i], context));
                return Answer("unity_search", all.Count, items);
            }
        }

        static JObject Answer(string engine, int total, JArray items)
        {
            return new JObject { { "engine", engine }, { "total", total }, { "items", items }, { "truncated", items.Count < total } };
        }

        /// <summary>An item as the other tools take it: an asset by path and GUID (from the
        /// GlobalObjectId its id is, without loading it), a scene object by path and id (the
        /// Hierarchy provider's objects are loaded already).</summary>
        static JObject Describe(SearchItem item, SearchContext context)
        {
            var provider = item.provider != null ? item.provider.id : null;
            var o = new JObject { { "provider", provider }, { "label", item.GetLabel(context, true) } };
            var guid = GuidOf(item.id);
            var path = guid.Length > 0 ? AssetDatabase.GUIDToAssetPath(guid) : "";
            if (path.Length > 0)
            {
                o["path"] = path;
                o["guid"] = guid;
                var t = AssetDatabase.GetMainAssetTypeAtPath(path);
                if (t != null) o["type"] = t.Name;
                return o;
            }
            UnityEngine.Object obj = null;
            if (provider == "scene")
            {
                try { obj = item.ToObject(); }
                catch (Exception) { }
            }
            var go = obj as GameObject ?? (obj is Component ? ((Component)obj).gameObject : null);
            if (go != null && AssetDatabase.GetAssetPath(go).Length == 0)
            {
                o["object_path"] = ObjectAddress.PathOf(go);
                o["instance_id"] = ObjectIds.Of(obj);
                o["type"] = obj.GetType().Name;
                return o;
            }
            // Neither an asset nor a scene object (a menu item, a setting…): what Search shows.
            o["id"] = item.id;
            var description = item.GetDescription(context, true);
            if (!string.IsNullOrEmpty(description)) o["description"] = description;
            return o;
        }

        /// <summary>The asset GUID of a GlobalObjectId string
        /// ("GlobalObjectId_V1-{kind}-{guid}-{local id}-{prefab id}") that names an asset
        /// (kind 1, imported asset, or 3, source asset; kind 2 is a scene object, whose GUID is
        /// its scene's); "" for another id.</summary>
        static string GuidOf(string id)
        {
            if (id == null || !id.StartsWith("GlobalObjectId_V1-", StringComparison.Ordinal)) return "";
            var parts = id.Split('-');
            return parts.Length >= 3 && (parts[1] == "1" || parts[1] == "3") && parts[2].Length == 32 ? parts[2] : "";
        }

        // ---- the fallback ----

        static JObject Basic(string query, int limit)
        {
            string only = null;
            var words = new List<string>();
            var ignored = new JArray();
            string type = null;
            bool labelled = false;
            foreach (var raw in query.Split(new[] { ' ', '\t' }, StringSplitOptions.RemoveEmptyEntries))
            {
                var w = raw;
                if (w.StartsWith("p:", StringComparison.Ordinal) || w.StartsWith("h:", StringComparison.Ordinal))
                {
                    only = w[0] == 'p' ? "asset" : "scene";
                    w = w.Substring(2);
                    if (w.Length == 0) continue;
                }
                if (w.StartsWith("t:", StringComparison.OrdinalIgnoreCase)) type = w.Substring(2);
                else if (w.StartsWith("l:", StringComparison.OrdinalIgnoreCase)) labelled = true;
                else if (w.IndexOfAny(new[] { ':', '=', '<', '>', '#', '{', '}' }) >= 0) { ignored.Add(w); continue; }
                words.Add(w);
            }
            var items = new JArray();
            int total = 0;
            if (only != "scene")
            {
                var paths = new SortedSet<string>(StringComparer.Ordinal);
                foreach (var g in AssetDatabase.FindAssets(string.Join(" ", words.ToArray())))
                {
                    var p = AssetDatabase.GUIDToAssetPath(g);
                    if (p.StartsWith("Assets/", StringComparison.Ordinal)) paths.Add(p);
                }
                total += paths.Count;
                foreach (var p in paths)
                {
                    if (items.Count == limit) break;
                    var t = AssetDatabase.GetMainAssetTypeAtPath(p);
                    items.Add(new JObject { { "provider", "asset" }, { "label", p.Substring(p.LastIndexOf('/') + 1) }, { "path", p }, { "guid", AssetDatabase.AssetPathToGUID(p) }, { "type", t != null ? t.Name : null } });
                }
            }
            if (only != "asset" && !labelled)
            {
                var names = words.FindAll(w => !w.StartsWith("t:", StringComparison.OrdinalIgnoreCase));
                foreach (var go in SceneObjects())
                {
                    if (!names.TrueForAll(w => go.name.IndexOf(w, StringComparison.OrdinalIgnoreCase) >= 0)) continue;
                    Component typed = null;
                    if (type != null && !type.Equals("GameObject", StringComparison.OrdinalIgnoreCase))
                    {
                        typed = Array.Find(go.GetComponents<Component>(), c => c != null && Derives(c.GetType(), type));
                        if (typed == null) continue;
                    }
                    total++;
                    if (items.Count == limit) continue;
                    items.Add(new JObject { { "provider", "scene" }, { "label", go.name }, { "object_path", ObjectAddress.PathOf(go) }, { "instance_id", ObjectIds.Of(go) }, { "type", typed != null ? typed.GetType().Name : "GameObject" } });
                }
            }
            var res = Answer("basic", total, items);
            if (ignored.Count > 0) res["ignored"] = ignored;
            return res;
        }

        static bool Derives(Type t, string name)
        {
            for (; t != null; t = t.BaseType) if (t.Name.Equals(name, StringComparison.OrdinalIgnoreCase)) return true;
            return false;
        }

        static IEnumerable<GameObject> SceneObjects()
        {
            var all = new List<GameObject>();
            for (int s = 0; s < SceneManager.sceneCount; s++)
            {
                GameObject[] roots;
                // A scene listed but not loaded (closed in the Hierarchy) has no roots to give.
                try { roots = SceneManager.GetSceneAt(s).GetRootGameObjects(); }
                catch (ArgumentException) { continue; }
                foreach (var root in roots)
                    foreach (var t in root.GetComponentsInChildren<Transform>(true)) all.Add(t.gameObject);
            }
            return all;
        }

        // ---- reflect_find_type ----

        public static void FindType(ToolCall call)
        {
            var name = Args.Str(call, "name", "").Trim();
            if (name.Length == 0) throw new ToolException("invalid_params", "name is required, e.g. \"Rigidbody\" or \"UnityEngine.UI.\"");
            if (name.Length > 500) throw new ToolException("invalid_params", "name is " + name.Length + " characters; give at most 500");
            int limit = Math.Max(1, Math.Min(200, Args.Int(call, "limit", 30)));
            var found = new List<KeyValuePair<int, Type>>();
            foreach (var asm in AppDomain.CurrentDomain.GetAssemblies())
                foreach (var t in TypesOf(asm))
                {
                    // Compiler-made types (closures, iterators, anonymous types) are not for naming.
                    if (t == null || t.FullName == null || t.FullName.IndexOf('<') >= 0) continue;
                    if (t.FullName.IndexOf(name, StringComparison.OrdinalIgnoreCase) < 0) continue;
                    found.Add(new KeyValuePair<int, Type>(Rank(t, name), t));
                }
            // Exact names first, then names that start with it, then the shortest full names.
            found.Sort((a, b) =>
            {
                int c = a.Key.CompareTo(b.Key);
                if (c == 0) c = a.Value.FullName.Length.CompareTo(b.Value.FullName.Length);
                return c != 0 ? c : string.CompareOrdinal(a.Value.FullName, b.Value.FullName);
            });
            var types = new JArray();
            foreach (var kv in found)
            {
                if (types.Count == limit) break;
                var t = kv.Value;
                var e = new JObject { { "full_name", t.FullName }, { "assembly", t.Assembly.GetName().Name }, { "kind", Kind(t) } };
                if (t.IsClass && t.BaseType != null && t.BaseType != typeof(object) && !typeof(Delegate).IsAssignableFrom(t)) e["base"] = t.BaseType.FullName;
                types.Add(e);
            }
            call.Reply(new JObject { { "total", found.Count }, { "types", types }, { "truncated", types.Count < found.Count } });
        }

        static int Rank(Type t, string name)
        {
            if (t.Name.Equals(name, StringComparison.OrdinalIgnoreCase) || t.FullName.Equals(name, StringComparison.OrdinalIgnoreCase)) return 0;
            if (t.Name.StartsWith(name, StringComparison.OrdinalIgnoreCase)) return 1;
            return 2;
        }

        static string Kind(Type t)
        {
            if (t.IsEnum) return "enum";
            if (t.IsInterface) return "interface";
            if (t.IsValueType) return "struct";
            if (typeof(Delegate).IsAssignableFrom(t)) return "delegate";
            if (t.IsAbstract && t.IsSealed) return "static class";
            return t.IsAbstract ? "abstract class" : "class";
        }

        static IEnumerable<Type> TypesOf(Assembly asm)
        {
            try { return asm.GetTypes(); }
            catch (ReflectionTypeLoadException e) { return e.Types; }
            catch (Exception) { return new Type[0]; }
        }
    }
}
