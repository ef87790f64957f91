using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using System.Text.RegularExpressions;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.SceneManagement;
using UnityEngine;
using UnityEngine.SceneManagement;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>Walking the GameObjects an agent can see: the open Prefab Stage's contents
    /// (what the Hierarchy window shows while a prefab is open), every loaded scene, and in
    /// Play Mode the DontDestroyOnLoad scene.</summary>
    public static class SceneWalk
    {
        /// <summary>What holds a root: a scene's name, "DontDestroyOnLoad", or
        /// "Prefab Mode: &lt;asset path&gt;".</summary>
        public const string PrefabModePrefix = "Prefab Mode: ";

        /// <summary>Root GameObjects with what holds each, in order: the Prefab Stage's
        /// contents root (PrefabStageUtility.GetCurrentPrefabStage, UnityEditor.SceneManagement
        /// in 2022.3 through 6000.7), the loaded scenes in hierarchy order, then the
        /// DontDestroyOnLoad scene in Play Mode.</summary>
        public static List<KeyValuePair<GameObject, string>> RootsWithScenes()
        {
            var roots = new List<KeyValuePair<GameObject, string>>();
            var stage = PrefabStageUtility.GetCurrentPrefabStage();
            if (stage != null && stage.prefabContentsRoot != null)
                roots.Add(new KeyValuePair<GameObject, string>(stage.prefabContentsRoot, PrefabModePrefix + stage.assetPath));
            for (int i = 0; i < SceneManager.sceneCount; i++)
            {
                var s = SceneManager.GetSceneAt(i);
                if (!s.isLoaded) continue;
                foreach (var g in s.GetRootGameObjects()) roots.Add(new KeyValuePair<GameObject, string>(g, s.name));
            }
            Scene ddol;
            if (DontDestroyOnLoadScene(out ddol))
                foreach (var g in ddol.GetRootGameObjects()) roots.Add(new KeyValuePair<GameObject, string>(g, ddol.name));
            return roots;
        }

        /// <summary>Root GameObjects of everything <see cref="RootsWithScenes"/> lists.</summary>
        public static List<GameObject> Roots()
        {
            var list = new List<GameObject>();
            foreach (var r in RootsWithScenes()) list.Add(r.Key);
            return list;
        }

        static Scene ddolScene;

        /// <summary>The DontDestroyOnLoad scene, which SceneManager does not list. Unity has no
        /// public getter (EditorSceneManager.GetDontDestroyOnLoadScene is internal), so a
        /// hidden probe GameObject is moved there (Object.DontDestroyOnLoad, which only works
        /// in Play Mode) and its scene kept for the rest of the play session.</summary>
        static bool DontDestroyOnLoadScene(out Scene scene)
        {
            scene = ddolScene;
            if (!EditorApplication.isPlaying) return false;
            if (ddolScene.isLoaded) return true;
            var probe = new GameObject("unitymcp DontDestroyOnLoad probe") { hideFlags = HideFlags.HideAndDontSave };
            try
            {
                UnityEngine.Object.DontDestroyOnLoad(probe);
                ddolScene = probe.scene;
            }
            catch (Exception) { return false; }
            finally { UnityEngine.Object.DestroyImmediate(probe); }
            scene = ddolScene;
            return ddolScene.isLoaded;
        }

        public static IEnumerable<Transform> Children(Transform t)
        {
            for (int i = 0; i < t.childCount; i++) yield return t.GetChild(i);
        }

        /// <summary>Depth-first over every GameObject (inactive ones too).</summary>
        public static void Walk(Action<GameObject> visit)
        {
            Walk((g, scene) => visit(g));
        }

        /// <summary>Depth-first over every GameObject, with what holds its root.</summary>
        public static void Walk(Action<GameObject, string> visit)
        {
            var stack = new Stack<KeyValuePair<Transform, string>>();
            var roots = RootsWithScenes();
            for (int i = roots.Count - 1; i >= 0; i--) stack.Push(new KeyValuePair<Transform, string>(roots[i].Key.transform, roots[i].Value));
            while (stack.Count > 0)
            {
                var t = stack.Pop();
                visit(t.Key.gameObject, t.Value);
                for (int i = t.Key.childCount - 1; i >= 0; i--) stack.Push(new KeyValuePair<Transform, string>(t.Key.GetChild(i), t.Value));
            }
        }

        /// <summary>"Parent/Child/Grandchild" (no leading slash), from the root
        /// <see cref="Find"/> starts at: in Prefab Mode the prefab's contents root, not the
        /// "Canvas (Environment)" or in-context parent Unity puts above it
        /// (UnityCsReference: Editor/Mono/SceneManagement/StageManager/PrefabStage/PrefabStageUtility.cs).</summary>
        public static string PathOf(GameObject go)
        {
            var stage = PrefabStageUtility.GetCurrentPrefabStage();
            var top = stage != null && stage.prefabContentsRoot != null ? stage.prefabContentsRoot.transform : null;
            var parts = new List<string>();
            for (var t = go.transform; t != null; t = t == top ? null : t.parent) parts.Add(t.name);
            parts.Reverse();
            return string.Join("/", parts.ToArray());
        }

        /// <summary>The GameObject at a hierarchy path ("/A/B" or "A/B"), or null.</summary>
        public static GameObject Find(string path)
        {
            var parts = (path ?? "").Trim('/').Split('/');
            if (parts.Length == 0 || parts[0].Length == 0) return null;
            IEnumerable<Transform> level = RootTransforms();
            Transform cur = null;
            foreach (var p in parts)
            {
                cur = null;
                foreach (var t in level)
                {
                    if (t.name == p) { cur = t; break; }
                }
                if (cur == null) return null;
                level = Children(cur);
            }
            return cur != null ? cur.gameObject : null;
        }

        public static IEnumerable<Transform> RootTransforms()
        {
            foreach (var g in Roots()) yield return g.transform;
        }
    }

    /// <summary>find-game-objects and get-hierarchy.</summary>
    public static class SceneTools
    {
        public static void FindGameObjects(ToolCall call)
        {
            var pattern = Args.Str(call, "NamePattern", "");
            var mode = Args.OneOf(call, "SearchMode", "Exact", "Exact", "Path", "Regex", "Contains", "Selected");
            var required = Args.StrList(call, "RequiredComponents");
            var tag = Args.Str(call, "Tag", "");
            bool hasLayer = Args.Has(call, "Layer");
            int layer = Args.Int(call, "Layer", 0);
            bool inactive = Args.Bool(call, "IncludeInactive");
            int maxResults = Args.Int(call, "MaxResults", 20);
            bool withProps = Args.Bool(call, "IncludeInheritedProperties");

            Regex re = null;
            if (mode == "Regex")
            {
                try { re = new Regex(pattern, RegexOptions.CultureInvariant, TimeSpan.FromSeconds(2)); }
                catch (ArgumentException e) { throw new ToolException("invalid_params", "NamePattern is not a valid regular expression: " + e.Message); }
            }
            var selected = new HashSet<GameObject>(Selection.gameObjects);
            var trimmedPath = pattern.Trim('/');
            var found = new List<GameObject>();
            var sceneOf = new Dictionary<GameObject, string>();
            SceneWalk.Walk((g, scene) =>
            {
                if (!inactive && !g.activeInHierarchy) return;
                switch (mode)
                {
                    case "Exact": if (pattern.Length > 0 && g.name != pattern) return; break;
                    case "Path": if (SceneWalk.PathOf(g) != trimmedPath) return; break;
                    case "Regex": if (!re.IsMatch(g.name)) return; break;
                    case "Contains": if (g.name.IndexOf(pattern, StringComparison.OrdinalIgnoreCase) < 0) return; break;
                    case "Selected": if (!selected.Contains(g)) return; break;
                }
                if (tag.Length > 0 && g.tag != tag) return;
                if (hasLayer && g.layer != layer) return;
                foreach (var rc in required) if (FindComponent(g, rc) == null) return;
                found.Add(g);
                sceneOf[g] = scene;
            });

            int total = found.Count;
            if (maxResults >= 0 && found.Count > maxResults) found = found.GetRange(0, maxResults);
            var errors = new JArray();
            var results = new JArray();
            foreach (var g in found)
            {
                var comps = new JArray();
                foreach (var c in g.GetComponents<Component>())
                {
                    if (c == null)
                    {
                        comps.Add(new JObject { { "type", "MissingScript" }, { "fullTypeName", "" } });
                        continue;
                    }
                    var t = c.GetType();
                    var cm = new JObject { { "type", t.Name }, { "fullTypeName", t.FullName } };
                    if (withProps)
                    {
                        JArray notCalled;
                        cm["properties"] = Properties(c, SceneWalk.PathOf(g), errors, out notCalled);
                        if (notCalled.Count > 0) cm["gettersNotCalled"] = notCalled;
                    }
                    comps.Add(cm);
                }
                results.Add(new JObject
                {
                    { "name", g.name }, { "path", SceneWalk.PathOf(g) }, { "isActive", g.activeSelf },
                    { "tag", g.tag }, { "layer", g.layer }, { "scene", sceneOf[g] }, { "components", comps },
                });
            }
            var message = "Found " + total + " GameObject(s)" + (total > found.Count ? "; returned the first " + found.Count + " (MaxResults)" : "");
            if (withProps)
                message += "; properties hold scripts' fields and auto-properties and built-in components' properties — reading runs no script code, so a script's other getters are only named in gettersNotCalled (read one with reflect_read, e.g. @scene:/Path/Component/name)";
            var filePath = "";
            // Large results (many objects with IncludeInheritedProperties) go to a file, as
            // get-hierarchy's do, so the answer stays small: results is then empty and
            // resultsFilePath names the JSON file holding them.
            var json = results.ToString(Newtonsoft.Json.Formatting.None);
            if (json.Length > FindResultsInlineLimit)
            {
                var dir = ProjectPaths.Outputs("FindGameObjectsResults");
                filePath = dir + "/find_" + ProjectPaths.Stamp(DateTime.Now) + ".json";
                File.WriteAllText(filePath, new JObject { { "results", results }, { "totalFound", total } }.ToString(Newtonsoft.Json.Formatting.Indented), new UTF8Encoding(false));
                OwnerOnly.File(filePath);
                message += "; " + json.Length + " characters of results saved to resultsFilePath (read 'results' there)";
                results = new JArray();
            }
            call.Reply(new JObject
            {
                { "results", results }, { "totalFound", total }, { "errorMessage", "" }, { "resultsFilePath", filePath },
                { "message", message }, { "processingErrors", errors },
            });
        }

        /// <summary>Results longer than this (JSON characters) are saved to a file instead.</summary>
        public const int FindResultsInlineLimit = 50000;

        /// <summary>A component on g whose type name or full name is name (case-insensitive).</summary>
        public static Component FindComponent(GameObject g, string name)
        {
            foreach (var c in g.GetComponents<Component>())
            {
                if (c == null) continue;
                for (var t = c.GetType(); t != null && t != typeof(Component); t = t.BaseType)
                {
                    if (string.Equals(t.Name, name, StringComparison.OrdinalIgnoreCase) || string.Equals(t.FullName, name, StringComparison.OrdinalIgnoreCase))
                        return c;
                }
            }
            return null;
        }

        /// <summary>A component's data (IncludeInheritedProperties), read as Core's ReadRules
        /// allow so that reading changes nothing: for script and package classes (uGUI,
        /// TextMeshPro, yours) their public and [SerializeField] fields and auto-properties —
        /// what the Inspector shows — and no getter, whose code may create or change objects
        /// (TMP_Text.fontMaterial, a lazy Instance); their other public getters are named in
        /// gettersNotCalled. For Unity's built-in classes (Transform, Camera, Rigidbody,
        /// MonoBehaviour…) their public properties, native accessors, except the getters known
        /// to change the scene (<see cref="SideEffectGetters"/>: Renderer.material,
        /// MeshFilter.mesh…), listed with "skipped" saying why and what to read instead. A
        /// member that throws, or logs a warning or an error to the Console while it is read,
        /// is reported in errors with its name.</summary>
        static JArray Properties(Component c, string path, JArray errors, out JArray notCalled)
        {
            var props = new JArray();
            notCalled = new JArray();
            var writer = new ValueWriter(1, 20);
            using (var watch = new GetterLogWatch(errors))
            {
                foreach (var m in ReadRules.Members(c.GetType(), false, typeof(UnityEngine.Object)))
                {
                    var typeName = m.Type.Name;
                    if (m.Via == ReadVia.NotCalled) { notCalled.Add(m.Name); continue; }
                    if (m.Via == ReadVia.Refused)
                    {
                        props.Add(new JObject { { "name", m.Name }, { "type", typeName }, { "skipped", m.Why } });
                        continue;
                    }
                    var what = path + " " + m.Member.DeclaringType.Name + "." + m.Name;
                    watch.Reading = what;
                    try { props.Add(new JObject { { "name", m.Name }, { "type", typeName }, { "value", writer.Write(m.Read(c), 1) } }); }
                    catch (Exception e) { errors.Add(what + ": " + e.GetBaseException().Message); }
                    finally { watch.Reading = null; }
                }
            }
            return props;
        }

        /// <summary>Reports Console warnings and errors logged on the main thread while a
        /// member is read (a getter that complains, e.g. "Not allowed to access …").</summary>
        sealed class GetterLogWatch : IDisposable
        {
            readonly JArray errors;
            readonly int thread = System.Threading.Thread.CurrentThread.ManagedThreadId;
            public string Reading;

            public GetterLogWatch(JArray errors)
            {
                this.errors = errors;
                Application.logMessageReceivedThreaded += OnLog;
            }

            void OnLog(string condition, string stackTrace, LogType type)
            {
                if (Reading == null || type == LogType.Log || System.Threading.Thread.CurrentThread.ManagedThreadId != thread) return;
                errors.Add(Reading + " logged " + type + ": " + condition);
            }

            public void Dispose() { Application.logMessageReceivedThreaded -= OnLog; }
        }

        // ---- get-hierarchy ----

        public static void GetHierarchy(ToolCall call)
        {
            bool inactive = Args.Bool(call, "IncludeInactive", true);
            int maxDepth = Args.Int(call, "MaxDepth", -1);
            var rootPath = Args.Str(call, "RootPath", "");
            bool withComps = Args.Bool(call, "IncludeComponents", true);
            bool withPaths = Args.Bool(call, "IncludePaths");
            var lutMode = Args.OneOf(call, "UseComponentsLut", "auto", "auto", "true", "false");
            bool useSelection = Args.Bool(call, "UseSelection");

            var roots = new List<GameObject>();
            if (useSelection)
            {
                roots.AddRange(Selection.gameObjects);
                if (roots.Count == 0) throw new ToolException("invalid_params", "UseSelection is true but nothing is selected; select GameObjects first or pass RootPath");
            }
            else if (!string.IsNullOrEmpty(rootPath))
            {
                var g = SceneWalk.Find(rootPath);
                if (g == null) throw new ToolException("invalid_params", "no GameObject at RootPath \"" + rootPath + "\"");
                roots.Add(g);
            }
            else roots = SceneWalk.Roots();
            var rootScenes = new Dictionary<GameObject, string>();
            foreach (var r in SceneWalk.RootsWithScenes()) rootScenes[r.Key] = r.Value;

            int total = 0;
            if (withComps && lutMode == "auto") SceneWalkCount(roots, inactive, ref total);
            bool useLut = withComps && (lutMode == "true" || (lutMode == "auto" && total > 50));
            var lut = new List<string>();
            var lutIndex = new Dictionary<string, int>();
            int nodes = 0, deepest = 0;

            Func<IEnumerable<GameObject>, int, JArray> build = null;
            build = (gs, depth) =>
            {
                var arr = new JArray();
                foreach (var g in gs)
                {
                    if (!inactive && !g.activeSelf) continue;
                    nodes++;
                    if (depth > deepest) deepest = depth;
                    var n = new JObject
                    {
                        { "name", g.name }, { "instanceId", ObjectIds.Of(g) }, { "isActive", g.activeSelf }, { "tag", g.tag }, { "layer", g.layer },
                    };
                    if (withPaths) n["path"] = SceneWalk.PathOf(g);
                    string rootScene;
                    if (depth == 0 && rootScenes.TryGetValue(g, out rootScene)) n["scene"] = rootScene;
                    if (withComps)
                    {
                        var comps = new JArray();
                        foreach (var c in g.GetComponents<Component>())
                        {
                            var name = c == null ? "MissingScript" : c.GetType().Name;
                            if (useLut)
                            {
                                int i;
                                if (!lutIndex.TryGetValue(name, out i)) { i = lut.Count; lutIndex[name] = i; lut.Add(name); }
                                comps.Add(i);
                            }
                            else comps.Add(name);
                        }
                        n["components"] = comps;
                    }
                    var kids = new List<GameObject>();
                    foreach (var t in SceneWalk.Children(g.transform)) kids.Add(t.gameObject);
                    n["children"] = (maxDepth < 0 || depth < maxDepth) ? build(kids, depth + 1) : new JArray();
                    arr.Add(n);
                }
                return arr;
            };
            var tree = build(roots, 0);
            var doc = new JObject
            {
                { "hierarchy", tree },
                { "context", new JObject { { "sceneName", SceneManager.GetActiveScene().name }, { "nodeCount", nodes }, { "maxDepth", deepest } } },
            };
            var stage = PrefabStageUtility.GetCurrentPrefabStage();
            if (stage != null) doc["context"]["prefabStage"] = stage.assetPath;
            if (useLut) doc["componentsLut"] = new JArray(lut.ToArray());
            var dir = ProjectPaths.Outputs("HierarchyResults");
            var path = dir + "/hierarchy_" + ProjectPaths.Stamp(DateTime.Now) + ".json";
            var text = doc.ToString(Newtonsoft.Json.Formatting.Indented);
            File.WriteAllText(path, text, new UTF8Encoding(false));
            OwnerOnly.File(path);
            call.Reply(HierarchyAnswer(doc, text.Length, path, tree, nodes, useLut));
        }

        /// <summary>Inline up to this many characters of the file's JSON: a small hierarchy is
        /// read at once, without file access (an HTTP client may have none).</summary>
        const int InlineHierarchyChars = 32 * 1024;

        /// <summary>get-hierarchy's answer: uLoop's message and hierarchyFilePath, plus what is
        /// in the file — its context (scene, node count, depth), and either the hierarchy itself
        /// (small) or its root objects with the size of each.</summary>
        static JObject HierarchyAnswer(JObject doc, int chars, string path, JArray tree, int nodes, bool useLut)
        {
            var answer = new JObject { { "message", "" }, { "hierarchyFilePath", path }, { "context", doc["context"] } };
            string what;
            if (chars <= InlineHierarchyChars)
            {
                answer["hierarchy"] = tree;
                if (useLut) answer["componentsLut"] = doc["componentsLut"];
                what = "it is in 'hierarchy' below and in the JSON file at hierarchyFilePath";
            }
            else
            {
                var roots = new JArray();
                foreach (var r in tree)
                {
                    if (roots.Count == 50) break;
                    roots.Add(new JObject { { "name", r["name"] }, { "nodeCount", CountNodes((JObject)r) } });
                }
                answer["roots"] = roots;
                what = "it is too large to inline (" + (chars / 1024) + " KB): read the JSON file at hierarchyFilePath ('hierarchy' holds the nested GameObjects" +
                    (useLut ? ", 'componentsLut' the component names that 'components' index" : "") + "); 'roots' lists the root objects and their sizes";
            }
            answer["message"] = "Hierarchy of " + nodes + " GameObject(s) of " + (string)doc["context"]["sceneName"] + ": " + what;
            return answer;
        }

        static int CountNodes(JObject node)
        {
            int n = 1;
            var kids = node["children"] as JArray;
            if (kids != null) foreach (var k in kids) n += CountNodes((JObject)k);
            return n;
        }

        static void SceneWalkCount(IEnumerable<GameObject> gs, bool inactive, ref int n)
        {
            foreach (var g in gs)
            {
                if (!inactive && !g.activeSelf) continue;
                n++;
                var kids = new List<GameObject>();
                foreach (var t in SceneWalk.Children(g.transform)) kids.Add(t.gameObject);
                SceneWalkCount(kids, inactive, ref n);
            }
        }
    }
}
