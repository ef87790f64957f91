using System.IO;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEditor.SceneManagement;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>scene_list / scene_open / scene_create / scene_save over the fake: no dialog,
    /// no lost work, folders made when missing.</summary>
    [TestFixture]
    public class SceneFileToolsTests
    {
        [SetUp]
        public void Fresh() { Reset(); }

        [TearDown]
        public void NoDialog() { Assert.AreEqual(0, EditorSceneManager.DialogsOpened, "a tool made Unity open a Save dialog"); }

        [Test]
        public void SavingAnUntitledSceneNeedsAPathAndMakesTheFolders()
        {
            Call("gameobject_create", new { name = "Hero" });
            var f = Fails("scene_save", null);
            StringAssert.Contains("Untitled: give path", f.Message);
            var r = Call("scene_save", new { path = "Assets/Scenes/Levels/One" });
            Assert.AreEqual("Assets/Scenes/Levels/One.unity", (string)r["saved"]["path"]);
            CollectionAssert.AreEqual(new[] { "Assets/Scenes", "Assets/Scenes/Levels" }, r["created_folders"].ToObject<string[]>());
            Assert.AreEqual(32, ((string)r["guid"]).Length);
            Assert.IsTrue(File.Exists(Path.Combine(Project, "Assets/Scenes/Levels/One.unity.meta")));
            Assert.IsTrue(File.Exists(Path.Combine(Project, "Assets/Scenes.meta")), "a folder made through the AssetDatabase has its .meta");
            Assert.IsFalse((bool)r["saved"]["dirty"]);
            // Saving again goes to the same file; Save As over another scene needs overwrite.
            Call("gameobject_create", new { name = "Sidekick" });
            Assert.AreEqual("Assets/Scenes/Levels/One.unity", (string)Call("scene_save", null)["saved"]["path"]);
            Call("scene_create", new { path = "Assets/Scenes/Two.unity", discard_changes = false });
            StringAssert.Contains("overwrite: true", Fails("scene_save", new { path = "Assets/Scenes/Levels/One.unity" }).Message);
            foreach (var bad in new[] { "Scenes/X.unity", "Assets/../X.unity", "/tmp/X.unity", "Assets//X.unity" })
                Assert.AreEqual("invalid_params", Fails("scene_save", new { path = bad }).Code, bad);
        }

        [Test]
        public void OpeningRefusesOverUnsavedChanges()
        {
            Call("gameobject_create", new { name = "A" });
            Call("scene_save", new { path = "Assets/A.unity" });
            Call("scene_create", new { path = "Assets/B.unity", empty = true });
            Call("gameobject_create", new { name = "Unsaved" });
            var f = Fails("scene_open", new { path = "Assets/A.unity" });
            Assert.AreEqual("unsaved_changes", f.Code);
            StringAssert.Contains("Assets/B.unity", f.Message);
            StringAssert.Contains("/Unsaved", Dump(), "nothing was closed");
            // Additively, or when told to discard.
            var add = Call("scene_open", new { path = "Assets/A.unity", additive = true });
            Assert.AreEqual(1, (int)add["opened"]["index"]);
            Assert.AreEqual(2, ((JArray)Call("scene_list", null)["loaded"]).Count);
            var r = Call("scene_open", new { path = "Assets/A", discard_changes = true });
            Assert.AreEqual("Assets/A.unity", (string)r["opened"]["path"]);
            Assert.AreEqual(1, ((JArray)Call("scene_list", null)["loaded"]).Count);
            StringAssert.Contains("/A ", Dump());
            StringAssert.DoesNotContain("/Unsaved", Dump());
            StringAssert.Contains("closest: Assets/A.unity", Fails("scene_open", new { path = "Assets/AA.unity" }).Message);
        }

        [Test]
        public void CreateGivesTheDefaultObjectsUnlessEmpty()
        {
            var r = Call("scene_create", new { path = "Assets/New.unity" });
            Assert.AreEqual("Assets/New.unity", (string)r["created"]["path"]);
            StringAssert.Contains("/Main Camera", Dump());
            StringAssert.Contains("/Directional Light", Dump());
            Call("scene_create", new { empty = true, additive = true });
            var list = Call("scene_list", null);
            Assert.AreEqual(2, ((JArray)list["loaded"]).Count);
            CollectionAssert.AreEqual(new[] { "Assets/New.unity" }, list["project"].ToObject<string[]>());
            StringAssert.Contains("exists", Fails("scene_create", new { path = "Assets/New.unity", discard_changes = true }).Message);
        }

        [Test]
        public void ASavedSceneComesBackAsItWas()
        {
            Call("gameobject_create", new { name = "Room" });
            Call("gameobject_create", new { name = "Chair", primitive = "Cube", parent_path = "/Room", position = new { x = 2 } });
            Call("gameobject_set_active", new { object_path = "/Room/Chair", active = false });
            var before = Dump();
            Call("scene_save", new { path = "Assets/Room.unity" });
            Call("scene_create", new { empty = true });
            Assert.AreEqual("", Dump());
            Call("scene_open", new { path = "Assets/Room.unity" });
            Assert.AreEqual(before, Dump());
        }

        [Test]
        public void APrefabInstanceStaysLinkedWithItsOverridesAcrossSaveAndOpen()
        {
            Call("gameobject_create", new { name = "Lamp" });
            Call("gameobject_create", new { name = "Bulb", primitive = "Sphere", parent_path = "/Lamp" });
            Call("prefab_create", new { object_path = "/Lamp", path = "Assets/Prefabs/Lamp" });
            // Not the root's position: Unity keeps that through a revert (a default override).
            Call("gameobject_set_transform", new { object_path = "/Lamp/Bulb", position = new { y = 3 } });
            Call("scene_save", new { path = "Assets/Lit.unity" });
            var overrides = Call("prefab_overrides", new { object_path = "/Lamp" });
            StringAssert.Contains("m_LocalPosition", overrides.ToString());
            Call("scene_create", new { empty = true });
            Call("scene_open", new { path = "Assets/Lit.unity" });
            Assert.IsTrue(UnityEditor.PrefabUtility.IsPartOfPrefabInstance(UnityMcp.Editor.Tools.ObjectAddress.ByPath("/Lamp", "p")), "the reopened Lamp is still an instance");
            // The same overrides; only the instance ids are new (a scene's objects get new ones when it loads).
            var ids = new System.Text.RegularExpressions.Regex("\"instance_id\": \"-?\\d+\"");
            Assert.AreEqual(ids.Replace(overrides.ToString(), ""), ids.Replace(Call("prefab_overrides", new { object_path = "/Lamp" }).ToString(), ""), "with the same overrides");
            Call("prefab_revert", new { object_path = "/Lamp", confirm = true });
            Assert.AreEqual(0f, UnityMcp.Editor.Tools.ObjectAddress.ByPath("/Lamp/Bulb", "p").transform.localPosition.y, "and they revert to the asset's values");
        }
    }
}
