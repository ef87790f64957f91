using System;
using System.Collections.Generic;
using System.Globalization;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.SceneManagement;
using UnityEngine;
using UnityEngine.Rendering;
using UnityEngine.SceneManagement;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>scene_settings: the RenderSettings the active scene carries (what the Lighting
    /// window's Environment section edits: skybox, ambient light, fog, sun, reflections),
    /// read, and written through `set` with the same keys and shapes the read answers. A
    /// write checks every key first, then records the scene's RenderSettings object
    /// (Unsupported.GetRenderSettings, what the Lighting window edits) and applies them
    /// through the RenderSettings API as one undo step, marking the scene dirty.</summary>
    public static class RenderingSceneTools
    {
        delegate JToken Getter();
        delegate Change Parser(JToken v);

        /// <summary>A checked write: what it sets, and how the key reads after it.</summary>
        struct Change
        {
            public Action Apply;
            public JToken Reads;
        }

        static Change C(Action apply, JToken reads) { return new Change { Apply = apply, Reads = reads }; }

        sealed class Key
        {
            public Getter Get;
            public Parser Parse;
        }

        static readonly int[] Resolutions = { 16, 32, 64, 128, 256, 512, 1024, 2048 };

        static readonly Dictionary<string, Key> Keys = new Dictionary<string, Key>
        {
            { "skybox", K(() => Mat(RenderSettings.skybox), v => { var m = SkyboxOf(v); return C(() => RenderSettings.skybox = m, Mat(m)); }) },
            { "ambient_mode", K(() => RenderSettings.ambientMode.ToString(), v => { var m = EnumOf<AmbientMode>("ambient_mode", v); return C(() => RenderSettings.ambientMode = m, m.ToString()); }) },
            { "ambient_sky_color", K(() => RenderingInfoTools.Color(RenderSettings.ambientSkyColor), v => { var c = MaterialValues.ColorOf("ambient_sky_color", v); return C(() => RenderSettings.ambientSkyColor = c, RenderingInfoTools.Color(c)); }) },
            { "ambient_equator_color", K(() => RenderingInfoTools.Color(RenderSettings.ambientEquatorColor), v => { var c = MaterialValues.ColorOf("ambient_equator_color", v); return C(() => RenderSettings.ambientEquatorColor = c, RenderingInfoTools.Color(c)); }) },
            { "ambient_ground_color", K(() => RenderingInfoTools.Color(RenderSettings.ambientGroundColor), v => { var c = MaterialValues.ColorOf("ambient_ground_color", v); return C(() => RenderSettings.ambientGroundColor = c, RenderingInfoTools.Color(c)); }) },
            { "ambient_intensity", K(() => ValueJson.Float(RenderSettings.ambientIntensity), v => { var f = Num("ambient_intensity", v, 0, 8); return C(() => RenderSettings.ambientIntensity = f, ValueJson.Float(f)); }) },
            { "fog", K(() => RenderSettings.fog, v => { var b = Bool("fog", v); return C(() => RenderSettings.fog = b, b); }) },
            { "fog_mode", K(() => RenderSettings.fogMode.ToString(), v => { var m = EnumOf<FogMode>("fog_mode", v); return C(() => RenderSettings.fogMode = m, m.ToString()); }) },
            { "fog_color", K(() => RenderingInfoTools.Color(RenderSettings.fogColor), v => { var c = MaterialValues.ColorOf("fog_color", v); return C(() => RenderSettings.fogColor = c, RenderingInfoTools.Color(c)); }) },
            { "fog_density", K(() => ValueJson.Float(RenderSettings.fogDensity), v => { var f = Num("fog_density", v, 0, 1); return C(() => RenderSettings.fogDensity = f, ValueJson.Float(f)); }) },
            { "fog_start", K(() => ValueJson.Float(RenderSettings.fogStartDistance), v => { var f = Num("fog_start", v, 0, 1e7f); return C(() => RenderSettings.fogStartDistance = f, ValueJson.Float(f)); }) },
            { "fog_end", K(() => ValueJson.Float(RenderSettings.fogEndDistance), v => { var f = Num("fog_end", v, 0, 1e7f); return C(() => RenderSettings.fogEndDistance = f, ValueJson.Float(f)); }) },
            { "sun", K(() => RenderSettings.sun == null ? JValue.CreateNull() : (JToken)ObjectAddress.Bundle(RenderSettings.sun.gameObject), v => { var l = SunOf(v); return C(() => RenderSettings.sun = l, l == null ? JValue.CreateNull() : (JToken)ObjectAddress.Bundle(l.gameObject)); }) },
            { "reflection_mode", K(() => RenderSettings.defaultReflectionMode.ToString(), v => { var m = EnumOf<DefaultReflectionMode>("reflection_mode", v); return C(() => RenderSettings.defaultReflectionMode = m, m.ToString()); }) },
            { "reflection_resolution", K(() => RenderSettings.defaultReflectionResolution, v => { var n = (int)Num("reflection_resolution", v, 16, 2048); if (Array.IndexOf(Resolutions, n) < 0 || n != (double)v) throw new ToolException("invalid_params", "reflection_resolution is one of " + string.Join(", ", Array.ConvertAll(Resolutions, r => r.ToString())) + "; got " + Shown(v)); return C(() => RenderSettings.defaultReflectionResolution = n, n); }) },
            { "reflection_intensity", K(() => ValueJson.Float(RenderSettings.reflectionIntensity), v => { var f = Num("reflection_intensity", v, 0, 1); return C(() => RenderSettings.reflectionIntensity = f, ValueJson.Float(f)); }) },
            { "reflection_bounces", K(() => RenderSettings.reflectionBounces, v => { var f = Num("reflection_bounces", v, 1, 5); if (f != Math.Floor(f)) throw new ToolException("invalid_params", "reflection_bounces is a whole number, 1 to 5; got " + Shown(v)); return C(() => RenderSettings.reflectionBounces = (int)f, (int)f); }) },
            { "custom_reflection", K(() => Tex(RenderSettings.customReflectionTexture), v => { var t = CubemapOf(v); return C(() => RenderSettings.customReflectionTexture = t, Tex(t)); }) },
        };

        static Key K(Getter get, Parser parse) { return new Key { Get = get, Parse = parse }; }

        public static void Settings(ToolCall call)
        {
            if (!Args.Has(call, "set"))
            {
                call.Reply(Read());
                return;
            }
            var set = call.Args["set"] as JObject;
            if (set == null || set.Count == 0)
                throw new ToolException("invalid_params", "set must be an object of the keys to change, e.g. {\"fog\": true, \"fog_color\": [0.5,0.5,0.5,1]}; scene_settings without set answers every key");
            // Every key and value is checked before anything changes.
            var changes = new List<Change>();
            bool changed = false;
            foreach (var p in set.Properties())
            {
                Key k;
                if (!Keys.TryGetValue(p.Name, out k))
                {
                    var near = HierarchyPath.Closest(Keys.Keys, p.Name, 3);
                    throw new ToolException("not_found", "set." + p.Name + " is no scene setting; closest: " + string.Join(", ", near.ToArray()) + " (scene_settings without set answers every key)");
                }
                var c = k.Parse(p.Value);
                changes.Add(c);
                changed |= !JToken.DeepEquals(c.Reads, k.Get());
            }
            // Values that are already so are no undo step (it would sit in the Editor's
            // history between this session's own).
            if (!changed)
            {
                var same = Read();
                same["changed"] = false;
                call.Reply(same);
                return;
            }
            var scene = SceneManager.GetActiveScene();
            var label = "Set scene settings of " + (scene.name.Length > 0 ? scene.name : "Untitled");
            Authoring.Step(call, label, () =>
            {
                Undo.RecordObject(Unsupported.GetRenderSettings(), label);
                foreach (var c in changes) c.Apply();
                EditorSceneManager.MarkSceneDirty(scene);
                var now = Read();
                now["changed"] = true;
                return now;
            });
        }

        static JObject Read()
        {
            var scene = SceneManager.GetActiveScene();
            var o = new JObject { { "scene", new JObject { { "path", scene.path }, { "name", scene.name } } } };
            foreach (var kv in Keys) o[kv.Key] = kv.Value.Get();
            return o;
        }

        static JToken Mat(Material m) { return Ref(m); }
        static JToken Tex(Texture t) { return Ref(t); }
        static JToken Ref(UnityEngine.Object o) { return o == null ? JValue.CreateNull() : (JToken)MaterialValues.Identity(o); }

        /// <summary>A reference given as a string, or as the bundle a read answers ({path} or
        /// {instance_id}, and {guid} for an asset).</summary>
        static string Address(string key, JToken v)
        {
            if (v.Type == JTokenType.String) return (string)v;
            var o = v as JObject;
            if (o != null)
                foreach (var field in new[] { "path", "instance_id", "guid" })
                    if (o[field] != null && o[field].Type == JTokenType.String) return (string)o[field];
            throw new ToolException("invalid_params", key + " takes a path, an id, the object " + key + " reads as, or null; got " + Shown(v));
        }

        static Material SkyboxOf(JToken v)
        {
            if (v.Type == JTokenType.Null) return null;
            return (Material)MaterialValues.Resolve(Address("skybox", v), "skybox", false);
        }

        static Light SunOf(JToken v)
        {
            if (v.Type == JTokenType.Null) return null;
            var raw = Address("sun", v);
            var go = raw.StartsWith("Assets/", StringComparison.Ordinal) ? null : MaterialValues.Resolve(raw, "sun", true) as GameObject;
            var light = go != null ? go.GetComponent<Light>() : null;
            if (light == null) throw new ToolException("invalid_params", "sun \"" + raw + "\" is no scene object with a Light; give the directional light's hierarchy path or id");
            if (light.gameObject.scene != SceneManager.GetActiveScene())
                throw new ToolException("invalid_params", "sun " + ObjectAddress.PathOf(go) + " is in another scene (" + go.scene.name + "); the sun must be in the active scene, whose settings these are");
            return light;
        }

        static Texture CubemapOf(JToken v)
        {
            if (v.Type == JTokenType.Null) return null;
            var raw = Address("custom_reflection", v);
            var path = raw.Length == 32 && !raw.Contains("/") ? AssetDatabase.GUIDToAssetPath(raw.ToLowerInvariant()) : raw;
            var t = string.IsNullOrEmpty(path) ? null : AssetDatabase.LoadAssetAtPath(path, typeof(Texture)) as Texture;
            if (t == null) throw new ToolException("not_found", "custom_reflection: no texture at \"" + raw + "\" (a cubemap asset; asset_find type Cubemap lists them)");
            return t;
        }

        static T EnumOf<T>(string key, JToken v) where T : struct
        {
            if (v.Type == JTokenType.String)
                foreach (T e in Enum.GetValues(typeof(T)))
                    if (string.Equals(e.ToString(), ((string)v).Trim(), StringComparison.OrdinalIgnoreCase)) return e;
            throw new ToolException("invalid_params", key + " is one of " + string.Join(", ", Enum.GetNames(typeof(T))) + "; got " + Shown(v));
        }

        static bool Bool(string key, JToken v)
        {
            if (v.Type != JTokenType.Boolean) throw new ToolException("invalid_params", key + " is true or false; got " + Shown(v));
            return (bool)v;
        }

        static float Num(string key, JToken v, float min, float max)
        {
            var range = min.ToString(CultureInfo.InvariantCulture) + " to " + max.ToString(CultureInfo.InvariantCulture);
            if (v.Type != JTokenType.Integer && v.Type != JTokenType.Float) throw new ToolException("invalid_params", key + " is a number (" + range + "); got " + Shown(v));
            var d = (double)v;
            if (double.IsNaN(d) || d < min || d > max) throw new ToolException("invalid_params", key + " is " + range + "; got " + Shown(v));
            return (float)d;
        }

        static string Shown(JToken v) { return v.ToString(Formatting.None); }
    }
}
