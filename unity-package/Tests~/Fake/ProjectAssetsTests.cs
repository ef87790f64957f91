using System.Collections.Generic;
using System.IO;
using System.IO.Compression;
using System.Linq;
using System.Text;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEditor;
using UnityEngine;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>asset_export_package (a real .unitypackage from the fake's ExportPackage: each
    /// asset with its .meta, outside the project, never over a file unless asked) and
    /// asset_broken_references (text-serialized files scanned for references that point
    /// nowhere).</summary>
    [TestFixture]
    public class ProjectAssetsTests
    {
        string outside;

        [SetUp]
        public void Fresh()
        {
            Reset();
            outside = Path.Combine(Path.GetTempPath(), "unitymcp-export-" + System.Guid.NewGuid().ToString("N").Substring(0, 8));
            Directory.CreateDirectory(outside);
        }

        [TearDown]
        public void Clean()
        {
            Directory.Delete(outside, true);
            UnityMcp.Editor.Tools.ProjectAssets.MaxBytes = 32L * 1024 * 1024;
            UnityMcp.Editor.Tools.ProjectAssets.MaxOpened = 5000;
        }

        /// <summary>A file written behind the AssetDatabase's back (no Refresh, so no .meta):
        /// what Unity never imports.</summary>
        static void WriteHidden(string path, string text)
        {
            var full = Path.Combine(Project, path);
            Directory.CreateDirectory(Path.GetDirectoryName(full));
            File.WriteAllText(full, text);
        }

        static void Write(string path, string text)
        {
            var full = Path.Combine(Project, path);
            Directory.CreateDirectory(Path.GetDirectoryName(full));
            File.WriteAllText(full, text);
            AssetDatabase.Refresh();
        }

        /// <summary>The entries of a .unitypackage (gzip tar): name → contents.</summary>
        static Dictionary<string, string> Entries(string file)
        {
            var entries = new Dictionary<string, string>();
            using (var gz = new GZipStream(File.OpenRead(file), CompressionMode.Decompress))
            {
                var header = new byte[512];
                while (gz.Read(header, 0, 512) == 512 && header[0] != 0)
                {
                    var name = Encoding.ASCII.GetString(header, 0, 100).TrimEnd('\0');
                    var size = System.Convert.ToInt32(Encoding.ASCII.GetString(header, 124, 11), 8);
                    var data = new byte[(size + 511) / 512 * 512];
                    int read = 0;
                    while (read < data.Length) read += gz.Read(data, read, data.Length - read);
                    entries[name] = Encoding.UTF8.GetString(data, 0, size);
                }
            }
            return entries;
        }

        [Test]
        public void ExportCarriesEachAssetWithItsMetaAndNeverOverwritesUnasked()
        {
            Write("Assets/Art/Wood.png", "png bytes");
            Write("Assets/Art/Deep/Bark.png", "bark");
            Write("Assets/Other/Readme.txt", "not exported");
            var file = Path.Combine(outside, "art.unitypackage");
            var r = Call("asset_export_package", new { paths = new[] { "Assets/Art/" }, file });
            Assert.AreEqual(4, (int)r["count"], "the folder, its subfolder and both files");
            CollectionAssert.AreEqual(new[] { "Assets/Art", "Assets/Art/Deep", "Assets/Art/Deep/Bark.png", "Assets/Art/Wood.png" }, r["assets"].ToObject<string[]>());
            Assert.IsFalse((bool)r["replaced"]);
            Assert.AreEqual(new FileInfo(file).Length, (long)r["size_bytes"]);
            var entries = Entries(file);
            var guid = AssetDatabase.AssetPathToGUID("Assets/Art/Wood.png");
            Assert.AreEqual("Assets/Art/Wood.png", entries[guid + "/pathname"]);
            Assert.AreEqual("png bytes", entries[guid + "/asset"]);
            StringAssert.Contains("guid: " + guid, entries[guid + "/asset.meta"], "the .meta, so the GUID, goes with the asset");
            Assert.IsFalse(entries.Values.Contains("Assets/Other/Readme.txt"));

            var before = File.ReadAllBytes(file);
            var f = Fails("asset_export_package", new { paths = new[] { "Assets/Other" }, file });
            Assert.AreEqual("already_exists", f.Code);
            StringAssert.Contains("overwrite: true", f.Message);
            CollectionAssert.AreEqual(before, File.ReadAllBytes(file), "the existing package is untouched");
            var again = Call("asset_export_package", new { paths = new[] { "Assets/Other" }, file, overwrite = true });
            Assert.IsTrue((bool)again["replaced"]);
            Assert.IsTrue(Entries(file).Values.Contains("Assets/Other/Readme.txt"));
        }

        [Test]
        public void ExportSavesChangesFirstAndLeavesOutWhatUnityDoesNotImport()
        {
            Write("Assets/Art/Wood.png", "png bytes");
            var mat = new Material();
            AssetDatabase.CreateAsset(mat, "Assets/Art/Wood.mat");
            EditorUtility.SetDirty(mat); // changed in the Editor, not yet saved
            AssetDatabase.SavedAssets.Clear();
            foreach (var hidden in new[] { "Assets/Art/.DS_Store", "Assets/Art/Notes~/todo.txt", "Assets/Art/.cache/x.png", "Assets/Art/swap.tmp" })
                WriteHidden(hidden, "not an asset");
            var file = Path.Combine(outside, "art.unitypackage");
            var r = Call("asset_export_package", new { paths = new[] { "Assets/Art" }, file });
            CollectionAssert.AreEqual(new[] { "Assets/Art", "Assets/Art/Wood.mat", "Assets/Art/Wood.png" }, r["assets"].ToObject<string[]>());
            Assert.AreEqual(3, (int)r["count"]);
            Assert.IsFalse(EditorUtility.IsDirty(mat), "saved before the export, which packs the files on disk");
            CollectionAssert.Contains(AssetDatabase.SavedAssets, "Assets/Art/Wood.mat");
            var names = Entries(file).Where(e => e.Key.EndsWith("/pathname")).Select(e => e.Value).ToArray();
            CollectionAssert.AreEquivalent(new[] { "Assets/Art", "Assets/Art/Wood.mat", "Assets/Art/Wood.png" }, names);
            Assert.IsFalse(File.Exists(Path.Combine(Project, "Assets/Art/.DS_Store.meta")), "no .meta was made for what Unity ignores");
        }

        [Test]
        public void ExportRefusesPathsThatWouldLandInTheProjectOrNowhere()
        {
            Write("Assets/Art/Wood.png", "png");
            var cases = new Dictionary<string, object>
            {
                { "invalid_params", new { paths = new[] { "Assets/Art" }, file = Path.Combine(Project, "Assets/art.unitypackage") } },
                { "invalid_params ", new { paths = new[] { "Assets/Art" }, file = Path.Combine(Project, "Backups/art.unitypackage") } },
                { "invalid_params  ", new { paths = new[] { "Assets/Art" }, file = "art.unitypackage" } },
                { "invalid_params   ", new { paths = new[] { "Assets/Art" }, file = Path.Combine(outside, "art.zip") } },
                { "not_found", new { paths = new[] { "Assets/Art" }, file = Path.Combine(outside, "no/such/dir/art.unitypackage") } },
                { "not_found ", new { paths = new[] { "Assets/Nope" }, file = Path.Combine(outside, "art.unitypackage") } },
                { "invalid_params    ", new { paths = new[] { "../etc" }, file = Path.Combine(outside, "art.unitypackage") } },
            };
            foreach (var c in cases)
            {
                var f = Fails("asset_export_package", c.Value);
                Assert.AreEqual(c.Key.Trim(), f.Code, JObject.FromObject(c.Value).ToString());
            }
            Assert.IsEmpty(Directory.GetFileSystemEntries(outside), "no refusal writes a file");
            Assert.IsFalse(Directory.Exists(Path.Combine(Project, "Backups")));
            Assert.IsFalse(File.Exists(Path.Combine(Project, "Assets/art.unitypackage")));
        }

        const string DeadScript = "deadbeefdeadbeefdeadbeefdeadbeef";

        static string Prefab(string materialGuid)
        {
            return "%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n" +
                "--- !u!1 &100\nGameObject:\n  m_Name: Enemy\n  m_Component:\n  - component: {fileID: 200}\n  - component: {fileID: 300}\n  - component: {fileID: 999}\n" +
                "--- !u!4 &200\nTransform:\n  m_GameObject: {fileID: 100}\n  m_Father: {fileID: 0}\n" +
                "--- !u!114 &300\nMonoBehaviour:\n  m_GameObject: {fileID: 100}\n  m_Script: {fileID: 11500000, guid: " + DeadScript + ", type: 3}\n" +
                "  weapon: {fileID: 2100000, guid: " + materialGuid + ", type: 2}\n  skin: {fileID: 10303, guid: 0000000000000000f000000000000000, type: 0}\n";
        }

        [Test]
        public void BrokenReferencesFindsMissingAssetsScriptsAndObjects()
        {
            Write("Assets/Materials/Steel.mat", "%YAML 1.1\n--- !u!21 &2100000\nMaterial:\n  m_Name: Steel\n");
            var steel = AssetDatabase.AssetPathToGUID("Assets/Materials/Steel.mat");
            Write("Assets/Prefabs/Enemy.prefab", Prefab(steel));
            Write("Assets/Prefabs/Blob.asset", "binary\0data");
            var r = Call("asset_broken_references", null);
            Assert.AreEqual(2, (int)r["total"], r.ToString());
            var script = r["broken"].Single(b => (string)b["reason"] == "missing_script");
            Assert.AreEqual("Assets/Prefabs/Enemy.prefab", (string)script["path"]);
            Assert.AreEqual("MonoBehaviour on Enemy", (string)script["object"]);
            Assert.AreEqual("m_Script", (string)script["property"]);
            Assert.AreEqual(DeadScript, (string)script["guid"]);
            var local = r["broken"].Single(b => (string)b["reason"] == "missing_object");
            Assert.AreEqual("GameObject Enemy", (string)local["object"]);
            Assert.AreEqual("component", (string)local["property"]);
            Assert.AreEqual("999", (string)local["file_id"]);
            Assert.AreEqual(2, (int)r["scanned_files"], "the prefab and the material; the binary file is not read");
            Assert.AreEqual(1, (int)r["other_files"]);

            // The material goes: the weapon reference now points nowhere.
            Call("asset_delete", new { path = "Assets/Materials/Steel.mat", confirm = true });
            var after = Call("asset_broken_references", new { folder = "Assets/Prefabs", limit = 1 });
            Assert.AreEqual(3, (int)after["total"]);
            Assert.AreEqual(1, after["broken"].Count());
            Assert.IsTrue((bool)after["truncated"]);
            var all = Call("asset_broken_references", new { folder = "Assets/Prefabs" });
            var weapon = all["broken"].Single(b => (string)b["property"] == "weapon");
            Assert.AreEqual("missing_asset", (string)weapon["reason"]);
            Assert.AreEqual(steel, (string)weapon["guid"]);
            Assert.AreEqual("not_found", Fails("asset_broken_references", new { folder = "Assets/Nope" }).Code);
            Assert.AreEqual("invalid_params", Fails("asset_broken_references", new { folder = "/etc" }).Code);
        }

        [Test]
        public void BrokenReferencesReadsABoundedShareAndGoesOnFromNext()
        {
            for (int i = 0; i < 3; i++) Write("Assets/Prefabs/E" + i + ".prefab", Prefab("0123456789abcdef0123456789abcdef"));
            WriteHidden("Assets/.trash/Old.prefab", Prefab("0123456789abcdef0123456789abcdef"));
            WriteHidden("Assets/Docs~/Sample.prefab", Prefab("0123456789abcdef0123456789abcdef"));
            var whole = Call("asset_broken_references", new { limit = 500 });
            Assert.AreEqual(9, (int)whole["total"], "three per prefab; hidden folders are not read");
            Assert.AreEqual(3, (int)whole["scanned_files"]);
            Assert.IsNull(whole["next"]);
            Assert.AreEqual(0, (int)whole["remaining_files"]);

            var size = new FileInfo(Path.Combine(Project, "Assets/Prefabs/E0.prefab")).Length;
            UnityMcp.Editor.Tools.ProjectAssets.MaxBytes = size + size / 2; // one prefab a call
            var seen = new List<string>();
            string after = null;
            int calls = 0;
            do
            {
                var r = after == null ? Call("asset_broken_references", new { limit = 500 }) : Call("asset_broken_references", new { limit = 500, after });
                Assert.AreEqual(1, (int)r["scanned_files"], r.ToString());
                seen.AddRange(r["broken"].Select(b => (string)b["path"]).Distinct());
                after = (string)r["next"];
                Assert.AreEqual(after == null ? 0 : 2 - calls, (int)r["remaining_files"]);
                calls++;
            } while (after != null && calls < 10);
            Assert.AreEqual(3, calls);
            CollectionAssert.AreEqual(new[] { "Assets/Prefabs/E0.prefab", "Assets/Prefabs/E1.prefab", "Assets/Prefabs/E2.prefab" }, seen);

            UnityMcp.Editor.Tools.ProjectAssets.MaxBytes = size - 1;
            var big = Call("asset_broken_references", null);
            Assert.AreEqual(0, (int)big["scanned_files"]);
            Assert.AreEqual(3, big["too_large"].Count(), "a file over the share is named, not read");
            UnityMcp.Editor.Tools.ProjectAssets.MaxBytes = 32L * 1024 * 1024;
            UnityMcp.Editor.Tools.ProjectAssets.MaxOpened = 2;
            var opened = Call("asset_broken_references", null);
            Assert.AreEqual(2, (int)opened["scanned_files"]);
            Assert.AreEqual("Assets/Prefabs/E1.prefab", (string)opened["next"]);
        }

        [Test]
        public void BrokenReferencesNamesUnsavedScenes()
        {
            Assert.IsNull(Call("asset_broken_references", null)["unsaved_scenes"]);
            Call("gameobject_create", new { name = "New" });
            var r = Call("asset_broken_references", null);
            CollectionAssert.AreEqual(new[] { "Untitled" }, r["unsaved_scenes"].ToObject<string[]>());
            StringAssert.Contains("scene_save", (string)r["note"]);
        }
    }
}
