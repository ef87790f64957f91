using System;
using System.Collections.Generic;
using System.IO;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>material_read, material_create, material_set (isuzu's names; one `path` in the
    /// grammar the answers give back, see <see cref="MaterialValues.Resolve"/>).
    ///
    /// material_read answers a material's shader, render queue, keywords and property values,
    /// or a GameObject's renderer slots; `paths` reads several at once and answers a failure
    /// per item instead of failing them all. material_create makes a .mat with the shader the
    /// active render pipeline draws with (so a URP or HDRP project never gets a magenta
    /// Standard material). material_set checks every value against the shader before it
    /// changes anything, then records the material (Undo.RecordObject) and sets them as one
    /// undo step (<see cref="Authoring.Step"/>), runnable in a batch. Outside a batch an edited
    /// asset is saved at once (AssetDatabase.SaveAssetIfDirty), so its file says what the
    /// Editor shows; inside one it is only marked dirty, so a batch that fails and is reverted
    /// leaves no file written with values the Editor no longer holds.</summary>
    public static class MaterialTools
    {
        const int MaxPaths = 20;

        public static void Read(ToolCall call)
        {
            var filter = Args.Str(call, "property", "").Trim();
            bool hasPath = Args.Str(call, "path", "").Trim().Length > 0;
            var paths = Args.StrList(call, "paths");
            if (hasPath && paths.Count > 0) throw new ToolException("invalid_params", "give path or paths, not both");
            if (!hasPath && paths.Count == 0) throw new ToolException("invalid_params", "give path (a material's asset path or GUID, or a GameObject's hierarchy path or id) or paths (several of them)");
            if (paths.Count > MaxPaths) throw new ToolException("invalid_params", "paths takes at most " + MaxPaths + " entries; got " + paths.Count + " (read the rest in another call)");
            if (hasPath)
            {
                call.Reply(Entry(Args.Str(call, "path"), "path", filter));
                return;
            }
            var results = new JArray();
            int failed = 0;
            for (int i = 0; i < paths.Count; i++)
            {
                try { results.Add(Entry(paths[i], "paths[" + i + "]", filter)); }
                catch (ToolException e)
                {
                    failed++;
                    results.Add(new JObject { { "path", paths[i] }, { "error", e.Code }, { "message", e.Message } });
                }
            }
            call.Reply(new JObject { { "count", results.Count }, { "failed", failed }, { "results", results } });
        }

        /// <summary>A material, or a GameObject's renderer with its slots.</summary>
        static JObject Entry(string raw, string arg, string filter)
        {
            var o = MaterialValues.Resolve(raw, arg, true);
            var m = o as Material;
            if (m != null) return MaterialValues.Describe(m, filter);
            var go = (GameObject)o;
            var r = go.GetComponent<Renderer>();
            if (r == null)
                throw new ToolException("not_found", ObjectAddress.PathOf(go) + " has no Renderer, so no materials (it has: " + string.Join(", ", ObjectAddress.ComponentNames(go).ToObject<string[]>()) + ")");
            var res = ObjectAddress.Bundle(go);
            res["renderer"] = r.GetType().Name;
            var slots = new JArray();
            var mats = r.sharedMaterials;
            for (int i = 0; i < mats.Length; i++)
            {
                var slot = mats[i] == null ? new JObject { { "material", null } } : MaterialValues.Describe(mats[i], filter);
                slot.AddFirst(new JProperty("slot", i));
                if (mats[i] == null) slot["warning"] = "no material: Unity draws this slot magenta";
                slots.Add(slot);
            }
            res["slots"] = slots;
            return res;
        }

        public static void Create(ToolCall call)
        {
            var raw = Args.Str(call, "path", "");
            var ext = Path.GetExtension(raw.Trim());
            if (ext.Length > 0 && !string.Equals(ext, ".mat", StringComparison.OrdinalIgnoreCase))
                throw new ToolException("invalid_params", "path \"" + raw + "\" ends in " + ext + "; a material file ends in .mat, e.g. \"Assets/Materials/Wood.mat\"");
            var path = AssetPaths.Normalize(raw, ".mat", "path", "Assets/Materials/Wood.mat");
            if (AssetPaths.Exists(path) || Directory.Exists(ProjectPaths.Root + "/" + path))
                throw new ToolException("already_exists", path + " exists; choose another path, or change that material with material_set");
            string source;
            var shader = Args.Str(call, "shader", "").Trim().Length > 0 ? MaterialValues.ShaderNamed(Args.Str(call, "shader"), "shader") : null;
            if (shader != null) source = "given";
            else shader = MaterialValues.DefaultShader(out source);
            var created = AssetPaths.EnsureFolders(path);
            var m = new Material(shader);
            AssetDatabase.CreateAsset(m, path);
            var res = AssetPaths.Bundle(path, m.name);
            res["shader"] = shader.name;
            res["shader_source"] = source;
            if (created.Count > 0) res["created_folders"] = created;
            if (ShaderUtil.ShaderHasError(shader)) res["warning"] = "the shader " + shader.name + " has compile errors: the material draws magenta until they are fixed (shader_errors lists them)";
            call.Reply(res);
        }

        public static void Set(ToolCall call)
        {
            var m = (Material)MaterialValues.Resolve(Args.Str(call, "path", ""), "path", false);
            if ((m.hideFlags & HideFlags.NotEditable) != 0)
                throw new ToolException("invalid_state", m.name + " is read-only (a built-in material, or one imported with a model): make one with material_create and assign it, or extract a model's materials in its import settings (Materials > Extract Materials)");
            var shader = Args.Str(call, "shader", "").Trim().Length > 0 ? MaterialValues.ShaderNamed(Args.Str(call, "shader"), "shader") : null;
            var target = shader ?? m.shader;
            var props = Obj(call, "properties");
            var keywords = Obj(call, "keywords");
            bool hasQueue = Args.Has(call, "render_queue");
            int queue = Args.Int(call, "render_queue", -1);
            if (hasQueue && (queue < -1 || queue > 5000)) throw new ToolException("invalid_params", "render_queue is -1 (the shader's) or 0 to 5000 (Background 1000, Geometry 2000, AlphaTest 2450, Transparent 3000, Overlay 4000); got " + queue);
            if (shader == null && props == null && keywords == null && !hasQueue)
                throw new ToolException("invalid_params", "nothing to set: give properties ({name: value}), keywords ({name: true/false}), render_queue or shader");
            // Everything is checked before anything changes.
            var plan = MaterialValues.Plan(m, target, props);
            var switches = Keywords(m, target, keywords);
            var label = "Set material " + m.name;
            Action<Material> change = x =>
            {
                if (shader != null) x.shader = shader;
                foreach (var apply in plan) apply(x);
                foreach (var kv in switches) { if (kv.Value) x.EnableKeyword(kv.Key); else x.DisableKeyword(kv.Key); }
                if (hasQueue) x.renderQueue = queue;
            };
            // Tried on a copy first: values that are already so are no undo step (a step that
            // changed nothing would sit in the Editor's history, between this session's own).
            bool changed;
            var probe = new Material(m);
            try
            {
                change(probe);
                changed = MaterialValues.State(probe, "").ToString(Formatting.None) != MaterialValues.State(m, "").ToString(Formatting.None);
            }
            finally { UnityEngine.Object.DestroyImmediate(probe); }
            if (!changed)
            {
                call.Reply(Answer(m, props, false));
                return;
            }
            Authoring.Step(call, label, () =>
            {
                Undo.RecordObject(m, label);
                change(m);
                EditorUtility.SetDirty(m);
                if (!Authoring.InBatch && AssetDatabase.GetAssetPath(m).Length > 0) AssetDatabase.SaveAssetIfDirty(m);
                return Answer(m, props, true);
            });
        }

        /// <summary>material_set's answer: the material's identity, shader, queue, keywords, and
        /// the values of the properties given as they read back.</summary>
        static JObject Answer(Material m, JObject props, bool changed)
        {
            var now = MaterialValues.Describe(m, "");
            var res = MaterialValues.Identity(m);
            res["shader"] = now["shader"];
            res["render_queue"] = now["render_queue"];
            res["keywords"] = now["keywords"];
            if (props != null)
            {
                var set = new JObject();
                foreach (var p in props.Properties()) set[p.Name] = now["properties"][p.Name];
                res["properties"] = set;
            }
            if (now["warning"] != null) res["warning"] = now["warning"];
            res["changed"] = changed;
            return res;
        }

        static JObject Obj(ToolCall call, string name)
        {
            if (!Args.Has(call, name)) return null;
            var o = call.Args[name] as JObject;
            if (o == null) throw new ToolException("invalid_params", name + " must be an object {name: value}; got " + call.Args[name].ToString(Formatting.None));
            return o.Count > 0 ? o : null;
        }

        /// <summary>The keyword switches asked for, checked: a keyword turned on must be one the
        /// shader declares (its keyword space); one turned off must be declared or on.</summary>
        static List<KeyValuePair<string, bool>> Keywords(Material m, Shader shader, JObject keywords)
        {
            var list = new List<KeyValuePair<string, bool>>();
            if (keywords == null) return list;
            var declared = new List<string>(shader.keywordSpace.keywordNames);
            foreach (var p in keywords.Properties())
            {
                if (p.Value.Type != JTokenType.Boolean)
                    throw new ToolException("invalid_params", "keywords." + p.Name + " must be true (on) or false (off); got " + p.Value.ToString(Formatting.None));
                bool on = (bool)p.Value;
                if (!declared.Contains(p.Name) && (on || !m.IsKeywordEnabled(p.Name)))
                {
                    var near = HierarchyPath.Closest(declared, p.Name, 3);
                    throw new ToolException("not_found", shader.name + " declares no keyword \"" + p.Name + "\"" +
                        (near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "; it declares none") + " (shader_info lists them)");
                }
                list.Add(new KeyValuePair<string, bool>(p.Name, on));
            }
            return list;
        }
    }
}
