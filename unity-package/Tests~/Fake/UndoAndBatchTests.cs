using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEditor;
using UnityEngine;
using UnityMcp.Editor.Tools;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>undo/redo of a session's own calls, and batch's all-or-nothing, over the fake.</summary>
    [TestFixture]
    public class UndoAndBatchTests
    {
        [SetUp]
        public void Fresh() { Reset(); }

        [Test]
        public void UndoTakesBackOnlyThisSessionsCalls()
        {
            Call("gameobject_create", new { name = "Mine" }, "agent-a");
            Call("gameobject_create", new { name = "Theirs" }, "agent-b");
            var empty = Dump();
            // agent-a's newest step is under agent-b's: refused, and agent-b's step stays.
            var f = Fails("undo", new { count = 1 }, "agent-a");
            Assert.AreEqual("nothing_to_undo", f.Code);
            StringAssert.Contains("\"unitymcp: Create Theirs\", not this session's", f.Message);
            Assert.AreEqual(empty, Dump());
            CollectionAssert.AreEqual(new[] { "unitymcp: Create Mine", "unitymcp: Create Theirs" }, Undo.UndoNames());
            // Once agent-b undid its own, agent-a's is on top.
            Assert.AreEqual("unitymcp: Create Theirs", (string)Call("undo", new { count = 1 }, "agent-b")["undone"][0]);
            Assert.AreEqual("unitymcp: Create Mine", (string)Call("undo", new { count = 5 }, "agent-a")["undone"][0]);
            Assert.AreEqual("", Dump());
            // redo puts back agent-a's, not agent-b's.
            Call("redo", new { count = 1 }, "agent-a");
            StringAssert.Contains("/Mine", Dump());
            StringAssert.DoesNotContain("/Theirs", Dump());
            Assert.AreEqual("nothing_to_redo", Fails("redo", new { count = 1 }, "agent-a").Code);
        }

        [Test]
        public void TheUsersOwnEditIsNeverUndone()
        {
            Call("gameobject_create", new { name = "Agent" });
            // The user moves something in the Editor: a step of its own.
            Undo.IncrementCurrentGroup();
            var user = new GameObject("UserMade");
            Undo.RegisterCreatedObjectUndo(user, "Create UserMade");
            var scene = Dump();
            StringAssert.Contains("Create UserMade", Fails("undo", null).Message);
            Assert.AreEqual(scene, Dump(), "the user's step was put back at once");
            CollectionAssert.AreEqual(new[] { "unitymcp: Create Agent", "Create UserMade" }, Undo.UndoNames());
            Assert.AreEqual(0, Undo.RedoNames().Count);
        }

        [Test]
        public void UndoRestoresEveryGameObjectAndTransformProperty()
        {
            Call("gameobject_create", new { name = "Prop" });
            var before = new[] { Call("inspect_read", new { object_path = "/Prop", property_path = "m_StaticEditorFlags" })["value"].ToString(),
                Call("inspect_read", new { object_path = "/Prop", component_type = "Transform", property_path = "m_ConstrainProportionsScale" })["value"].ToString() };
            Call("inspect_write", new { object_path = "/Prop", property_path = "m_StaticEditorFlags", value = 5 });
            Call("inspect_write", new { object_path = "/Prop", component_type = "Transform", property_path = "m_ConstrainProportionsScale", value = true });
            Call("undo", new { count = 2 });
            Assert.AreEqual(before[0], Call("inspect_read", new { object_path = "/Prop", property_path = "m_StaticEditorFlags" })["value"].ToString());
            Assert.AreEqual(before[1], Call("inspect_read", new { object_path = "/Prop", component_type = "Transform", property_path = "m_ConstrainProportionsScale" })["value"].ToString());
        }

        [Test]
        public void BatchRunsInOrderWithReferencesAsOneStep()
        {
            var r = Call("batch", new
            {
                operations = new object[]
                {
                    new { id = "root", tool = "gameobject_create", args = new { name = "Room" } },
                    new { id = "lamp", tool = "gameobject_create", args = new { name = "Lamp", primitive = "Sphere", parent_instance_id = "$root.instance_id" } },
                    new { id = "body", tool = "gameobject_add_component", args = new { object_path = "$lamp.path", component_type = "Rigidbody" } },
                    new { id = "", tool = "gameobject_set_transform", args = new { instance_id = "$lamp.instance_id", position = new { y = 3 } } },
                },
            });
            Assert.AreEqual(4, (int)r["count"]);
            // By default each operation answers only what addresses its result.
            Assert.AreEqual("/Room/Lamp", (string)r["results"][1]["path"]);
            Assert.AreEqual("gameobject_create", (string)r["results"][1]["tool"]);
            Assert.IsNotNull(r["results"][2]["component_id"], "add_component answers the component's id");
            Assert.IsNull(r["results"][1]["components"], "not the whole answer");
            Assert.IsTrue((bool)r["results"][3]["changed"]);
            Assert.AreEqual(3f, ObjectAddress.ByPath("/Room/Lamp", "p").transform.localPosition.y);
            CollectionAssert.AreEqual(new[] { "unitymcp: Batch of 4 operations" }, Undo.UndoNames());
            Call("undo", null);
            Assert.AreEqual("", Dump());
            // results: full gives every operation's whole answer.
            var full = Call("batch", new { operations = new object[] { new { id = "a", tool = "gameobject_create", args = new { name = "A", primitive = "Cube" } } }, results = "full" });
            CollectionAssert.Contains(full["results"][0]["result"]["components"].ToObject<string[]>(), "BoxCollider");
        }

        [Test]
        public void AFailingOperationRevertsTheWholeBatch()
        {
            Call("gameobject_create", new { name = "Keep" });
            var before = Dump();
            var steps = Undo.UndoNames().Count;
            var f = Fails("batch", new
            {
                operations = new object[]
                {
                    new { id = "a", tool = "gameobject_create", args = new { name = "Temp" } },
                    new { id = "b", tool = "gameobject_set_active", args = new { object_path = "/Keep", active = false } },
                    new { id = "c", tool = "gameobject_delete", args = new { object_path = "/Keep" } },
                    new { id = "d", tool = "gameobject_add_component", args = new { object_path = "$a.path", component_type = "NoSuchThing" } },
                    new { id = "e", tool = "gameobject_create", args = new { name = "Never" } },
                },
            });
            Assert.AreEqual("batch_failed", f.Code);
            StringAssert.Contains("operation 3 (d), gameobject_add_component failed", f.Message);
            StringAssert.Contains("no component type is named \"NoSuchThing\"", f.Message);
            Assert.AreEqual(3, (int)f.Details["failed_index"]);
            Assert.AreEqual(before, Dump(), "the created, deactivated and deleted objects are all back as they were");
            Assert.AreEqual(steps, Undo.UndoNames().Count);
            Assert.AreEqual(0, Undo.RedoNames().Count);
        }

        [Test]
        public void BatchRefusesWhatItCannotRevertOrResolve()
        {
            var steps = Undo.UndoNames().Count;
            StringAssert.Contains("cannot run in a batch", Fails("batch", new { operations = new object[] { new { id = "x", tool = "execute_code", args = new { code = "" } } } }).Message);
            StringAssert.Contains("used twice", Fails("batch", new { operations = new object[] { new { id = "x", tool = "gameobject_create", args = new { } }, new { id = "x", tool = "gameobject_create", args = new { } } } }).Message);
            StringAssert.Contains("refers to no earlier operation", Fails("batch", new { operations = new object[] { new { id = "x", tool = "gameobject_delete", args = new { object_path = "$y.path" } } } }).Message);
            StringAssert.Contains("has no \"nope\"", Fails("batch", new { operations = new object[] { new { id = "x", tool = "gameobject_create", args = new { } }, new { id = "y", tool = "gameobject_delete", args = new { object_path = "$x.nope" } } } }).Message);
            Assert.AreEqual("", Dump());
            Assert.AreEqual(steps, Undo.UndoNames().Count);
        }
    }
}
