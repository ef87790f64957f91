using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>scene_browse_hierarchy over the fake: paths every tool takes, filters, paging,
    /// and since-diffs.</summary>
    [TestFixture]
    public class HierarchyBrowseTests
    {
        [SetUp]
        public void Fresh()
        {
            Reset();
            Call("gameobject_create", new { name = "World" });
            for (int i = 0; i < 30; i++) Call("gameobject_create", new { name = "Tree", primitive = "Cylinder", parent_path = "/World" });
            Call("gameobject_create", new { name = "Player", primitive = "Capsule" });
            Call("gameobject_add_component", new { object_path = "/Player", component_type = "Rigidbody" });
        }

        static List<string> Paths(JObject r, string key = "nodes")
        {
            var list = new List<string>();
            foreach (var n in (JArray)r[key]) list.Add((string)n["path"]);
            return list;
        }

        [Test]
        public void ListsEveryObjectWithThePathToolsTake()
        {
            var r = Call("scene_browse_hierarchy", new { limit = 5 });
            Assert.AreEqual(32, (int)r["total"]);
            CollectionAssert.AreEqual(new[] { "/World", "/World/Tree[0]", "/World/Tree[1]", "/World/Tree[2]", "/World/Tree[3]" }, Paths(r));
            Assert.AreEqual(5, (int)r["next_offset"]);
            Assert.AreEqual(30, (int)r["nodes"][0]["children"]);
            var last = Call("scene_browse_hierarchy", new { offset = 30, limit = 5 });
            CollectionAssert.AreEqual(new[] { "/World/Tree[29]", "/Player" }, Paths(last));
            Assert.AreEqual(JTokenType.Null, last["next_offset"].Type);
            // Every printed path addresses its object.
            foreach (var p in Paths(Call("scene_browse_hierarchy", new { limit = 1000 })))
                Assert.AreEqual(p, (string)Call("gameobject_set_active", new { object_path = p, active = true })["path"]);
        }

        [Test]
        public void FiltersAndBranches()
        {
            CollectionAssert.AreEqual(new[] { "/Player" }, Paths(Call("scene_browse_hierarchy", new { component = "Rigidbody" })));
            Assert.AreEqual(30, (int)Call("scene_browse_hierarchy", new { name = "tree" })["total"]);
            CollectionAssert.AreEqual(new[] { "/World", "/Player" }, Paths(Call("scene_browse_hierarchy", new { max_depth = 0 })));
            Assert.AreEqual(30, (int)Call("scene_browse_hierarchy", new { object_path = "/World" })["total"]);
            Call("gameobject_set_active", new { object_path = "/World", active = false });
            CollectionAssert.AreEqual(new[] { "/Player" }, Paths(Call("scene_browse_hierarchy", new { active_only = true })));
            Assert.AreEqual("not_found", Fails("scene_browse_hierarchy", new { component = "Rigidbodyy" }).Code);
        }

        [Test]
        public void SinceAnswersOnlyWhatChangedAndCostsLittle()
        {
            // A scene of a realistic size: 130 objects.
            for (int i = 0; i < 98; i++) Call("gameobject_create", new { name = "Rock " + i, parent_path = "/Player" });
            var full = Call("scene_browse_hierarchy", new { limit = 1000 });
            var id = (string)full["snapshot_id"];
            var same = Call("scene_browse_hierarchy", new { limit = 1000, since = id });
            Assert.AreEqual(id, (string)same["snapshot_id"], "nothing changed: the same snapshot");
            Assert.AreEqual(0, ((JArray)same["added"]).Count + ((JArray)same["removed"]).Count + ((JArray)same["changed"]).Count);

            Call("gameobject_create", new { name = "Rock", parent_path = "/World" });
            Call("gameobject_delete", new { object_path = "/World/Tree[29]" });
            Call("gameobject_add_component", new { object_path = "/World/Tree[3]", component_type = "Rigidbody" });
            var diff = Call("scene_browse_hierarchy", new { limit = 1000, since = id });
            CollectionAssert.AreEqual(new[] { "/World/Rock" }, Paths(diff, "added"));
            CollectionAssert.AreEqual(new[] { "/World/Tree[29]" }, Paths(diff, "removed"));
            // Tree[3] has a Rigidbody; World still has 30 children.
            CollectionAssert.AreEqual(new[] { "/World/Tree[3]" }, Paths(diff, "changed"));
            // Removing a sibling renumbers the later ones of its name: their paths change, and
            // the diff says so (ids stay).
            var before = (string)diff["snapshot_id"];
            Call("gameobject_delete", new { object_path = "/World/Tree[27]" });
            var shifted = Call("scene_browse_hierarchy", new { limit = 1000, since = before });
            CollectionAssert.AreEqual(new[] { "/World", "/World/Tree[27]" }, Paths(shifted, "changed"), "World has a child less; the old Tree[28] is now Tree[27]");
            Assert.AreEqual(1, ((JArray)shifted["removed"]).Count);
            int fullSize = full.ToString(Newtonsoft.Json.Formatting.None).Length;
            var one = Call("scene_browse_hierarchy", new { limit = 1000, since = (string)shifted["snapshot_id"] });
            Call("gameobject_set_active", new { object_path = "/Player", active = false });
            var afterOne = Call("scene_browse_hierarchy", new { limit = 1000, since = (string)one["snapshot_id"] });
            int diffSize = afterOne.ToString(Newtonsoft.Json.Formatting.None).Length;
            Assert.Less(diffSize * 20, fullSize, "a diff after one change is under 5% of the full listing (" + diffSize + " of " + fullSize + " bytes)");

            var unknown = Call("scene_browse_hierarchy", new { since = "hdeadbeef0000" });
            StringAssert.Contains("not known", (string)unknown["since_unknown"]);
            Assert.IsNotNull(unknown["nodes"]);
        }
    }
}
