using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEditor;
using UnityEngine;
using UnityMcp.Editor.Tools;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>inspect_list, inspect_read and inspect_write, run for real over the fake's
    /// SerializedObject.</summary>
    [TestFixture]
    public partial class InspectToolsTests
    {
        [SetUp]
        public void Fresh()
        {
            Reset();
            Layers.Reset();
            Call("gameobject_create", new { name = "Hero" });
            Call("gameobject_add_component", new { object_path = "/Hero", component_type = "Sample" });
            Call("gameobject_create", new { name = "Crate", primitive = "Cube" });
            Call("gameobject_add_component", new { object_path = "/Crate", component_type = "Rigidbody" });
        }

        static Sample Hero { get { return ObjectAddress.ByPath("/Hero", "p").GetComponent<Sample>(); } }

        static JObject Args(string path, object value, string component, string obj)
        {
            var a = new JObject { { "object_path", obj }, { "property_path", path } };
            if (component != null) a["component_type"] = component;
            a["value"] = value == null ? JValue.CreateNull() : value as JToken ?? JToken.FromObject(value);
            return a;
        }

        static JObject Write(string path, object value, string component = "Sample", string obj = "/Hero") { return Call("inspect_write", Args(path, value, component, obj)); }

        static ToolFailure Refused(string path, object value, string component = "Sample", string obj = "/Hero") { return Fails("inspect_write", Args(path, value, component, obj)); }

        static JToken Read(string path, string component = "Sample", string obj = "/Hero")
        {
            var a = Args(path, null, component, obj);
            a.Remove("value");
            return Call("inspect_read", a)["value"];
        }

        static void Same(object want, JToken got, string why = "")
        {
            Assert.IsTrue(JToken.DeepEquals(Numbers(JToken.FromObject(want)), Numbers(got)), why + " want " + JToken.FromObject(want).ToString(Newtonsoft.Json.Formatting.None) + ", got " + got.ToString(Newtonsoft.Json.Formatting.None));
        }

        /// <summary>A copy with every number a double, so 1 and 1.0 compare equal.</summary>
        static JToken Numbers(JToken t)
        {
            if (t.Type == JTokenType.Integer) return new JValue((double)t);
            var copy = t.DeepClone();
            var container = copy as JContainer;
            if (container == null) return copy;
            foreach (var v in new List<JToken>(container.Descendants()))
                if (v.Type == JTokenType.Integer) v.Replace(new JValue((double)v));
            return copy;
        }

        /// <summary>The scene and every serialized value of the test objects.</summary>
        static string Values()
        {
            var s = Dump();
            foreach (var target in new[] { new { o = "/Hero", c = "Sample" }, new { o = "/Hero", c = "" }, new { o = "/Crate", c = "Rigidbody" } })
                s += Call("inspect_list", new { object_path = target.o, component_type = target.c, detail = "full", limit = 500 }).ToString();
            return s;
        }

        /// <summary>Everything a refusal must leave as it was: <see cref="Values"/> and the Undo history.</summary>
        static string State() { return Values() + string.Join("|", Undo.UndoNames().ToArray()) + "/" + Undo.RedoNames().Count; }

        [Test]
        public void ListGivesTheInspectorsPropertiesInOrderWithPaging()
        {
            var all = Call("inspect_list", new { object_path = "/Hero", component_type = "Sample", limit = 500 });
            var paths = new List<string>();
            foreach (var p in all["properties"]) paths.Add((string)p["path"]);
            // Serialized fields only (public or [SerializeField]; not static, readonly,
            // [NonSerialized] or private), in declaration order, base class first; the
            // [HideInInspector] field and the header's m_Enabled are not listed.
            CollectionAssert.AreEqual(new[] { "baseNote", "count", "small", "signed16", "big", "unsignedInt", "level", "ratio", "speed", "precise", "flag", "title", "letter" }, paths.GetRange(0, 13));
            CollectionAssert.Contains(paths, "hidden");
            CollectionAssert.Contains(paths, "stats.inner.label");
            foreach (var gone in new[] { "notSerialized", "staticField", "skipped", "ro", "invisible", "m_Enabled", "numbers.Array.size", "stats.inner.offset.x" })
                CollectionAssert.DoesNotContain(paths, gone);
            var count = all["properties"][1];
            Assert.AreEqual("Integer", (string)count["type"]);
            Assert.AreEqual(3, (int)count["value"]);
            var numbers = Find(all, "numbers");
            Assert.AreEqual("Array", (string)numbers["type"]);
            Assert.AreEqual(3, (int)numbers["size"]);
            Assert.IsNull(numbers["value"]);
            Assert.AreEqual("Stats", (string)Find(all, "stats")["type"]);
            Same(new { x = 0, y = 0, z = 0 }, Find(all, "offset")["value"]);
            Assert.AreEqual(JTokenType.Null, all["next_offset"].Type);

            var page = Call("inspect_list", new { object_path = "/Hero", component_type = "Sample", offset = 2, limit = 3 });
            Assert.AreEqual((int)all["total"], (int)page["total"]);
            Assert.AreEqual(5, (int)page["next_offset"]);
            CollectionAssert.AreEqual(new[] { "small", "signed16", "big" }, Paths(page));
            Assert.AreEqual("Sample", (string)page["component"]["type"]);
            Assert.AreEqual("invalid_params", Fails("inspect_list", new { object_path = "/Hero", component_type = "Sample", limit = 501 }).Code);

            // full: arrays are opened and hidden properties added, and each entry says its
            // depth, label, children and whether the Inspector hides it.
            var full = Call("inspect_list", new { object_path = "/Hero", component_type = "Sample", detail = "full", limit = 500 });
            Assert.Greater((int)full["total"], (int)all["total"]);
            Assert.IsTrue((bool)Find(full, "m_Enabled")["hidden"]);
            Assert.IsTrue((bool)Find(full, "invisible")["hidden"]);
            Assert.IsFalse((bool)Find(full, "count")["hidden"]);
            CollectionAssert.DoesNotContain(Paths(full), "notSerialized");
            CollectionAssert.DoesNotContain(Paths(full), "numbers.Array");
            var element = Find(full, "numbers.Array.data[1]");
            Assert.AreEqual(2, (int)element["value"]);
            Assert.AreEqual("Element 1", (string)element["display_name"]);
            Assert.AreEqual(2, (int)element["depth"]);
            Assert.AreEqual("Unsigned Int", (string)Find(full, "unsignedInt")["display_name"]);
            CollectionAssert.AreEqual(new[] { "x", "y", "z" }, Find(full, "offset")["children"].ToObject<string[]>());
            Assert.IsTrue((bool)Find(full, "numbers")["is_array"]);
        }

        static JToken Find(JObject list, string path)
        {
            foreach (var p in list["properties"]) if ((string)p["path"] == path) return p;
            Assert.Fail(path + " is not listed");
            return null;
        }

        static string[] Paths(JObject list)
        {
            var a = new List<string>();
            foreach (var p in list["properties"]) a.Add((string)p["path"]);
            return a.ToArray();
        }

        [Test]
        public void TheGameObjectItselfAndBuiltInComponents()
        {
            var go = Call("inspect_list", new { game_object_path = "/Hero" });
            CollectionAssert.AreEqual(new[] { "m_Layer", "m_Name", "m_TagString", "m_StaticEditorFlags", "m_IsActive" }, Paths(go));
            Assert.AreEqual("GameObject", (string)go["component"]["type"]);
            CollectionAssert.AreEqual(new[] { "m_LocalRotation", "m_LocalPosition", "m_LocalScale", "m_ConstrainProportionsScale" }, Paths(Call("inspect_list", new { object_path = "/Hero", component_type = "Transform" })));

            var hero = Hero.gameObject;
            Assert.AreEqual("/Knight", (string)Write("m_Name", "Knight", null)["component"]["path"], "the bundle is the object's after the write");
            Assert.AreEqual("Knight", hero.name);
            Write("m_TagString", "Player", null, "/Knight");
            Assert.AreEqual("Player", hero.tag);
            Layers.Names[8] = "Enemies";
            Assert.AreEqual(8, (int)Write("m_Layer", "Enemies", null, "/Knight")["value"]);
            Assert.AreEqual(8, hero.layer);
            Assert.AreEqual(4, (int)Write("m_Layer", 4, null, "/Knight")["value"]);
            Same(false, Write("m_IsActive", false, null, "/Knight")["value"]);
            Assert.IsFalse(hero.activeSelf);

            // Transform: the rotation reads and writes as euler angles; only the axes given change.
            Write("m_LocalPosition", new { y = 2 }, "Transform", "/Crate");
            Write("m_LocalPosition", new[] { 1, 2, 3 }, "Transform", "/Crate");
            Assert.AreEqual(new Vector3(1, 2, 3), ObjectAddress.ByPath("/Crate", "p").transform.localPosition);
            var turned = Write("m_LocalRotation", new { y = 90 }, "Transform", "/Crate");
            Assert.AreEqual(90.0, (double)turned["value"]["y"], 1e-3);
            Assert.AreEqual(0.0, (double)turned["previous"]["y"], 1e-3);
            Assert.AreEqual(90.0, ObjectAddress.ByPath("/Crate", "p").transform.localEulerAngles.y, 1e-3);
            Assert.AreEqual(2.0, (double)Write("m_LocalScale.x", 2, "Transform", "/Crate")["value"]);

            // Rigidbody, by its YAML names; a component may also be named by its id.
            var body = Write("m_Mass", 2.5, "Rigidbody", "/Crate");
            Assert.AreEqual(2.5, (double)body["value"]);
            Assert.AreEqual(1.0, (double)body["previous"]);
            Assert.AreEqual(2.5f, ObjectAddress.ByPath("/Crate", "p").GetComponent<Rigidbody>().mass);
            var id = (string)body["component"]["instance_id"];
            Assert.AreEqual(false, (bool)Call("inspect_write", new { instance_id = id, property_path = "m_UseGravity", value = false })["value"]);
        }

        [Test]
        public void NumbersRoundTripWithinTheirFieldsRanges()
        {
            Assert.AreEqual(42, (int)Write("count", 42)["value"]);
            Assert.AreEqual(42, Hero.count);
            Assert.AreEqual(255, (int)Write("small", 255)["value"]);
            Assert.AreEqual(-32768, (int)Write("signed16", -32768)["value"]);
            Assert.AreEqual(9007199254740993L, (long)Write("big", 9007199254740993L)["value"], "a long past 2^53 keeps every digit");
            Assert.AreEqual(4000000000L, (long)Write("unsignedInt", 4000000000L)["value"]);
            Assert.AreEqual(7, (int)Write("count", 7.0)["value"], "7.0 is a whole number");
            Assert.AreEqual(10, (int)Write("level", 10)["value"]);
            Assert.AreEqual(0.25, (double)Write("ratio", 0.25)["value"]);
            var speed = Write("speed", 0.1);
            Assert.AreEqual(0.1, (double)speed["value"], "no float noise");
            Assert.AreEqual(1.5, (double)speed["previous"]);
            Assert.AreEqual(0.1f, Hero.speed);
            Assert.AreEqual(1e100, (double)Write("precise", 1e100)["value"]);
            Assert.AreEqual(true, (bool)Write("flag", true)["value"]);
            Assert.AreEqual("héllo\nwörld", (string)Write("title", "héllo\nwörld")["value"]);
            Assert.AreEqual("z", (string)Write("letter", "z")["value"]);
            Assert.AreEqual('z', Hero.letter);
            Assert.AreEqual("Sample", (string)Write("baseNote", "Sample")["value"]);
            Assert.AreEqual(9.5f, (float)Write("hidden", 9.5)["value"], "a private [SerializeField] field is a property too");
        }

        [Test]
        public void EnumsFlagsAndLayerMasksByName()
        {
            var run = Write("gait", "run");
            Assert.AreEqual("Run", (string)run["value"]);
            Assert.AreEqual(2, (int)run["index"]);
            CollectionAssert.AreEqual(new[] { "Idle", "Walk", "Run" }, run["options"].ToObject<string[]>());
            Assert.AreEqual(Gait.Run, Hero.gait);
            Assert.AreEqual("Walk", (string)Write("gait", 1)["value"], "an integer is the index");
            Same(new[] { "Armor", "Stealth" }, Write("perks", new[] { "armor", "Stealth" })["value"]);
            Assert.AreEqual(Perks.Armor | Perks.Stealth, Hero.perks);
            Same(new string[0], Write("perks", new string[0])["value"]);
            Same(new[] { "Speed" }, Write("perks", "Speed")["value"]);

            Layers.Names[9] = "Ground";
            Same(new[] { "Default", "Ground" }, Write("mask", new[] { "Default", "Ground" })["value"]);
            Assert.AreEqual((1 << 0) | (1 << 9), Hero.mask.value);
            Same(new object[] { "Water", 12 }, Write("mask", (1 << 4) | (1 << 12))["value"], "a layer without a name is its number");
            Same(new[] { "Everything" }, Write("mask", new[] { "Everything" })["value"]);
            Same(new string[0], Write("mask", new[] { "Nothing" })["value"]);
        }

        [Test]
        public void ColoursVectorsRotationsBoundsAndCurves()
        {
            Same(new { r = 1, g = 0.5, b = 0, a = 1 }, Write("tint", new { r = 1, g = 0.5 })["value"]);
            Same(new { r = 0, g = 0, b = 1, a = 1 }, Write("tint", new[] { 0, 0, 1 })["value"]);
            var hex = Write("tint", "#FF000080")["value"];
            Assert.AreEqual(1.0, (double)hex["r"]);
            Assert.AreEqual(128 / 255.0, (double)hex["a"], 1e-6);
            Assert.AreEqual(1f, Hero.tint.r);

            Same(new { x = 1, y = 2 }, Write("size2", new[] { 1, 2 })["value"]);
            Same(new { x = 0, y = 5, z = 0 }, Write("offset", new { y = 5 })["value"]);
            Same(new { x = 4, y = 5, z = 0 }, Write("offset", new { x = 4 })["value"]);
            Assert.AreEqual(new Vector3(4, 5, 0), Hero.offset);
            Same(new { x = 1, y = 2, z = 3, w = 4 }, Write("plane", new { x = 1, y = 2, z = 3, w = 4 })["value"]);
            Assert.AreEqual(4f, Hero.plane.w);

            var turn = Write("turn", new { x = 30 })["value"];
            Assert.AreEqual(30.0, (double)turn["x"], 1e-3);
            Assert.AreEqual(0.0, (double)turn["y"], 1e-3);
            var q = Hero.turn;
            Assert.AreEqual(Math.Sin(Math.PI / 12), q.x, 1e-5, "stored as the quaternion of 30° about x");
            var raw = Write("turn", new { x = 0, y = 0, z = 0, w = 1 })["value"];
            Assert.AreEqual(0.0, (double)raw["x"], 1e-6);

            Same(new { center = new { x = 1, y = 2, z = 3 }, size = new { x = 4, y = 4, z = 4 } }, Write("area", new { center = new[] { 1, 2, 3 }, size = new { x = 4, y = 4, z = 4 } })["value"]);
            Same(new { center = new { x = 1, y = 2, z = 3 }, size = new { x = 4, y = 8, z = 4 } }, Write("area", new { size = new { y = 8 } })["value"]);
            Assert.AreEqual(new Vector3(2, 4, 2), Hero.area.m_Extents);

            // Rect: x, y, width, height; only the fields given change.
            Same(new { x = 1, y = 2, width = 30, height = 40 }, Write("frame", new { x = 1, y = 2, width = 30, height = 40 })["value"]);
            Same(new { x = 1, y = 2, width = 50, height = 40 }, Write("frame", new { width = 50 })["value"]);
            Assert.AreEqual(50f, Hero.frame.width);
            Assert.AreEqual("invalid_params", Fails("inspect_write", new { object_path = "/Hero", component_type = "Sample", property_path = "frame", value = new { depth = 1 } }).Code);

            var curve = Write("curve", new { keys = new object[] { new { time = 0, value = 0 }, new { time = 1, value = 2, inTangent = 0.5, outTangent = 0.5 } } })["value"];
            Same(new { keys = new object[] { new { time = 0, value = 0, inTangent = 0, outTangent = 0 }, new { time = 1, value = 2, inTangent = 0.5, outTangent = 0.5 } } }, curve);
            Assert.AreEqual(2, Hero.curve.length);
            Assert.AreEqual(2f, Hero.curve.keys[1].value);
        }

        [Test]
        public void ArraysListsAndNestedStructs()
        {
            Same(new { size = 2, elements = new[] { 9, 8 } }, Write("numbers", new[] { 9, 8 })["value"]);
            CollectionAssert.AreEqual(new[] { 9, 8 }, Hero.numbers);
            // Growing copies the last element, as the Inspector's size field does.
            Assert.AreEqual(4, (int)Write("numbers.Array.size", 4)["value"]);
            CollectionAssert.AreEqual(new[] { 9, 8, 8, 8 }, Hero.numbers);
            Assert.AreEqual(5, (int)Write("numbers.Array.data[3]", 5)["value"]);
            Assert.AreEqual(5, (int)Read("numbers.Array.data[3]"));
            Same(new { size = 1, elements = new[] { 9 } }, Write("numbers", new { size = 1 })["value"]);
            Same(new { size = 2, elements = new[] { "a", "b" } }, Write("names", new[] { "a", "b" })["value"]);
            CollectionAssert.AreEqual(new[] { "a", "b" }, Hero.names);

            // A struct: only the fields given change; a class inside it too.
            Write("stats", new { level = 3, inner = new { label = "deep", offset = new { z = 1 } } });
            Same(new { level = 3, power = 0, inner = new { label = "deep", offset = new { x = 0, y = 0, z = 1 } } }, Read("stats"));
            Write("stats.power", 1.5);
            Assert.AreEqual(3, Hero.stats.level);
            Assert.AreEqual(1.5f, Hero.stats.power);
            Assert.AreEqual("deep", Hero.stats.inner.label);
            // An array of classes, element by element.
            Write("inners", new object[] { new { label = "one" }, new { label = "two", offset = new[] { 1, 1, 1 } } });
            Assert.AreEqual(2, Hero.inners.Length);
            Assert.AreEqual("two", Hero.inners[1].label);
            Assert.AreEqual("two", (string)Read("inners.Array.data[1].label"));
            Assert.AreEqual(1.0, (double)Read("inners")["elements"][1]["offset"]["x"]);

            // Insert and delete one element; the others move, whatever their type.
            Write("numbers", new[] { 1, 2, 3 });
            Same(new { size = 4, elements = new[] { 1, 7, 2, 3 } }, Write("numbers", new { insert = 1, value = 7 })["value"]);
            Same(new { size = 5, elements = new[] { 1, 7, 2, 3, 9 } }, Write("numbers", new { insert = 4, value = 9 })["value"]);
            Same(new { size = 4, elements = new[] { 7, 2, 3, 9 } }, Write("numbers", new { delete = 0 })["value"]);
            CollectionAssert.AreEqual(new[] { 7, 2, 3, 9 }, Hero.numbers);
            Write("inners", new { insert = 0, value = new { label = "zero" } });
            CollectionAssert.AreEqual(new[] { "zero", "one", "two" }, Array.ConvertAll(Hero.inners, x => x.label));
            Assert.AreEqual(1f, Hero.inners[2].offset.x, "a moved element keeps its nested values");
            Write("inners", new { delete = 1 });
            CollectionAssert.AreEqual(new[] { "zero", "two" }, Array.ConvertAll(Hero.inners, x => x.label));
            var before = Dump();
            var steps = Undo.UndoNames().Count;
            foreach (var bad in new object[] { new { delete = 4 }, new { insert = 6, value = 1 }, new { insert = 1 }, new { delete = 0, value = 1 }, new { insert = 0, delete = 0, value = 1 }, new { insert = -1, value = 1 } })
                Assert.AreEqual("invalid_params", Fails("inspect_write", new { object_path = "/Hero", component_type = "Sample", property_path = "numbers", value = bad }).Code, JObject.FromObject(bad).ToString());
            CollectionAssert.AreEqual(new[] { 7, 2, 3, 9 }, Hero.numbers);
            Assert.AreEqual(before, Dump());
            Assert.AreEqual(steps, Undo.UndoNames().Count);
            Call("undo", new { count = 1 });
            CollectionAssert.AreEqual(new[] { "zero", "one", "two" }, Array.ConvertAll(Hero.inners, x => x.label), "a delete is one undo step");
        }

        [Test]
        public void ReferencesToSceneObjectsByPathIdOrComponent()
        {
            Call("gameobject_create", new { name = "Goal", parent_path = "/Crate" });
            var set = Write("target", new { path = "/Crate/Goal" });
            var goalId = ObjectAddress.Id(ObjectAddress.ByPath("/Crate/Goal", "p").transform);
            Same(new { path = "/Crate/Goal", instance_id = goalId, type = "Transform" }, set["value"]);
            Assert.AreEqual("Transform", (string)Call("inspect_read", new { object_path = "/Hero", component_type = "Sample", property_path = "target" })["accepts"]);
            Assert.AreSame(ObjectAddress.ByPath("/Crate/Goal", "p").transform, Hero.target);
            // A GameObject given for a component field: its component of that type.
            var crateId = ObjectAddress.Id(ObjectAddress.ByPath("/Crate", "p"));
            Assert.AreEqual("Rigidbody", (string)Write("body", new { instance_id = crateId })["value"]["type"]);
            Assert.AreSame(ObjectAddress.ByPath("/Crate", "p").GetComponent<Rigidbody>(), Hero.body);
            Assert.AreEqual("Rigidbody", (string)Write("body", new { path = "/Crate", component = "Rigidbody" })["value"]["type"]);
            Assert.AreEqual("GameObject", (string)Write("other", "/Crate/Goal")["value"]["type"]);
            Assert.AreSame(ObjectAddress.ByPath("/Crate/Goal", "p"), Hero.other);
            Assert.AreEqual("BoxCollider", (string)Write("anyCollider", new { path = "/Crate", component = "Collider" })["value"]["type"]);
            // A list of references.
            var list = Write("targets", new object[] { "/Crate", new { path = "/Hero" } })["value"];
            Assert.AreEqual(2, (int)list["size"]);
            Assert.AreEqual("/Hero", (string)list["elements"][1]["path"]);
            // null clears it.
            Assert.AreEqual(JTokenType.Null, Write("target", null)["value"].Type);
            Assert.IsNull(Hero.target);
        }

        [Test]
        public void EveryRefusalLeavesTheSceneAndHistoryAsTheyWere()
        {
            Call("gameobject_create", new { name = "Goal" });
            var before = State();
            var path = Fails("inspect_read", new { object_path = "/Hero", component_type = "Sample", property_path = "sped" });
            Assert.AreEqual("not_found", path.Code);
            StringAssert.Contains("closest: speed", path.Message);
            StringAssert.Contains("closest:", Refused("stats.levle", 1).Message);
            StringAssert.Contains("stats.level", Refused("stats.levle", 1).Message);
            StringAssert.Contains("numbers.Array.data[7] is past the end of numbers, which has 3 element(s) (0 to 2)", Refused("numbers.Array.data[7]", 1).Message);
            var cases = new Dictionary<string, object[]>
            {
                { "takes an int, a whole number; got 1.5", new object[] { "count", 1.5 } },
                { "takes a byte from 0 to 255; got 300", new object[] { "small", 300 } },
                { "takes a byte from 0 to 255; got -1", new object[] { "small", -1 } },
                { "takes a uint from 0 to 4294967295", new object[] { "unsignedInt", -5 } },
                { "in its [Range(0, 10)] from 0 to 10; got 11", new object[] { "level", 11 } },
                { "has [Range(0, 1)]; got 1.5", new object[] { "ratio", 1.5 } },
                { "takes an int (a whole number); got \"12\"", new object[] { "count", "12" } },
                { "is a bool: give true or false; got 1", new object[] { "flag", 1 } },
                { "is a string; got 5", new object[] { "title", 5 } },
                { "is a char: give a one-character string", new object[] { "letter", "ab" } },
                { "has no value \"Sprint\"; it is one of Idle, Walk, Run", new object[] { "gait", "Sprint" } },
                { "takes an index into its values (Idle, Walk, Run) from 0 to 2; got 3", new object[] { "gait", 3 } },
                { "has no flag \"Flying\"; its flags are None, Armor, Speed, Stealth", new object[] { "perks", new[] { "Armor", "Flying" } } },
                { "has no layer \"Sky\"", new object[] { "mask", new[] { "Default", "Sky" } } },
                { "has no \"w\"; it takes {x, y, z}", new object[] { "offset", new { w = 1 } } },
                { "takes {x, y} (any of them) or [x, y]; got 3 numbers", new object[] { "size2", new[] { 1, 2, 3 } } },
                { ".y must be a number; got \"up\"", new object[] { "offset", new { y = "up" } } },
                { "takes a colour as \"#RRGGBB\"", new object[] { "tint", "red" } },
                { "key 0 needs time and value", new object[] { "curve", new { keys = new[] { new { time = 1 } } } } },
                { "has no field \"levl\"; closest: level", new object[] { "stats", new { levl = 1 } } },
                { "numbers.Array.data[2] takes an int (a whole number); got \"x\"", new object[] { "numbers", new object[] { 1, 2, "x" } } },
                { "takes an array size from 0 to 100000; got -1", new object[] { "numbers.Array.size", -1 } },
                { "takes a Rigidbody; /Goal's Transform is a Transform", new object[] { "body", new { path = "/Goal", component = "Transform" } } },
                { "takes a Rigidbody, and /Goal has none", new object[] { "body", new { path = "/Goal" } } },
                { "takes a Transform; /Crate's Rigidbody is a Rigidbody", new object[] { "target", new { path = "/Crate", component = "Rigidbody" } } },
                { "names no object in the loaded scenes; closest: /Goal", new object[] { "target", new { path = "/Gaol" } } },
                { "names no live object", new object[] { "target", new { instance_id = "123456" } } },
                { "target: no asset at \"Assets/Player.prefab\"", new object[] { "target", new { asset = "Assets/Player.prefab" } } },
            };
            foreach (var c in cases)
            {
                var f = Refused((string)c.Value[0], c.Value[1]);
                StringAssert.Contains(c.Key, f.Message, (string)c.Value[0] + " = " + JToken.FromObject(c.Value[1]).ToString(Newtonsoft.Json.Formatting.None));
                Assert.AreEqual(before, State(), "after refusing " + c.Key);
            }
            var goalTransform = ObjectAddress.Id(ObjectAddress.ByPath("/Goal", "p").transform);
            StringAssert.Contains("takes a Rigidbody; /Goal's Transform is a Transform", Refused("body", new { instance_id = goalTransform }).Message, "a component given by its id is taken as it is");
            StringAssert.Contains("\"Pirate\" is not a tag of this project", Refused("m_TagString", "Pirate", null).Message);
            StringAssert.Contains("\"Sky\" is not a layer of this project", Refused("m_Layer", "Sky", null).Message);
            StringAssert.Contains("takes a layer number from 0 to 31; got 32", Refused("m_Layer", 32, null).Message);
            StringAssert.Contains("Crate has no Light", Fails("inspect_read", new { object_path = "/Crate", component_type = "Light", property_path = "m_Enabled" }).Message);
            StringAssert.Contains("component_index 1 is out of range", Fails("inspect_read", new { object_path = "/Crate", component_type = "Rigidbody", component_index = 1, property_path = "m_Mass" }).Message);
            StringAssert.Contains("value is required", Fails("inspect_write", new { object_path = "/Hero", component_type = "Sample", property_path = "count" }).Message);
            StringAssert.Contains("closest: /Hero", Fails("inspect_read", new { object_path = "/Heor", property_path = "m_Name" }).Message);
            Assert.AreEqual(before, State());
        }
    }
}
