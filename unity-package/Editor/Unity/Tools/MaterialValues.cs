using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text.RegularExpressions;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityEngine.Rendering;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>Materials for the material tools: what a `path` argument names, a material's
    /// values as JSON, and the JSON material_set takes, checked whole before anything changes.
    /// A value reads as material_set writes it: a colour [r,g,b,a], a vector [x,y,z,w], a
    /// float or int as a number, a texture as its asset path (null for none), with
    /// {"texture", "scale", "offset"} when it is tiled or offset. Properties come from the
    /// shader (Shader.GetPropertyCount / GetPropertyType), so a read lists what the shader
    /// draws with, not stale values an earlier shader left in the material.</summary>
    internal static class MaterialValues
    {
        static readonly Regex Hex32 = new Regex("^[0-9a-fA-F]{32}$");
        static readonly Regex Id = new Regex("^-?[0-9]{1,20}$");
        static readonly Regex HexColor = new Regex("^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$");

        /// <summary>What a path argument names: "Assets/…" or "Packages/…" an asset, 32 hex
        /// digits a GUID, a decimal an instance id, anything else a hierarchy path. Answers the
        /// asset or scene object (a component's GameObject); an asset must be a Material.</summary>
        internal static UnityEngine.Object Resolve(string raw, string arg, bool sceneObjects)
        {
            var s = (raw ?? "").Trim();
            if (s.Length == 0) throw new ToolException("invalid_params", arg + " is required: a material's asset path (\"Assets/Materials/Wood.mat\"), its GUID" + (sceneObjects ? ", or a GameObject's hierarchy path or id" : ", or a material id from material_read"));
            UnityEngine.Object found;
            if (s.StartsWith("Assets/", StringComparison.Ordinal) || s.StartsWith("Packages/", StringComparison.Ordinal)) found = Asset(s, arg, s);
            else if (Hex32.IsMatch(s))
            {
                var path = AssetDatabase.GUIDToAssetPath(s.ToLowerInvariant());
                if (string.IsNullOrEmpty(path)) throw new ToolException("not_found", arg + ": no asset has GUID " + s + "; asset_find type Material lists materials with theirs");
                found = Asset(path, arg, s);
            }
            else if (Id.IsMatch(s))
            {
                found = ObjectIds.Find(s);
                if (found == null) throw new ToolException("not_found", arg + ": id " + s + " names no live object (it may be from before a domain reload); read it again");
                if (found is Component) found = ((Component)found).gameObject;
            }
            else
            {
                // Not an asset path: a hierarchy path, as scene_browse_hierarchy prints it.
                found = ObjectAddress.ByPath(s, arg);
            }
            if (found is Material) return found;
            if (found is GameObject)
            {
                if (sceneObjects) return found;
                throw new ToolException("invalid_params", arg + " \"" + s + "\" is a GameObject, not a material; " + Slots((GameObject)found));
            }
            throw new ToolException("invalid_params", arg + " \"" + s + "\" is a " + found.GetType().Name + " (\"" + found.name + "\"), not a material; asset_find type Material lists materials");
        }

        static UnityEngine.Object Asset(string path, string arg, string given)
        {
            var main = AssetDatabase.LoadMainAssetAtPath(path);
            if (main == null)
            {
                var near = HierarchyPath.Closest(AssetPaths.Files(".mat"), path, 3);
                throw new ToolException("not_found", arg + ": no asset at \"" + given + "\"" + (near.Count > 0 ? "; closest materials: " + string.Join(", ", near.ToArray()) : "; the project has no .mat files (material_create makes one)"));
            }
            // A model file holds its imported materials as sub-assets.
            return main is Material ? main : (UnityEngine.Object)AssetDatabase.LoadAssetAtPath(path, typeof(Material)) ?? main;
        }

        /// <summary>What to give instead of a GameObject: its renderer's materials.</summary>
        static string Slots(GameObject go)
        {
            var r = go.GetComponent<Renderer>();
            if (r == null) return "it has no Renderer (it has: " + string.Join(", ", ObjectAddress.ComponentNames(go).ToObject<string[]>()) + ")";
            var names = new List<string>();
            var mats = r.sharedMaterials;
            for (int i = 0; i < mats.Length; i++) names.Add("slot " + i + ": " + (mats[i] == null ? "none" : Identity(mats[i])["path"] ?? Identity(mats[i])["instance_id"]));
            return "its " + r.GetType().Name + " draws with " + (names.Count > 0 ? string.Join("; ", names.ToArray()) : "no material") + " (give one of those as path)";
        }

        /// <summary>An asset object's identity: {path, guid, name} for an asset ({instance_id}
        /// too for an object inside a file), {instance_id, name} for one that lives only in a
        /// scene or in memory.</summary>
        internal static JObject Identity(UnityEngine.Object m)
        {
            var path = AssetDatabase.GetAssetPath(m);
            if (path.Length == 0) return new JObject { { "instance_id", ObjectAddress.Id(m) }, { "name", m.name } };
            var b = AssetPaths.Bundle(path, m.name);
            if (!AssetDatabase.IsMainAsset(m)) b["instance_id"] = ObjectAddress.Id(m);
            return b;
        }

        /// <summary>A material as material_read answers it; <paramref name="filter"/> keeps the
        /// properties whose name contains it (case-insensitive).</summary>
        internal static JObject Describe(Material m, string filter)
        {
            var o = Identity(m);
            foreach (var p in State(m, filter).Properties()) o[p.Name] = p.Value;
            return o;
        }

        /// <summary>What a material draws with (its shader, queue, keywords and property
        /// values), without its identity: what two materials are compared by.</summary>
        internal static JObject State(Material m, string filter)
        {
            var o = new JObject();
            var shader = m.shader;
            o["shader"] = shader.name;
            if (shader.name == "Hidden/InternalErrorShader") o["warning"] = "the material's shader is missing: it draws magenta; material_set shader fixes it";
            else if (!shader.isSupported || ShaderUtil.ShaderHasError(shader)) o["warning"] = "the shader " + shader.name + " has errors or is not supported here: it draws magenta (shader_errors says why)";
            o["render_queue"] = m.renderQueue;
            var declared = new HashSet<string>(shader.keywordSpace.keywordNames);
            var on = new JArray();
            var unused = new JArray();
            foreach (var k in m.shaderKeywords) (declared.Contains(k) ? on : unused).Add(k);
            o["keywords"] = on;
            if (unused.Count > 0) o["unused_keywords"] = unused;
            var props = new JObject();
            for (int i = 0; i < shader.GetPropertyCount(); i++)
            {
                var name = shader.GetPropertyName(i);
                if (filter.Length > 0 && name.IndexOf(filter, StringComparison.OrdinalIgnoreCase) < 0) continue;
                props[name] = Value(m, shader, i);
            }
            o["properties"] = props;
            return o;
        }

        /// <summary>One property's value, as material_set takes it.</summary>
        internal static JToken Value(Material m, Shader shader, int i)
        {
            var name = shader.GetPropertyName(i);
            switch (shader.GetPropertyType(i))
            {
                case ShaderPropertyType.Color:
                    var c = m.GetColor(name);
                    return new JArray(ValueJson.Float(c.r), ValueJson.Float(c.g), ValueJson.Float(c.b), ValueJson.Float(c.a));
                case ShaderPropertyType.Vector:
                    var v = m.GetVector(name);
                    return new JArray(ValueJson.Float(v.x), ValueJson.Float(v.y), ValueJson.Float(v.z), ValueJson.Float(v.w));
                case ShaderPropertyType.Float:
                case ShaderPropertyType.Range:
                    return ValueJson.Float(m.GetFloat(name));
                case ShaderPropertyType.Int:
                    return m.GetInteger(name);
                case ShaderPropertyType.Texture:
                    var t = m.GetTexture(name);
                    JToken tex = t == null ? JValue.CreateNull() : TextureRef(t);
                    var scale = m.GetTextureScale(name);
                    var offset = m.GetTextureOffset(name);
                    if (scale.x == 1 && scale.y == 1 && offset.x == 0 && offset.y == 0) return tex;
                    return new JObject { { "texture", tex }, { "scale", new JArray(ValueJson.Float(scale.x), ValueJson.Float(scale.y)) }, { "offset", new JArray(ValueJson.Float(offset.x), ValueJson.Float(offset.y)) } };
            }
            return JValue.CreateNull();
        }

        static JToken TextureRef(Texture t)
        {
            var path = AssetDatabase.GetAssetPath(t);
            if (path.Length > 0 && AssetDatabase.IsMainAsset(t)) return path;
            return new JObject { { "instance_id", ObjectAddress.Id(t) }, { "name", t.name } };
        }

        // ---- writing ----

        /// <summary>The changes material_set's `properties` ask for, each checked against
        /// <paramref name="shader"/> (the material's, or the one it is switching to): an
        /// unknown name is refused with the closest ones, a value of the wrong shape with the
        /// shape the property takes. Nothing is applied here.</summary>
        internal static List<Action<Material>> Plan(Material m, Shader shader, JObject properties)
        {
            var plan = new List<Action<Material>>();
            if (properties == null) return plan;
            foreach (var p in properties.Properties())
            {
                int i = shader.FindPropertyIndex(p.Name);
                if (i < 0)
                {
                    var names = new List<string>();
                    for (int k = 0; k < shader.GetPropertyCount(); k++) names.Add(shader.GetPropertyName(k));
                    var near = HierarchyPath.Closest(names, p.Name, 3);
                    throw new ToolException("not_found", shader.name + " has no property \"" + p.Name + "\"" + (near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "; it declares none") + " (shader_info lists them with their types)");
                }
                plan.Add(Writer(shader, i, p.Name, p.Value));
            }
            return plan;
        }

        static Action<Material> Writer(Shader shader, int i, string name, JToken v)
        {
            var type = shader.GetPropertyType(i);
            switch (type)
            {
                case ShaderPropertyType.Color:
                    var c = ColorOf(name, v);
                    return m => m.SetColor(name, c);
                case ShaderPropertyType.Vector:
                    var parts = VectorOf(name, v);
                    return m =>
                    {
                        var cur = m.GetVector(name);
                        m.SetVector(name, new Vector4 { x = parts[0] ?? cur.x, y = parts[1] ?? cur.y, z = parts[2] ?? cur.z, w = parts[3] ?? cur.w });
                    };
                case ShaderPropertyType.Float:
                case ShaderPropertyType.Range:
                    float f;
                    if (v.Type == JTokenType.Boolean) f = (bool)v ? 1 : 0; // a [Toggle] is a float, 0 or 1
                    else f = Number(name, v, "a number");
                    if (type == ShaderPropertyType.Range)
                    {
                        var r = shader.GetPropertyRangeLimits(i);
                        if (f < r.x || f > r.y)
                            throw new ToolException("invalid_params", name + " is a Range(" + Show(r.x) + ", " + Show(r.y) + "); " + Show(f) + " is outside it");
                    }
                    return m => m.SetFloat(name, f);
                case ShaderPropertyType.Int:
                    var d = Number(name, v, "a whole number");
                    if (d != Math.Floor(d) || Math.Abs(d) > int.MaxValue) throw new ToolException("invalid_params", name + " is an Int and takes a whole number; got " + Shown(v));
                    return m => m.SetInteger(name, (int)d);
                default:
                    return TextureWriter(name, v);
            }
        }

        static Action<Material> TextureWriter(string name, JToken v)
        {
            var o = v as JObject;
            if (o == null) { var tex = TextureOf(name, v); return m => m.SetTexture(name, tex); }
            foreach (var p in o.Properties())
                if (p.Name != "texture" && p.Name != "scale" && p.Name != "offset")
                    throw new ToolException("invalid_params", name + " is a texture: give an asset path, a GUID, null, or {\"texture\", \"scale\": [x,y], \"offset\": [x,y]}; \"" + p.Name + "\" is none of those");
            bool hasTex = o["texture"] != null;
            var t = hasTex ? TextureOf(name, o["texture"]) : null;
            var scale = o["scale"] != null ? Pair(name + ".scale", o["scale"]) : null;
            var offset = o["offset"] != null ? Pair(name + ".offset", o["offset"]) : null;
            return m =>
            {
                if (hasTex) m.SetTexture(name, t);
                if (scale != null) m.SetTextureScale(name, new Vector2(scale[0], scale[1]));
                if (offset != null) m.SetTextureOffset(name, new Vector2(offset[0], offset[1]));
            };
        }

        /// <summary>The texture a value names: null, an asset path or a GUID.</summary>
        static Texture TextureOf(string name, JToken v)
        {
            if (v.Type == JTokenType.Null) return null;
            if (v.Type != JTokenType.String) throw new ToolException("invalid_params", name + " is a texture: give its asset path (\"Assets/Textures/Wood.png\"), its GUID or null; got " + Shown(v));
            var s = ((string)v).Trim();
            var path = Hex32.IsMatch(s) ? AssetDatabase.GUIDToAssetPath(s.ToLowerInvariant()) : s;
            var tex = string.IsNullOrEmpty(path) ? null : AssetDatabase.LoadAssetAtPath(path, typeof(Texture)) as Texture;
            if (tex != null) return tex;
            var main = string.IsNullOrEmpty(path) ? null : AssetDatabase.LoadMainAssetAtPath(path);
            if (main != null) throw new ToolException("invalid_params", name + " takes a texture; " + path + " is a " + main.GetType().Name);
            var all = new List<string>();
            foreach (var g in AssetDatabase.FindAssets("t:Texture")) all.Add(AssetDatabase.GUIDToAssetPath(g));
            var near = HierarchyPath.Closest(all, s, 3);
            throw new ToolException("not_found", name + ": no texture at \"" + s + "\"" + (near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "; asset_find type Texture lists the project's textures"));
        }

        /// <summary>A colour: [r,g,b] or [r,g,b,a], {r,g,b,a} (a defaults to 1) or "#RRGGBB(AA)".</summary>
        internal static Color ColorOf(string name, JToken v)
        {
            if (v.Type == JTokenType.String && HexColor.IsMatch(((string)v).Trim()))
            {
                var h = ((string)v).Trim().Substring(1);
                Func<int, float> at = k => int.Parse(h.Substring(k, 2), NumberStyles.HexNumber, CultureInfo.InvariantCulture) / 255f;
                return new Color(at(0), at(2), at(4), h.Length == 8 ? at(6) : 1);
            }
            float[] x = null;
            var a = v as JArray;
            var o = v as JObject;
            if (a != null && (a.Count == 3 || a.Count == 4))
            {
                x = new float[] { 0, 0, 0, 1 };
                for (int k = 0; k < a.Count; k++) x[k] = Number(name + "[" + k + "]", a[k], "a number");
            }
            else if (o != null && o.Count > 0)
            {
                x = new float[] { 0, 0, 0, 1 };
                foreach (var p in o.Properties())
                {
                    int k = "rgba".IndexOf(p.Name, StringComparison.Ordinal);
                    if (p.Name.Length != 1 || k < 0) throw new ToolException("invalid_params", name + " is a colour; its channels are r, g, b and a, not \"" + p.Name + "\"");
                    x[k] = Number(name + "." + p.Name, p.Value, "a number");
                }
            }
            if (x == null) throw new ToolException("invalid_params", name + " is a colour: give [r,g,b,a] (0-1; above 1 for HDR), {\"r\",\"g\",\"b\",\"a\"} or \"#RRGGBB\"; got " + Shown(v));
            return new Color(x[0], x[1], x[2], x[3]);
        }

        /// <summary>A vector's components: [x,y], [x,y,z] or [x,y,z,w], or {x,y,z,w} (any of
        /// them); a component left out keeps its value.</summary>
        static float?[] VectorOf(string name, JToken v)
        {
            var x = new float?[4];
            var a = v as JArray;
            var o = v as JObject;
            if (a != null && a.Count >= 1 && a.Count <= 4)
            {
                for (int k = 0; k < a.Count; k++) x[k] = Number(name + "[" + k + "]", a[k], "a number");
                return x;
            }
            if (o != null && o.Count > 0)
            {
                foreach (var p in o.Properties())
                {
                    int k = "xyzw".IndexOf(p.Name, StringComparison.Ordinal);
                    if (p.Name.Length != 1 || k < 0) throw new ToolException("invalid_params", name + " is a vector; its components are x, y, z and w, not \"" + p.Name + "\"");
                    x[k] = Number(name + "." + p.Name, p.Value, "a number");
                }
                return x;
            }
            throw new ToolException("invalid_params", name + " is a vector: give [x,y,z,w] (fewer keep the rest) or {\"x\",\"y\",\"z\",\"w\"}; got " + Shown(v));
        }

        static float[] Pair(string name, JToken v)
        {
            var a = v as JArray;
            if (a == null || a.Count != 2) throw new ToolException("invalid_params", name + " takes [x, y]; got " + Shown(v));
            return new[] { Number(name + "[0]", a[0], "a number"), Number(name + "[1]", a[1], "a number") };
        }

        static float Number(string name, JToken v, string what)
        {
            if (v == null || (v.Type != JTokenType.Integer && v.Type != JTokenType.Float))
                throw new ToolException("invalid_params", name + " takes " + what + "; got " + (v == null ? "nothing" : Shown(v)));
            var d = (double)v;
            if (double.IsNaN(d) || double.IsInfinity(d) || Math.Abs(d) > 1e30) throw new ToolException("invalid_params", name + ": " + Shown(v) + " is out of a float's range");
            return (float)d;
        }

        static string Shown(JToken v) { return v.ToString(Formatting.None); }
        static string Show(float f) { return f.ToString("R", CultureInfo.InvariantCulture); }

        // ---- shaders ----

        /// <summary>The shader a name ("Universal Render Pipeline/Lit") or a shader asset path
        /// names; refused with the closest names the Editor knows.</summary>
        internal static Shader ShaderNamed(string raw, string arg)
        {
            var s = (raw ?? "").Trim();
            if (s.Length == 0) throw new ToolException("invalid_params", arg + " is empty; give a shader name, e.g. \"Unlit/Color\"");
            Shader found = s.StartsWith("Assets/", StringComparison.Ordinal) || s.StartsWith("Packages/", StringComparison.Ordinal)
                ? AssetDatabase.LoadAssetAtPath(s, typeof(Shader)) as Shader
                : Shader.Find(s);
            if (found != null) return found;
            var names = new List<string>();
            foreach (var info in ShaderUtil.GetAllShaderInfo()) names.Add(info.name);
            var near = HierarchyPath.Closest(names, s, 3);
            throw new ToolException("not_found", "no shader is named \"" + s + "\"" + (near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "") +
                " (the name in the shader's Shader \"…\" line, not its file name)");
        }

        /// <summary>The shader the active render pipeline draws new materials with, as the
        /// Editor's Create > Material picks it: the pipeline asset's defaultShader (URP's and
        /// HDRP's Lit), else its defaultMaterial's shader; Standard in the built-in pipeline.
        /// <paramref name="source"/> says where it came from.</summary>
        internal static Shader DefaultShader(out string source)
        {
            var pipeline = GraphicsSettings.currentRenderPipeline;
            if (pipeline == null)
            {
                source = "the built-in render pipeline's default";
                var standard = Shader.Find("Standard");
                if (standard == null) throw new ToolException("invalid_state", "the built-in Standard shader is not in this Editor; give shader");
                return standard;
            }
            var pipelineName = pipeline.GetType().Name;
            source = pipelineName + "'s default shader";
            var shader = pipeline.defaultShader;
            if (shader == null && pipeline.defaultMaterial != null) { shader = pipeline.defaultMaterial.shader; source = pipelineName + "'s default material's shader"; }
            if (shader == null)
                throw new ToolException("invalid_state", "the active render pipeline (" + pipelineName + ", " + AssetDatabase.GetAssetPath(pipeline) + ") names no default shader, and Standard would draw magenta in it; give shader (shader_info or the Inspector's shader menu shows the names)");
            return shader;
        }
    }
}
