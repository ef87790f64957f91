using System.Linq;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEditor;
using UnityEditor.Animations;
using UnityEngine;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>animator_audit over a controller crafted to hold each fault once or twice (and
    /// the look-alikes that are no fault: a state reached only through a sub-state machine's
    /// exit, parameters used by a blend tree or a state's speed), and over a clean one.</summary>
    [TestFixture]
    public class AnimatorAuditTests
    {
        [SetUp]
        public void Fresh() { Reset(); }

        static AnimatorController Crafted()
        {
            Call("animator_create", new { path = Anim.Hero });
            Call("animation_clip_create", new { path = "Assets/Anim/Clip.anim" });
            var clip = (AnimationClip)AssetDatabase.LoadAssetAtPath("Assets/Anim/Clip.anim", typeof(AnimationClip));
            var c = Anim.Load();
            foreach (var p in new[] { "Speed", "Unused", "Blend", "SpeedMul", "MirrorOff" }) c.AddParameter(p, AnimatorControllerParameterType.Float);
            var root = c.layers[0].stateMachine;
            System.Func<string, AnimatorStateMachine, AnimatorState> add = (name, m) => { var st = m.AddState(name); st.motion = clip; return st; };
            var idle = add("Idle", root);
            var run = add("Run", root);
            var orphan = add("Orphan", root);
            orphan.motion = null;
            orphan.writeDefaultValues = false;
            var a = add("IslandA", root);
            var b = add("IslandB", root);
            a.AddTransition(b).AddCondition(AnimatorConditionMode.Greater, 1, "Speed");
            b.AddTransition(a).AddCondition(AnimatorConditionMode.Less, 1, "Speed");
            var recover = add("Recover", root);
            var loco = root.AddState("Locomotion");
            loco.motion = new BlendTree { blendParameter = "Blend", blendType = BlendTreeType.Simple1D };
            loco.speedParameter = "SpeedMul";
            loco.speedParameterActive = true;
            loco.mirrorParameter = "MirrorOff"; // not active: not a use
            var combat = root.AddStateMachine("Combat");
            add("Slash", combat);
            idle.AddTransition(run); // no condition, no exit time: Unity ignores it
            idle.AddTransition(combat).AddCondition(AnimatorConditionMode.Greater, 2, "Speed");
            idle.AddTransition(loco).AddCondition(AnimatorConditionMode.Greater, 3, "Speed");
            root.AddStateMachineTransition(combat, recover); // Recover: reached through Combat's exit
            run.AddTransition(idle).AddCondition(AnimatorConditionMode.If, 0, "Ghost");
            root.AddAnyStateTransition(idle); // no condition, no exit time: ignored too
            c.AddLayer("Empty");
            c.AddLayer(new AnimatorControllerLayer { name = "Empty", stateMachine = new AnimatorStateMachine() });
            return c;
        }

        static string[] Names(JObject r, string kind, string field) { return r[kind].Select(t => (string)t[field]).ToArray(); }

        [Test]
        public void EachFaultIsFoundWithItsTotal()
        {
            var c = Crafted();
            var before = Anim.Dump(c);
            var steps = Undo.UndoNames().Count;
            var r = Call("animator_audit", new { path = Anim.Hero });
            var t = (JObject)r["totals"];
            CollectionAssert.AreEquivalent(new[] { "Orphan", "IslandA", "IslandB" }, Names(r, "unreachable_states", "state"));
            CollectionAssert.AreEqual(new[] { "Orphan" }, Names(r, "states_without_motion", "state"));
            // Unity's transition inspector: such a transition "needs at least one condition or
            // an Exit Time to be valid, otherwise it will be ignored".
            CollectionAssert.AreEquivalent(new[] { "Idle", "Any State" }, Names(r, "ignored_transitions", "from"));
            CollectionAssert.AreEqual(new[] { "Run", "Idle" }, Names(r, "ignored_transitions", "to").OrderByDescending(x => x).ToArray());
            StringAssert.Contains("never fires", (string)r["notes"]["ignored_transitions"]);
            CollectionAssert.AreEquivalent(new[] { "Unused", "MirrorOff" }, Names(r, "unused_parameters", "name"));
            CollectionAssert.AreEqual(new[] { "Ghost" }, Names(r, "undeclared_parameters", "name"));
            StringAssert.Contains("Run", (string)r["undeclared_parameters"][0]["named_by"]);
            var mixed = r["mixed_write_defaults"][0];
            Assert.AreEqual(1, (int)mixed["off"]);
            CollectionAssert.AreEqual(new[] { "Orphan" }, mixed["odd_ones"].Select(x => (string)x));
            StringAssert.Contains("write_defaults true", (string)mixed["fix"]);
            CollectionAssert.AreEqual(new[] { 1, 2 }, r["empty_layers"].Select(x => (int)x["layer"]));
            Assert.AreEqual("Empty", (string)r["duplicate_layer_names"][0]["name"]);
            var expected = new JObject
            {
                { "unreachable_states", 3 }, { "states_without_motion", 1 }, { "ignored_transitions", 2 }, { "unused_parameters", 2 },
                { "undeclared_parameters", 1 }, { "mixed_write_defaults", 1 }, { "empty_layers", 2 }, { "duplicate_layer_names", 1 },
            };
            Assert.IsTrue(JToken.DeepEquals(expected, t), t.ToString());
            Assert.AreEqual(13, (int)r["total"]);
            Assert.AreEqual(before, Anim.Dump(c), "the audit changes nothing");
            Assert.AreEqual(steps, Undo.UndoNames().Count, "and records nothing");
        }

        [Test]
        public void TheToolsFixWhatTheAuditFinds()
        {
            Crafted();
            Call("animator_set_write_defaults", new { path = Anim.Hero, layer = "0", write_defaults = true });
            Call("animator_remove_parameter", new { path = Anim.Hero, name = "Unused" });
            Call("animator_remove_state", new { path = Anim.Hero, state = "Orphan" });
            var t = Call("animator_audit", new { path = AssetDatabase.AssetPathToGUID(Anim.Hero) })["totals"];
            Assert.AreEqual(0, (int)t["mixed_write_defaults"]);
            Assert.AreEqual(1, (int)t["unused_parameters"]);
            Assert.AreEqual(0, (int)t["states_without_motion"]);
            Assert.AreEqual(2, (int)t["unreachable_states"]);
        }

        [Test]
        public void ACleanControllerHasNoFindings()
        {
            Anim.Basic();
            foreach (var s in new[] { "Idle", "Run", "Jump" }) Call("animator_set_state", new { path = Anim.Hero, state = s, set = new { motion = "Assets/Anim/Run.anim" } });
            Call("animator_add_transition", new { path = Anim.Hero, from_state = "Idle", to_state = "Run", conditions = new[] { "Speed > 0.1", "Grounded" } });
            Call("animator_add_transition", new { path = Anim.Hero, from_state = "Run", to_state = "Idle", conditions = new[] { "Speed < 0.1" } });
            Call("animator_add_transition", new { path = Anim.Hero, to_state = "Jump", conditions = new[] { "Jump" } });
            Call("animator_add_transition", new { path = Anim.Hero, from_state = "Jump", to_state = "Idle" });
            var r = Call("animator_audit", new { path = Anim.Hero });
            Assert.AreEqual(0, (int)r["total"], r.ToString());
            Assert.IsNull(r["unreachable_states"], "an empty kind is left out; its total says 0");
        }
    }
}
