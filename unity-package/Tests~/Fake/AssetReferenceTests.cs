// inspect_write/inspect_read of asset references (by path, GUID, sub-asset), with the fixture and the scripts it drives; managed references: ManagedReferenceTests.cs.
using System;
using System.Collections.Generic;
using System.IO;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEditor;
using UnityEngine;
using UnityMcp.Editor.Tools;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>inspect_write/inspect_read of references to assets (by path, GUID, sub-asset)
    /// and of [SerializeReference] managed references, run for real over the fake's
    /// AssetDatabase (Tests~/Stubs/Assets.cs) and SerializedObject.</summary>
    [TestFixture]
    public partial class AssetReferenceTests
    {
        const string Red = "Assets/Materials/Red.mat";
        const string Blue = "Assets/Materials/Blue.mat";
        const string Sheet = "Assets/UI/Sheet.png";
        const string Button = "Assets/UI/Button.png";
        const string Night = "Assets/Skins/Night.asset";
        const string Atlas = "Assets/UI/Atlas.asset";
        const string CratePrefab = "Assets/Prefabs/Crate.prefab";
        const string Dog = "UnityMcp.Fake.Tests.Dog";

        [SetUp]
        public void Fresh()
        {
            Reset();
            foreach (var folder in new[] { "Materials", "UI", "Skins" }) AssetDatabase.CreateFolder("Assets", folder);
            AssetDatabase.CreateAsset(new Material(), Red);
            AssetDatabase.CreateAsset(new Material(), Blue);
            AssetStore.ImportSpriteSheet(Sheet, "Sheet_0", "Sheet_1", "Sheet_2", "Sheet_3");
            AssetStore.ImportSpriteSheet(Button, "Button");
            AssetDatabase.CreateAsset(ScriptableObject.CreateInstance<Skin>(), Night);
            // An atlas made by script: a texture asset and sprites added to its file.
            var atlas = new Texture2D(8, 8, TextureFormat.RGBA32, false);
            AssetDatabase.CreateAsset(atlas, Atlas);
            foreach (var n in new[] { "Atlas_a", "Atlas_b" })
            {
                var s = Sprite.Create(atlas, new Rect(0, 0, 4, 4), new Vector2(0.5f, 0.5f));
                s.name = n;
                AssetDatabase.AddObjectToAsset(s, atlas);
            }
            Call("gameobject_create", new { name = "Hero" });
            Call("gameobject_add_component", new { object_path = "/Hero", component_type = "Decor" });
            Call("gameobject_create", new { name = "Crate", primitive = "Cube" });
            Call("gameobject_add_component", new { object_path = "/Crate", component_type = "Rigidbody" });
        }

        static Decor Hero { get { return ObjectAddress.ByPath("/Hero", "p").GetComponent<Decor>(); } }

        static T Load<T>(string path) where T : UnityEngine.Object { return AssetDatabase.LoadAssetAtPath<T>(path); }

        static Sprite SpriteOf(string path, string name)
        {
            foreach (var o in AssetDatabase.LoadAllAssetsAtPath(path)) if (o is Sprite && o.name == name) return (Sprite)o;
            return null;
        }

        static JObject Args(string path, object value)
        {
            var a = new JObject { { "object_path", "/Hero" }, { "component_type", "Decor" }, { "property_path", path } };
            a["value"] = value == null ? JValue.CreateNull() : value as JToken ?? JToken.FromObject(value);
            return a;
        }

        static JObject Write(string path, object value) { return Call("inspect_write", Args(path, value)); }

        static ToolFailure Refused(string path, object value) { return Fails("inspect_write", Args(path, value)); }

        static JObject ReadAll(string path)
        {
            return Call("inspect_read", new { object_path = "/Hero", component_type = "Decor", property_path = path });
        }

        static JToken Read(string path) { return ReadAll(path)["value"]; }

        static string Guid(string path) { return AssetDatabase.AssetPathToGUID(path); }

        /// <summary>Everything a refusal must leave as it was: the scene, every serialized value
        /// of Decor, the project's files and the Undo history.</summary>
        static string State()
        {
            var files = new List<string>(Directory.GetFiles(Path.Combine(Project, "Assets"), "*", SearchOption.AllDirectories));
            files.Sort(StringComparer.Ordinal);
            var s = Dump() + Call("inspect_list", new { object_path = "/Hero", component_type = "Decor", detail = "full", limit = 500 });
            foreach (var f in files) s += f + "=" + File.ReadAllText(f);
            return s + string.Join("|", Undo.UndoNames().ToArray()) + "/" + Undo.RedoNames().Count;
        }

        static void Same(JToken want, JToken got, string why = "")
        {
            Assert.IsTrue(JToken.DeepEquals(want, got), why + " want " + want.ToString(Newtonsoft.Json.Formatting.None) + ", got " + got.ToString(Newtonsoft.Json.Formatting.None));
        }

        // ---- the fake ----

        [Test]
        public void TheFakeKeepsAssetFilesAsTheAssetDatabaseDoes()
        {
            // CreateAsset: the file and its .meta, the object named after the file, found by path and GUID.
            var red = Load<Material>(Red);
            Assert.IsNotNull(red);
            Assert.AreEqual("Red", red.name);
            Assert.IsTrue(File.Exists(Path.Combine(Project, Red)));
            StringAssert.IsMatch("^[0-9a-f]{32}$", Guid(Red));
            StringAssert.Contains("guid: " + Guid(Red), File.ReadAllText(Path.Combine(Project, Red + ".meta")));
            Assert.AreEqual(Red, AssetDatabase.GUIDToAssetPath(Guid(Red)));
            Assert.AreEqual(Red, AssetDatabase.GetAssetPath(red));
            Assert.AreSame(red, AssetDatabase.LoadMainAssetAtPath(Red));
            Assert.IsTrue(AssetDatabase.IsMainAsset(red));
            Assert.IsFalse(AssetDatabase.IsSubAsset(red));

            // A sheet: the texture is the main asset, the sprites sub-assets; LoadAssetAtPath
            // gives the first object of the type asked for.
            var sheet = AssetDatabase.LoadMainAssetAtPath(Sheet);
            Assert.IsInstanceOf<Texture2D>(sheet);
            Assert.AreEqual("Sheet", sheet.name);
            var all = AssetDatabase.LoadAllAssetsAtPath(Sheet);
            CollectionAssert.AreEqual(new[] { "Sheet", "Sheet_0", "Sheet_1", "Sheet_2", "Sheet_3" }, Array.ConvertAll(all, o => o.name));
            Assert.AreEqual("Sheet_0", Load<Sprite>(Sheet).name);
            Assert.AreSame(sheet, AssetDatabase.LoadAssetAtPath(Sheet, typeof(Texture)));
            Assert.IsNull(Load<Material>(Sheet));
            var third = SpriteOf(Sheet, "Sheet_3");
            Assert.AreSame(sheet, third.texture);
            Assert.AreEqual(Sheet, AssetDatabase.GetAssetPath(third));
            Assert.IsTrue(AssetDatabase.IsSubAsset(third));
            Assert.IsFalse(AssetDatabase.IsMainAsset(third));

            // AddObjectToAsset by path and by object; the file lists what it holds.
            CollectionAssert.AreEqual(new[] { "Atlas", "Atlas_a", "Atlas_b" }, Array.ConvertAll(AssetDatabase.LoadAllAssetsAtPath(Atlas), o => o.name));
            var extra = new Material { name = "Extra" };
            AssetDatabase.AddObjectToAsset(extra, Atlas);
            Assert.AreEqual(Atlas, AssetDatabase.GetAssetPath(extra));
            StringAssert.Contains("Material Extra", File.ReadAllText(Path.Combine(Project, Atlas)));
            var loose = new Material { name = "Loose" };
            Assert.AreEqual("AddAssetToSameFile failed because the other asset is not persistent",
                Assert.Throws<ArgumentException>(() => AssetDatabase.AddObjectToAsset(new Material(), loose)).Message);
            Assert.AreEqual("", AssetDatabase.GetAssetPath(loose), "an object no file holds has no path");
            Assert.AreEqual("", AssetDatabase.GetAssetPath(ObjectAddress.ByPath("/Hero", "p")), "nor has a scene object");
            Assert.Throws<ArgumentNullException>(() => AssetDatabase.CreateAsset(null, "Assets/X.mat"));
            Assert.Throws<NullReferenceException>(() => AssetDatabase.IsMainAsset(null));

            // Refused: a missing folder (the Editor's message), an object already an asset.
            StringAssert.Contains("Parent directory must exist before creating asset at Assets/Nope/X.mat.",
                Assert.Throws<ArgumentException>(() => AssetDatabase.CreateAsset(new Material(), "Assets/Nope/X.mat")).Message);
            StringAssert.Contains("already an asset", Assert.Throws<ArgumentException>(() => AssetDatabase.CreateAsset(red, "Assets/Materials/Copy.mat")).Message);

            // Over an existing asset: the old one is deleted first (its objects destroyed, a new GUID).
            var oldGuid = Guid(Blue);
            var oldBlue = Load<Material>(Blue);
            var newBlue = new Material();
            AssetDatabase.CreateAsset(newBlue, Blue);
            Assert.IsTrue(oldBlue == null, "the replaced asset's object is destroyed");
            Assert.AreSame(newBlue, Load<Material>(Blue));
            Assert.AreNotEqual(oldGuid, Guid(Blue));
            Assert.AreEqual("", AssetDatabase.GUIDToAssetPath(oldGuid));

            // Prefab files: the root first, then its components, then its children's.
            Call("gameobject_create", new { name = "Lid", parent_path = "/Crate" });
            Call("gameobject_add_component", new { object_path = "/Crate/Lid", component_type = "Light" });
            Call("prefab_create", new { object_path = "/Crate", path = CratePrefab });
            var root = Load<GameObject>(CratePrefab);
            Assert.AreSame(root, AssetDatabase.LoadMainAssetAtPath(CratePrefab));
            Assert.AreSame(root.GetComponent<Rigidbody>(), Load<Rigidbody>(CratePrefab));
            Assert.AreEqual("Lid", Load<Light>(CratePrefab).name, "a child's component is in the file too");
            Assert.AreEqual(CratePrefab, AssetDatabase.GetAssetPath(Load<Light>(CratePrefab)));
            Assert.IsTrue(AssetDatabase.IsMainAsset(root));
            Assert.IsTrue(AssetDatabase.IsSubAsset(root.GetComponent<Rigidbody>()));

            // A new editor session forgets every asset the fake held.
            World.Reset();
            Assert.IsNull(AssetDatabase.LoadMainAssetAtPath(Red));
            Assert.AreEqual(0, AssetDatabase.LoadAllAssetsAtPath(Sheet).Length);
            Assert.AreEqual("", AssetDatabase.GetAssetPath(red));
        }

        // ---- asset references ----

        [Test]
        public void EveryAssetFormRoundTripsThroughTheTools()
        {
            // {asset}: the main asset; the read answers its bundle, which a write takes back as is.
            var r = Write("look", new { asset = Red });
            Assert.AreSame(Load<Material>(Red), Hero.look);
            var bundle = Read("look");
            Same(new JObject { { "asset", Red }, { "guid", Guid(Red) }, { "type", "Material" }, { "name", "Red" } }, bundle);
            Same(bundle, r["value"]);
            Assert.AreEqual("Material", (string)ReadAll("look")["accepts"]);
            Assert.IsFalse((bool)Write("look", bundle)["changed"], "the read bundle written back changes nothing");
            // {guid}, and a path string.
            Write("look", new { guid = Guid(Blue).ToUpperInvariant() });
            Assert.AreSame(Load<Material>(Blue), Hero.look);
            Write("look", Red);
            Assert.AreSame(Load<Material>(Red), Hero.look);

            // A sub-asset by name, from the path or the GUID.
            Write("icon", new { asset = Sheet, sub = "Sheet_3" });
            Assert.AreSame(SpriteOf(Sheet, "Sheet_3"), Hero.icon);
            var sprite = Read("icon");
            Same(new JObject { { "asset", Sheet }, { "guid", Guid(Sheet) }, { "type", "Sprite" }, { "name", "Sheet_3" }, { "sub", "Sheet_3" } }, sprite);
            Write("icon", new { guid = Guid(Sheet), sub = "Sheet_1" });
            Assert.AreSame(SpriteOf(Sheet, "Sheet_1"), Hero.icon);
            Assert.IsFalse((bool)Write("icon", Read("icon"))["changed"]);
            Write("icon", sprite);
            Assert.AreSame(SpriteOf(Sheet, "Sheet_3"), Hero.icon);
            // A texture with one sprite gives it, as dragging it onto a Sprite field does.
            Write("icon", new { asset = Button });
            Assert.AreSame(SpriteOf(Button, "Button"), Hero.icon);
            // Sub-assets added by script; the sheet's main asset for a texture field.
            Write("icon", new { asset = Atlas, sub = "Atlas_b" });
            Assert.AreEqual("Atlas_b", Hero.icon.name);
            Write("texture", new { asset = Sheet });
            Assert.AreSame(AssetDatabase.LoadMainAssetAtPath(Sheet), Hero.texture);
            // A ScriptableObject asset; a list of sprites.
            Write("skin", new { asset = Night });
            Assert.AreSame(Load<Skin>(Night), Hero.skin);
            Assert.AreEqual("Night", (string)Read("skin")["name"]);
            var frames = Write("frames", new object[] { new { asset = Sheet, sub = "Sheet_0" }, new { guid = Guid(Sheet), sub = "Sheet_2" } })["value"];
            Assert.AreEqual(2, (int)frames["size"]);
            Assert.AreEqual("Sheet_2", (string)frames["elements"][1]["sub"]);
            CollectionAssert.AreEqual(new[] { "Sheet_0", "Sheet_2" }, Hero.frames.ConvertAll(s => s.name));

            // A prefab: its root for a GameObject field, the root's component for a component field.
            Call("prefab_create", new { object_path = "/Crate", path = CratePrefab });
            Write("prefab", new { asset = CratePrefab });
            Assert.AreSame(Load<GameObject>(CratePrefab), Hero.prefab);
            Same(new JObject { { "asset", CratePrefab }, { "guid", Guid(CratePrefab) }, { "type", "GameObject" }, { "name", "Crate" } }, Read("prefab"));
            Write("prefabBody", new { asset = CratePrefab });
            Assert.AreSame(Load<Rigidbody>(CratePrefab), Hero.prefabBody);
            var body = Read("prefabBody");
            Assert.AreEqual("Crate", (string)body["sub"], "a component of the root is inside the file, by its GameObject's name");
            Assert.IsFalse((bool)Write("prefabBody", body)["changed"]);
            Write("prefabBody", null);
            Write("prefabBody", new { asset = CratePrefab, component = "Rigidbody" });
            Assert.AreSame(Load<Rigidbody>(CratePrefab), Hero.prefabBody);
            // An asset object by its id is no object of another scene.
            Write("prefab", null);
            Write("prefab", new { instance_id = ObjectAddress.Id(Load<GameObject>(CratePrefab)) });
            Assert.AreSame(Load<GameObject>(CratePrefab), Hero.prefab);
            // A scene object is still taken as before.
            Write("prefab", "/Crate");
            Assert.AreSame(ObjectAddress.ByPath("/Crate", "p"), Hero.prefab);
            // An object no file holds (made by a script) reads by its id, and writes back so.
            Hero.look = new Material { name = "Temp" };
            var temp = Read("look");
            Assert.IsNull(temp["asset"]);
            Assert.AreEqual("Temp", (string)temp["name"]);
            Assert.IsFalse((bool)Write("look", temp)["changed"]);

            // null clears.
            Assert.AreEqual(JTokenType.Null, Write("look", null)["value"].Type);
            Assert.IsNull(Hero.look);
        }

        [Test]
        public void EveryAssetRefusalLeavesTheSceneFilesAndHistoryAsTheyWere()
        {
            Write("look", new { asset = Red });
            var before = State();
            var cases = new List<KeyValuePair<string, object[]>>
            {
                // The wrong type, naming both; a file whose main asset does not fit says what it holds.
                P("icon takes a Sprite; Assets/Materials/Red.mat holds Material Red", "icon", new { asset = Red }),
                P("icon takes a Sprite; Assets/UI/Sheet.png holds Texture2D Sheet and Sprites Sheet_0…Sheet_3 (4): give \"sub\", the name of one of them, e.g. {\"asset\": \"Assets/UI/Sheet.png\", \"sub\": \"Sheet_0\"}", "icon", new { asset = Sheet }),
                P("look takes a Material; Assets/UI/Atlas.asset holds Texture2D Atlas and Sprites Atlas_a, Atlas_b", "look", new { asset = Atlas }),
                P("icon takes a Sprite; Sheet in Assets/UI/Sheet.png is a Texture2D", "icon", new { asset = Sheet, sub = "Sheet" }),
                P("skin takes a Skin; Assets/UI/Sheet.png holds Texture2D Sheet", "skin", new { asset = Sheet }),
                P("frames.Array.data[1] takes a Sprite; Assets/Materials/Red.mat holds Material Red", "frames", new object[] { new { asset = Sheet, sub = "Sheet_0" }, new { asset = Red } }),
                // Not there: the closest asset paths or names.
                P("look: no asset at \"Assets/Materials/Rde.mat\"; closest: Assets/Materials/Red.mat", "look", new { asset = "Assets/Materials/Rde.mat" }),
                P("look: no asset at \"Assets/Materials\"", "look", new { asset = "Assets/Materials" }),
                P("closest: Assets/Materials/Red.mat", "look", "Assets/Materials/Red"),
                P("icon: Assets/UI/Sheet.png holds no object named \"Sheet_9\"; it holds Texture2D Sheet and Sprites Sheet_0…Sheet_3 (4); closest: Sheet_0", "icon", new { asset = Sheet, sub = "Sheet_9" }),
                P("look: guid 0123456789abcdef0123456789abcdef names no asset of this project", "look", new { guid = "0123456789abcdef0123456789abcdef" }),
                P("guid is 32 hexadecimal digits", "look", new { guid = "nope" }),
                P("look reference: asset Assets/Materials/Red.mat and guid (Assets/Materials/Blue.mat) name different files", "look", new { asset = Red, guid = Guid(Blue) }),
                P("give an asset (asset or guid) or a scene object (path or instance_id), not both", "look", new { asset = Red, path = "/Crate" }),
                P("sub names an object inside an asset file; give it with asset or guid", "icon", new { path = "/Crate", sub = "Sheet_0" }),
                P("reference says type Texture2D, but it names Red, a Material", "look", new { asset = Red, type = "Texture2D" }),
                P("reference says name \"Blue\", but it names Red", "look", new { asset = Red, name = "Blue" }),
                P("reference has \"file\"", "look", new { file = Red }),
            };
            foreach (var c in cases)
            {
                var f = Refused((string)c.Value[0], c.Value[1]);
                StringAssert.Contains(c.Key, f.Message, (string)c.Value[0] + " = " + JToken.FromObject(c.Value[1]).ToString(Newtonsoft.Json.Formatting.None));
                Assert.AreEqual(before, State(), "after refusing " + c.Key);
            }
            Assert.AreEqual("not_found", Refused("look", new { asset = "Assets/Materials/Rde.mat" }).Code);
            Assert.AreEqual("not_found", Refused("icon", new { asset = Sheet, sub = "Sheet_9" }).Code);
            Assert.AreEqual("invalid_params", Refused("icon", new { asset = Red }).Code);
            Assert.AreSame(Load<Material>(Red), Hero.look);
            Assert.AreEqual(before, State());
        }

        static KeyValuePair<string, object[]> P(string message, string path, object value)
        {
            return new KeyValuePair<string, object[]>(message, new[] { path, value });
        }

        [Test]
        public void UndoOfAnAssetReferenceWritePutsTheOldReferenceBack()
        {
            var steps = Undo.UndoNames().Count;
            Write("look", new { asset = Red });
            Write("look", new { guid = Guid(Blue) });
            Write("icon", new { asset = Sheet, sub = "Sheet_2" });
            Assert.AreEqual(steps + 3, Undo.UndoNames().Count);
            Assert.AreEqual("unitymcp: Set look of Decor on Hero", Undo.UndoNames()[steps + 1]);
            Call("undo", null);
            Assert.IsNull(Hero.icon);
            Call("undo", null);
            Assert.AreSame(Load<Material>(Red), Hero.look, "the reference before the write");
            Same(new JObject { { "asset", Red }, { "guid", Guid(Red) }, { "type", "Material" }, { "name", "Red" } }, Read("look"));
            Call("redo", null);
            Assert.AreSame(Load<Material>(Blue), Hero.look);
            Call("undo", new { count = 2 });
            Assert.IsNull(Hero.look);
            Assert.AreEqual(steps, Undo.UndoNames().Count);

            // In a batch, with a scene object: one step, one undo.
            Call("batch", new
            {
                operations = new object[]
                {
                    new { id = "a", tool = "inspect_write", args = new { object_path = "/Hero", component_type = "Decor", property_path = "look", value = new { asset = Red } } },
                    new { id = "b", tool = "inspect_write", args = new { object_path = "/Hero", component_type = "Decor", property_path = "frames", value = new object[] { new { asset = Sheet, sub = "Sheet_1" } } } },
                },
            });
            Assert.AreEqual("Sheet_1", Hero.frames[0].name);
            Call("undo", null);
            Assert.IsNull(Hero.look);
            Assert.AreEqual(0, Hero.frames.Count);
        }
    }

    /// <summary>A ScriptableObject asset type.</summary>
    public class Skin : ScriptableObject
    {
        public Color tint;
    }

    /// <summary>A script with reference fields to assets and [SerializeReference] fields.</summary>
    public class Decor : MonoBehaviour
    {
        public Material look;
        public Sprite icon;
        public Texture2D texture;
        public Skin skin;
        public List<Sprite> frames = new List<Sprite>();
        public GameObject prefab;
        public Rigidbody prefabBody;
        [SerializeReference] public IAnimal pet;
        [SerializeReference] public List<IAnimal> herd = new List<IAnimal>();
        [SerializeReference] public Animal basePet;
        [SerializeReference] public object anything;
    }
}
