using System.IO;
using System.Linq;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEditor;
using UnityEditor.Search;
using UnityEngine;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>search_query over the fake Unity Search (asset and scene providers) and over
    /// its fallback when Search fails; reflect_find_type over the loaded assemblies.</summary>
    [TestFixture]
    public class SearchToolsTests
    {
        [SetUp]
        public void Fresh()
        {
            Reset();
            SearchService.Unavailable = null;
            SearchService.Loads = 0;
            foreach (var p in new[] { "Assets/Art/Wood.png", "Assets/Art/Stone.png", "Assets/Props/WoodCrate.prefab" })
            {
                var full = Path.Combine(Project, p);
                Directory.CreateDirectory(Path.GetDirectoryName(full));
                File.WriteAllText(full, "fake " + p);
            }
            AssetDatabase.Refresh();
            var m = new Material();
            AssetDatabase.CreateAsset(m, "Assets/Art/WoodFloor.mat");
            Call("gameobject_create", new { name = "Player" });
            Call("gameobject_create", new { name = "Wood Pile" });
            Call("gameobject_create", new { name = "Sword", parent_path = "/Player" });
            Call("gameobject_add_component", new { object_path = "/Player", component_type = "Rigidbody" });
        }

        [TearDown]
        public void Restore() { SearchService.Unavailable = null; }

        static string GuidOf(JToken item) { return AssetDatabase.AssetPathToGUID((string)item["path"]); }

        static string[] Labels(JObject r) { return r["items"].Select(i => (string)i["label"]).ToArray(); }

        [Test]
        public void UnitySearchAnswersAssetsAndSceneObjectsAsTheOtherToolsAddressThem()
        {
            var r = Call("search_query", new { query = "wood" });
            Assert.AreEqual("unity_search", (string)r["engine"]);
            CollectionAssert.AreEquivalent(new[] { "Wood.png", "WoodFloor.mat", "WoodCrate.prefab", "Wood Pile" }, Labels(r));
            var mat = r["items"].Single(i => (string)i["label"] == "WoodFloor.mat");
            Assert.AreEqual("asset", (string)mat["provider"]);
            Assert.AreEqual("Assets/Art/WoodFloor.mat", (string)mat["path"]);
            Assert.AreEqual(AssetDatabase.AssetPathToGUID("Assets/Art/WoodFloor.mat"), (string)mat["guid"]);
            Assert.AreEqual("Material", (string)mat["type"], "the type from the file, not from loading it");
            var png = r["items"].Single(i => (string)i["label"] == "Wood.png");
            Assert.AreEqual("Texture2D", (string)png["type"]);
            Assert.AreEqual("Assets/Art/Wood.png", (string)png["path"]);
            Assert.AreEqual(0, SearchService.Loads, "no asset was loaded to describe it");
            var pile = r["items"].Single(i => (string)i["label"] == "Wood Pile");
            Assert.AreEqual("scene", (string)pile["provider"]);
            Assert.AreEqual("/Wood Pile", (string)pile["object_path"]);
            Assert.AreEqual("GameObject", (string)pile["type"]);
            Assert.IsNotNull(pile["instance_id"]);

            CollectionAssert.AreEqual(new[] { "WoodFloor.mat" }, Labels(Call("search_query", new { query = "t:Material wood" })));
            CollectionAssert.AreEqual(new[] { "Wood Pile" }, Labels(Call("search_query", new { query = "h:wood" })));
            CollectionAssert.AreEqual(new[] { "Player" }, Labels(Call("search_query", new { query = "h: t:Rigidbody" })));
            var page = Call("search_query", new { query = "wood", limit = 2 });
            Assert.AreEqual(4, (int)page["total"], "limit keeps the full total");
            Assert.IsTrue((bool)page["truncated"]);
            Assert.AreEqual(2, page["items"].Count());
        }

        [Test]
        public void ItemsComeBestScoreFirstThenById()
        {
            var full = Path.Combine(Project, "Assets/Art/Firewood.png");
            File.WriteAllText(full, "fake");
            AssetDatabase.Refresh();
            // The provider answers by path: Firewood.png (it only contains "wood") before Wood.png.
            var r = Call("search_query", new { query = "wood" });
            var labels = Labels(r);
            Assert.AreEqual("Wood Pile", labels[0], "score 0, and an instance id sorts before a GlobalObjectId");
            Assert.AreEqual("Firewood.png", labels.Last(), "the worst score last");
            var assets = r["items"].Skip(1).Take(3).Select(GuidOf).ToArray();
            CollectionAssert.AreEqual(assets.OrderBy(g => g, System.StringComparer.Ordinal).ToArray(), assets, "equal scores by id");
            Assert.AreEqual(5, (int)r["total"]);
            Assert.AreEqual(new[] { "Wood Pile" }, Labels(Call("search_query", new { query = "wood", limit = 1 })), "the limit keeps the best");
        }

        [Test]
        public void WhenSearchFailsTheFallbackAnswersAndSaysWhy()
        {
            SearchService.Unavailable = "the search index is being rebuilt";
            var r = Call("search_query", new { query = "wood" });
            Assert.AreEqual("basic", (string)r["engine"]);
            StringAssert.Contains("the search index is being rebuilt", (string)r["fallback_reason"]);
            CollectionAssert.AreEqual(new[] { "Wood.png", "WoodFloor.mat", "WoodCrate.prefab", "Wood Pile" }, Labels(r));
            Assert.AreEqual("Assets/Art/WoodFloor.mat", (string)r["items"][1]["path"]);
            Assert.AreEqual("/Wood Pile", (string)r["items"][3]["object_path"]);
            CollectionAssert.AreEqual(new[] { "WoodFloor.mat" }, Labels(Call("search_query", new { query = "p:wood t:Material" })));
            var typed = Call("search_query", new { query = "h: t:Rigidbody" });
            CollectionAssert.AreEqual(new[] { "Player" }, Labels(typed));
            Assert.AreEqual("Rigidbody", (string)typed["items"][0]["type"]);
            var odd = Call("search_query", new { query = "sword ref:Player" });
            CollectionAssert.AreEqual(new[] { "Sword" }, Labels(odd));
            Assert.AreEqual("/Player/Sword", (string)odd["items"][0]["object_path"]);
            CollectionAssert.AreEqual(new[] { "ref:Player" }, odd["ignored"].ToObject<string[]>(), "syntax the fallback does not know is named, not guessed at");
            var page = Call("search_query", new { query = "wood", limit = 1 });
            Assert.AreEqual(4, (int)page["total"]);
            Assert.AreEqual(1, page["items"].Count());
        }

        [Test]
        public void AQueryIsRequiredAndBounded()
        {
            Assert.AreEqual("invalid_params", Fails("search_query", new { query = "  " }).Code);
            StringAssert.Contains("1001 characters", Fails("search_query", new { query = new string('a', 1001) }).Message);
        }

        [Test]
        public void FindTypeRanksExactNamesFirst()
        {
            var r = Call("reflect_find_type", new { name = "rigidbody" });
            Assert.AreEqual("UnityEngine.Rigidbody", (string)r["types"][0]["full_name"], "the exact name first, whatever the case");
            Assert.AreEqual("class", (string)r["types"][0]["kind"]);
            Assert.AreEqual("UnityEngine.Component", (string)r["types"][0]["base"]);
            Assert.AreEqual(typeof(Rigidbody).Assembly.GetName().Name, (string)r["types"][0]["assembly"]);
            var e = Call("reflect_find_type", new { name = "UnityEditor.Search.SearchFlags" });
            Assert.AreEqual("enum", (string)e["types"][0]["kind"]);
            Assert.AreEqual("interface", (string)Call("reflect_find_type", new { name = "ISearchList" })["types"][0]["kind"]);
            Assert.AreEqual("struct", (string)Call("reflect_find_type", new { name = "UnityEngine.Vector3" })["types"][0]["kind"]);
            var many = Call("reflect_find_type", new { name = "Unity", limit = 3 });
            Assert.AreEqual(3, many["types"].Count());
            Assert.Greater((int)many["total"], 3);
            Assert.IsTrue((bool)many["truncated"]);
            Assert.AreEqual(0, (int)Call("reflect_find_type", new { name = "<>c" })["total"], "compiler-made types (closures, iterators) are not listed");
            // An exact name outranks shorter names that merely start with it.
            Assert.AreEqual("UnityEngine.SceneManagement.Scene", (string)Call("reflect_find_type", new { name = "Scene" })["types"][0]["full_name"]);
            Assert.AreEqual(0, (int)Call("reflect_find_type", new { name = "NoSuchTypeAnywhere" })["total"]);
            Assert.AreEqual("invalid_params", Fails("reflect_find_type", new { name = "" }).Code);
        }
    }
}
