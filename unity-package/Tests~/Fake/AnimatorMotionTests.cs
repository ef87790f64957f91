using System.Linq;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEditor;
using UnityEditor.Animations;
using UnityEngine;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>What a state plays (a clip of its own file, a clip inside a model by
    /// "path#Clip", a blend tree inside the controller), synced layers (which play their
    /// source layer's states, whatever state machine they still hold), and what inspecting a
    /// big layer costs.</summary>
    [TestFixture]
    public class AnimatorMotionTests
    {
        const string Model = "Assets/Models/Hero.fbx";

        [SetUp]
        public void Fresh() { Reset(); }

        [Test]
        public void AClipInsideAModelIsNamedByPathHashClipAndNeverByItsPreview()
        {
            var c = Anim.Basic();
            var clips = FakeModels.Import(Model, "Run", "Walk");
            var r = Call("animator_add_state", new { path = Anim.Hero, name = "Walk", motion = Model + "#Walk" });
            Assert.AreSame(clips[1], Anim.State(c, "Walk").motion);
            Assert.AreEqual(Model + "#Walk", (string)r["state"]["motion"]["clip"], "the answer names the clip, not only its file");
            Assert.AreEqual("Walk", (string)r["state"]["motion"]["name"]);
            Assert.AreEqual(AssetDatabase.AssetPathToGUID(Model), (string)r["state"]["motion"]["guid"]);
            // A GUID names the model as well as a path.
            Call("animator_set_state", new { path = Anim.Hero, state = "Run", set = new { motion = AssetDatabase.AssetPathToGUID(Model) + "#Run" } });
            Assert.AreSame(clips[0], Anim.State(c, "Run").motion);
            var run = Call("animator_inspect", new { path = Anim.Hero, layer = "0" })["states"].First(s => (string)s["name"] == "Run");
            Assert.AreEqual(Model + "#Run", (string)run["motion"]["clip"]);
            // The model alone holds two clips: refused with both, the preview clip never offered.
            var before = Anim.Dump(c);
            var f = Fails("animator_add_state", new { path = Anim.Hero, name = "Jog", motion = Model });
            Assert.AreEqual("ambiguous", f.Code);
            StringAssert.Contains(Model + "#Run", f.Message);
            StringAssert.Contains(Model + "#Walk", f.Message);
            StringAssert.DoesNotContain("__preview__", f.Message);
            f = Fails("animator_add_state", new { path = Anim.Hero, name = "Jog", motion = Model + "#Wlak" });
            Assert.AreEqual("not_found", f.Code);
            StringAssert.Contains("closest: Walk", f.Message);
            f = Fails("animator_set_state", new { path = Anim.Hero, state = "Run", set = new { motion = Model + "#__preview__Take 001" } });
            StringAssert.Contains("preview", f.Message);
            Assert.AreEqual(before, Anim.Dump(c), "the refusals changed nothing");
            // A model with one clip: its path alone is that clip, not the preview before it.
            var draw = FakeModels.Import("Assets/Models/Bow.fbx", "Draw")[0];
            Call("animator_set_state", new { path = Anim.Hero, state = "Jump", set = new { motion = "Assets/Models/Bow.fbx" } });
            Assert.AreSame(draw, Anim.State(c, "Jump").motion);
        }

        [Test]
        public void ABlendTreeIsAnsweredAsOneAndNamedInsideItsController()
        {
            var c = Anim.Basic();
            var tree = new BlendTree { name = "Locomotion", blendParameter = "Speed" };
            AssetDatabase.AddObjectToAsset(tree, Anim.Hero);
            Anim.State(c, "Run").motion = tree;
            var run = Call("animator_inspect", new { path = Anim.Hero, layer = "0" })["states"].First(s => (string)s["name"] == "Run");
            Assert.AreEqual(Anim.Hero + "#Locomotion", (string)run["motion"]["blend_tree"]);
            Assert.IsNull(run["motion"]["clip"], "a blend tree is not answered as a clip of the controller's file");
            var r = Call("animator_set_state", new { path = Anim.Hero, state = "Idle", set = new { motion = Anim.Hero + "#Locomotion" } });
            Assert.AreSame(tree, Anim.State(c, "Idle").motion);
            Assert.AreEqual("Locomotion", (string)r["state"]["motion"]["name"]);
        }

        /// <summary>A layer synced to layer 0 that still holds a state machine of its own (as
        /// a layer made, then synced, does).</summary>
        static AnimatorController WithSyncedLayer()
        {
            var c = Anim.Basic();
            var own = new AnimatorStateMachine { name = "Synced" };
            AssetDatabase.AddObjectToAsset(own, Anim.Hero);
            own.AddState("Ghost").AddTransition(own.states[0].state).AddCondition(AnimatorConditionMode.If, 0, "Jump");
            c.AddLayer(new AnimatorControllerLayer { name = "Synced", syncedLayerIndex = 0, stateMachine = own });
            return c;
        }

        [Test]
        public void ASyncedLayersOwnStateMachineIsNeitherEditedNorReadNorAudited()
        {
            var c = WithSyncedLayer();
            var ghost = c.layers[1].stateMachine.states[0].state;
            var before = Anim.Dump(c);
            foreach (var call in new[]
            {
                Fails("animator_add_state", new { path = Anim.Hero, layer = "Synced", name = "Wave" }),
                Fails("animator_set_state", new { path = Anim.Hero, layer = "1", state = "Ghost", set = new { speed = 2 } }),
                Fails("animator_add_transition", new { path = Anim.Hero, layer = "Synced", from_state = "Ghost", to_state = "Ghost", conditions = new[] { "Jump" } }),
            })
            {
                Assert.AreEqual("invalid_state", call.Code, call.Message);
                StringAssert.Contains("synced to layer 0", call.Message);
            }
            Assert.AreEqual(before, Anim.Dump(c));
            var r = Call("animator_set_write_defaults", new { path = Anim.Hero, write_defaults = false });
            Assert.AreEqual(3, (int)r["states_changed"], "the base layer's three states");
            Assert.IsTrue(ghost.writeDefaultValues, "the synced layer's own machine is left alone");
            var d = Call("animator_inspect", new { path = Anim.Hero, layer = "Synced" });
            Assert.AreEqual(0, ((JArray)d["states"]).Count);
            StringAssert.Contains("synced", (string)d["note"]);
            var o = Call("animator_inspect", new { path = Anim.Hero });
            Assert.AreEqual(0, (int)o["layers"][1]["synced_to"]);
            Assert.IsNull(o["layers"][1]["states"], "no states are counted for a synced layer");
            var audit = Call("animator_audit", new { path = Anim.Hero });
            Assert.IsFalse(audit.ToString().Contains("Ghost"), "the audit reads the layers Unity plays: " + audit);
            var refs = Call("animator_remove_parameter", new { path = Anim.Hero, name = "Jump" });
            Assert.AreEqual(0, (int)refs["references"], "a condition in the synced layer's own machine is never evaluated");
        }

        [Test]
        public void InspectingALayerReadsItsStatesOnceNotOncePerTransition()
        {
            Call("animator_create", new { path = Anim.Hero });
            var c = Anim.Load();
            var root = c.layers[0].stateMachine;
            var sub = root.AddStateMachine("Sub");
            var states = Enumerable.Range(0, 60).Select(i => (i % 2 == 0 ? root : sub).AddState("S" + i)).ToArray();
            for (int i = 0; i < states.Length; i++) states[i].AddTransition(states[(i + 1) % states.Length]);
            AnimatorStateMachine.StatesReads = 0;
            var d = Call("animator_inspect", new { path = Anim.Hero, layer = "0" });
            Assert.AreEqual("Sub/S1", (string)d["states"].First(s => (string)s["name"] == "S0")["transitions"][0]["to"]);
            Assert.LessOrEqual(AnimatorStateMachine.StatesReads, 8, "the destinations come from one look-up built per answer, not a walk of every state per transition");
        }
    }
}
