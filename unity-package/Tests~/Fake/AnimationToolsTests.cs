using System.IO;
using System.Linq;
using System.Text;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEditor;
using UnityEditor.Animations;
using UnityEngine;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>What the animation tests share: controllers and clips made through the
    /// tools, and a dump of everything a controller holds (what a refusal must leave as it
    /// was and an undo must bring back).</summary>
    internal static class Anim
    {
        internal const string Hero = "Assets/Anim/Hero.controller";

        internal static AnimatorController Load(string path = Hero) { return (AnimatorController)AssetDatabase.LoadAssetAtPath(path, typeof(AnimatorController)); }

        /// <summary>A controller with Idle (default), Run and Jump in its base layer and a Float
        /// Speed, a Bool Grounded and a Trigger Jump.</summary>
        internal static AnimatorController Basic()
        {
            Call("animator_create", new { path = Hero });
            Call("animation_clip_create", new { path = "Assets/Anim/Run.anim" });
            Call("animation_clip_write_curves", new { path = "Assets/Anim/Run.anim", curves = new[] { new { target = "", type = "Transform", property = "m_LocalPosition.x", keys = new[] { new { time = 0, value = 0 }, new { time = 2, value = 1 } } } } });
            foreach (var s in new[] { "Idle", "Run", "Jump" }) Call("animator_add_state", new { path = Hero, name = s });
            Call("animator_add_parameter", new { path = Hero, name = "Speed", type = "Float" });
            Call("animator_add_parameter", new { path = Hero, name = "Grounded", type = "Bool", default_value = true });
            Call("animator_add_parameter", new { path = Hero, name = "Jump", type = "Trigger" });
            return Load();
        }

        /// <summary>Everything the controller holds, and how many live objects its file has.</summary>
        internal static string Dump(AnimatorController c)
        {
            var b = new StringBuilder();
            b.Append("objects ").Append(AssetDatabase.LoadAllAssetsAtPath(AssetDatabase.GetAssetPath(c)).Length).Append('\n');
            foreach (var p in c.parameters) b.Append("param ").Append(p.name).Append(' ').Append(p.type).Append(' ').Append(p.defaultFloat).Append(' ').Append(p.defaultInt).Append(' ').Append(p.defaultBool).Append('\n');
            foreach (var l in c.layers)
            {
                b.Append("layer ").Append(l.name).Append(' ').Append(l.defaultWeight).Append(' ').Append(l.blendingMode).Append(' ').Append(l.syncedLayerIndex).Append('\n');
                if (l.stateMachine != null) Machine(l.stateMachine, "  ", b);
            }
            return b.ToString();
        }

        static void Machine(AnimatorStateMachine m, string indent, StringBuilder b)
        {
            b.Append(indent).Append("machine ").Append(m.name).Append(" default ").Append(m.defaultState != null ? m.defaultState.name : "-").Append('\n');
            foreach (var c in m.states)
            {
                var s = c.state;
                b.Append(indent).Append(" state ").Append(s.name).Append(' ').Append(s.motion != null ? s.motion.name : "-").Append(' ').Append(s.speed).Append(' ').Append(s.writeDefaultValues).Append(" '").Append(s.tag).Append("'\n");
                foreach (var t in s.transitions) Transition(t, indent + "  ", b);
            }
            foreach (var t in m.anyStateTransitions) Transition(t, indent + " any ", b);
            foreach (var t in m.entryTransitions) b.Append(indent).Append(" entry -> ").Append(t.destinationState != null ? t.destinationState.name : "-").Append('\n');
            foreach (var c in m.stateMachines) Machine(c.stateMachine, indent + "  ", b);
        }

        static void Transition(AnimatorStateTransition t, string indent, StringBuilder b)
        {
            b.Append(indent).Append("-> ").Append(t.destinationState != null ? t.destinationState.name : "-").Append(" exit ").Append(t.hasExitTime).Append(' ').Append(t.exitTime).Append(" dur ").Append(t.duration);
            foreach (var c in t.conditions) b.Append(" [").Append(c.parameter).Append(' ').Append(c.mode).Append(' ').Append(c.threshold).Append(']');
            b.Append('\n');
        }

        internal static AnimatorState State(AnimatorController c, string name, int layer = 0) { return c.layers[layer].stateMachine.states.First(s => s.state.name == name).state; }

        /// <summary>Fails unless the asset's file on disk holds what its objects hold in the
        /// Editor now (the fake writes every object's serialized fields: AssetText).</summary>
        internal static void OnDiskAsInMemory(string path, string why)
        {
            Assert.AreEqual(AssetStore.Text(AssetStore.At(path)), File.ReadAllText(Path.Combine(Project, path)), why);
        }
    }

    /// <summary>animator_create, animator_inspect and the layer and state tools over the fake
    /// UnityEditor.Animations (Tests~/Stubs/Animation*.cs): identity bundles, closest names on
    /// every wrong name, refusals that change nothing, one undo step per call.</summary>
    [TestFixture]
    public class AnimationToolsTests
    {
        [SetUp]
        public void Fresh() { Reset(); }

        [Test]
        public void CreateWritesAControllerWithABaseLayerAndGivesItToAnAnimator()
        {
            Call("gameobject_create", new { name = "Hero" });
            var r = Call("animator_create", new { path = "Assets/Anim/Hero", object_path = "/Hero" });
            Assert.AreEqual(Anim.Hero, (string)r["controller"]["path"]);
            Assert.AreEqual(AssetDatabase.AssetPathToGUID(Anim.Hero), (string)r["controller"]["guid"]);
            Assert.AreEqual("Hero", (string)r["controller"]["name"]);
            CollectionAssert.AreEqual(new[] { "Assets/Anim" }, r["created_folders"].Select(t => (string)t));
            CollectionAssert.AreEqual(new[] { "Base Layer" }, Anim.Load().layers.Select(l => l.name));
            // Unity's first layer weighs 0: neither AddLayer nor the layer's fields set it
            // (AnimatorControllerLayer.m_DefaultWeight has no initializer), and the first
            // layer's weight is not taken into account.
            Assert.AreEqual(0f, Anim.Load().layers[0].defaultWeight);
            Assert.IsTrue((bool)r["animator_added"]);
            // asset_find knows it by its type, as the AssetDatabase types a .controller file.
            Assert.AreEqual(Anim.Hero, (string)Call("asset_find", new { type = "AnimatorController" })["assets"][0]["path"]);
            var animator = GameObject.Find("Hero").GetComponent<Animator>();
            Assert.AreSame(Anim.Load(), animator.runtimeAnimatorController);
            // Undo takes back the Animator, not the asset.
            Call("undo", new { count = 1 });
            Assert.IsNull(GameObject.Find("Hero").GetComponent<Animator>());
            Assert.IsNotNull(Anim.Load());
            // An existing controller is not replaced unless asked.
            var f = Fails("animator_create", new { path = Anim.Hero });
            Assert.AreEqual("already_exists", f.Code);
            StringAssert.Contains("overwrite", f.Message);
            // A wrong object_path is refused before anything is written.
            f = Fails("animator_create", new { path = "Assets/Anim/Other.controller", object_path = "/Heroo" });
            Assert.AreEqual("not_found", f.Code);
            StringAssert.Contains("/Hero", f.Message);
            Assert.IsFalse(File.Exists(Path.Combine(Project, "Assets/Anim/Other.controller")));
        }

        [Test]
        public void InspectAnswersTheOverviewAndALayerInFull()
        {
            Anim.Basic();
            Call("animator_set_state", new { path = Anim.Hero, state = "Run", set = new { motion = "Assets/Anim/Run.anim", speed = 1.5 } });
            Call("animator_add_transition", new { path = Anim.Hero, from_state = "Idle", to_state = "Run", conditions = new object[] { "Speed > 0.1", new { parameter = "Grounded", mode = "If" } } });
            var o = Call("animator_inspect", new { path = Anim.Hero });
            CollectionAssert.AreEqual(new[] { "Speed", "Grounded", "Jump" }, o["parameters"].Select(p => (string)p["name"]));
            Assert.AreEqual(true, (bool)o["parameters"][1]["default"]);
            Assert.AreEqual(3, (int)o["layers"][0]["states"]);
            Assert.AreEqual("Idle", (string)o["layers"][0]["default_state"]);
            Assert.IsNull(o["layers"][0]["transitions"], "the overview lists no states");
            var d = Call("animator_inspect", new { path = AssetDatabase.AssetPathToGUID(Anim.Hero), layer = "Base Layer" });
            Assert.AreEqual(Anim.Hero, (string)d["controller"]["path"], "a GUID names the controller too");
            var run = d["states"].First(s => (string)s["name"] == "Run");
            Assert.AreEqual("Assets/Anim/Run.anim", (string)run["motion"]["clip"]);
            Assert.AreEqual(1.5, (double)run["speed"], 1e-6);
            var t = d["states"].First(s => (string)s["name"] == "Idle")["transitions"][0];
            Assert.AreEqual("Run", (string)t["to"]);
            // Conditions come back in the form the tools take them.
            CollectionAssert.AreEqual(new[] { "Speed > 0.1", "Grounded" }, t["conditions"].Select(x => (string)x));
            var f = Fails("animator_inspect", new { path = Anim.Hero, layer = "Base Layr" });
            Assert.AreEqual("not_found", f.Code);
            StringAssert.Contains("closest: Base Layer", f.Message);
            f = Fails("animator_inspect", new { path = "Assets/Anim/Heor.controller" });
            Assert.AreEqual("not_found", f.Code);
            StringAssert.Contains("closest: " + Anim.Hero, f.Message);
            f = Fails("animator_inspect", new { path = "Assets/Anim/Run.anim" });
            Assert.AreEqual("invalid_params", f.Code);
            StringAssert.Contains("not an Animator Controller", f.Message);
        }

        [Test]
        public void AddLayerStoresItsSettingsThroughTheCopiedLayersAndUndoesInOneStep()
        {
            var c = Anim.Basic();
            // The trap the fake keeps from Unity: layers answers copies.
            c.layers[0].defaultWeight = 0.3f;
            Assert.AreEqual(0f, c.layers[0].defaultWeight);
            var before = Anim.Dump(c);
            var r = Call("animator_add_layer", new { path = Anim.Hero, name = "Upper", weight = 0.5, blending = "Additive", index = 0 });
            Assert.AreEqual(0, (int)r["layer"]["index"]);
            Assert.AreEqual("Upper", c.layers[0].name);
            Assert.AreEqual(0.5f, c.layers[0].defaultWeight);
            Assert.AreEqual(AnimatorLayerBlendingMode.Additive, c.layers[0].blendingMode);
            Assert.AreEqual("Base Layer", c.layers[1].name);
            // The old first layer played at full weight whatever its weight said (0, Unity's
            // default); second, its weight counts, so it keeps playing only at 1.
            Assert.AreEqual(1f, c.layers[1].defaultWeight, "the displaced first layer keeps playing");
            Assert.AreEqual(AnimatorLayerBlendingMode.Override, c.layers[1].blendingMode);
            Assert.AreEqual("Base Layer", (string)r["displaced"]["name"]);
            Assert.AreEqual(1, (int)r["displaced"]["index"]);
            Assert.AreEqual(1.0, (double)r["displaced"]["weight"]);
            StringAssert.Contains("not taken into account", (string)r["note"], "the answer says why it changed the weight");
            Assert.AreEqual(Anim.Hero, AssetDatabase.GetAssetPath(c.layers[0].stateMachine), "the layer's state machine lives in the controller's file");
            CollectionAssert.Contains(AssetDatabase.SavedAssets, Anim.Hero, "the controller is written to disk");
            // A taken name is made unique by Unity, and the answer says so.
            r = Call("animator_add_layer", new { path = Anim.Hero, name = "Upper" });
            Assert.AreEqual("Upper 0", (string)r["layer"]["name"]);
            StringAssert.Contains("Upper 0", (string)r["renamed"]);
            Assert.AreEqual(1f, c.layers[2].defaultWeight, "a new layer weighs 1 unless told");
            Call("undo", new { count = 2 });
            Assert.AreEqual(before, Anim.Dump(c));
            var f = Fails("animator_add_layer", new { path = Anim.Hero, name = "X", index = 5 });
            StringAssert.Contains("index 5", f.Message);
            f = Fails("animator_add_layer", new { path = Anim.Hero, name = "X", weight = 2 });
            StringAssert.Contains("weight", f.Message);
            Assert.AreEqual(before, Anim.Dump(c));
        }

        [Test]
        public void RemoveLayerTakesItsStatesAndUndoBringsThemBack()
        {
            var c = Anim.Basic();
            Call("animator_add_layer", new { path = Anim.Hero, name = "Upper" });
            Call("animator_add_state", new { path = Anim.Hero, layer = "Upper", name = "Wave" });
            Call("animator_add_state", new { path = Anim.Hero, layer = "1", name = "Point" });
            Call("animator_add_transition", new { path = Anim.Hero, layer = "Upper", from_state = "Wave", to_state = "Point" });
            var before = Anim.Dump(c);
            var r = Call("animator_remove_layer", new { path = Anim.Hero, layer = "Upper" });
            Assert.AreEqual(2, (int)r["removed"]["states"]);
            CollectionAssert.AreEqual(new[] { "Base Layer" }, c.layers.Select(l => l.name));
            Assert.IsFalse(AssetDatabase.LoadAllAssetsAtPath(Anim.Hero).Any(o => o.name == "Wave"), "its states leave the file");
            Call("undo", new { count = 1 });
            Assert.AreEqual(before, Anim.Dump(c));
            var f = Fails("animator_remove_layer", new { path = Anim.Hero, layer = "Uper" });
            Assert.AreEqual("not_found", f.Code);
            StringAssert.Contains("closest: Upper", f.Message);
            Call("animator_remove_layer", new { path = Anim.Hero, layer = "1" });
            f = Fails("animator_remove_layer", new { path = Anim.Hero, layer = "0" });
            Assert.AreEqual("invalid_state", f.Code);
            StringAssert.Contains("only layer", f.Message);
        }

        [Test]
        public void AddStateMakesTheFirstTheDefaultFollowsTheLayersWriteDefaultsAndNamesUniquely()
        {
            Call("animator_create", new { path = Anim.Hero });
            Call("animation_clip_create", new { path = "Assets/Anim/Idle.anim" });
            var r = Call("animator_add_state", new { path = Anim.Hero, name = "Idle", motion = AssetDatabase.AssetPathToGUID("Assets/Anim/Idle.anim") });
            Assert.IsTrue((bool)r["state"]["default"], "the first state of a machine is its default");
            Assert.AreEqual("Assets/Anim/Idle.anim", (string)r["state"]["motion"]["clip"]);
            r = Call("animator_add_state", new { path = Anim.Hero, name = "Idle" });
            Assert.AreEqual("Idle 0", (string)r["state"]["name"]);
            Assert.IsNotNull(r["renamed"]);
            Assert.IsFalse((bool)r["state"]["default"]);
            var c = Anim.Load();
            foreach (var s in c.layers[0].stateMachine.states) s.state.writeDefaultValues = false;
            r = Call("animator_add_state", new { path = Anim.Hero, name = "Walk", make_default = true });
            Assert.IsFalse((bool)r["state"]["write_defaults"], "a new state matches the layer's Write Defaults");
            Assert.AreEqual("Walk", c.layers[0].stateMachine.defaultState.name);
            // Into a sub-state machine by path; a wrong machine is refused with the closest.
            c.layers[0].stateMachine.AddStateMachine("Combat");
            r = Call("animator_add_state", new { path = Anim.Hero, name = "Combat/Slash" });
            Assert.AreEqual("Combat/Slash", (string)r["state"]["path"]);
            var before = Anim.Dump(c);
            var f = Fails("animator_add_state", new { path = Anim.Hero, name = "Combt/Stab" });
            StringAssert.Contains("closest: Combat", f.Message);
            f = Fails("animator_add_state", new { path = Anim.Hero, name = "Stab", motion = "Assets/Anim/Stab.anim" });
            Assert.AreEqual("not_found", f.Code);
            StringAssert.Contains("Idle.anim", f.Message);
            f = Fails("animator_add_state", new { path = Anim.Hero, name = "Stab", layer = "Upper" });
            StringAssert.Contains("Base Layer", f.Message);
            Assert.AreEqual(before, Anim.Dump(c));
            Call("undo", new { count = 1 });
            Assert.IsFalse(c.layers[0].stateMachine.stateMachines[0].stateMachine.states.Any(), "undo takes the state back");
        }

        [Test]
        public void RemoveStateCountsTheTransitionsIntoItAndUndoRestoresThemOnOtherStates()
        {
            var c = Anim.Basic();
            Call("animator_add_transition", new { path = Anim.Hero, from_state = "Idle", to_state = "Run", conditions = new[] { "Speed > 0.1" } });
            Call("animator_add_transition", new { path = Anim.Hero, from_state = "Jump", to_state = "Idle" });
            Call("animator_add_transition", new { path = Anim.Hero, to_state = "Idle", conditions = new[] { "Grounded" } });
            Call("animator_add_transition", new { path = Anim.Hero, from_state = "Idle", to_state = "Jump", conditions = new[] { "Jump" } });
            var before = Anim.Dump(c);
            var r = Call("animator_remove_state", new { path = Anim.Hero, state = "Idle" });
            Assert.AreEqual(2, (int)r["removed_transitions"]["incoming"]);
            Assert.AreEqual(2, (int)r["removed_transitions"]["outgoing"]);
            Assert.AreEqual("Run", (string)r["default_state"], "Unity picks another default");
            Assert.AreEqual(0, Anim.State(c, "Jump").transitions.Length, "the transition into it went with it");
            Assert.AreEqual(0, c.layers[0].stateMachine.anyStateTransitions.Length);
            Call("undo", new { count = 1 });
            Assert.AreEqual(before, Anim.Dump(c), "one undo step brings the state, its transitions and the ones into it back");
            var f = Fails("animator_remove_state", new { path = Anim.Hero, state = "Idel" });
            Assert.AreEqual("not_found", f.Code);
            StringAssert.Contains("closest: Idle", f.Message);
            Assert.AreEqual(before, Anim.Dump(c));
        }

        [Test]
        public void SetStateChangesOnlyTheFieldsGivenAndRefusesBadOnesBeforeChangingAny()
        {
            var c = Anim.Basic();
            var r = Call("animator_set_state", new { path = Anim.Hero, state = "Run", set = new { motion = "Assets/Anim/Run.anim", speed = 2, tag = "Move", write_defaults = false, name = "Sprint", make_default = true } });
            Assert.AreEqual("Sprint", (string)r["state"]["name"]);
            var s = Anim.State(c, "Sprint");
            Assert.AreEqual("Run", s.motion.name);
            Assert.AreEqual(2f, s.speed);
            Assert.AreEqual("Move", s.tag);
            Assert.IsFalse(s.writeDefaultValues);
            Assert.AreSame(s, c.layers[0].stateMachine.defaultState);
            var before = Anim.Dump(c);
            foreach (var bad in new object[] { new { sped = 1 }, new { speed = "fast" }, new { name = "Idle" }, new { motion = "Assets/Anim/Nope.anim" }, new { make_default = false } })
            {
                var f = Fails("animator_set_state", new { path = Anim.Hero, state = "Sprint", set = JObject.FromObject(bad) });
                Assert.AreEqual(before, Anim.Dump(c), "refused " + JObject.FromObject(bad) + ": " + f.Message);
            }
            StringAssert.Contains("did you mean speed", Fails("animator_set_state", new { path = Anim.Hero, state = "Sprint", set = new { sped = 1 } }).Message);
            Call("animator_set_state", new { path = Anim.Hero, state = "Sprint", set = new { motion = "" } });
            Assert.IsNull(s.motion, "\"\" clears the motion");
            Call("undo", new { count = 2 });
            Assert.AreEqual("Run", Anim.State(c, "Run").name);
            Assert.AreEqual(1f, Anim.State(c, "Run").speed);
            Assert.AreEqual("Idle", c.layers[0].stateMachine.defaultState.name);
        }

        [Test]
        public void SetWriteDefaultsFixesALayerOrTheWholeController()
        {
            var c = Anim.Basic();
            Call("animator_add_layer", new { path = Anim.Hero, name = "Upper" });
            Call("animator_add_state", new { path = Anim.Hero, layer = "Upper", name = "Wave" });
            var r = Call("animator_set_write_defaults", new { path = Anim.Hero, write_defaults = false, layer = "Base Layer" });
            Assert.AreEqual(3, (int)r["states_changed"]);
            Assert.IsTrue(Anim.State(c, "Wave", 1).writeDefaultValues, "another layer is left alone");
            r = Call("animator_set_write_defaults", new { path = Anim.Hero, write_defaults = false });
            Assert.AreEqual(1, (int)r["states_changed"]);
            r = Call("animator_set_write_defaults", new { path = Anim.Hero, write_defaults = false });
            Assert.IsFalse((bool)r["changed"]);
            Call("undo", new { count = 2 });
            Assert.IsTrue(c.layers.All(l => l.stateMachine.states.All(s => s.state.writeDefaultValues)));
        }

        [Test]
        public void ABatchOfAnimatorEditsIsAllOrNothing()
        {
            var c = Anim.Basic();
            var before = Anim.Dump(c);
            // An undone layer's state machine leaves the file with it, so the name is free again.
            Call("animator_add_layer", new { path = Anim.Hero, name = "Upper" });
            Call("undo", new { count = 1 });
            Assert.AreEqual(before, Anim.Dump(Anim.Load()));
            var ops = new object[]
            {
                new { id = "l", tool = "animator_add_layer", args = new { path = Anim.Hero, name = "Upper" } },
                new { id = "s", tool = "animator_add_state", args = new { path = Anim.Hero, name = "Wave", layer = "Upper" } },
                new { id = "p", tool = "animator_add_parameter", args = new { path = Anim.Hero, name = "Waving", type = "Bool" } },
                new { id = "t", tool = "animator_add_transition", args = new { path = Anim.Hero, from_state = "Idle", to_state = "Nowhere" } },
            };
            var f = Fails("batch", new { operations = ops });
            StringAssert.Contains("operation 3 (t)", f.Message);
            Assert.AreEqual(before, Anim.Dump(Anim.Load()), "the failed batch left the controller as it was");
            Anim.OnDiskAsInMemory(Anim.Hero, "and its file: the operations that saved it were written again after the revert");

            ops[3] = new { id = "t", tool = "animator_add_transition", args = new { path = Anim.Hero, from_state = "Idle", to_state = "Run", conditions = new[] { "Waving" } } };
            Assert.AreEqual(4, (int)Call("batch", new { operations = ops })["count"]);
            StringAssert.Contains("Upper", Anim.Dump(Anim.Load()));
            Call("undo", new { count = 1 });
            Assert.AreEqual(before, Anim.Dump(Anim.Load()), "the batch is one undo step");
            Anim.OnDiskAsInMemory(Anim.Hero, "undo writes the controller it took back");
        }
    }
}
