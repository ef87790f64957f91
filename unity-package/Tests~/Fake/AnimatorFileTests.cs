using System.Linq;
using NUnit.Framework;
using UnityEditor;
using UnityEditor.Animations;
using UnityEngine;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>The animation assets' files: overwrite replaces a controller or a clip in
    /// place (its GUID, and every reference to it, stay), and the file on disk holds what the
    /// Editor holds after a failed batch, an undo and a redo, not what the taken-back edits
    /// had written.</summary>
    [TestFixture]
    public class AnimatorFileTests
    {
        const string Run = "Assets/Anim/Run.anim";

        [SetUp]
        public void Fresh() { Reset(); }

        static AnimationClip Clip(string path = Run) { return (AnimationClip)AssetDatabase.LoadAssetAtPath(path, typeof(AnimationClip)); }

        [Test]
        public void OverwritingAControllerKeepsItsGuidAndTheAnimatorsUsingIt()
        {
            Call("gameobject_create", new { name = "Hero" });
            var c = Anim.Basic();
            Call("animator_add_layer", new { path = Anim.Hero, name = "Upper" });
            Call("animator_add_state", new { path = Anim.Hero, layer = "Upper", name = "Wave" });
            Call("animator_add_transition", new { path = Anim.Hero, from_state = "Idle", to_state = "Run", conditions = new[] { "Speed > 0.1" } });
            var animator = GameObject.Find("Hero").AddComponent<Animator>();
            animator.runtimeAnimatorController = c;
            var guid = AssetDatabase.AssetPathToGUID(Anim.Hero);
            var before = Anim.Dump(c);

            var r = Call("animator_create", new { path = Anim.Hero, overwrite = true });
            Assert.IsTrue((bool)r["replaced"]);
            Assert.AreEqual(guid, (string)r["controller"]["guid"], "replaced in place: the GUID stays");
            Assert.AreEqual(guid, AssetDatabase.AssetPathToGUID(Anim.Hero));
            Assert.AreSame(c, Anim.Load(), "the same controller object");
            Assert.AreSame(c, animator.runtimeAnimatorController, "the Animator still uses it");
            CollectionAssert.AreEqual(new[] { "Base Layer" }, c.layers.Select(l => l.name));
            Assert.AreEqual(0, c.layers[0].stateMachine.states.Length);
            Assert.AreEqual(0, c.parameters.Length);
            Assert.AreEqual(0f, c.layers[0].defaultWeight, "as a new controller's first layer");
            // Only the controller and its one state machine are left in the file.
            CollectionAssert.AreEquivalent(new UnityEngine.Object[] { c, c.layers[0].stateMachine }, AssetDatabase.LoadAllAssetsAtPath(Anim.Hero));
            Anim.OnDiskAsInMemory(Anim.Hero, "the replacement is written");
            // The replacement is one undo step, and undo writes the file back too.
            Call("undo", new { count = 1 });
            Assert.AreEqual(before, Anim.Dump(c));
            Anim.OnDiskAsInMemory(Anim.Hero, "undo writes what it brought back");
            Call("redo", new { count = 1 });
            Assert.AreEqual(0, c.parameters.Length);
            Anim.OnDiskAsInMemory(Anim.Hero, "and so does redo");
        }

        [Test]
        public void OverwritingAClipKeepsItsGuidAndTheStatesPlayingIt()
        {
            var c = Anim.Basic();
            Call("animator_set_state", new { path = Anim.Hero, state = "Run", set = new { motion = Run } });
            var clip = Clip();
            clip.events = new[] { new AnimationEvent { time = 0.5f, functionName = "Step" } };
            clip.legacy = true;
            var guid = AssetDatabase.AssetPathToGUID(Run);

            var r = Call("animation_clip_create", new { path = Run, overwrite = true, loop = true, frame_rate = 30 });
            Assert.IsTrue((bool)r["replaced"]);
            Assert.AreEqual(guid, (string)r["clip"]["guid"]);
            Assert.AreSame(clip, Clip(), "the same clip object");
            Assert.AreSame(clip, Anim.State(c, "Run").motion, "the state still plays it");
            Assert.IsTrue(clip.empty, "its curves are gone");
            Assert.AreEqual(0, clip.events.Length, "and its events");
            Assert.IsFalse(clip.legacy);
            Assert.AreEqual(30f, clip.frameRate);
            Assert.IsTrue(AnimationUtility.GetAnimationClipSettings(clip).loopTime);
            Anim.OnDiskAsInMemory(Run, "the replacement is written");
            Call("undo", new { count = 1 });
            Assert.IsFalse(clip.empty, "undo brings the curves back");
            Assert.AreEqual("Step", clip.events.Single().functionName);
            Anim.OnDiskAsInMemory(Run, "and writes them");
            // Without overwrite an existing clip is refused.
            Assert.AreEqual("already_exists", Fails("animation_clip_create", new { path = Run }).Code);
        }

        [Test]
        public void AFailedOrUndoneEditLeavesTheFileAsTheEditorHoldsIt()
        {
            Anim.Basic();
            Anim.OnDiskAsInMemory(Anim.Hero, "every edit writes the controller");
            // A call that fails after it saved: the batch's first operation writes the file,
            // the second fails, and the revert must reach the file too.
            var f = Fails("batch", new
            {
                operations = new object[]
                {
                    new { id = "p", tool = "animator_add_parameter", args = new { path = Anim.Hero, name = "Dash", type = "Trigger" } },
                    new { id = "w", tool = "animation_clip_write_curves", args = new { path = Run, curves = new[] { new { target = "", type = "Transform", property = "m_LocalScale.x", keys = new[] { new { time = 0, value = 1 } } } } } },
                    new { id = "s", tool = "animator_add_state", args = new { path = Anim.Hero, name = "Dash", motion = "Assets/Anim/Nope.anim" } },
                },
            });
            StringAssert.Contains("operation 2 (s)", f.Message);
            Assert.IsFalse(Anim.Load().parameters.Any(p => p.name == "Dash"));
            Anim.OnDiskAsInMemory(Anim.Hero, "the controller's file is written again after the revert");
            Anim.OnDiskAsInMemory(Run, "so is the clip's");
            // Undo and redo of one call.
            Call("animator_add_parameter", new { path = Anim.Hero, name = "Dash", type = "Trigger" });
            Call("undo", new { count = 1 });
            Anim.OnDiskAsInMemory(Anim.Hero, "undo writes the controller");
            Call("redo", new { count = 1 });
            Assert.IsTrue(Anim.Load().parameters.Any(p => p.name == "Dash"));
            Anim.OnDiskAsInMemory(Anim.Hero, "redo writes it");
        }
    }
}
