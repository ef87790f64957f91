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
    // Undo, batches, component indexes and the fake's own SerializedObject (InspectToolsTests.cs has the set-up).
    public partial class InspectToolsTests
    {
        [Test]
        public void AWriteIsOneUndoStepThatUndoTakesBack()
        {
            var before = Values();
            var steps = Undo.UndoNames().Count;
            var r = Write("speed", 8);
            Assert.IsTrue((bool)r["changed"]);
            Assert.AreEqual("/Hero", (string)r["component"]["path"]);
            Assert.AreEqual(steps + 1, Undo.UndoNames().Count);
            Assert.AreEqual("unitymcp: Set speed of Sample on Hero", Undo.UndoNames()[steps]);
            Assert.AreEqual(8f, Hero.speed);
            Assert.IsTrue(Hero.gameObject.scene.isDirty);
            var undone = Call("undo", null);
            Assert.AreEqual("unitymcp: Set speed of Sample on Hero", (string)undone["undone"][0]);
            Assert.AreEqual(1.5f, Hero.speed);
            Call("redo", null);
            Assert.AreEqual(8f, Hero.speed);
            Call("undo", null);
            Assert.AreEqual(before, Values(), "back as it was");
            Assert.AreEqual(steps, Undo.UndoNames().Count);
            Assert.AreEqual(1, Undo.RedoNames().Count, "the write is on the redo stack");

            // A struct, an array and a reference come back whole too.
            Write("stats", new { level = 4, inner = new { label = "x2" } });
            Write("numbers", new[] { 5, 6, 7, 8 });
            Write("target", "/Crate");
            Call("undo", new { count = 3 });
            Assert.AreEqual(0, Hero.stats.level);
            Assert.AreEqual("x", (string)Read("stats.inner.label"));
            CollectionAssert.AreEqual(new[] { 1, 2, 3 }, Hero.numbers);
            Assert.IsNull(Hero.target);

            // The same value again changes nothing and is not a step undo would take: undo
            // takes back the call before it.
            var same = Write("count", 3);
            Assert.IsFalse((bool)same["changed"]);
            Assert.AreEqual("unitymcp: Add Rigidbody to Crate", (string)Call("undo", null)["undone"][0]);
        }

        [Test]
        public void BatchMixesCreationAndWritesAndRevertsAsOne()
        {
            var values = Values();
            var before = State();
            var f = Fails("batch", new
            {
                operations = new object[]
                {
                    new { id = "a", tool = "inspect_write", args = new { object_path = "/Hero", component_type = "Sample", property_path = "count", value = 10 } },
                    new { id = "b", tool = "gameobject_create", args = new { name = "Temp" } },
                    new { id = "c", tool = "inspect_write", args = new { object_path = "/Hero", component_type = "Sample", property_path = "small", value = 999 } },
                },
            });
            Assert.AreEqual("batch_failed", f.Code);
            StringAssert.Contains("operation 2 (c), inspect_write failed: small takes a byte from 0 to 255", f.Message);
            Assert.AreEqual(3, Hero.count);
            Assert.AreEqual(before, State());

            var r = Call("batch", new
            {
                operations = new object[]
                {
                    new { id = "spawn", tool = "gameobject_create", args = new { name = "Spawn" } },
                    new { id = "mover", tool = "gameobject_add_component", args = new { instance_id = "$spawn.instance_id", component_type = "Sample" } },
                    new { id = "speed", tool = "inspect_write", args = new { instance_id = "$mover.component.instance_id", property_path = "speed", value = 4 } },
                    new { id = "aim", tool = "inspect_write", args = new { object_path = "/Hero", component_type = "Sample", property_path = "target", value = new { instance_id = "$spawn.instance_id" } } },
                    new { id = "read", tool = "inspect_read", args = new { instance_id = "$spawn.instance_id", component_type = "Sample", property_path = "speed" } },
                },
                results = "full",
            });
            Assert.AreEqual(4.0, (double)r["results"][4]["result"]["value"]);
            Assert.AreSame(ObjectAddress.ByPath("/Spawn", "p").transform, Hero.target);
            var names = Undo.UndoNames();
            Assert.AreEqual("unitymcp: Batch of 5 operations", names[names.Count - 1]);
            Call("undo", null);
            StringAssert.DoesNotContain("/Spawn", Dump());
            Assert.IsNull(Hero.target);
            Assert.AreEqual(values, Values(), "the whole batch taken back by one undo");
        }

        [Test]
        public void ComponentIndexPicksAmongComponentsOfAType()
        {
            Call("gameobject_add_component", new { object_path = "/Crate", component_type = "SphereCollider" });
            Call("inspect_write", new { object_path = "/Crate", component_type = "Collider", component_index = 1, property_path = "m_IsTrigger", value = true });
            var crate = ObjectAddress.ByPath("/Crate", "p");
            Assert.IsFalse(crate.GetComponent<BoxCollider>().isTrigger);
            Assert.IsTrue(crate.GetComponent<SphereCollider>().isTrigger);
            var read = Call("inspect_read", new { object_path = "/Crate", component_type = "Collider", component_index = 1, property_path = "m_IsTrigger" });
            Assert.AreEqual("SphereCollider", (string)read["component"]["type"]);
            Assert.AreEqual("Boolean", (string)read["type"]);
            Assert.AreEqual("Set m_IsTrigger of SphereCollider on Crate", Undo.UndoNames()[Undo.UndoNames().Count - 1].Substring("unitymcp: ".Length));
        }

        [Test]
        public void TheFakeIteratesAndAppliesAsUnityDoes()
        {
            var so = new SerializedObject(Hero);
            var it = so.GetIterator();
            Assert.IsFalse(it.Copy().NextVisible(false), "the iterator starts above the properties: the first step must enter them");
            var visited = new List<string>();
            while (it.Next(true)) visited.Add(it.propertyPath);
            CollectionAssert.Contains(visited, "m_Enabled");
            CollectionAssert.Contains(visited, "numbers.Array");
            Assert.AreEqual("Array", so.FindProperty("numbers.Array").type);
            var size = so.FindProperty("numbers.Array.size");
            Assert.AreEqual(SerializedPropertyType.ArraySize, size.propertyType);
            Assert.AreEqual(2, size.depth);
            Assert.IsTrue(so.FindProperty("title").isArray, "a string is an array (PropertyHandler.cs checks isArray && != String)");
            Assert.AreEqual("PPtr<$Transform>", so.FindProperty("target").type);
            Assert.AreEqual(SerializedPropertyNumericType.UInt8, so.FindProperty("small").numericType);
            Assert.AreEqual("Local Position", new SerializedObject(Hero.transform).FindProperty("m_LocalPosition").displayName);
            Assert.AreEqual("My Field", SerializedNode.Nicify("myField"));
            Assert.AreEqual("Some Constant", SerializedNode.Nicify("kSomeConstant"));
            // Setters change the SerializedObject only; apply writes and records Undo.
            var steps = Undo.UndoNames().Count;
            so.FindProperty("count").intValue = 3;
            Assert.IsFalse(so.hasModifiedProperties, "the same value is no modification");
            Assert.IsFalse(so.ApplyModifiedProperties());
            so.FindProperty("count").intValue = 11;
            Assert.AreEqual(3, Hero.count);
            Assert.IsTrue(so.ApplyModifiedProperties());
            Assert.AreEqual(11, Hero.count);
            Assert.AreEqual(steps + 1, Undo.UndoNames().Count);
            so.FindProperty("count").intValue = 12;
            so.Update();
            Assert.AreEqual(11, so.FindProperty("count").intValue, "Update drops what was not applied");
            Assert.Throws<InvalidOperationException>(() => { var s = so.FindProperty("count").stringValue; });
            Assert.IsNull(so.FindProperty("nope"));
        }
    }
}
