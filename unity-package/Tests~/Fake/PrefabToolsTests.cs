using System.IO;
using System.Text;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEditor;
using UnityEngine;
using UnityMcp.Editor.Tools;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>The prefab_* tools, run for real over the behavioural fake of prefab assets
    /// (Tests~/Stubs/Prefabs.cs): linked instances, overrides, apply reaching every instance,
    /// undoable revert and unpack, variants following their base, prefab_edit all or nothing.</summary>
    [TestFixture]
    public class PrefabToolsTests
    {
        const string Enemy = "Assets/Prefabs/Enemy.prefab";

        [SetUp]
        public void Fresh() { Reset(); }

        static GameObject Go(string path) { return ObjectAddress.ByPath(path, "path"); }
        static float Mass(string path) { return Go(path).GetComponent<Rigidbody>().mass; }

        /// <summary>The scene, the project's files (with their contents) and the Undo history:
        /// what a refusal must leave as it was.</summary>
        static string State()
        {
            var b = new StringBuilder(Dump());
            foreach (var f in Directory.GetFileSystemEntries(Path.Combine(Project, "Assets"), "*", SearchOption.AllDirectories))
            {
                b.Append(f.Substring(Project.Length)).Append('\n');
                if (File.Exists(f)) b.Append(File.ReadAllText(f));
            }
            b.Append(string.Join("|", Undo.UndoNames().ToArray())).Append(" / ").Append(string.Join("|", Undo.RedoNames().ToArray()));
            return b.ToString();
        }

        /// <summary>/Enemy (Rigidbody) with /Enemy/Gun (a cube at x = 1), saved as Enemy.prefab and connected.</summary>
        static JObject MakeEnemy()
        {
            Call("gameobject_create", new { name = "Enemy" });
            Call("gameobject_add_component", new { object_path = "/Enemy", component_type = "Rigidbody" });
            Call("gameobject_create", new { name = "Gun", primitive = "Cube", parent_path = "/Enemy", position = new { x = 1 }, rotation = new { x = 13, y = 37, z = 71 } });
            return Call("prefab_create", new { object_path = "/Enemy", path = "Assets/Prefabs/Enemy" });
        }

        static JObject Place(string name, string path = Enemy)
        {
            return Call("prefab_instantiate", new { path, name });
        }

        static void SetMass(string objectPath, double mass)
        {
            Call("inspect_write", new { object_path = objectPath, component_type = "Rigidbody", property_path = "m_Mass", value = mass });
        }

        [Test]
        public void CreateSavesTheAssetMakesItsFolderAndConnects()
        {
            var steps = Undo.UndoNames().Count + 3;
            var r = MakeEnemy();
            Assert.AreEqual(Enemy, (string)r["asset"]["path"]);
            Assert.AreEqual(32, ((string)r["asset"]["guid"]).Length);
            Assert.AreEqual("Enemy", (string)r["asset"]["name"]);
            CollectionAssert.AreEqual(new[] { "Assets/Prefabs" }, r["created_folders"].ToObject<string[]>());
            Assert.IsTrue(File.Exists(Path.Combine(Project, "Assets/Prefabs/Enemy.prefab.meta")));
            Assert.IsTrue(File.Exists(Path.Combine(Project, "Assets/Prefabs.meta")));
            Assert.IsTrue((bool)r["connected"]);
            Assert.AreEqual("/Enemy", (string)r["instance"]["path"]);
            Assert.IsTrue(PrefabUtility.IsPartOfPrefabInstance(Go("/Enemy/Gun")));
            Assert.AreEqual(0, (int)Call("prefab_overrides", new { object_path = "/Enemy/Gun" })["count"], "a fresh instance overrides nothing");
            Assert.AreEqual(steps, Undo.UndoNames().Count, "writing an asset is no undo step");
            // The asset is the object as it was, its root named after the file.
            var asset = AssetDatabase.LoadAssetAtPath<GameObject>(Enemy);
            Assert.AreEqual("Enemy", asset.name);
            Assert.AreEqual(1f, asset.transform.Find("Gun").localPosition.x);
            Assert.IsFalse(asset.scene.IsValid(), "an asset's objects are in no scene");

            // Refusals leave the scene, the files and the Undo history as they were.
            Call("gameobject_create", new { name = "Plain" });
            var before = State();
            Assert.AreEqual("already_exists", Fails("prefab_create", new { object_path = "/Plain", path = Enemy }).Code);
            StringAssert.Contains("Unity saves only a whole instance", Fails("prefab_create", new { object_path = "/Enemy/Gun", path = "Assets/Gun.prefab" }).Message);
            StringAssert.Contains("use prefab_apply", Fails("prefab_create", new { object_path = "/Enemy", path = Enemy, overwrite = true }).Message);
            foreach (var bad in new[] { "Prefabs/X", "Assets/../X", "/tmp/X", "Assets//X" })
                Assert.AreEqual("invalid_params", Fails("prefab_create", new { object_path = "/Plain", path = bad }).Code, bad);
            Assert.AreEqual(before, State());

            // connect: false leaves the object plain; the asset's root is named after its file.
            Assert.AreEqual("Loose", (string)Call("prefab_create", new { object_path = "/Plain", path = "Assets/Loose.prefab", connect = false })["asset"]["name"]);
            Assert.AreEqual("Loose", AssetDatabase.LoadAssetAtPath<GameObject>("Assets/Loose.prefab").name);
            StringAssert.Contains("is not part of a prefab instance", Fails("prefab_overrides", new { object_path = "/Plain" }).Message);
        }

        [Test]
        public void InstantiatePlacesALinkedInstanceAsOneUndoStep()
        {
            MakeEnemy();
            Call("gameobject_create", new { name = "Spawn" });
            var steps = Undo.UndoNames().Count;
            var r = Call("prefab_instantiate", new { path = "Assets/Prefabs/Enemy", parent_path = "/Spawn", name = "Boss", position = new { y = 2 }, rotation = new { y = 90 } });
            Assert.AreEqual("/Spawn/Boss", (string)r["path"]);
            Assert.AreEqual(Enemy, (string)r["prefab"]["path"]);
            var boss = Go("/Spawn/Boss");
            Assert.AreEqual(new Vector3(0, 2, 0), boss.transform.localPosition);
            Assert.AreEqual(90f, boss.transform.localEulerAngles.y, 1e-3);
            Assert.AreEqual(Enemy, PrefabUtility.GetPrefabAssetPathOfNearestInstanceRoot(boss.transform.Find("Gun").gameObject));
            // Its name, position and rotation are the instance's own: no override to apply.
            var o = Call("prefab_overrides", new { object_path = "/Spawn/Boss" });
            Assert.AreEqual(0, (int)o["count"]);
            Assert.AreEqual(3, ((JArray)o["default_overrides"]).Count, "m_Name, m_LocalPosition, m_LocalRotation");
            CollectionAssert.AreEqual(new[] { "unitymcp: Instantiate Boss" }, Undo.UndoNames().GetRange(steps, 1));
            // By GUID, at the scene root, named as the prefab.
            var byGuid = Call("prefab_instantiate", new { guid = (string)r["prefab"]["guid"] });
            Assert.AreEqual("/Enemy[1]", (string)byGuid["path"]);
            Call("undo", new { count = 2 });
            StringAssert.DoesNotContain("Boss", Dump());
            Assert.AreEqual("/Enemy", (string)ObjectAddress.Bundle(Go("/Enemy"))["path"]);

            var before = State();
            var f = Fails("prefab_instantiate", new { path = "Assets/Prefabs/Enemmy.prefab" });
            Assert.AreEqual("not_found", f.Code);
            StringAssert.Contains("closest: " + Enemy, f.Message);
            Assert.AreEqual("not_found", Fails("prefab_instantiate", new { path = Enemy, parent_path = "/Nowhere" }).Code);
            Assert.AreEqual("invalid_params", Fails("prefab_instantiate", new { path = Enemy, guid = "0123" }).Code);
            Assert.AreEqual(before, State());
        }

        [Test]
        public void ApplyWithoutConfirmIsRefusedWithTheOverridesThenReachesEveryInstance()
        {
            MakeEnemy();
            Place("A");
            Place("B");
            SetMass("/B", 7); // B's own override: it keeps it
            SetMass("/Enemy", 5);
            Call("gameobject_add_component", new { object_path = "/Enemy/Gun", component_type = "Rigidbody" });
            Call("gameobject_set_transform", new { object_path = "/Enemy", position = new { z = 3 } });
            var before = State();
            var f = Fails("prefab_apply", new { object_path = "/Enemy/Gun" });
            Assert.AreEqual("confirmation_required", f.Code);
            StringAssert.Contains("would write 2 overrides of /Enemy into " + Enemy, f.Message);
            StringAssert.Contains("/Enemy's Rigidbody m_Mass", f.Message);
            StringAssert.Contains("added Rigidbody on /Enemy/Gun", f.Message);
            StringAssert.Contains("2 others in the open scenes", f.Message);
            StringAssert.Contains("cannot be undone", f.Message);
            var listed = (JObject)f.Details["overrides"];
            Assert.AreEqual(5.0, (double)listed["property_overrides"][0]["value"]);
            Assert.AreEqual(1.0, (double)listed["property_overrides"][0]["asset_value"]);
            Assert.AreEqual("m_LocalPosition", (string)listed["default_overrides"][0]["property_path"]);
            Assert.AreEqual(3.0, (double)listed["default_overrides"][0]["value"]["z"]);
            Assert.AreEqual(0.0, (double)listed["default_overrides"][0]["asset_value"]["z"]);
            Assert.AreEqual(before, State());
            var dry = Call("prefab_apply", new { object_path = "/Enemy", dry_run = true });
            Assert.AreEqual(2, (int)dry["would_apply"]["count"]);
            Assert.AreEqual(before, State(), "a dry run changes nothing");

            var r = Call("prefab_apply", new { object_path = "/Enemy", confirm = true });
            Assert.AreEqual(2, (int)r["count"]);
            Assert.IsNull(r["not_applied"], "the position is a default override: not applied, and not a remaining one");
            Assert.AreEqual(5f, Mass("/A"), "A followed the asset");
            Assert.AreEqual(7f, Mass("/B"), "B's own override stays");
            Assert.IsNotNull(Go("/A/Gun").GetComponent<Rigidbody>(), "the added component reached A");
            Assert.AreEqual(0f, Go("/A").transform.localPosition.z, "the root position never applies");
            Assert.AreEqual(5f, AssetDatabase.LoadAssetAtPath<GameObject>(Enemy).GetComponent<Rigidbody>().mass);
            Assert.AreEqual(0, (int)Call("prefab_overrides", new { object_path = "/A" })["count"]);
            Assert.AreEqual(1, (int)Call("prefab_overrides", new { object_path = "/B" })["count"]);
            // An applied component is part of A's instance now: removing it there is an override.
            Assert.IsTrue(PrefabUtility.IsPartOfPrefabInstance(Go("/A/Gun").GetComponent<Rigidbody>()));
            StringAssert.Contains("prefab_apply cannot run in a batch",
                Fails("batch", new { operations = new object[] { new { tool = "prefab_apply", args = new { object_path = "/B", confirm = true } } } }).Message);
        }

        [Test]
        public void RevertIsOneUndoStepThatUndoTakesBack()
        {
            MakeEnemy();
            SetMass("/Enemy", 4);
            Call("gameobject_set_active", new { object_path = "/Enemy/Gun", active = false });
            Call("gameobject_add_component", new { object_path = "/Enemy/Gun", component_type = "Rigidbody" });
            Call("gameobject_remove_component", new { object_path = "/Enemy/Gun", component_type = "BoxCollider" });
            Assert.AreEqual(4, (int)Call("prefab_overrides", new { object_path = "/Enemy" })["count"]);
            var overridden = Dump();

            // One property.
            var r = Call("prefab_revert", new { object_path = "/Enemy", component_type = "Rigidbody", property_path = "m_Mass" });
            Assert.IsTrue((bool)r["changed"]);
            Assert.AreEqual(1f, Mass("/Enemy"));
            Assert.AreEqual("unitymcp: Revert m_Mass of Rigidbody of Enemy", Undo.UndoNames()[Undo.UndoNames().Count - 1]);
            Call("undo", null);
            Assert.AreEqual(4f, Mass("/Enemy"));

            // The whole instance, and back.
            r = Call("prefab_revert", new { object_path = "/Enemy/Gun" });
            Assert.AreEqual(0, (int)r["overrides"]["count"]);
            Assert.IsTrue(Go("/Enemy/Gun").activeSelf);
            Assert.IsNull(Go("/Enemy/Gun").GetComponent<Rigidbody>(), "the added component went");
            Assert.IsNotNull(Go("/Enemy/Gun").GetComponent<BoxCollider>(), "the removed component came back");
            Call("undo", null);
            Assert.AreEqual(overridden, Dump());
            Assert.AreEqual(4, (int)Call("prefab_overrides", new { object_path = "/Enemy" })["count"]);
            Call("redo", null);
            Assert.AreEqual(0, (int)Call("prefab_overrides", new { object_path = "/Enemy" })["count"]);
            Call("undo", null);

            // One component: an added one is removed, a removed one comes back.
            Call("prefab_revert", new { object_path = "/Enemy/Gun", component_type = "Rigidbody" });
            Assert.IsNull(Go("/Enemy/Gun").GetComponent<Rigidbody>());
            Call("prefab_revert", new { object_path = "/Enemy/Gun", component_type = "BoxCollider" });
            Assert.IsNotNull(Go("/Enemy/Gun").GetComponent<BoxCollider>());
            Assert.AreEqual(2, (int)Call("prefab_overrides", new { object_path = "/Enemy" })["count"]);

            // Nothing left to revert: changed false, which unitymcp's undo does not keep.
            Call("prefab_revert", new { object_path = "/Enemy" });
            Assert.IsFalse((bool)Call("prefab_revert", new { object_path = "/Enemy" })["changed"]);

            var before = State();
            StringAssert.Contains("closest: m_Mass", Fails("prefab_revert", new { object_path = "/Enemy", component_type = "Rigidbody", property_path = "m_Mas" }).Message);
            Assert.AreEqual("not_found", Fails("prefab_revert", new { object_path = "/Enemy", component_type = "Light" }).Code);
            Call("gameobject_create", new { name = "Loose" });
            before = State();
            StringAssert.Contains("not part of a prefab instance", Fails("prefab_revert", new { object_path = "/Loose" }).Message);
            Assert.AreEqual(before, State());
        }

        [Test]
        public void AVariantFollowsItsBase()
        {
            MakeEnemy();
            var v = Call("prefab_create_variant", new { path = Enemy, variant_path = "Assets/Variants/Elite" });
            Assert.AreEqual("Assets/Variants/Elite.prefab", (string)v["asset"]["path"]);
            Assert.AreEqual("Elite", (string)v["asset"]["name"]);
            Assert.AreEqual(Enemy, (string)v["base"]["path"]);
            CollectionAssert.AreEqual(new[] { "Assets/Variants" }, v["created_folders"].ToObject<string[]>());
            StringAssert.DoesNotContain("Enemy[1]", Dump(), "the instance the variant was saved from is gone");
            // The variant's own value, set in the variant asset.
            Call("prefab_edit", new { path = "Assets/Variants/Elite.prefab", confirm = true, operations = new object[] { new { tool = "gameobject_set_active", args = new { object_path = "/Elite/Gun", active = false } } } });
            Place("E1", "Assets/Variants/Elite.prefab");
            Assert.IsFalse(Go("/E1/Gun").activeSelf);
            Assert.AreEqual("Assets/Variants/Elite.prefab", PrefabUtility.GetPrefabAssetPathOfNearestInstanceRoot(Go("/E1")));

            // The base changes: the variant and its instance follow, but for the variant's own value.
            SetMass("/Enemy", 9);
            Call("gameobject_set_transform", new { object_path = "/Enemy/Gun", scale = new { x = 2 } });
            Call("gameobject_set_active", new { object_path = "/Enemy/Gun", active = true });
            Call("prefab_apply", new { object_path = "/Enemy", confirm = true });
            Assert.AreEqual(9f, Mass("/E1"));
            Assert.AreEqual(2f, Go("/E1/Gun").transform.localScale.x);
            Assert.IsFalse(Go("/E1/Gun").activeSelf, "the variant overrides the Gun's active state");
            Assert.AreEqual(9f, AssetDatabase.LoadAssetAtPath<GameObject>("Assets/Variants/Elite.prefab").GetComponent<Rigidbody>().mass);
            StringAssert.Contains("variant of " + Enemy, File.ReadAllText(Path.Combine(Project, "Assets/Variants/Elite.prefab")));

            // A variant's instance applies to the variant, not to the base.
            SetMass("/E1", 11);
            Call("prefab_apply", new { object_path = "/E1", confirm = true });
            Assert.AreEqual(9f, Mass("/Enemy"));
            Assert.AreEqual(9f, AssetDatabase.LoadAssetAtPath<GameObject>(Enemy).GetComponent<Rigidbody>().mass);
            Assert.AreEqual(11f, AssetDatabase.LoadAssetAtPath<GameObject>("Assets/Variants/Elite.prefab").GetComponent<Rigidbody>().mass);

            var before = State();
            Assert.AreEqual("already_exists", Fails("prefab_create_variant", new { path = Enemy, variant_path = "Assets/Variants/Elite.prefab" }).Code);
            Assert.AreEqual("invalid_params", Fails("prefab_create_variant", new { path = Enemy, variant_path = Enemy }).Code);
            Assert.AreEqual("not_found", Fails("prefab_create_variant", new { path = "Assets/Nope.prefab", variant_path = "Assets/X.prefab" }).Code);
            Assert.AreEqual(before, State());
        }

        [Test]
        public void UnpackBreaksTheLinkAndUndoRestoresIt()
        {
            MakeEnemy();
            Place("Loose");
            var r = Call("prefab_unpack", new { object_path = "/Loose/Gun" });
            Assert.AreEqual("/Loose", (string)r["path"]);
            Assert.AreEqual(Enemy, (string)r["unpacked_from"]);
            Assert.AreEqual(JTokenType.Null, r["now_instance_of"].Type);
            Assert.IsFalse(PrefabUtility.IsPartOfPrefabInstance(Go("/Loose/Gun")));
            var before = State();
            Assert.AreEqual("invalid_params", Fails("prefab_unpack", new { object_path = "/Loose" }).Code);
            Assert.AreEqual(before, State());
            // The prefab changes: the unpacked copy does not follow.
            SetMass("/Enemy", 3);
            Call("prefab_apply", new { object_path = "/Enemy", confirm = true });
            Assert.AreEqual(1f, Mass("/Loose"));
            // undo puts the link back (the mass change first: apply is no undo step).
            CollectionAssert.AreEqual(new[] { "unitymcp: Set m_Mass of Rigidbody on Enemy", "unitymcp: Unpack Loose" }, Call("undo", new { count = 2 })["undone"].ToObject<string[]>());
            Assert.IsTrue(PrefabUtility.IsPartOfPrefabInstance(Go("/Loose/Gun")));
            Assert.AreEqual(Enemy, (string)Call("prefab_overrides", new { object_path = "/Loose" })["prefab"]);

            // One level of a variant's instance leaves an instance of the base; completely, none.
            Call("prefab_create_variant", new { path = Enemy, variant_path = "Assets/Elite.prefab" });
            Place("E", "Assets/Elite.prefab");
            Assert.AreEqual(Enemy, (string)Call("prefab_unpack", new { object_path = "/E" })["now_instance_of"]);
            Assert.AreEqual(JTokenType.Null, Call("prefab_unpack", new { object_path = "/E", completely = true })["now_instance_of"].Type);
        }

        [Test]
        public void PrefabEditIsAllOrNothing()
        {
            MakeEnemy();
            var prefabFile = Path.Combine(Project, "Assets/Prefabs/Enemy.prefab");
            var before = State();
            var ops = new object[]
            {
                new { id = "barrel", tool = "gameobject_create", args = (object)new { name = "Barrel" } },
                new { id = "body", tool = "gameobject_add_component", args = (object)new { object_path = "$barrel.path", component_type = "Rigidbody" } },
                new { id = "bad", tool = "gameobject_set_transform", args = (object)new { object_path = "/Enemy/Nope", position = new { x = 1 } } },
            };
            var f = Fails("prefab_edit", new { path = Enemy, confirm = true, operations = ops });
            Assert.AreEqual("batch_failed", f.Code);
            StringAssert.Contains("operation 2 (bad), gameobject_set_transform failed", f.Message);
            StringAssert.Contains("names no object in the prefab " + Enemy + "; closest: /Enemy/Gun", f.Message);
            StringAssert.Contains("was left as it was", f.Message);
            Assert.AreEqual(before, State(), "the asset, the scene and the Undo history are as they were");
            Assert.IsNull(AssetDatabase.LoadAssetAtPath<GameObject>(Enemy).transform.Find("Barrel"));

            // Without confirm: refused, saying what it would do.
            var plain = new object[] { new { id = "barrel", tool = "gameobject_create", args = new { name = "Barrel" } } };
            StringAssert.Contains("confirm: true", Fails("prefab_edit", new { path = Enemy, operations = plain }).Message);
            // Objects outside the prefab, a second root, and tools that are not edits are refused.
            Call("gameobject_create", new { name = "Outside" });
            before = State();
            var outside = (string)ObjectAddress.Bundle(Go("/Outside"))["instance_id"];
            StringAssert.Contains("not inside the prefab", Fails("prefab_edit", new { path = Enemy, confirm = true, operations = new object[] { new { tool = "gameobject_delete", args = new { instance_id = outside } } } }).Message);
            StringAssert.Contains("exactly one root", Fails("prefab_edit", new { path = Enemy, confirm = true, operations = new object[] { new { tool = "gameobject_duplicate", args = new { object_path = "/Enemy" } } } }).Message);
            StringAssert.Contains("cannot run inside prefab_edit", Fails("prefab_edit", new { path = Enemy, confirm = true, operations = new object[] { new { tool = "prefab_unpack", args = new { object_path = "/Enemy" } } } }).Message);
            Assert.AreEqual(before, State());
            // A dry run runs and saves nothing.
            var dry = Call("prefab_edit", new { path = Enemy, dry_run = true, operations = plain });
            Assert.AreEqual("/Enemy/Barrel", (string)dry["results"][0]["result"]["path"]);
            Assert.IsFalse((bool)dry["saved"]);
            Assert.AreEqual(before, State());

            // It works: the asset gains the object, the instance follows, Undo is untouched.
            var fileBefore = File.ReadAllText(prefabFile);
            var r = Call("prefab_edit", new { path = Enemy, confirm = true, operations = new object[] { ops[0], ops[1] } });
            Assert.AreEqual(2, (int)r["count"]);
            Assert.AreEqual("/Enemy/Barrel", (string)r["results"][0]["result"]["path"]);
            Assert.AreEqual("the prefab " + Enemy, (string)r["results"][0]["result"]["scene"]);
            Assert.IsNotNull(AssetDatabase.LoadAssetAtPath<GameObject>(Enemy).transform.Find("Barrel").GetComponent<Rigidbody>());
            Assert.IsNotNull(Go("/Enemy/Barrel").GetComponent<Rigidbody>(), "the instance in the scene followed");
            Assert.IsTrue(PrefabUtility.IsPartOfPrefabInstance(Go("/Enemy/Barrel")));
            Assert.AreNotEqual(fileBefore, File.ReadAllText(prefabFile));
            Assert.AreEqual(before.Substring(before.LastIndexOf('\n')), State().Substring(State().LastIndexOf('\n')), "no undo step");
        }

        [Test]
        public void InstantiateAndMoveInOneBatch()
        {
            MakeEnemy();
            // A failing batch takes the instance back with the rest.
            var before = State();
            Assert.AreEqual("batch_failed", Fails("batch", new
            {
                operations = new object[]
                {
                    new { id = "e", tool = "prefab_instantiate", args = (object)new { path = Enemy } },
                    new { id = "u", tool = "prefab_unpack", args = (object)new { instance_id = "$e.instance_id" } },
                    new { id = "r", tool = "prefab_revert", args = (object)new { object_path = "/Nope" } },
                },
            }).Code);
            Assert.AreEqual(before, State());
            var steps = Undo.UndoNames().Count;
            var r = Call("batch", new
            {
                operations = new object[]
                {
                    new { id = "e", tool = "prefab_instantiate", args = (object)new { path = Enemy, name = "Grunt" } },
                    new { id = "m", tool = "gameobject_set_transform", args = (object)new { instance_id = "$e.instance_id", position = new { x = 4 } } },
                },
            });
            Assert.AreEqual(2, (int)r["count"]);
            Assert.AreEqual(4f, Go("/Grunt").transform.localPosition.x);
            Assert.IsTrue(PrefabUtility.IsPartOfPrefabInstance(Go("/Grunt")));
            Assert.AreEqual(steps + 1, Undo.UndoNames().Count);
            Call("undo", null);
            StringAssert.DoesNotContain("Grunt", Dump());
        }

        [Test]
        public void ReferencesInsideThePrefabFollowTheirInstance()
        {
            MakeEnemy();
            Call("gameobject_add_component", new { object_path = "/Enemy", component_type = "Turret" });
            Call("inspect_write", new { object_path = "/Enemy", component_type = "Turret", property_path = "aim", value = new { path = "/Enemy/Gun" } });
            Call("prefab_apply", new { object_path = "/Enemy", confirm = true });
            Place("A");
            Assert.AreSame(Go("/A/Gun").transform, Go("/A").GetComponent<Turret>().aim, "an instance refers to its own Gun");
            Assert.AreEqual(0, (int)Call("prefab_overrides", new { object_path = "/A" })["count"], "which is no override");

            // The asset's array grows: the instance follows element by element.
            Call("prefab_edit", new { path = Enemy, confirm = true, operations = new object[] { new { tool = "inspect_write", args = new { object_path = "/Enemy", component_type = "Turret", property_path = "ammo.Array.size", value = 3 } } } });
            CollectionAssert.AreEqual(new[] { 1, 2, 2 }, Go("/A").GetComponent<Turret>().ammo);

            // A reference to a scene object is an override that apply cannot write into the asset.
            Call("gameobject_create", new { name = "Target" });
            Call("inspect_write", new { object_path = "/A", component_type = "Turret", property_path = "aim", value = new { path = "/Target" } });
            var o = Call("prefab_overrides", new { object_path = "/A" });
            var aim = o["property_overrides"][0];
            Assert.AreEqual("aim", (string)aim["property_path"]);
            Assert.AreEqual("Turret", (string)aim["component"]);
            Assert.AreEqual("/Target", (string)aim["value"]["path"]);
            Assert.AreEqual("/Enemy/Gun", (string)aim["asset_value"]["in_prefab"]);
            var r = Call("prefab_apply", new { object_path = "/A", confirm = true });
            Assert.AreEqual("aim", (string)r["not_applied"]["property_overrides"][0]["property_path"]);
            Assert.AreEqual("Gun", AssetDatabase.LoadAssetAtPath<GameObject>(Enemy).GetComponent<Turret>().aim.name);
            Assert.AreSame(Go("/Enemy/Gun").transform, Go("/Enemy").GetComponent<Turret>().aim);
        }

        [Test]
        public void SavingOverAPrefabKeepsItsInstancesLinked()
        {
            MakeEnemy();
            Place("A");
            var gun = Go("/A/Gun");
            // A new Enemy: the Gun (matched by name) scaled, a Shield added, the Rigidbody gone.
            Call("gameobject_create", new { name = "Draft" });
            Call("gameobject_create", new { name = "Gun", parent_path = "/Draft", scale = new { x = 3, y = 1, z = 1 } });
            Call("gameobject_create", new { name = "Shield", parent_path = "/Draft" });
            var r = Call("prefab_create", new { object_path = "/Draft", path = Enemy, overwrite = true, connect = false });
            Assert.AreEqual("Enemy", (string)r["asset"]["name"], "the root keeps the file's name");
            Assert.AreSame(gun, Go("/A/Gun"), "the Gun matched by name: A keeps its own object, linked");
            Assert.AreEqual(3f, gun.transform.localScale.x);
            Assert.IsNotNull(Go("/A/Shield"));
            Assert.IsNull(Go("/A").GetComponent<Rigidbody>());
            Assert.IsNull(Go("/A/Gun").GetComponent<BoxCollider>());
            Assert.AreEqual(0, (int)Call("prefab_overrides", new { object_path = "/A" })["count"]);
        }
    }

    /// <summary>A script whose fields an instance can override: a reference and an array.</summary>
    public class Turret : MonoBehaviour
    {
        public Transform aim;
        public int[] ammo = { 1, 2 };
    }
}
