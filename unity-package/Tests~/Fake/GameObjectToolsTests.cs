using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEditor;
using UnityEngine;
using UnityMcp.Editor.Tools;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>The gameobject_* tools, run for real over the behavioural fake.</summary>
    [TestFixture]
    public class GameObjectToolsTests
    {
        [SetUp]
        public void Fresh() { Reset(); }

        static GameObject Go(string path) { return ObjectAddress.ByPath(path, "path"); }

        [Test]
        public void CreatesPrimitivesAndEmptiesWhereAsked()
        {
            var root = Call("gameobject_create", new { name = "Level" });
            Assert.AreEqual("/Level", (string)root["path"]);
            Assert.AreEqual("GameObject", (string)root["type"]);
            var cube = Call("gameobject_create", new { primitive = "cube", parent_path = "/Level", position = new { y = 2 }, scale = new[] { 2, 2, 2 } });
            Assert.AreEqual("/Level/Cube", (string)cube["path"]);
            CollectionAssert.AreEqual(new[] { "Transform", "MeshFilter", "MeshRenderer", "BoxCollider" }, cube["components"].ToObject<string[]>());
            var t = Go("/Level/Cube").transform;
            Assert.AreEqual(new Vector3(0, 2, 0), t.localPosition);
            Assert.AreEqual(new Vector3(2, 2, 2), t.localScale);
            // collider: false keeps the mesh and drops the collider; the parent can be an id.
            var plane = Call("gameobject_create", new { primitive = "Plane", name = "Floor", collider = false, parent_instance_id = (string)root["instance_id"] });
            CollectionAssert.AreEqual(new[] { "Transform", "MeshFilter", "MeshRenderer" }, plane["components"].ToObject<string[]>());
            Assert.AreEqual("/Level/Floor", (string)plane["path"]);
            // Each call is one undo step of its own, named for what it did.
            CollectionAssert.AreEqual(new[] { "unitymcp: Create Level", "unitymcp: Create Cube", "unitymcp: Create Floor" }, Undo.UndoNames());
            Assert.IsTrue(Go("/Level").scene.isDirty);
        }

        [Test]
        public void BadArgumentsChangeNothing()
        {
            Call("gameobject_create", new { name = "Player" });
            var before = Dump();
            var steps = Undo.UndoNames().Count;
            var f = Fails("gameobject_create", new { name = "Gun", parent_path = "/Playr" });
            Assert.AreEqual("not_found", f.Code);
            StringAssert.Contains("closest: /Player", f.Message);
            Assert.AreEqual("invalid_params", Fails("gameobject_create", new { primitive = "Cone" }).Code);
            StringAssert.Contains("position.y must be a number", Fails("gameobject_create", new { position = new { y = "up" } }).Message);
            StringAssert.Contains("has \"w\"", Fails("gameobject_set_transform", new { object_path = "/Player", rotation = new { w = 1 } }).Message);
            Assert.AreEqual("invalid_params", Fails("gameobject_set_active", new { object_path = "/Player", instance_id = "1", active = false }).Code);
            Assert.AreEqual(before, Dump());
            Assert.AreEqual(steps, Undo.UndoNames().Count);
        }

        [Test]
        public void RepeatedNamesGetAnIndexAndAreNeverGuessed()
        {
            Call("gameobject_create", new { name = "Canvas" });
            Call("gameobject_create", new { name = "Button", parent_path = "/Canvas" });
            var second = Call("gameobject_create", new { name = "Button", parent_path = "/Canvas" });
            Assert.AreEqual("/Canvas/Button[1]", (string)second["path"]);
            var label = Call("gameobject_create", new { name = "a/b[c]", parent_path = "/Canvas/Button[1]" });
            Assert.AreEqual(@"/Canvas/Button[1]/a\/b\[c]", (string)label["path"]);
            Assert.AreSame(Go(@"/Canvas/Button[1]/a\/b\[c]"), ObjectAddress.ById((string)label["instance_id"], "instance_id"));
            var f = Fails("gameobject_set_active", new { object_path = "/Canvas/Button", active = false });
            Assert.AreEqual("ambiguous", f.Code);
            StringAssert.Contains("/Canvas/Button[0]", f.Message);
            // An inactive object is still addressable.
            Call("gameobject_set_active", new { object_path = "/Canvas/Button[0]", active = false });
            Assert.IsFalse(Go("/Canvas/Button[0]").activeSelf);
        }

        [Test]
        public void SetTransformChangesOnlyTheAxesGiven()
        {
            Call("gameobject_create", new { name = "Parent", position = new { x = 10 }, rotation = new { y = 90 } });
            Call("gameobject_create", new { name = "Child", parent_path = "/Parent", position = new { x = 1, y = 2, z = 3 } });
            Call("gameobject_set_transform", new { object_path = "/Parent/Child", position = new { y = 5 } });
            Assert.AreEqual(new Vector3(1, 5, 3), Go("/Parent/Child").transform.localPosition);
            // world: the world position asked for, whatever the parent's rotation.
            var r = Call("gameobject_set_transform", new { object_path = "/Parent/Child", position = new { x = 0, y = 0, z = 0 }, world = true });
            var w = Go("/Parent/Child").transform.position;
            Assert.That(w.x * w.x + w.y * w.y + w.z * w.z, Is.LessThan(1e-8), "world position " + w);
            Assert.AreEqual(0.0, (double)r["world"]["position"]["x"], 1e-4);
            Assert.AreEqual(-10.0, (double)r["local"]["position"]["z"], 1e-3, "x=-10 in world is local z=-10 under a parent turned 90° about y");
            // Unchanged values are not an undo step.
            var steps = Undo.UndoNames().Count;
            var same = Call("gameobject_set_transform", new { object_path = "/Parent/Child", position = new { x = 0, y = 0, z = 0 }, world = true });
            Assert.IsFalse((bool)same["changed"]);
            Assert.AreEqual("invalid_params", Fails("gameobject_set_transform", new { object_path = "/Parent/Child" }).Code);
            Assert.AreEqual(steps + 1, Undo.UndoNames().Count, "Unity keeps an unchanged RecordObject out of the history; the fake keeps the step but unitymcp's undo ignores it");
        }

        [Test]
        public void ReparentKeepsTheWorldPoseOrTheLocalOne()
        {
            Call("gameobject_create", new { name = "A", position = new { x = 5 }, scale = new { x = 2, y = 2, z = 2 } });
            Call("gameobject_create", new { name = "B", position = new { x = 7 } });
            Call("gameobject_create", new { name = "C" });
            Call("gameobject_reparent", new { object_path = "/B", parent_path = "/A" });
            Assert.AreEqual(new Vector3(7, 0, 0), Go("/A/B").transform.position);
            Assert.AreEqual(new Vector3(1, 0, 0), Go("/A/B").transform.localPosition);
            var r = Call("gameobject_reparent", new { object_path = "/C", parent_path = "/A", keep_world_position = false, sibling_index = 0 });
            Assert.AreEqual(0, (int)r["sibling_index"]);
            Assert.AreEqual(new Vector3(5, 0, 0), Go("/A/C").transform.position);
            Assert.AreEqual("/A/C", (string)r["path"]);
            // Back to the root, and never under its own child.
            var f = Fails("gameobject_reparent", new { object_path = "/A", parent_path = "/A/B" });
            StringAssert.Contains("one of its children", f.Message);
            Call("gameobject_reparent", new { object_path = "/A/B" });
            Assert.AreEqual(new Vector3(7, 0, 0), Go("/B").transform.position);
        }

        [Test]
        public void DuplicateIsNumberedNextToTheOriginalWithItsReferences()
        {
            Call("gameobject_create", new { name = "Enemy" });
            Call("gameobject_create", new { name = "Gun", parent_path = "/Enemy" });
            Call("gameobject_add_component", new { object_path = "/Enemy", component_type = "Aimer" });
            Go("/Enemy").GetComponent<Aimer>().target = Go("/Enemy/Gun").transform;
            Call("gameobject_create", new { name = "Other" });
            var d = Call("gameobject_duplicate", new { object_path = "/Enemy" });
            Assert.AreEqual("/Enemy (1)", (string)d["path"]);
            Assert.AreEqual(1, Go("/Enemy (1)").transform.GetSiblingIndex());
            Assert.AreSame(Go("/Enemy (1)/Gun").transform, Go("/Enemy (1)").GetComponent<Aimer>().target, "the copy's reference points into the copy");
            Assert.AreEqual("/Enemy (2)", (string)Call("gameobject_duplicate", new { object_path = "/Enemy" })["path"]);
            Assert.AreEqual("/Boss", (string)Call("gameobject_duplicate", new { object_path = "/Enemy", name = "Boss" })["path"]);
        }

        [Test]
        public void DeleteThenUndoBringsTheWholeSubtreeBackInPlace()
        {
            Call("gameobject_create", new { name = "First" });
            Call("gameobject_create", new { name = "Tree" });
            Call("gameobject_create", new { name = "Branch", parent_path = "/Tree" });
            Call("gameobject_create", new { name = "Leaf", parent_path = "/Tree/Branch" });
            Call("gameobject_create", new { name = "Last" });
            var before = Dump();
            var leafId = (string)Call("gameobject_set_active", new { object_path = "/Tree/Branch/Leaf", active = true })["instance_id"];
            var r = Call("gameobject_delete", new { object_path = "/Tree" });
            Assert.AreEqual(2, (int)r["children"]);
            Assert.AreEqual("not_found", Fails("gameobject_set_active", new { instance_id = leafId, active = false }).Code);
            Call("undo", new { count = 1 });
            Assert.AreEqual(before, Dump());
            Assert.AreEqual(1, Go("/Tree").transform.GetSiblingIndex());
        }

        [Test]
        public void ComponentsAddedByNameRemovedByBaseType()
        {
            Call("gameobject_create", new { name = "Box", primitive = "Cube" });
            var r = Call("gameobject_add_component", new { object_path = "/Box", component_type = "UnityEngine.Rigidbody" });
            Assert.AreEqual("Rigidbody", (string)r["component"]["type"]);
            Assert.AreEqual("already_present", Fails("gameobject_add_component", new { object_path = "/Box", component_type = "Rigidbody" }).Code);
            var unknown = Fails("gameobject_add_component", new { object_path = "/Box", component_type = "Rigidbdy" });
            StringAssert.Contains("closest: Rigidbody", unknown.Message);
            StringAssert.Contains("abstract", Fails("gameobject_add_component", new { object_path = "/Box", component_type = "Collider" }).Message);
            Call("gameobject_add_component", new { object_path = "/Box", component_type = "SphereCollider" });
            // "Collider" matches both colliders; index picks the second.
            var removed = Call("gameobject_remove_component", new { object_path = "/Box", component_type = "Collider", index = 1 });
            Assert.AreEqual("SphereCollider", (string)removed["removed"]["type"]);
            StringAssert.Contains("index 0 to 0", Fails("gameobject_remove_component", new { object_path = "/Box", component_type = "Collider", index = 1 }).Message);
            Call("gameobject_add_component", new { object_path = "/Box", component_type = "Mover" });
            StringAssert.Contains("Mover requires it", Fails("gameobject_remove_component", new { object_path = "/Box", component_type = "Rigidbody" }).Message);
            StringAssert.Contains("cannot be removed", Fails("gameobject_remove_component", new { object_path = "/Box", component_type = "Transform" }).Message);
        }

        [Test]
        public void IdsAreDecimalStringsThatResolveBack()
        {
            var r = Call("gameobject_create", new { name = "Far" });
            var id = (string)r["instance_id"];
            StringAssert.IsMatch("^-?[0-9]+$", id);
#if UNITY_6000_5_OR_NEWER
            Assert.Greater(ulong.Parse(id), 1UL << 53, "from 6000.5 the id passes 2^53: a JSON double would lose it");
#endif
            Assert.AreEqual("/Far", (string)Call("gameobject_set_active", new { instance_id = id, active = false })["path"]);
            Assert.AreEqual("invalid_params", Fails("gameobject_set_active", new { instance_id = "12abc", active = false }).Code);
        }
    }

    /// <summary>A project script with a reference, for duplicate's remapping.</summary>
    public class Aimer : MonoBehaviour
    {
        public Transform target;
    }

    /// <summary>A project script that needs a Rigidbody.</summary>
    [RequireComponent(typeof(Rigidbody))]
    public class Mover : MonoBehaviour
    {
        public float speed = 3;
    }
}
