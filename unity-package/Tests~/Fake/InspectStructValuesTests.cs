using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEngine;
using UnityMcp.Editor.Tools;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>inspect_read and inspect_write of integer vectors, RectInt, BoundsInt, Hash128
    /// and Gradient, over the fake's SerializedObject.</summary>
    [TestFixture]
    public class InspectStructValuesTests
    {
        [SetUp]
        public void Fresh()
        {
            Reset();
            Call("gameobject_create", new { name = "Map" });
            Call("gameobject_add_component", new { object_path = "/Map", component_type = "TileGrid" });
        }

        static TileGrid Grid { get { return ObjectAddress.ByPath("/Map", "p").GetComponent<TileGrid>(); } }

        static JObject Args(string path, object value)
        {
            var a = new JObject { { "object_path", "/Map" }, { "component_type", "TileGrid" }, { "property_path", path } };
            if (value != null) a["value"] = JToken.FromObject(value);
            return a;
        }

        static JToken Write(string path, object value) { return Call("inspect_write", Args(path, value))["value"]; }

        static JToken Read(string path) { return Call("inspect_read", Args(path, null))["value"]; }

        static string State() { return Dump() + Call("inspect_list", new { object_path = "/Map", component_type = "TileGrid", detail = "full", limit = 500 }) + string.Join("|", UnityEditor.Undo.UndoNames().ToArray()); }

        /// <summary>A copy with every number a double, so 1 and 1.0 compare equal.</summary>
        static JToken Numbers(JToken t)
        {
            var copy = t.DeepClone();
            if (copy.Type == JTokenType.Integer) return new JValue((double)copy);
            var container = copy as JContainer;
            if (container == null) return copy;
            foreach (var v in new System.Collections.Generic.List<JToken>(container.Descendants()))
                if (v.Type == JTokenType.Integer) v.Replace(new JValue((double)v));
            return copy;
        }

        static void Same(object want, JToken got)
        {
            Assert.IsTrue(JToken.DeepEquals(Numbers(JToken.FromObject(want)), Numbers(got)), "want " + JToken.FromObject(want).ToString(Newtonsoft.Json.Formatting.None) + ", got " + got.ToString(Newtonsoft.Json.Formatting.None));
        }

        [Test]
        public void IntegerVectorsRectsAndBoundsTakeWholeNumbersByName()
        {
            Same(new { x = 2, y = 3 }, Read("cell"));
            Same(new { x = 5, y = 3 }, Write("cell", new { x = 5 }));
            Assert.AreEqual(new Vector2Int(5, 3), Grid.cell);
            Same(new { x = 1, y = 2, z = 3 }, Write("origin", new[] { 1, 2, 3 }));
            Assert.AreEqual(3, Grid.origin.z);
            Same(new { x = 0, y = 0, width = 8, height = 4 }, Write("area", new { width = 8, height = 4 }));
            Assert.AreEqual(8, Grid.area.width);
            Same(new { position = new { x = 1, y = 0, z = 0 }, size = new { x = 2, y = 2, z = 2 } }, Write("volume", new { position = new { x = 1 }, size = new[] { 2, 2, 2 } }));
            Assert.AreEqual(new Vector3Int(2, 2, 2), Grid.volume.size);
            // Their fields are paths too, as Unity's children of the property.
            Assert.AreEqual(9, (int)Write("volume.m_Size.y", 9));
            Assert.AreEqual(9, Grid.volume.size.y);
        }

        [Test]
        public void Hash128IsItsHexDigits()
        {
            const string hex = "00112233445566778899aabbccddeeff";
            Assert.AreEqual(hex, (string)Write("key", hex));
            Assert.AreEqual(hex, Grid.key.ToString());
            Assert.AreEqual(hex, (string)Read("key"));
        }

        [Test]
        public void GradientKeysAndMode()
        {
            Same(new { mode = "Blend", colorKeys = new object[] { new { color = new { r = 1, g = 1, b = 1 }, time = 0 }, new { color = new { r = 1, g = 1, b = 1 }, time = 1 } }, alphaKeys = new object[] { new { alpha = 1, time = 0 }, new { alpha = 1, time = 1 } } }, Read("tint"));
            var got = Write("tint", new { mode = "fixed", colorKeys = new object[] { new { color = "#FF0000", time = 0 }, new { color = new[] { 0, 0, 1 }, time = 0.5 } } });
            Assert.AreEqual("Fixed", (string)got["mode"]);
            Assert.AreEqual(2, ((JArray)got["alphaKeys"]).Count, "alpha keys not given are kept");
            Assert.AreEqual(GradientMode.Fixed, Grid.tint.mode);
            Assert.AreEqual(new Color(0, 0, 1, 1), Grid.tint.colorKeys[1].color);
            Assert.AreEqual(0.5f, Grid.tint.colorKeys[1].time);

            Call("undo", null);
            Assert.AreEqual(GradientMode.Blend, Grid.tint.mode, "the write is one undo step");
            Assert.AreEqual(new Color(1, 1, 1, 1), Grid.tint.colorKeys[1].color);
        }

        [Test]
        public void WhatDoesNotFitIsRefusedAndChangesNothing()
        {
            var before = State();
            var keys = new object[9];
            for (int i = 0; i < 9; i++) keys[i] = new { alpha = 1, time = i / 8.0 };
            var cases = new[]
            {
                new { path = "cell", value = (object)new { x = 1.5 }, says = "whole number" },
                new { path = "cell", value = (object)new { w = 1 }, says = "has no \"w\"" },
                new { path = "origin", value = (object)new[] { 1, 2 }, says = "got 2 numbers" },
                new { path = "area", value = (object)new { width = 3000000000L }, says = "2147483647" },
                new { path = "volume", value = (object)new { center = new[] { 1, 2, 3 } }, says = "{position, size}" },
                new { path = "key", value = (object)"xyz", says = "32 hex digits" },
                new { path = "tint", value = (object)new { alphaKeys = keys }, says = "1 to 8 keys" },
                new { path = "tint", value = (object)new { colorKeys = new object[] { new { color = "#FFFFFF", time = 2 } } }, says = "from 0 to 1" },
                new { path = "tint", value = (object)new { mode = "Smooth" }, says = "Blend, Fixed, PerceptualBlend" },
                new { path = "tint", value = (object)new { colorKeys = new object[] { new { colour = "#FFFFFF", time = 0 } } }, says = "has \"colour\"" },
            };
            foreach (var c in cases)
            {
                var f = Fails("inspect_write", Args(c.path, c.value));
                Assert.AreEqual("invalid_params", f.Code, c.path + ": " + f.Message);
                StringAssert.Contains(c.says, f.Message, c.path);
                StringAssert.Contains(c.path, f.Message, "the error names the property");
                Assert.AreEqual(before, State(), c.path + ": a refusal changed something");
            }
        }
    }

    /// <summary>A project script with the struct-like fields these tests write.</summary>
    public class TileGrid : MonoBehaviour
    {
        public Vector2Int cell = new Vector2Int(2, 3);
        public Vector3Int origin;
        public RectInt area;
        public BoundsInt volume;
        public Hash128 key;
        public Gradient tint = new Gradient();
    }
}
