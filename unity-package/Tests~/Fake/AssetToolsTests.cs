using System.Collections.Generic;
using System.IO;
using System.Linq;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEditor;
using UnityEngine;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>asset_find / asset_info / asset_create_folder / asset_move / asset_delete over
    /// the fake AssetDatabase: GUIDs kept across moves, refusals that change nothing, delete
    /// behind confirm with a dry run.</summary>
    [TestFixture]
    public class AssetToolsTests
    {
        [SetUp]
        public void Fresh()
        {
            Reset();
            AssetDatabase.Trashed.Clear();
            AssetDatabase.MoveRefusal = null;
            AssetDatabase.Imported.Clear();
        }

        /// <summary>A file under Assets/ written behind the AssetDatabase, then imported (.meta).</summary>
        static void Write(string path)
        {
            var full = Path.Combine(Project, path);
            Directory.CreateDirectory(Path.GetDirectoryName(full));
            File.WriteAllText(full, "fake " + path + "\n");
            AssetDatabase.Refresh();
        }

        /// <summary>A material asset carrying labels.</summary>
        static string Material(string path, params string[] labels)
        {
            Directory.CreateDirectory(Path.GetDirectoryName(Path.Combine(Project, path)));
            AssetDatabase.Refresh();
            var m = new Material();
            AssetDatabase.CreateAsset(m, path);
            if (labels.Length > 0) AssetDatabase.SetLabels(m, labels);
            return AssetDatabase.AssetPathToGUID(path);
        }

        /// <summary>Every file of the project with its contents: what a refusal must leave as it was.</summary>
        static string Files()
        {
            var root = Path.Combine(Project, "Assets");
            return string.Join("\n", Directory.GetFileSystemEntries(root, "*", SearchOption.AllDirectories).OrderBy(f => f, System.StringComparer.Ordinal)
                .Select(f => f.Substring(Project.Length) + (File.Exists(f) ? " " + File.ReadAllText(f) : "/")));
        }

        static string[] Paths(JObject r) { return r["assets"].Select(a => (string)a["path"]).ToArray(); }

        [Test]
        public void FindCombinesTypeNameFolderAndLabelWithTheFullTotal()
        {
            Write("Assets/Art/Wood.png");
            Write("Assets/Art/Stone.png");
            Write("Assets/Other/Wood Grain.png");
            Material("Assets/Art/Wood.mat", "Env");
            Material("Assets/Props/Crate.mat");
            CollectionAssert.AreEqual(new[] { "Assets/Art/Stone.png", "Assets/Art/Wood.png", "Assets/Other/Wood Grain.png" }, Paths(Call("asset_find", new { type = "Texture2D" })));
            CollectionAssert.AreEqual(new[] { "Assets/Art/Wood.mat", "Assets/Art/Wood.png", "Assets/Other/Wood Grain.png" }, Paths(Call("asset_find", new { name = "wood" })));
            CollectionAssert.AreEqual(new[] { "Assets/Art/Wood.mat" }, Paths(Call("asset_find", new { type = "Material", folder = "Assets/Art" })));
            var labelled = Call("asset_find", new { label = "Env" });
            CollectionAssert.AreEqual(new[] { "Assets/Art/Wood.mat" }, Paths(labelled));
            Assert.AreEqual("Material", (string)labelled["assets"][0]["type"]);
            Assert.AreEqual(AssetDatabase.AssetPathToGUID("Assets/Art/Wood.mat"), (string)labelled["assets"][0]["guid"]);
            // limit keeps the full total and says it cut; offset pages on in the same order.
            var page = Call("asset_find", new { type = "Texture2D", limit = 2 });
            Assert.AreEqual(3, (int)page["total"]);
            Assert.IsTrue((bool)page["truncated"]);
            CollectionAssert.AreEqual(new[] { "Assets/Art/Stone.png", "Assets/Art/Wood.png" }, Paths(page));
            var next = Call("asset_find", new { type = "Texture2D", limit = 2, offset = 2 });
            CollectionAssert.AreEqual(new[] { "Assets/Other/Wood Grain.png" }, Paths(next));
            Assert.IsFalse((bool)next["truncated"]);
            var f = Fails("asset_find", new { folder = "Assets/Atr" });
            Assert.AreEqual("not_found", f.Code);
            StringAssert.Contains("\"Assets/Atr\"", f.Message);
            StringAssert.Contains("closest: Assets/Art", f.Message);
            Assert.AreEqual("invalid_params", Fails("asset_find", new { folder = "../Art" }).Code);
        }

        [Test]
        public void InfoByPathOrGuidWithDependenciesOnRequest()
        {
            var guid = Material("Assets/Art/Wood.mat", "Env", "Wood");
            var r = Call("asset_info", new { path = "Assets/Art/Wood.mat" });
            Assert.AreEqual(guid, (string)r["guid"]);
            Assert.AreEqual("Material", (string)r["type"]);
            CollectionAssert.AreEqual(new[] { "Env", "Wood" }, r["labels"].ToObject<string[]>());
            Assert.IsNull(r["dependencies"], "dependencies only when asked");
            var byGuid = Call("asset_info", new { guid, include_dependencies = true });
            Assert.AreEqual("Assets/Art/Wood.mat", (string)byGuid["path"]);
            CollectionAssert.AreEqual(new[] { "Assets/Art/Wood.mat" }, byGuid["dependencies"].ToObject<string[]>());
            var folder = Call("asset_info", new { path = "Assets/Art/" });
            Assert.AreEqual("DefaultAsset", (string)folder["type"]);
            Assert.IsTrue((bool)folder["folder"]);
            var f = Fails("asset_info", new { path = "Assets/Art/Wod.mat" });
            Assert.AreEqual("not_found", f.Code);
            StringAssert.Contains("closest: Assets/Art/Wood.mat", f.Message);
            StringAssert.Contains("0123456789abcdef0123456789abcdef", Fails("asset_info", new { guid = "0123456789abcdef0123456789abcdef" }).Message);
        }

        [Test]
        public void CreateFolderIsIdempotentAndNamesEveryNewFolder()
        {
            var r = Call("asset_create_folder", new { path = "Assets/Art/Materials/Wood" });
            Assert.IsTrue((bool)r["created"]);
            CollectionAssert.AreEqual(new[] { "Assets/Art", "Assets/Art/Materials", "Assets/Art/Materials/Wood" }, r["created_folders"].ToObject<string[]>());
            Assert.IsTrue(File.Exists(Path.Combine(Project, "Assets/Art/Materials/Wood.meta")), "made through the AssetDatabase, with its .meta");
            var guid = (string)r["guid"];
            Assert.AreEqual(32, guid.Length);
            var again = Call("asset_create_folder", new { path = "Assets\\Art\\Materials\\Wood\\" });
            Assert.IsFalse((bool)again["created"]);
            Assert.AreEqual(guid, (string)again["guid"]);
            Assert.IsFalse((bool)Call("asset_create_folder", new { path = "Assets" })["created"]);
            Write("Assets/Art/Stone.png");
            var before = Files();
            Assert.AreEqual("already_exists", Fails("asset_create_folder", new { path = "Assets/Art/Stone.png" }).Code);
            foreach (var bad in new[] { "Art/X", "Assets/../X", "/tmp/X", "Assets//X" })
                StringAssert.Contains(bad, Fails("asset_create_folder", new { path = bad }).Message, bad);
            Assert.AreEqual(before, Files(), "a refusal changes nothing");
        }

        [Test]
        public void MoveKeepsTheGuidAndMakesTheFolders()
        {
            var guid = Material("Assets/Art/Wood.mat", "Env");
            var r = Call("asset_move", new { path = "Assets/Art/Wood.mat", destination = "Assets/Materials/Nature/Oak.mat" });
            Assert.AreEqual("Assets/Art/Wood.mat", (string)r["from"]);
            Assert.AreEqual("Assets/Materials/Nature/Oak.mat", (string)r["path"]);
            Assert.AreEqual(guid, (string)r["guid"], "a move keeps the GUID");
            Assert.AreEqual("Assets/Materials/Nature/Oak.mat", AssetDatabase.GUIDToAssetPath(guid));
            CollectionAssert.AreEqual(new[] { "Assets/Materials", "Assets/Materials/Nature" }, r["created_folders"].ToObject<string[]>());
            Assert.IsFalse(File.Exists(Path.Combine(Project, "Assets/Art/Wood.mat")));
            Assert.IsFalse(File.Exists(Path.Combine(Project, "Assets/Art/Wood.mat.meta")), "the .meta moved with it");
            CollectionAssert.AreEqual(new[] { "Assets/Materials/Nature/Oak.mat" }, Paths(Call("asset_find", new { label = "Env" })), "labels move with the .meta");
            // A folder moves with its tree, by GUID too; everything in it keeps its GUID.
            var folderGuid = AssetDatabase.AssetPathToGUID("Assets/Materials");
            var moved = Call("asset_move", new { guid = folderGuid, destination = "Assets/Art/Mats" });
            Assert.AreEqual("Assets/Art/Mats", (string)moved["path"]);
            Assert.AreEqual(folderGuid, (string)moved["guid"]);
            Assert.AreEqual("Assets/Art/Mats/Nature/Oak.mat", AssetDatabase.GUIDToAssetPath(guid));
            // The moved material is the same object at its new path, for every tool that loads it.
            Assert.AreEqual(guid, (string)Call("material_read", new { path = "Assets/Art/Mats/Nature/Oak.mat" })["guid"]);
        }

        [Test]
        public void MovedPrefabsAndScenesAreStillWhatTheyWere()
        {
            Call("gameobject_create", new { name = "Lamp" });
            Call("gameobject_create", new { name = "Bulb", parent_path = "/Lamp" });
            Call("prefab_create", new { object_path = "/Lamp", path = "Assets/Prefabs/Lamp" });
            Call("scene_save", new { path = "Assets/Levels/Room.unity" });
            Call("asset_move", new { path = "Assets/Prefabs", destination = "Assets/Art/Prefabs" });
            Call("asset_move", new { path = "Assets/Levels/Room.unity", destination = "Assets/Levels/Hall.unity" });
            // The instance still follows its asset, now at the new path.
            Call("gameobject_set_transform", new { object_path = "/Lamp/Bulb", position = new { y = 2 } });
            Call("prefab_apply", new { object_path = "/Lamp", confirm = true });
            Assert.AreEqual(2f, AssetDatabase.LoadAssetAtPath<GameObject>("Assets/Art/Prefabs/Lamp.prefab").transform.Find("Bulb").localPosition.y);
            Assert.AreEqual("Assets/Art/Prefabs/Lamp.prefab", (string)Call("prefab_instantiate", new { path = "Assets/Art/Prefabs/Lamp.prefab", name = "Spare" })["prefab"]["path"]);
            // The open scene is the moved file: saving writes there, and it opens from there.
            Assert.AreEqual("Assets/Levels/Hall.unity", (string)Call("scene_save", new { })["saved"]["path"]);
            Call("scene_create", new { empty = true, discard_changes = true });
            Call("scene_open", new { path = "Assets/Levels/Hall.unity" });
            Assert.IsNotNull(GameObject.Find("Spare"));
        }

        [Test]
        public void MoveRefusalsChangeNothing()
        {
            Material("Assets/Art/Wood.mat");
            Material("Assets/Art/Oak.mat");
            var before = Files();
            var taken = Fails("asset_move", new { path = "Assets/Art/Wood.mat", destination = "Assets/Art/Oak.mat" });
            Assert.AreEqual("already_exists", taken.Code);
            StringAssert.Contains("Assets/Art/Oak.mat exists", taken.Message);
            Assert.AreEqual("not_found", Fails("asset_move", new { path = "Assets/Art/Pine.mat", destination = "Assets/Pine.mat" }).Code);
            StringAssert.Contains("inside the folder", Fails("asset_move", new { path = "Assets/Art", destination = "Assets/Art/Sub/Art" }).Message);
            StringAssert.Contains("no extension", Fails("asset_move", new { path = "Assets/Art/Wood.mat", destination = "Assets/New/Wood" }).Message);
            Assert.AreEqual("invalid_params", Fails("asset_move", new { path = "Assets/Art/Wood.mat", destination = "../Wood.mat" }).Code);
            Assert.AreEqual(before, Files(), "a refusal changes nothing");
            // Unity's own refusal (MoveAsset's error string) is passed on, and the folders made
            // for the move go again.
            AssetDatabase.MoveRefusal = "the file is locked";
            var locked = Fails("asset_move", new { path = "Assets/Art/Wood.mat", destination = "Assets/New/Deep/Wood.mat" });
            Assert.AreEqual("editor_error", locked.Code);
            StringAssert.Contains("the file is locked", locked.Message);
            Assert.AreEqual(before, Files(), "Unity's refusal changes nothing either");
        }

        [Test]
        public void DeleteNeedsConfirmAndADryRunListsTheTree()
        {
            Material("Assets/Old/Wood.mat");
            Write("Assets/Old/Tex/Bark.png");
            Write("Assets/Keep.png");
            var before = Files();
            var f = Fails("asset_delete", new { path = "Assets/Old" });
            Assert.AreEqual("confirmation_required", f.Code);
            StringAssert.Contains("confirm: true", f.Message);
            StringAssert.Contains("3 asset(s) in it", f.Message);
            var dry = Call("asset_delete", new { path = "Assets/Old", dry_run = true, confirm = true });
            Assert.IsTrue((bool)dry["dry_run"]);
            Assert.IsFalse((bool)dry["deleted"]);
            CollectionAssert.AreEquivalent(new[] { "Assets/Old", "Assets/Old/Tex", "Assets/Old/Tex/Bark.png", "Assets/Old/Wood.mat" }, dry["assets"].ToObject<string[]>());
            Assert.AreEqual(before, Files(), "neither a refusal nor a dry run changes anything");
            CollectionAssert.IsEmpty(AssetDatabase.Trashed);
            var r = Call("asset_delete", new { path = "Assets/Old", confirm = true });
            Assert.IsTrue((bool)r["deleted"]);
            CollectionAssert.AreEqual(new[] { "Assets/Old" }, AssetDatabase.Trashed, "to the OS trash");
            Assert.IsFalse(Directory.Exists(Path.Combine(Project, "Assets/Old")));
            Assert.IsFalse(File.Exists(Path.Combine(Project, "Assets/Old.meta")));
            Assert.IsTrue(File.Exists(Path.Combine(Project, "Assets/Keep.png")));
            var guid = AssetDatabase.AssetPathToGUID("Assets/Keep.png");
            Call("asset_delete", new { guid, confirm = true });
            Assert.AreEqual("not_found", Fails("asset_delete", new { guid, confirm = true }).Code);
        }

        [Test]
        public void ReimportTakesAFoldersTreeUnlessNotRecursive()
        {
            Write("Assets/Art/Wood.png");
            Write("Assets/Art/Tex/Bark.png");
            var guid = AssetDatabase.AssetPathToGUID("Assets/Art/Wood.png");
            var r = Call("asset_reimport", new { guid });
            Assert.AreEqual("Assets/Art/Wood.png", (string)r["path"]);
            Assert.IsFalse((bool)r["recursive"], "a file has no tree");
            CollectionAssert.AreEqual(new[] { "Assets/Art/Wood.png" }, AssetDatabase.Imported);
            AssetDatabase.Imported.Clear();
            Assert.IsTrue((bool)Call("asset_reimport", new { path = "Assets/Art" })["recursive"]);
            CollectionAssert.AreEqual(new[] { "Assets/Art", "Assets/Art/Tex", "Assets/Art/Tex/Bark.png", "Assets/Art/Wood.png" }, AssetDatabase.Imported);
            AssetDatabase.Imported.Clear();
            Call("asset_reimport", new { path = "Assets/Art", recursive = false });
            CollectionAssert.AreEqual(new[] { "Assets/Art" }, AssetDatabase.Imported);
            AssetDatabase.Imported.Clear();
            StringAssert.Contains("closest: Assets/Art/Wood.png", Fails("asset_reimport", new { path = "Assets/Art/Wod.png" }).Message);
            CollectionAssert.IsEmpty(AssetDatabase.Imported);
        }

        [Test]
        public void ADeleteDryRunNamesAtMost200()
        {
            var dir = Path.Combine(Project, "Assets/Many");
            Directory.CreateDirectory(dir);
            for (int i = 0; i < 250; i++) File.WriteAllText(Path.Combine(dir, "T" + i + ".png"), "fake");
            AssetDatabase.Refresh();
            var dry = Call("asset_delete", new { path = "Assets/Many", dry_run = true });
            Assert.AreEqual(251, (int)dry["count"]);
            Assert.AreEqual(200, ((JArray)dry["assets"]).Count);
            Assert.IsTrue((bool)dry["truncated"]);
        }
    }
}
