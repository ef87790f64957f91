using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityEngine.Rendering;
using UnityEngine.SceneManagement;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>render_pipeline_info, render_camera_info (isuzu's names) and render_stats: what
    /// draws the scenes, read from the Editor's own objects, without a frame or a frame
    /// debugger. Everything walks the loaded scenes' hierarchies (inactive objects included,
    /// flagged), the same way in every Unity version.</summary>
    public static class RenderingInfoTools
    {
        public static void PipelineInfo(ToolCall call)
        {
            var current = GraphicsSettings.currentRenderPipeline;
            var quality = QualitySettings.renderPipeline;
            var res = new JObject
            {
                { "pipeline", PipelineName(current) },
                // Two places name a pipeline and the quality level's wins: answering both is
                // what explains "my URP settings do nothing".
                { "pipeline_asset", Asset(current) },
                { "default_pipeline_asset", Asset(GraphicsSettings.defaultRenderPipeline) },
                { "quality_pipeline_asset", Asset(quality) },
            };
            try
            {
                string source;
                res["default_shader"] = MaterialValues.DefaultShader(out source).name;
            }
            catch (ToolException) { res["default_shader"] = null; }
            int level = QualitySettings.GetQualityLevel();
            var names = QualitySettings.names;
            res["quality_level"] = level >= 0 && level < names.Length ? names[level] : level.ToString();
            res["color_space"] = QualitySettings.activeColorSpace.ToString();
            res["graphics_api"] = SystemInfo.graphicsDeviceType.ToString();
            res["graphics_device"] = SystemInfo.graphicsDeviceName;
            res["anti_aliasing"] = QualitySettings.antiAliasing;
            call.Reply(res);
        }

        /// <summary>"Built-in", "URP", "HDRP", or the pipeline asset's type name.</summary>
        static string PipelineName(RenderPipelineAsset p)
        {
            if (p == null) return "Built-in";
            var t = p.GetType().Name;
            if (t == "UniversalRenderPipelineAsset") return "URP";
            if (t == "HDRenderPipelineAsset") return "HDRP";
            return t;
        }

        static JToken Asset(UnityEngine.Object o) { return o == null ? JValue.CreateNull() : (JToken)MaterialValues.Identity(o); }

        public static void CameraInfo(ToolCall call)
        {
            var name = Args.Str(call, "name", "").Trim();
            bool matrices = Args.Bool(call, "include_matrices", false);
            var all = Components<Camera>();
            var cams = name.Length == 0 ? all : all.FindAll(c => c.gameObject.name == name);
            if (cams.Count == 0)
            {
                if (name.Length == 0) throw new ToolException("not_found", "the loaded scenes have no camera (gameobject_create, then gameobject_add_component Camera)");
                var names = all.ConvertAll(c => c.gameObject.name);
                throw new ToolException("not_found", "no camera is named \"" + name + "\"" + (names.Count > 0 ? "; the cameras: " + string.Join(", ", names.ToArray()) : "; the loaded scenes have none"));
            }
            // The ones that draw first, in the order they draw (depth).
            cams.Sort((a, b) => a.isActiveAndEnabled != b.isActiveAndEnabled ? (a.isActiveAndEnabled ? -1 : 1) : a.depth.CompareTo(b.depth));
            var list = new JArray();
            foreach (var c in cams)
            {
                var e = ObjectAddress.Bundle(c.gameObject);
                e["enabled"] = c.isActiveAndEnabled;
                e["depth"] = ValueJson.Float(c.depth);
                e["orthographic"] = c.orthographic;
                if (c.orthographic) e["orthographic_size"] = ValueJson.Float(c.orthographicSize);
                else e["field_of_view"] = ValueJson.Float(c.fieldOfView);
                e["near"] = ValueJson.Float(c.nearClipPlane);
                e["far"] = ValueJson.Float(c.farClipPlane);
                e["aspect"] = ValueJson.Float(c.aspect);
                var clear = c.clearFlags;
                e["clear_flags"] = clear == CameraClearFlags.SolidColor ? "SolidColor" : clear.ToString();
                if (clear == CameraClearFlags.SolidColor) e["background"] = Color(c.backgroundColor);
                e["culling_mask"] = c.cullingMask;
                e["target_texture"] = Asset(c.targetTexture);
                e["pixel_size"] = new JArray(c.pixelWidth, c.pixelHeight);
                var r = c.rect;
                e["viewport"] = new JArray(ValueJson.Float(r.x), ValueJson.Float(r.y), ValueJson.Float(r.width), ValueJson.Float(r.height));
                e["hdr"] = c.allowHDR;
                e["msaa"] = c.allowMSAA;
                if (matrices)
                {
                    e["world_to_camera"] = Matrix(c.worldToCameraMatrix);
                    e["projection"] = Matrix(c.projectionMatrix);
                }
                list.Add(e);
            }
            call.Reply(new JObject { { "count", list.Count }, { "cameras", list } });
        }

        internal static JArray Color(Color c) { return new JArray(ValueJson.Float(c.r), ValueJson.Float(c.g), ValueJson.Float(c.b), ValueJson.Float(c.a)); }

        static JArray Matrix(Matrix4x4 m)
        {
            var rows = new JArray();
            for (int r = 0; r < 4; r++) rows.Add(new JArray(ValueJson.Float(m[r, 0]), ValueJson.Float(m[r, 1]), ValueJson.Float(m[r, 2]), ValueJson.Float(m[r, 3])));
            return rows;
        }

        public static void Stats(ToolCall call)
        {
            int top = Math.Max(0, Math.Min(50, Args.Int(call, "top", 5)));
            var scenes = new JArray();
            int objects = 0;
            for (int s = 0; s < SceneManager.sceneCount; s++)
            {
                var scene = SceneManager.GetSceneAt(s);
                if (!scene.isLoaded) continue;
                scenes.Add(scene.path.Length > 0 ? scene.path : (scene.name.Length > 0 ? scene.name : "Untitled"));
                foreach (var root in scene.GetRootGameObjects()) objects += root.GetComponentsInChildren<Transform>(true).Length;
            }
            var renderers = Components<Renderer>();
            var byType = new SortedDictionary<string, int>(StringComparer.Ordinal);
            var materials = new HashSet<Material>();
            int drawn = 0, emptySlots = 0, noMesh = 0;
            long triangles = 0, vertices = 0;
            var heavy = new List<KeyValuePair<long, JObject>>();
            foreach (var r in renderers)
            {
                var t = r.GetType().Name;
                byType[t] = byType.TryGetValue(t, out int n) ? n + 1 : 1;
                // Drawn: an enabled renderer on an active object (what the cameras can see).
                if (!r.enabled || !r.gameObject.activeInHierarchy) continue;
                drawn++;
                foreach (var m in r.sharedMaterials) { if (m == null) emptySlots++; else materials.Add(m); }
                var mesh = MeshOf(r);
                if (mesh == null) { if (r is MeshRenderer || r is SkinnedMeshRenderer) noMesh++; continue; }
                long tris = Triangles(mesh);
                triangles += tris;
                vertices += mesh.vertexCount;
                var e = ObjectAddress.Bundle(r.gameObject);
                e["triangles"] = tris;
                e["vertices"] = mesh.vertexCount;
                heavy.Add(new KeyValuePair<long, JObject>(tris, e));
            }
            heavy.Sort((a, b) => b.Key.CompareTo(a.Key));
            var heaviest = new JArray();
            for (int i = 0; i < heavy.Count && i < top; i++) heaviest.Add(heavy[i].Value);
            var lights = Components<Light>();
            var lightTypes = new SortedDictionary<string, int>(StringComparer.Ordinal);
            int lightsOn = 0;
            foreach (var l in lights)
            {
                if (!l.isActiveAndEnabled) continue;
                lightsOn++;
                var t = l.type.ToString();
                lightTypes[t] = lightTypes.TryGetValue(t, out int n) ? n + 1 : 1;
            }
            var cams = Components<Camera>();
            var res = new JObject
            {
                { "scenes", scenes },
                { "game_objects", objects },
                { "renderers", new JObject { { "total", renderers.Count }, { "drawn", drawn }, { "by_type", JObject.FromObject(byType) } } },
                { "materials", materials.Count },
                { "empty_material_slots", emptySlots },
                { "triangles", triangles },
                { "vertices", vertices },
                { "renderers_without_mesh", noMesh },
                { "lights", new JObject { { "total", lights.Count }, { "enabled", lightsOn }, { "by_type", JObject.FromObject(lightTypes) } } },
                { "cameras", new JObject { { "total", cams.Count }, { "enabled", cams.FindAll(c => c.isActiveAndEnabled).Count } } },
                { "heaviest", heaviest },
            };
            call.Reply(res);
        }

        /// <summary>The mesh a renderer draws: its MeshFilter's, or a SkinnedMeshRenderer's own.</summary>
        static Mesh MeshOf(Renderer r)
        {
            var skinned = r as SkinnedMeshRenderer;
            if (skinned != null) return skinned.sharedMesh;
            var filter = r.GetComponent<MeshFilter>();
            return filter != null ? filter.sharedMesh : null;
        }

        /// <summary>Triangles of a mesh: a triangle list's indices / 3, a quad's / 4 * 2; lines
        /// and points draw none.</summary>
        static long Triangles(Mesh mesh)
        {
            long n = 0;
            for (int i = 0; i < mesh.subMeshCount; i++)
            {
                var topology = mesh.GetTopology(i);
                if (topology == MeshTopology.Triangles) n += mesh.GetIndexCount(i) / 3;
                else if (topology == MeshTopology.Quads) n += mesh.GetIndexCount(i) / 4 * 2;
            }
            return n;
        }

        /// <summary>Every component of a type in the loaded scenes, inactive objects included.</summary>
        internal static List<T> Components<T>() where T : Component
        {
            var list = new List<T>();
            for (int s = 0; s < SceneManager.sceneCount; s++)
            {
                var scene = SceneManager.GetSceneAt(s);
                if (!scene.isLoaded) continue;
                foreach (var root in scene.GetRootGameObjects()) list.AddRange(root.GetComponentsInChildren<T>(true));
            }
            return list;
        }
    }
}
