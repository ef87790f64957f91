using System.Linq;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEditor;
using UnityEditor.Rendering;
using UnityEngine;
using UnityEngine.Rendering;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>shader_errors, shader_info, render_pipeline_info, render_camera_info,
    /// scene_settings and render_stats through the package's real handlers over the fake.</summary>
    [TestFixture]
    public class RenderingToolsTests
    {
        [SetUp]
        public void Fresh() { Reset(); }

        /// <summary>A .shader file the importer compiled, with the messages it reported.</summary>
        static Shader ShaderFile(string path, string name)
        {
            MaterialToolsTests.Folder(System.IO.Path.GetDirectoryName(path));
            return Shader.Fake(name).FakeImport(path);
        }

        [Test]
        public void ShaderInfoDescribesPropertiesKeywordsAndPasses()
        {
            var r = Call("shader_info", new { name = "Standard" });
            Assert.AreEqual("Standard", (string)r["name"]);
            Assert.IsNull(r["path"], "a built-in shader has no asset path");
            Assert.AreEqual(2000, (int)r["render_queue"]);
            Assert.AreEqual(2, (int)r["subshader_count"]);
            Assert.AreEqual(5, (int)r["pass_count"]);
            var gloss = r["properties"].First(p => (string)p["name"] == "_Glossiness");
            Assert.AreEqual("Range", (string)gloss["type"]);
            Assert.AreEqual("Smoothness", (string)gloss["description"]);
            CollectionAssert.AreEqual(new[] { 0f, 1f }, gloss["range"].ToObject<float[]>());
            Assert.AreEqual(0.5, (double)gloss["default"]);
            var color = r["properties"].First(p => (string)p["name"] == "_Color");
            CollectionAssert.AreEqual(new[] { "MainColor" }, color["flags"].ToObject<string[]>());
            CollectionAssert.AreEqual(new[] { 1f, 1f, 1f, 1f }, color["default"].ToObject<float[]>());
            Assert.AreEqual("bump", (string)r["properties"].First(p => (string)p["name"] == "_BumpMap")["default"]);
            Assert.IsNull(r["properties"].First(p => (string)p["name"] == "_Glossiness")["flags"], "no flags, no key");
            CollectionAssert.Contains(r["keywords"].ToObject<string[]>(), "_EMISSION");

            ShaderFile("Assets/Shaders/Toon.shader", "Custom/Toon").FakeInt("_Steps", "Steps", 3).FakeQueue(2450)
                .FakeMessage("undeclared identifier 'rim'", ShaderCompilerMessageSeverity.Error, "Assets/Shaders/Toon.shader", 42);
            r = Call("shader_info", new { path = "Assets/Shaders/Toon.shader" });
            Assert.AreEqual("Custom/Toon", (string)r["name"], "the name its source declares, not the file's");
            Assert.AreEqual(AssetDatabase.AssetPathToGUID("Assets/Shaders/Toon.shader"), (string)r["guid"]);
            Assert.AreEqual(2450, (int)r["render_queue"]);
            Assert.IsFalse((bool)r["supported"]);
            Assert.AreEqual(1, (int)r["errors"]);
            Assert.AreEqual(3, (int)r["properties"][0]["default"]);
            Assert.AreEqual("Custom/Toon", (string)Call("shader_info", new { name = "Custom/Toon" })["name"]);

            MaterialToolsTests.Folder("Assets/Materials");
            Call("material_create", new { path = "Assets/Materials/Wood.mat" });
            var f = Fails("shader_info", new { path = "Assets/Materials/Wood.mat" });
            Assert.AreEqual("invalid_params", f.Code);
            StringAssert.Contains("is a Material, not a shader", f.Message);
            f = Fails("shader_info", new { path = "Assets/Shaders/Tone.shader" });
            StringAssert.Contains("closest: Assets/Shaders/Toon.shader", f.Message);
            StringAssert.Contains("closest: Custom/Toon", Fails("shader_info", new { name = "Custom/Tone" }).Message);
            Assert.AreEqual("invalid_params", Fails("shader_info", new { }).Code);
        }

        [Test]
        public void ShaderErrorsSweepsTheProjectsShaders()
        {
            ShaderFile("Assets/Shaders/Toon.shader", "Custom/Toon")
                .FakeMessage("undeclared identifier 'rim'", ShaderCompilerMessageSeverity.Error, "Assets/Shaders/Toon.shader", 42)
                .FakeMessage("implicit truncation of vector type", ShaderCompilerMessageSeverity.Warning, "Assets/Shaders/Toon.shader", 17);
            ShaderFile("Assets/Shaders/Water.shader", "Custom/Water")
                .FakeMessage("syntax error: unexpected token '}'", ShaderCompilerMessageSeverity.Error, "Assets/Shaders/Water.shader", 8);
            ShaderFile("Assets/Shaders/Clean.shader", "Custom/Clean");
            var r = Call("shader_errors", new { });
            Assert.AreEqual(3, (int)r["shaders_checked"], "every shader under Assets/, the built-in ones not");
            Assert.AreEqual(2, (int)r["errors"]);
            Assert.AreEqual(1, (int)r["warnings"]);
            CollectionAssert.AreEqual(new[] { "Custom/Toon", "Custom/Water" }, r["broken_shaders"].ToObject<string[]>());
            Assert.AreEqual(2, ((JArray)r["messages"]).Count, "warnings only on request");
            var first = r["messages"][0];
            Assert.AreEqual("undeclared identifier 'rim'", (string)first["message"]);
            Assert.AreEqual(42, (int)first["line"]);
            Assert.AreEqual("error", (string)first["severity"]);
            Assert.AreEqual("Assets/Shaders/Toon.shader", (string)first["path"]);
            Assert.IsFalse((bool)r["truncated"]);
            r = Call("shader_errors", new { include_warnings = true, limit = 2 });
            Assert.AreEqual(2, ((JArray)r["messages"]).Count);
            Assert.IsTrue((bool)r["truncated"], "three messages, two shown");
            r = Call("shader_errors", new { path = "Assets/Shaders/Clean.shader" });
            Assert.AreEqual(1, (int)r["shaders_checked"]);
            Assert.AreEqual(0, (int)r["errors"]);
            Assert.AreEqual("not_found", Fails("shader_errors", new { path = "Assets/Shaders/Nope.shader" }).Code);
        }

        [Test]
        public void PipelineInfoNamesTheAssetInForceAndWhereItComesFrom()
        {
            var r = Call("render_pipeline_info", null);
            Assert.AreEqual("Built-in", (string)r["pipeline"]);
            Assert.AreEqual(JTokenType.Null, r["pipeline_asset"].Type);
            Assert.AreEqual("Standard", (string)r["default_shader"]);
            Assert.AreEqual("Ultra", (string)r["quality_level"]);
            Assert.AreEqual("Linear", (string)r["color_space"]);
            Assert.AreEqual("Null", (string)r["graphics_api"]);

            MaterialToolsTests.UrpLit();
            MaterialToolsTests.Folder("Assets/Settings");
            var urp = ScriptableObject.CreateInstance<UniversalRenderPipelineAsset>();
            AssetDatabase.CreateAsset(urp, "Assets/Settings/URP.asset");
            GraphicsSettings.defaultRenderPipeline = urp;
            r = Call("render_pipeline_info", null);
            Assert.AreEqual("URP", (string)r["pipeline"]);
            Assert.AreEqual("Assets/Settings/URP.asset", (string)r["pipeline_asset"]["path"]);
            Assert.AreEqual("Universal Render Pipeline/Lit", (string)r["default_shader"]);
            Assert.AreEqual(JTokenType.Null, r["quality_pipeline_asset"].Type);

            // The quality level's asset wins, and both are named.
            QualitySettings.renderPipeline = ScriptableObject.CreateInstance<BarePipelineAsset>();
            r = Call("render_pipeline_info", null);
            Assert.AreEqual("BarePipelineAsset", (string)r["pipeline"]);
            Assert.AreEqual("Assets/Settings/URP.asset", (string)r["default_pipeline_asset"]["path"]);
            Assert.IsNotNull(r["quality_pipeline_asset"]["instance_id"], "an asset made in memory has an id, no path");
            Assert.AreEqual(JTokenType.Null, r["default_shader"].Type, "a pipeline with no default shader");
        }

        [Test]
        public void CameraInfoAnswersProjectionAndMatrices()
        {
            Call("gameobject_create", new { name = "Eye", position = new { x = 1, y = 2, z = -10 } });
            Call("gameobject_add_component", new { object_path = "/Eye", component_type = "Camera" });
            Call("gameobject_create", new { name = "Map" });
            Call("gameobject_add_component", new { object_path = "/Map", component_type = "Camera" });
            var map = GameObject.Find("Map").GetComponent<Camera>();
            map.orthographic = true;
            map.depth = -1;
            map.clearFlags = CameraClearFlags.SolidColor;
            map.enabled = false;
            var r = Call("render_camera_info", new { include_matrices = true });
            Assert.AreEqual(2, (int)r["count"]);
            var eye = r["cameras"][0];
            Assert.AreEqual("/Eye", (string)eye["path"], "enabled cameras first");
            Assert.AreEqual(60, (double)eye["field_of_view"]);
            Assert.AreEqual(0.3, (double)eye["near"], 1e-6);
            Assert.AreEqual("Skybox", (string)eye["clear_flags"]);
            CollectionAssert.AreEqual(new[] { 1920, 1080 }, eye["pixel_size"].ToObject<int[]>());
            // worldToCameraMatrix: the inverse of the camera's place, z negated.
            var view = eye["world_to_camera"].ToObject<float[][]>();
            CollectionAssert.AreEqual(new[] { 1f, 0f, 0f, -1f }, view[0]);
            CollectionAssert.AreEqual(new[] { 0f, 1f, 0f, -2f }, view[1]);
            CollectionAssert.AreEqual(new[] { 0f, 0f, -1f, -10f }, view[2]);
            // projection: Perspective(60, 16:9, 0.3, 1000).
            var proj = eye["projection"].ToObject<float[][]>();
            Assert.AreEqual(1 / System.Math.Tan(System.Math.PI / 6), proj[1][1], 1e-5);
            Assert.AreEqual(proj[1][1] / (1920.0 / 1080), proj[0][0], 1e-5);
            Assert.AreEqual(-1, proj[3][2]);
            var m = r["cameras"][1];
            Assert.IsFalse((bool)m["enabled"]);
            Assert.AreEqual(5, (double)m["orthographic_size"]);
            Assert.AreEqual("SolidColor", (string)m["clear_flags"]);
            Assert.AreEqual(4, ((JArray)m["background"]).Count);
            Assert.IsNull(Call("render_camera_info", new { name = "Map" })["cameras"][0]["projection"], "matrices only on request");
            var f = Fails("render_camera_info", new { name = "Main" });
            Assert.AreEqual("not_found", f.Code);
            StringAssert.Contains("the cameras: Eye, Map", f.Message);
        }

        [Test]
        public void SceneSettingsReadsAndWritesAsOneUndoStep()
        {
            var r = Call("scene_settings", null);
            Assert.AreEqual("Default-Skybox", (string)r["skybox"]["name"]);
            Assert.AreEqual("Skybox", (string)r["ambient_mode"]);
            Assert.IsFalse((bool)r["fog"]);
            Assert.AreEqual("ExponentialSquared", (string)r["fog_mode"]);
            Assert.AreEqual(JTokenType.Null, r["sun"].Type);
            var before = r.ToString(Formatting.None);

            MaterialToolsTests.Folder("Assets/Materials");
            Call("material_create", new { path = "Assets/Materials/Sky.mat", shader = "Skybox/Procedural" });
            Call("gameobject_create", new { name = "Sun" });
            Call("gameobject_add_component", new { object_path = "/Sun", component_type = "Light" });
            Call("gameobject_create", new { name = "Plain" });
            MaterialToolsTests.MakeTexture("Assets/Textures/Sky.png");
            var w = Call("scene_settings", new JObject { { "set", new JObject
            {
                { "fog", true }, { "fog_color", new JArray(0.2, 0.3, 0.4) }, { "fog_mode", "linear" }, { "fog_end", 120 },
                { "skybox", "Assets/Materials/Sky.mat" }, { "sun", "/Sun" }, { "ambient_mode", "Flat" }, { "ambient_sky_color", "#808080" },
                { "reflection_bounces", 2 },
            } } });
            Assert.IsTrue((bool)w["changed"]);
            Assert.IsTrue(RenderSettings.fog);
            Assert.AreEqual(FogMode.Linear, RenderSettings.fogMode);
            Assert.AreEqual(120f, RenderSettings.fogEndDistance);
            Assert.AreEqual(0.3f, RenderSettings.fogColor.g, 1e-6);
            Assert.AreEqual("Assets/Materials/Sky.mat", AssetDatabase.GetAssetPath(RenderSettings.skybox));
            Assert.AreEqual("Sun", RenderSettings.sun.gameObject.name);
            Assert.AreEqual(AmbientMode.Flat, RenderSettings.ambientMode);
            Assert.AreEqual(2, RenderSettings.reflectionBounces);
            Assert.AreEqual("/Sun", (string)w["sun"]["path"]);
            Assert.AreEqual("Assets/Materials/Sky.mat", (string)w["skybox"]["path"]);
            Assert.IsTrue(UnityEngine.SceneManagement.SceneManager.GetActiveScene().isDirty);
            // What a read answers, a write takes back as it is.
            var again = Call("scene_settings", new JObject { { "set", new JObject { { "sun", w["sun"] }, { "skybox", w["skybox"] } } } });
            Assert.IsFalse((bool)again["changed"]);

            // Wrong keys and values are refused and change nothing.
            var now = Call("scene_settings", null).ToString(Formatting.None);
            System.Action<string, JObject> refused = (words, set) =>
            {
                var f = Fails("scene_settings", new JObject { { "set", set } });
                StringAssert.Contains(words, f.Message);
                Assert.AreEqual(now, Call("scene_settings", null).ToString(Formatting.None), f.Message);
            };
            refused("set.fog_colour is no scene setting; closest: fog_color", new JObject { { "fog", false }, { "fog_colour", new JArray(1, 1, 1) } });
            refused("fog is true or false", new JObject { { "fog", "yes" } });
            refused("fog_mode is one of Linear, Exponential, ExponentialSquared", new JObject { { "fog_mode", "Cubic" } });
            refused("reflection_intensity is 0 to 1", new JObject { { "reflection_intensity", 2 } });
            refused("is no scene object with a Light", new JObject { { "sun", "/Plain" } });
            refused("\"Assets/Textures/Sky.png\" is a Texture2D", new JObject { { "skybox", "Assets/Textures/Sky.png" } });
            refused("reflection_resolution is one of 16", new JObject { { "reflection_resolution", 100 } });

            // One undo takes the whole write back.
            Call("undo", null);
            Assert.AreEqual(before, Call("scene_settings", null).ToString(Formatting.None));
            Assert.IsFalse(RenderSettings.fog);
            Assert.IsNull(RenderSettings.sun);
        }

        [Test]
        public void RenderStatsCountsWhatTheScenesDraw()
        {
            Call("gameobject_create", new { name = "Crate", primitive = "Cube" });
            Call("gameobject_create", new { name = "Ball", primitive = "Sphere" });
            Call("gameobject_create", new { name = "Hidden", primitive = "Capsule" });
            Call("gameobject_set_active", new { object_path = "/Hidden", active = false });
            Call("gameobject_create", new { name = "Off", primitive = "Quad" });
            GameObject.Find("Off").GetComponent<MeshRenderer>().enabled = false;
            Call("gameobject_create", new { name = "Lamp" });
            Call("gameobject_add_component", new { object_path = "/Lamp", component_type = "Light" });
            var skinned = new GameObject("Body", typeof(SkinnedMeshRenderer)).GetComponent<SkinnedMeshRenderer>();
            skinned.sharedMesh = Mesh.Fake("Body", 100, new System.Collections.Generic.KeyValuePair<MeshTopology, uint>(MeshTopology.Triangles, 300), new System.Collections.Generic.KeyValuePair<MeshTopology, uint>(MeshTopology.Lines, 50));
            MaterialToolsTests.Folder("Assets/Materials");
            Call("material_create", new { path = "Assets/Materials/Skin.mat" });
            skinned.sharedMaterials = new[] { MaterialToolsTests.Load("Assets/Materials/Skin.mat"), null };
            var r = Call("render_stats", new { top = 2 });
            Assert.AreEqual(3, (int)r["renderers"]["drawn"], "Crate, Ball and Body; not the inactive Hidden nor the disabled Off");
            Assert.AreEqual(5, (int)r["renderers"]["total"]);
            Assert.AreEqual(4, (int)r["renderers"]["by_type"]["MeshRenderer"]);
            Assert.AreEqual(1, (int)r["renderers"]["by_type"]["SkinnedMeshRenderer"]);
            Assert.AreEqual(12 + 768 + 100, (long)r["triangles"], "cube 12, sphere 768, body 100 (its lines draw none)");
            Assert.AreEqual(24 + 515 + 100, (long)r["vertices"]);
            Assert.AreEqual(2, (int)r["materials"], "Default-Material and Skin");
            Assert.AreEqual(1, (int)r["empty_material_slots"]);
            Assert.AreEqual(1, (int)r["lights"]["enabled"]);
            Assert.AreEqual(1, (int)r["lights"]["by_type"]["Point"]);
            Assert.AreEqual(2, ((JArray)r["heaviest"]).Count);
            Assert.AreEqual("/Ball", (string)r["heaviest"][0]["path"]);
            Assert.AreEqual(768, (int)r["heaviest"][0]["triangles"]);
            Assert.AreEqual("/Body", (string)r["heaviest"][1]["path"]);
            Assert.AreEqual(6, (int)r["game_objects"]);
        }
    }
}
