using System.IO;
using System.Linq;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEditor;
using UnityEngine;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>project_assemblies over the fake CompilationPipeline (assemblies from the
    /// project's .asmdef files and special folders) and project_settings over the fake
    /// ProjectSettings/*.asset objects: reads by property path, listing by prefix, writes
    /// behind confirm with a dry run, all or nothing, saved to disk.</summary>
    [TestFixture]
    public class ProjectToolsTests
    {
        [SetUp]
        public void Fresh()
        {
            Reset();
            Layers.Reset();
            ProjectSettingsStore.Reset();
            var settings = Path.Combine(Project, "ProjectSettings");
            if (Directory.Exists(settings)) Directory.Delete(settings, true);
        }

        static void Write(string path, string text)
        {
            var full = Path.Combine(Project, path);
            Directory.CreateDirectory(Path.GetDirectoryName(full));
            File.WriteAllText(full, text);
        }

        static string SettingsFile(string name)
        {
            var full = Path.Combine(Project, "ProjectSettings", name);
            return File.Exists(full) ? File.ReadAllText(full) : null;
        }

        [Test]
        public void AssembliesFromAsmdefsAndSpecialFolders()
        {
            Write("Assets/Scripts/Player.cs", "class Player {}");
            Write("Assets/Scripts/Enemy.cs", "class Enemy {}");
            Write("Assets/Editor/Tool.cs", "class Tool {}");
            Write("Assets/Game/Game.asmdef", "{\"name\": \"Game\"}");
            Write("Assets/Game/Rules.cs", "class Rules {}");
            Write("Assets/Game/Editor/Game.Editor.asmdef", "{\"name\": \"Game.Editor\", \"references\": [\"Game\"], \"includePlatforms\": [\"Editor\"]}");
            Write("Assets/Game/Editor/RulesEditor.cs", "class RulesEditor {}");
            var r = Call("project_assemblies", null);
            Assert.AreEqual(4, (int)r["total"]);
            var names = r["assemblies"].Select(a => (string)a["name"]).ToArray();
            CollectionAssert.AreEqual(new[] { "Assembly-CSharp", "Assembly-CSharp-Editor", "Game", "Game.Editor" }, names, "sorted by name");
            var byName = r["assemblies"].ToDictionary(a => (string)a["name"]);
            Assert.AreEqual(2, (int)byName["Assembly-CSharp"]["source_count"]);
            Assert.AreEqual("runtime", (string)byName["Assembly-CSharp"]["kind"]);
            Assert.AreEqual("editor", (string)byName["Assembly-CSharp-Editor"]["kind"]);
            Assert.AreEqual(1, (int)byName["Assembly-CSharp-Editor"]["source_count"]);
            Assert.AreEqual("editor", (string)byName["Game.Editor"]["kind"]);
            CollectionAssert.AreEqual(new[] { "Game" }, byName["Game.Editor"]["references"].ToObject<string[]>());
            Assert.AreEqual("Assets/Game/Game.asmdef", (string)byName["Game"]["asmdef"]);
            Assert.IsNull(byName["Assembly-CSharp"]["asmdef"], "the predefined assemblies have no .asmdef");
            var page = Call("project_assemblies", new { name = "GAME", limit = 1 });
            Assert.AreEqual(2, (int)page["total"], "the name filter ignores case; total counts every match");
            Assert.AreEqual("Game", (string)page["assemblies"][0]["name"]);
            Assert.IsTrue((bool)page["truncated"]);
        }

        [Test]
        public void ReadsOnePropertyOrListsAPrefix()
        {
            var r = Call("project_settings", new { property_path = "player/productName" });
            Assert.AreEqual("My project", (string)r["value"]);
            Assert.AreEqual("ProjectSettings/ProjectSettings.asset", (string)r["file"]);
            Assert.AreEqual("String", (string)r["type"]);
            var physics = Call("project_settings", new { property_path = "physics/" });
            var gravity = physics["properties"].First(p => (string)p["path"] == "m_Gravity");
            Assert.AreEqual(-9.81, (double)gravity["value"]["y"], 1e-6);
            Assert.AreEqual(physics["properties"].Count(), (int)physics["total"]);
            var layers = Call("project_settings", new { property_path = "tags/lay" });
            Assert.AreEqual(1, (int)layers["total"]);
            Assert.AreEqual("Water", (string)layers["properties"][0]["value"]["elements"][4]);
            Assert.AreEqual(32, (int)layers["properties"][0]["value"]["size"]);
            var quality = Call("project_settings", new { property_path = "quality/m_QualitySettings.Array.data[1].name" });
            Assert.AreEqual("High", (string)quality["value"]);

            var f = Fails("project_settings", new { property_path = "physics/m_Gravty" });
            Assert.AreEqual("not_found", f.Code);
            StringAssert.Contains("closest: m_Gravity", f.Message);
            f = Fails("project_settings", new { property_path = "network/x" });
            Assert.AreEqual("invalid_params", f.Code);
            StringAssert.Contains("categories: player, quality, physics", f.Message);
        }

        [Test]
        public void WriteNeedsConfirmAndDryRunChangesNothing()
        {
            var values = new JObject { { "player/productName", "Space Game" }, { "physics/m_Gravity", new JObject { { "x", 0 }, { "y", -20 }, { "z", 0 } } } };
            var f = Fails("project_settings", new JObject { { "values", values } });
            Assert.AreEqual("confirmation_required", f.Code);
            var dry = Call("project_settings", new JObject { { "values", values }, { "dry_run", true } });
            Assert.IsTrue((bool)dry["dry_run"]);
            Assert.IsFalse((bool)dry["written"]);
            Assert.AreEqual("My project", (string)dry["changes"][0]["previous"]);
            Assert.AreEqual("Space Game", (string)dry["changes"][0]["value"], "the dry run answers what would be written");
            Assert.AreEqual(-20, (double)dry["changes"][1]["value"]["y"], 1e-6);
            Assert.AreEqual("My project", (string)Call("project_settings", new { property_path = "player/productName" })["value"]);
            Assert.IsNull(SettingsFile("ProjectSettings.asset"), "neither refusal nor dry run writes a file");

            var w = Call("project_settings", new JObject { { "values", values }, { "confirm", true } });
            Assert.IsTrue((bool)w["written"]);
            CollectionAssert.AreEquivalent(new[] { "ProjectSettings/ProjectSettings.asset", "ProjectSettings/DynamicsManager.asset" }, w["saved"].ToObject<string[]>());
            Assert.IsTrue((bool)w["changes"][0]["changed"]);
            Assert.AreEqual("Space Game", (string)Call("project_settings", new { property_path = "player/productName" })["value"]);
            StringAssert.Contains("productName: Space Game", SettingsFile("ProjectSettings.asset"), "saved to disk at once");
            StringAssert.Contains("m_Gravity: (0.00, -20.00, 0.00)", SettingsFile("DynamicsManager.asset"));
        }

        [Test]
        public void ARefusedValueWritesNothingAtAll()
        {
            var values = new JObject { { "player/productName", "Changed" }, { "physics/m_BounceThreshold", "fast" } };
            var f = Fails("project_settings", new JObject { { "values", values }, { "confirm", true } });
            Assert.AreEqual("invalid_params", f.Code);
            StringAssert.Contains("m_BounceThreshold", f.Message);
            Assert.AreEqual("My project", (string)Call("project_settings", new { property_path = "player/productName" })["value"], "the valid first value was not written either");
            Assert.IsNull(SettingsFile("ProjectSettings.asset"));
            f = Fails("project_settings", new JObject { { "values", new JObject { { "player/produtName", "X" } } }, { "confirm", true } });
            Assert.AreEqual("not_found", f.Code);
            StringAssert.Contains("closest: productName", f.Message);
            Assert.AreEqual("invalid_params", Fails("project_settings", new JObject { { "values", new JObject { { "player", "X" } } }, { "confirm", true } }).Code);
            Assert.AreEqual("invalid_params", Fails("project_settings", new JObject { { "values", new JObject() }, { "confirm", true } }).Code);
        }

        [Test]
        public void ATagWrittenHereIsATagOfTheProject()
        {
            Call("gameobject_create", new { name = "Orc" });
            var write = new { object_path = "/Orc", property_path = "m_TagString", value = "Enemy" };
            StringAssert.Contains("not a tag of this project", Fails("inspect_write", write).Message);
            Call("project_settings", new JObject { { "values", new JObject { { "tags/tags", new JArray("Enemy") } } }, { "confirm", true } });
            Call("inspect_write", write);
            Assert.AreEqual("Enemy", ObjectAddress("/Orc").tag);
            StringAssert.Contains("tags: [Enemy]", SettingsFile("TagManager.asset"));
        }

        [Test]
        public void NothingIsWrittenInPlayMode()
        {
            EditorApplication.isPlaying = true;
            Updates(1);
            try
            {
                var values = new JObject { { "player/productName", "Played" } };
                var f = Fails("project_settings", new JObject { { "values", values }, { "confirm", true } });
                Assert.AreEqual("invalid_state", f.Code);
                StringAssert.Contains("Play Mode", f.Message);
                Assert.AreEqual("Played", (string)Call("project_settings", new JObject { { "values", values }, { "dry_run", true } })["changes"][0]["value"], "a dry run still answers");
                Assert.AreEqual("My project", (string)Call("project_settings", new { property_path = "player/productName" })["value"]);
                Assert.IsNull(SettingsFile("ProjectSettings.asset"));
            }
            finally
            {
                EditorApplication.isPlaying = false;
                Updates(1);
            }
        }

        [Test]
        public void SettingsWithSideEffectsGoThroughTheirApi()
        {
            var values = new JObject { { "editor/m_SerializationMode", "forcebinary" }, { "player/m_ActiveColorSpace", "Gamma" } };
            var dry = Call("project_settings", new JObject { { "values", values }, { "dry_run", true } });
            Assert.AreEqual("ForceText", (string)dry["changes"][0]["previous"]);
            Assert.AreEqual("ForceBinary", (string)dry["changes"][0]["value"]);
            Assert.IsEmpty(ProjectSettingsStore.Reserialized, "a dry run changes nothing");
            Assert.AreEqual(ColorSpace.Linear, QualitySettings.activeColorSpace);

            var w = Call("project_settings", new JObject { { "values", values }, { "confirm", true } });
            CollectionAssert.AreEqual(new[] { SerializationMode.ForceBinary }, ProjectSettingsStore.Reserialized, "the assets are reserialized, as the page's EditorSettings.serializationMode does");
            StringAssert.Contains("EditorSettings.serializationMode", (string)w["changes"][0]["via"]);
            Assert.IsTrue((bool)w["changes"][0]["changed"]);
            CollectionAssert.AreEqual(new[] { ColorSpace.Gamma }, ProjectSettingsStore.ColorSpaceSets);
            Assert.AreEqual(ColorSpace.Gamma, QualitySettings.activeColorSpace);
            Assert.AreEqual("Gamma", (string)w["changes"][1]["value"]);
            StringAssert.Contains("m_SerializationMode: 1", SettingsFile("EditorSettings.asset"), "saved");

            var f = Fails("project_settings", new JObject { { "values", new JObject { { "player/m_ActiveColorSpace", "Uninitialized" } } }, { "confirm", true } });
            Assert.AreEqual("invalid_params", f.Code);
            StringAssert.Contains("Gamma, Linear", f.Message);
        }

        [Test]
        public void SettingsThatRecompileOrRestartAreRefusedWithWhereToChangeThem()
        {
            foreach (var key in new[] { "player/scriptingDefineSymbols", "player/activeInputHandler" })
            {
                var values = new JObject { { "player/productName", "Changed" }, { key, key.EndsWith("Handler") ? (JToken)1 : "CHEATS" } };
                var f = Fails("project_settings", new JObject { { "values", values }, { "confirm", true } });
                Assert.AreEqual("invalid_params", f.Code, key);
                StringAssert.Contains("Project Settings > Player", f.Message);
                StringAssert.Contains(key.EndsWith("Handler") ? "restart" : "recompile", f.Message);
            }
            Assert.AreEqual("My project", (string)Call("project_settings", new { property_path = "player/productName" })["value"], "nothing of the call was written");
            Assert.AreEqual("", (string)Call("project_settings", new { property_path = "player/scriptingDefineSymbols" })["value"], "reading it is fine");
        }

        static GameObject ObjectAddress(string path) { return UnityMcp.Editor.Tools.ObjectAddress.ByPath(path, "path"); }
    }
}
