using System;
using System.Collections.Generic;
using NUnit.Framework;
using UnityMcp.Core;

namespace UnityMcp.Core.Tests
{
    [TestFixture]
    public class HierarchyPathTests
    {
        [TestCase("/Canvas/Button[1]/Label", "Canvas", -1, "Button", 1, "Label", -1)]
        [TestCase("Canvas/Button[0]", "Canvas", -1, "Button", 0)]
        [TestCase(@"/A\/B/C\[x]", "A/B", -1, "C[x]", -1)]
        [TestCase(@"/back\\slash[2]", @"back\slash", 2)]
        [TestCase("/ spaced name /x", " spaced name ", -1, "x", -1)]
        public void Parses(string path, params object[] expected)
        {
            var got = HierarchyPath.Parse(path);
            Assert.AreEqual(expected.Length / 2, got.Count, path);
            for (int i = 0; i < got.Count; i++)
            {
                Assert.AreEqual(expected[2 * i], got[i].Name, path + " segment " + i);
                Assert.AreEqual(expected[2 * i + 1], got[i].Index, path + " index " + i);
            }
        }

        [TestCase("", "empty")]
        [TestCase("/A//B", "empty name")]
        [TestCase("/A/", "empty name")]
        [TestCase(@"/A\", "lone")]
        [TestCase("/A[x]", "sibling index")]
        [TestCase("/A[1", "sibling index")]
        [TestCase("/A[1]B", "after an index")]
        [TestCase("/[1]", "no name")]
        public void RefusesNamingTheProblem(string path, string says)
        {
            var e = Assert.Throws<FormatException>(() => HierarchyPath.Parse(path));
            StringAssert.Contains(says, e.Message);
        }

        // Any name, with any index, comes back exactly: the printer and the parser agree.
        [Test]
        public void RoundTripsAnyName()
        {
            var names = new[] { "Plain", "a/b", "x[0]", @"\", @"\\/[", "[", "]", "Button[1]", " ", "名前", "a]b[c" };
            var rnd = new Random(7);
            for (int n = 0; n < 500; n++)
            {
                var segs = new List<HierarchySegment>();
                int depth = 1 + rnd.Next(4);
                for (int d = 0; d < depth; d++) segs.Add(new HierarchySegment(names[rnd.Next(names.Length)], rnd.Next(3) - 1));
                var path = HierarchyPath.Join(segs);
                var back = HierarchyPath.Parse(path);
                Assert.AreEqual(segs.Count, back.Count, path);
                for (int d = 0; d < segs.Count; d++)
                {
                    Assert.AreEqual(segs[d].Name, back[d].Name, path);
                    Assert.AreEqual(segs[d].Index, back[d].Index, path);
                }
            }
        }

        [Test]
        public void ClosestOrdersByDistance()
        {
            var got = HierarchyPath.Closest(new[] { "/Main Camera", "/Player", "/Players", "/Canvas/Button" }, "/player", 2);
            CollectionAssert.AreEqual(new[] { "/Player", "/Players" }, got);
            Assert.AreEqual(0, HierarchyPath.Closest(new string[0], "x", 3).Count);
        }
    }
}
