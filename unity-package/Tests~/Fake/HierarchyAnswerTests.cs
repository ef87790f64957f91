using System.IO;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>get-hierarchy over the fake: the answer says what the file holds, not only
    /// where it is — the hierarchy itself when small, its roots and their sizes when not.
    /// (run-tests' failed tests are Core's TestFailures, in Tests~/Core.)</summary>
    [TestFixture]
    public class HierarchyAnswerTests
    {
        [SetUp]
        public void Fresh() { Reset(); }

        [Test]
        public void SmallHierarchyIsInTheAnswer()
        {
            Call("gameobject_create", new { name = "Player" });
            Call("gameobject_create", new { name = "Weapon", parent_path = "/Player" });
            var r = Call("get-hierarchy", null);
            Assert.IsTrue(File.Exists((string)r["hierarchyFilePath"]));
            Assert.AreEqual(2, (int)r["context"]["nodeCount"]);
            Assert.AreEqual(1, (int)r["context"]["maxDepth"]);
            var h = (JArray)r["hierarchy"];
            Assert.AreEqual("Player", (string)h[0]["name"]);
            Assert.AreEqual("Weapon", (string)h[0]["children"][0]["name"]);
            StringAssert.Contains("2 GameObject(s)", (string)r["message"]);
            StringAssert.Contains("in 'hierarchy' below", (string)r["message"]);
            // The file holds the same tree.
            var file = JObject.Parse(File.ReadAllText((string)r["hierarchyFilePath"]));
            Assert.IsTrue(JToken.DeepEquals(file["hierarchy"], r["hierarchy"]));
        }

        [Test]
        public void LargeHierarchyIsSummedUp()
        {
            Call("gameobject_create", new { name = "Level" });
            for (int i = 0; i < 400; i++) Call("gameobject_create", new { name = "Crate " + i, parent_path = "/Level" });
            Call("gameobject_create", new { name = "Sun" });
            var r = Call("get-hierarchy", null);
            Assert.IsNull(r["hierarchy"], "a hierarchy over the inline limit is only in the file");
            Assert.AreEqual(402, (int)r["context"]["nodeCount"]);
            var roots = (JArray)r["roots"];
            Assert.AreEqual("Level", (string)roots[0]["name"]);
            Assert.AreEqual(401, (int)roots[0]["nodeCount"]);
            Assert.AreEqual("Sun", (string)roots[1]["name"]);
            StringAssert.Contains("too large to inline", (string)r["message"]);
        }
    }
}
