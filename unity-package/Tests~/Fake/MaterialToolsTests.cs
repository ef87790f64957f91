using System.IO;
using System.Linq;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEditor;
using UnityEngine;
using UnityEngine.Rendering;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>The fake's stand-ins for the render pipeline packages: asset types named as
    /// URP's and HDRP's are (render_pipeline_info names the pipeline by them), each drawing new
    /// materials with its Lit shader.</summary>
    public class UniversalRenderPipelineAsset : RenderPipelineAsset
    {
        public override Shader defaultShader { get { return Shader.Find("Universal Render Pipeline/Lit"); } }
    }

    public class HDRenderPipelineAsset : RenderPipelineAsset
    {
        public override Shader defaultShader { get { return Shader.Find("HDRP/Lit"); } }
    }

    /// <summary>A pipeline that names only a default material, and one that names nothing.</summary>
    public class MaterialOnlyPipelineAsset : RenderPipelineAsset
    {
        internal Material material;
        public override Material defaultMaterial { get { return material; } }
    }

    public class BarePipelineAsset : RenderPipelineAsset { }

    /// <summary>material_read, material_create and material_set through the package's real
    /// handlers over the fake: the pipeline's shader for new materials, values as arrays and
    /// paths both ways, every wrong input refused with the material unchanged, one undo step
    /// per call, batches.</summary>
    [TestFixture]
    public class MaterialToolsTests
    {
        const string Wood = "Assets/Materials/Wood.mat";
        const string Grain = "Assets/Textures/Grain.png";

        [SetUp]
        public void Fresh() { Reset(); }

        internal static void Folder(string path)
        {
            Directory.CreateDirectory(Path.Combine(Project, path));
            AssetDatabase.Refresh();
        }

        /// <summary>A texture asset, as the TextureImporter makes one of a PNG.</summary>
        internal static Texture2D MakeTexture(string path)
        {
            Folder(Path.GetDirectoryName(path));
            return AssetStore.ImportSpriteSheet(path);
        }

        internal static Material Load(string path) { return (Material)AssetDatabase.LoadAssetAtPath(path, typeof(Material)); }

        /// <summary>URP's Lit as the package declares it (a subset), known to Shader.Find.</summary>
        internal static Shader UrpLit()
        {
            return Shader.Fake("Universal Render Pipeline/Lit")
                .FakeColor("_BaseColor", "Color", 1, 1, 1, 1, ShaderPropertyFlags.MainColor)
                .FakeTexture("_BaseMap", "Albedo", "white", ShaderPropertyFlags.MainTexture)
                .FakeRange("_Smoothness", "Smoothness", 0.5f, 0, 1)
                .FakeFloat("_Surface", "__surface", 0, ShaderPropertyFlags.HideInInspector)
                .FakeKeywords("_EMISSION", "_SURFACE_TYPE_TRANSPARENT").FakeQueue(2000);
        }

        static string State(string path) { return Call("material_read", new { path })["properties"].ToString(Formatting.None) + Load(path).renderQueue + string.Join(",", Load(path).shaderKeywords) + Load(path).shader.name; }

        [Test]
        public void CreateUsesTheShaderOfTheActivePipeline()
        {
            // Built-in: Standard, with its defaults; the folder is made and named.
            var r = Call("material_create", new { path = "Assets/Materials/Wood" });
            Assert.AreEqual(Wood, (string)r["path"]);
            Assert.AreEqual(AssetDatabase.AssetPathToGUID(Wood), (string)r["guid"]);
            Assert.AreEqual("Standard", (string)r["shader"]);
            StringAssert.Contains("built-in", (string)r["shader_source"]);
            CollectionAssert.AreEqual(new[] { "Assets/Materials" }, r["created_folders"].ToObject<string[]>());
            Assert.AreEqual("Standard", Load(Wood).shader.name);
            Assert.AreEqual(0.5f, Load(Wood).GetFloat("_Glossiness"));

            // URP as the project's pipeline: its Lit, never Standard (magenta there).
            UrpLit();
            GraphicsSettings.defaultRenderPipeline = ScriptableObject.CreateInstance<UniversalRenderPipelineAsset>();
            r = Call("material_create", new { path = "Assets/Materials/Urp.mat" });
            Assert.AreEqual("Universal Render Pipeline/Lit", (string)r["shader"]);
            StringAssert.Contains("UniversalRenderPipelineAsset", (string)r["shader_source"]);
            CollectionAssert.AreEqual(new[] { 1f, 1f, 1f, 1f }, Call("material_read", new { path = "Assets/Materials/Urp.mat" })["properties"]["_BaseColor"].ToObject<float[]>());

            // The quality level's pipeline wins over the project's (GraphicsSettings.currentRenderPipeline).
            Shader.Fake("HDRP/Lit").FakeColor("_BaseColor", "Base Color", 1, 1, 1, 1);
            QualitySettings.renderPipeline = ScriptableObject.CreateInstance<HDRenderPipelineAsset>();
            Assert.AreEqual("HDRP/Lit", (string)Call("material_create", new { path = "Assets/Materials/Hd.mat" })["shader"]);

            // A pipeline naming only a default material: that material's shader.
            var onlyMaterial = ScriptableObject.CreateInstance<MaterialOnlyPipelineAsset>();
            onlyMaterial.material = new Material(Shader.Find("Unlit/Color"));
            QualitySettings.renderPipeline = onlyMaterial;
            Assert.AreEqual("Unlit/Color", (string)Call("material_create", new { path = "Assets/Materials/Plain.mat" })["shader"]);

            // A given shader is taken as given.
            Assert.AreEqual("Unlit/Texture", (string)Call("material_create", new { path = "Assets/Materials/Given.mat", shader = "Unlit/Texture" })["shader"]);
        }

        [Test]
        public void CreateRefusesWhatItCannotDoAndWritesNothing()
        {
            Call("material_create", new { path = Wood });
            var files = Directory.GetFileSystemEntries(Path.Combine(Project, "Assets"), "*", SearchOption.AllDirectories).OrderBy(x => x).ToArray();
            var f = Fails("material_create", new { path = Wood });
            Assert.AreEqual("already_exists", f.Code);
            StringAssert.Contains(Wood + " exists", f.Message);
            Assert.AreEqual("invalid_params", Fails("material_create", new { path = "Assets/New/Wood.png" }).Code);
            Assert.AreEqual("invalid_params", Fails("material_create", new { path = "../Wood.mat" }).Code);
            f = Fails("material_create", new { path = "Assets/New/Wood.mat", shader = "Unlit/Colour" });
            Assert.AreEqual("not_found", f.Code);
            StringAssert.Contains("closest: Unlit/Color", f.Message);
            // A pipeline that names no default shader: refused, rather than a magenta Standard material.
            GraphicsSettings.defaultRenderPipeline = ScriptableObject.CreateInstance<BarePipelineAsset>();
            f = Fails("material_create", new { path = "Assets/New/Wood.mat" });
            Assert.AreEqual("invalid_state", f.Code);
            StringAssert.Contains("BarePipelineAsset", f.Message);
            CollectionAssert.AreEqual(files, Directory.GetFileSystemEntries(Path.Combine(Project, "Assets"), "*", SearchOption.AllDirectories).OrderBy(x => x).ToArray(), "no file or folder was made");
        }

        [Test]
        public void ReadAnswersAssetsRendererSlotsAndSeveralAtOnce()
        {
            Call("material_create", new { path = Wood });
            var grain = MakeTexture(Grain);
            var m = Load(Wood);
            m.SetColor("_Color", new Color(1, 0.5f, 0.25f, 1));
            m.SetTexture("_MainTex", grain);
            m.SetTextureScale("_MainTex", new Vector2(2, 2));
            m.EnableKeyword("_EMISSION");
            m.EnableKeyword("_NOT_DECLARED");
            var r = Call("material_read", new { path = Wood });
            Assert.AreEqual(AssetDatabase.AssetPathToGUID(Wood), (string)r["guid"]);
            Assert.AreEqual("Standard", (string)r["shader"]);
            Assert.AreEqual(2000, (int)r["render_queue"]);
            CollectionAssert.AreEqual(new[] { 1f, 0.5f, 0.25f, 1f }, r["properties"]["_Color"].ToObject<float[]>());
            Assert.AreEqual(0.5, (double)r["properties"]["_Glossiness"]);
            Assert.AreEqual(JTokenType.Null, r["properties"]["_BumpMap"].Type);
            JAssert(new JObject { { "texture", Grain }, { "scale", new JArray(2.0, 2.0) }, { "offset", new JArray(0.0, 0.0) } }, r["properties"]["_MainTex"]);
            CollectionAssert.AreEqual(new[] { "_EMISSION" }, r["keywords"].ToObject<string[]>());
            CollectionAssert.AreEqual(new[] { "_NOT_DECLARED" }, r["unused_keywords"].ToObject<string[]>());
            // property keeps the names that contain it.
            CollectionAssert.AreEqual(new[] { "_Color", "_EmissionColor" }, Call("material_read", new { path = Wood, property = "color" })["properties"].ToObject<JObject>().Properties().Select(p => p.Name).ToArray());

            // A GameObject answers its renderer's slots: the primitive's default material, then ours.
            Call("gameobject_create", new { name = "Crate", primitive = "Cube" });
            var slots = Call("material_read", new { path = "/Crate" });
            Assert.AreEqual("MeshRenderer", (string)slots["renderer"]);
            Assert.AreEqual("Default-Material", (string)slots["slots"][0]["name"]);
            var go = GameObject.Find("Crate");
            go.GetComponent<MeshRenderer>().sharedMaterials = new[] { m, null };
            slots = Call("material_read", new { path = (string)slots["instance_id"], property = "gloss" });
            Assert.AreEqual(Wood, (string)slots["slots"][0]["path"]);
            Assert.AreEqual(0, (int)slots["slots"][0]["slot"]);
            Assert.AreEqual(1, ((JObject)slots["slots"][0]["properties"]).Count);
            Assert.AreEqual(JTokenType.Null, slots["slots"][1]["material"].Type);
            StringAssert.Contains("magenta", (string)slots["slots"][1]["warning"]);

            // Several at once: each answered, a failure in its place.
            var many = Call("material_read", new { paths = new[] { Wood, AssetDatabase.AssetPathToGUID(Wood), "/Crate", "Assets/Materials/Wod.mat", "/Nobody" } });
            Assert.AreEqual(5, (int)many["count"]);
            Assert.AreEqual(2, (int)many["failed"]);
            Assert.AreEqual(Wood, (string)many["results"][1]["path"]);
            Assert.AreEqual("/Crate", (string)many["results"][2]["path"]);
            Assert.AreEqual("not_found", (string)many["results"][3]["error"]);
            StringAssert.Contains("closest materials: " + Wood, (string)many["results"][3]["message"]);
            Assert.AreEqual("not_found", (string)many["results"][4]["error"]);

            // One path that fails fails the call; a non-material asset is named for what it is.
            StringAssert.Contains("is a Texture2D", Fails("material_read", new { path = Grain }).Message);
            Call("gameobject_create", new { name = "Empty" });
            StringAssert.Contains("has no Renderer", Fails("material_read", new { path = "/Empty" }).Message);
        }

        [Test]
        public void SetChangesValuesAsOneUndoStepAndSavesTheAsset()
        {
            Call("material_create", new { path = Wood });
            MakeTexture(Grain);
            var before = State(Wood);
            var r = Call("material_set", new JObject
            {
                { "path", Wood },
                { "properties", new JObject { { "_Color", new JArray(1, 0, 0) }, { "_Glossiness", 0.8 }, { "_MainTex", new JObject { { "texture", Grain }, { "scale", new JArray(4, 4) } } }, { "_Mode", true } } },
                { "keywords", new JObject { { "_EMISSION", true } } },
                { "render_queue", 2450 },
            });
            var m = Load(Wood);
            var c = m.GetColor("_Color");
            CollectionAssert.AreEqual(new[] { 1f, 0f, 0f, 1f }, new[] { c.r, c.g, c.b, c.a }, "[r,g,b] sets alpha 1");
            Assert.AreEqual(0.8f, m.GetFloat("_Glossiness"));
            Assert.AreEqual(1f, m.GetFloat("_Mode"));
            Assert.AreEqual(Grain, AssetDatabase.GetAssetPath(m.GetTexture("_MainTex")));
            Assert.AreEqual(4f, m.GetTextureScale("_MainTex").x);
            Assert.IsTrue(m.IsKeywordEnabled("_EMISSION"));
            Assert.AreEqual(2450, m.renderQueue);
            // The answer: the identity and the values as they read back.
            Assert.AreEqual(Wood, (string)r["path"]);
            Assert.IsTrue((bool)r["changed"]);
            CollectionAssert.AreEqual(new[] { 1f, 0f, 0f, 1f }, r["properties"]["_Color"].ToObject<float[]>());
            Assert.AreEqual(0.8, (double)r["properties"]["_Glossiness"]);
            CollectionAssert.AreEqual(new[] { Wood }, AssetDatabase.SavedAssets, "saved at once outside a batch");
            Assert.AreEqual(new[] { "unitymcp: Set material Wood" }, Undo.UndoNames().ToArray());

            // The same values again change nothing, and are no step of their own to undo.
            Assert.IsFalse((bool)Call("material_set", new { path = Wood, render_queue = 2450 })["changed"]);
            Call("undo", null);
            Assert.AreEqual(before, State(Wood));
            Assert.IsFalse(Load(Wood).IsKeywordEnabled("_EMISSION"));
            Call("redo", null);
            Assert.AreEqual(2450, Load(Wood).renderQueue);
            Assert.AreEqual(0.8f, Load(Wood).GetFloat("_Glossiness"));
        }

        [Test]
        public void WrongInputsAreRefusedAndChangeNothing()
        {
            Call("material_create", new { path = Wood });
            MakeTexture(Grain);
            Call("gameobject_create", new { name = "Crate", primitive = "Cube" });
            GameObject.Find("Crate").GetComponent<MeshRenderer>().sharedMaterial = Load(Wood);
            var before = State(Wood);
            var steps = Undo.UndoNames().Count;
            System.Action<string, string, object> refused = (code, words, args) =>
            {
                var f = Fails("material_set", args);
                Assert.AreEqual(code, f.Code, f.Message);
                StringAssert.Contains(words, f.Message);
                Assert.AreEqual(before, State(Wood), "refused: " + f.Message);
                Assert.AreEqual(steps, Undo.UndoNames().Count, "no undo step for " + f.Message);
            };
            refused("not_found", "Standard has no property \"_Colour\"; closest: _Color", new JObject { { "path", Wood }, { "properties", Props("_Colour", new[] { 1, 0, 0 }) } });
            // A valid value beside a wrong one: neither is applied.
            refused("invalid_params", "_Color is a colour", new JObject { { "path", Wood }, { "properties", Props("_Glossiness", 0.1, "_Color", "red") } });
            refused("invalid_params", "_Glossiness is a Range(0, 1); 3 is outside it", new JObject { { "path", Wood }, { "properties", Props("_Glossiness", 3) } });
            refused("invalid_params", "_Glossiness takes a number", new JObject { { "path", Wood }, { "properties", Props("_Glossiness", "high") } });
            refused("invalid_params", "_MainTex takes a texture; " + Wood + " is a Material", new JObject { { "path", Wood }, { "properties", Props("_MainTex", Wood) } });
            refused("not_found", "_MainTex: no texture at \"Assets/Textures/Grian.png\"; closest: " + Grain, new JObject { { "path", Wood }, { "properties", Props("_MainTex", "Assets/Textures/Grian.png") } });
            refused("invalid_params", "_MainTex.scale takes [x, y]", new JObject { { "path", Wood }, { "properties", new JObject { { "_MainTex", new JObject { { "scale", 2 } } } } } });
            refused("not_found", "Standard declares no keyword \"_EMISION\"; closest: _EMISSION", new JObject { { "path", Wood }, { "keywords", Props("_EMISION", true) } });
            refused("invalid_params", "keywords._EMISSION must be true (on) or false (off)", new JObject { { "path", Wood }, { "keywords", Props("_EMISSION", "on") } });
            refused("invalid_params", "render_queue is -1", new { path = Wood, render_queue = 6000 });
            refused("not_found", "no shader is named \"Unlit/Colour\"; closest: Unlit/Color", new { path = Wood, shader = "Unlit/Colour" });
            // Properties are checked against the shader being switched to.
            refused("not_found", "Unlit/Color has no property \"_Glossiness\"", new JObject { { "path", Wood }, { "shader", "Unlit/Color" }, { "properties", Props("_Glossiness", 0.2) } });
            // What path names must be a material.
            refused("invalid_params", "\"" + Grain + "\" is a Texture2D", new { path = Grain, render_queue = 3000 });
            refused("invalid_params", "its MeshRenderer draws with slot 0: " + Wood, new { path = "/Crate", render_queue = 3000 });
            refused("not_found", "closest materials: " + Wood, new { path = "Assets/Materials/Wod.mat", render_queue = 3000 });
            refused("invalid_params", "nothing to set", new { path = Wood });
            // A built-in material (what a new primitive draws with) is read-only.
            var builtin = Call("material_read", new { path = "/Crate" });
            Call("gameobject_create", new { name = "Ball", primitive = "Sphere" });
            var defaultId = (string)Call("material_read", new { path = "/Ball" })["slots"][0]["instance_id"];
            var f2 = Fails("material_set", new { path = defaultId, render_queue = 3000 });
            Assert.AreEqual("invalid_state", f2.Code);
            StringAssert.Contains("Default-Material is read-only", f2.Message);
            Assert.AreEqual(2000, Load(Wood).renderQueue);
            Assert.AreEqual(Wood, (string)builtin["slots"][0]["path"]);
        }

        [Test]
        public void SwitchingShaderKeepsValuesAndRevalidatesKeywords()
        {
            UrpLit();
            Call("material_create", new { path = Wood });
            Call("material_set", new JObject { { "path", Wood }, { "keywords", new JObject { { "_EMISSION", true } } }, { "properties", new JObject { { "_Color", "#336699" } } } });
            var r = Call("material_set", new JObject { { "path", Wood }, { "shader", "Universal Render Pipeline/Lit" }, { "properties", new JObject { { "_BaseColor", new JArray(0, 1, 0, 1) }, { "_Smoothness", 0.25 } } } });
            Assert.AreEqual("Universal Render Pipeline/Lit", (string)r["shader"]);
            CollectionAssert.AreEqual(new[] { "_EMISSION" }, r["keywords"].ToObject<string[]>(), "URP's Lit declares _EMISSION too");
            var m = Load(Wood);
            Assert.AreEqual(0.25f, m.GetFloat("_Smoothness"));
            // Standard's values stay in the material, as Unity keeps them across a switch.
            Assert.AreEqual(0.2f, m.GetColor("_Color").r, 0.001);
            Call("undo", null);
            Assert.AreEqual("Standard", Load(Wood).shader.name);
        }

        [Test]
        public void MaterialSetRunsInABatchAndIsRevertedWithIt()
        {
            Call("material_create", new { path = Wood });
            var before = State(Wood);
            var f = Fails("batch", new JObject
            {
                { "operations", new JArray
                    {
                        new JObject { { "tool", "material_set" }, { "args", new JObject { { "path", Wood }, { "render_queue", 3000 }, { "properties", new JObject { { "_Glossiness", 0.9 } } } } } },
                        new JObject { { "tool", "gameobject_delete" }, { "args", new JObject { { "object_path", "/Nobody" } } } },
                    }
                },
            });
            Assert.AreEqual("batch_failed", f.Code);
            Assert.AreEqual(before, State(Wood), "the material_set before the failure was reverted");
            Assert.AreEqual(0, AssetDatabase.SavedAssets.Count, "nothing was saved inside the batch");
            Call("batch", new JObject
            {
                { "operations", new JArray
                    {
                        new JObject { { "id", "crate" }, { "tool", "gameobject_create" }, { "args", new JObject { { "name", "Crate" }, { "primitive", "Cube" } } } },
                        new JObject { { "tool", "material_set" }, { "args", new JObject { { "path", Wood }, { "render_queue", 3000 } } } },
                    }
                },
            });
            Assert.AreEqual(3000, Load(Wood).renderQueue);
            Call("undo", null);
            Assert.AreEqual(2000, Load(Wood).renderQueue);
            Assert.IsNull(GameObject.Find("Crate"), "one undo took back the whole batch");
        }

        static JObject Props(params object[] kv)
        {
            var o = new JObject();
            for (int i = 0; i < kv.Length; i += 2) o[(string)kv[i]] = JToken.FromObject(kv[i + 1]);
            return o;
        }

        static void JAssert(JToken want, JToken got) { Assert.AreEqual(want.ToString(Formatting.None), got.ToString(Formatting.None)); }
    }
}
