using System.Linq;
using NUnit.Framework;
using UnityEditor;
using UnityEditor.Animations;
using UnityEngine;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>animator_add_transition, animator_remove_transition and the parameter tools
    /// over the fake: conditions checked against their parameter's type, every refusal leaving
    /// the controller and the Undo history as they were, Play Mode values on a running
    /// Animator.</summary>
    [TestFixture]
    public class AnimatorTransitionToolsTests
    {
        [SetUp]
        public void Fresh() { Reset(); }

        [Test]
        public void AddTransitionTakesConditionsAsTextOrObjectsWithAnExitTime()
        {
            var c = Anim.Basic();
            var r = Call("animator_add_transition", new { path = Anim.Hero, from_state = "Idle", to_state = "Run", conditions = new object[] { "Speed > 0.5", new { parameter = "Grounded", mode = "ifnot" }, "ExitTime 0.9" } });
            Assert.AreEqual("Idle", (string)r["from"]);
            Assert.AreEqual(0, (int)r["transition"]["index"]);
            CollectionAssert.AreEqual(new[] { "Speed > 0.5", "!Grounded" }, r["transition"]["conditions"].Select(t => (string)t));
            var t0 = Anim.State(c, "Idle").transitions[0];
            Assert.AreSame(Anim.State(c, "Run"), t0.destinationState);
            Assert.IsTrue(t0.hasExitTime);
            Assert.AreEqual(0.9f, t0.exitTime, 1e-6);
            Assert.AreEqual(AnimatorConditionMode.Greater, t0.conditions[0].mode);
            Assert.AreEqual(0.5f, t0.conditions[0].threshold);
            Assert.AreEqual(AnimatorConditionMode.IfNot, t0.conditions[1].mode);
            Assert.AreEqual(Anim.Hero, AssetDatabase.GetAssetPath(t0), "the transition lives in the controller's file");
            // With conditions and no ExitTime it fires as soon as they hold.
            Call("animator_add_transition", new { path = Anim.Hero, from_state = "Run", to_state = "Idle", conditions = new[] { "Speed < 0.1" } });
            Assert.IsFalse(Anim.State(c, "Run").transitions[0].hasExitTime);
            // Without conditions it waits for the end of the source's clip (Run's is 2 s long:
            // exit at 1 - 0.25 / 2), as the Animator window's Make Transition does.
            Call("animator_set_state", new { path = Anim.Hero, state = "Run", set = new { motion = "Assets/Anim/Run.anim" } });
            r = Call("animator_add_transition", new { path = Anim.Hero, from_state = "Run", to_state = "Jump" });
            var t2 = Anim.State(c, "Run").transitions[1];
            Assert.IsTrue(t2.hasExitTime);
            Assert.AreEqual(0.875f, t2.exitTime, 1e-6);
            StringAssert.Contains("exit_time 0.875", (string)r["note"]);
            // From Any State.
            Call("animator_add_transition", new { path = Anim.Hero, to_state = "Jump", conditions = new[] { "Jump" } });
            Assert.AreEqual("Jump", c.layers[0].stateMachine.anyStateTransitions[0].destinationState.name);
            Call("undo", new { count = 1 });
            Assert.AreEqual(0, c.layers[0].stateMachine.anyStateTransitions.Length);
        }

        [Test]
        public void AConditionItsParameterCannotMeetIsRefusedAndNothingChanges()
        {
            var c = Anim.Basic();
            var before = Anim.Dump(c);
            var steps = Undo.UndoNames().Count;
            var cases = new[]
            {
                new[] { "Speed == 1", "invalid_params", "floats are not compared for equality" },
                new[] { "Grounded > 0", "invalid_params", "\"Grounded\" or \"!Grounded\"" },
                new[] { "!Jump", "invalid_params", "a Trigger fires when set" },
                new[] { "Sped > 1", "not_found", "closest: Speed" },
                new[] { "speed > 1", "not_found", "case-sensitive" },
                new[] { "Speed >= 1", "invalid_params", ">, <, == and != only" },
                new[] { "Speed > fast", "invalid_params", "\"fast\" is not a number" },
                new[] { "ExitTime soon", "invalid_params", "ExitTime 0.9" },
            };
            foreach (var k in cases)
            {
                var f = Fails("animator_add_transition", new { path = Anim.Hero, from_state = "Idle", to_state = "Run", conditions = new[] { "Speed > 0", k[0] } });
                Assert.AreEqual(k[1], f.Code, k[0]);
                StringAssert.Contains(k[2], f.Message);
                StringAssert.Contains("conditions[1]", f.Message, "the refusal names the condition");
            }
            var obj = Fails("animator_add_transition", new { path = Anim.Hero, from_state = "Idle", to_state = "Run", conditions = new[] { new { parameter = "Speed", mode = "Equals", threshold = 1 } } });
            StringAssert.Contains("Speed is a Float", obj.Message);
            var any = Fails("animator_add_transition", new { path = Anim.Hero, to_state = "Run" });
            StringAssert.Contains("Unity ignores a transition with no condition and no exit time", any.Message);
            var to = Fails("animator_add_transition", new { path = Anim.Hero, from_state = "Idle", to_state = "Runn" });
            StringAssert.Contains("closest: Run", to.Message);
            Assert.AreEqual(before, Anim.Dump(c));
            Assert.AreEqual(steps, Undo.UndoNames().Count, "a refused call leaves no undo step");
            // An Int answers all four comparisons, with whole numbers for == and !=.
            Call("animator_add_parameter", new { path = Anim.Hero, name = "Mode", type = "Int" });
            Call("animator_add_transition", new { path = Anim.Hero, from_state = "Idle", to_state = "Run", conditions = new[] { "Mode == 2", "Mode != 3", "Mode > 0", "Mode < 9" } });
            StringAssert.Contains("whole number", Fails("animator_add_transition", new { path = Anim.Hero, from_state = "Idle", to_state = "Run", conditions = new[] { "Mode == 2.5" } }).Message);
        }

        [Test]
        public void RemoveTransitionByIndexOrDestination()
        {
            var c = Anim.Basic();
            Call("animator_add_transition", new { path = Anim.Hero, from_state = "Idle", to_state = "Run", conditions = new[] { "Speed > 0.1" } });
            Call("animator_add_transition", new { path = Anim.Hero, from_state = "Idle", to_state = "Jump", conditions = new[] { "Jump" } });
            Call("animator_add_transition", new { path = Anim.Hero, from_state = "Idle", to_state = "Jump", conditions = new[] { "!Grounded" } });
            var before = Anim.Dump(c);
            var f = Fails("animator_remove_transition", new { path = Anim.Hero, from_state = "Idle", to_state = "Jump" });
            Assert.AreEqual("ambiguous", f.Code);
            StringAssert.Contains("indexes 1, 2", f.Message);
            f = Fails("animator_remove_transition", new { path = Anim.Hero, from_state = "Idle", index = 3 });
            StringAssert.Contains("has 3 transition(s)", f.Message);
            f = Fails("animator_remove_transition", new { path = Anim.Hero, from_state = "Run", to_state = "Idle" });
            Assert.AreEqual("not_found", f.Code);
            Assert.AreEqual(before, Anim.Dump(c));
            var r = Call("animator_remove_transition", new { path = Anim.Hero, from_state = "Idle", to_state = "Run" });
            Assert.AreEqual("Run", (string)r["removed"]["to"]);
            Assert.AreEqual(2, (int)r["remaining"]);
            r = Call("animator_remove_transition", new { path = Anim.Hero, from_state = "Idle", index = 1 });
            CollectionAssert.AreEqual(new[] { "!Grounded" }, r["removed"]["conditions"].Select(t => (string)t));
            Assert.AreEqual(1, Anim.State(c, "Idle").transitions.Length);
            Call("undo", new { count = 2 });
            Assert.AreEqual(before, Anim.Dump(c));
        }

        [Test]
        public void AddParameterChecksTheDefaultAgainstTheTypeAndRefusesATakenName()
        {
            var c = Anim.Basic();
            var r = Call("animator_add_parameter", new { path = Anim.Hero, name = "Lives", type = "Int", default_value = 3 });
            Assert.AreEqual("Int", (string)r["parameter"]["type"]);
            Assert.AreEqual(3, c.parameters.First(p => p.name == "Lives").defaultInt);
            Assert.AreEqual(0.0, (double)Call("animator_add_parameter", new { path = Anim.Hero, name = "Blend" })["parameter"]["default"], "a Float by default");
            var before = Anim.Dump(c);
            var f = Fails("animator_add_parameter", new { path = Anim.Hero, name = "Speed", type = "Int" });
            Assert.AreEqual("already_exists", f.Code);
            StringAssert.Contains("a Float", f.Message);
            StringAssert.Contains("true or false", Fails("animator_add_parameter", new { path = Anim.Hero, name = "On", type = "Bool", default_value = 1 }).Message);
            StringAssert.Contains("whole number", Fails("animator_add_parameter", new { path = Anim.Hero, name = "N", type = "Int", default_value = 1.5 }).Message);
            StringAssert.Contains("is a number", Fails("animator_add_parameter", new { path = Anim.Hero, name = "F", type = "Float", default_value = true }).Message);
            Assert.AreEqual(before, Anim.Dump(c));
            Call("undo", new { count = 2 });
            CollectionAssert.AreEqual(new[] { "Speed", "Grounded", "Jump" }, c.parameters.Select(p => p.name));
        }

        [Test]
        public void RemoveParameterAnswersTheConditionsLeftNamingIt()
        {
            var c = Anim.Basic();
            Call("animator_add_transition", new { path = Anim.Hero, from_state = "Idle", to_state = "Run", conditions = new[] { "Speed > 0.1" } });
            Call("animator_add_transition", new { path = Anim.Hero, from_state = "Run", to_state = "Idle", conditions = new[] { "Speed < 0.1" } });
            var before = Anim.Dump(c);
            var r = Call("animator_remove_parameter", new { path = Anim.Hero, name = "Speed" });
            Assert.AreEqual(2, (int)r["references"]);
            CollectionAssert.AreEqual(new[] { "Idle", "Run" }, r["referenced_by"].Select(x => (string)x["from"]));
            StringAssert.Contains("can never hold", (string)r["note"]);
            Assert.AreEqual("Speed", Anim.State(c, "Idle").transitions[0].conditions[0].parameter, "Unity keeps the conditions");
            Call("undo", new { count = 1 });
            Assert.AreEqual(before, Anim.Dump(c));
            var f = Fails("animator_remove_parameter", new { path = Anim.Hero, name = "Grounde" });
            StringAssert.Contains("closest: Grounded", f.Message);
        }

        [Test]
        public void SetParameterDrivesARunningAnimatorInPlayModeOnly()
        {
            Anim.Basic();
            Call("animator_add_parameter", new { path = Anim.Hero, name = "Lives", type = "Int", default_value = 3 });
            Call("gameobject_create", new { name = "Hero" });
            Call("gameobject_create", new { name = "Prop" });
            Call("animator_create", new { path = "Assets/Anim/Other.controller", object_path = "/Hero" });
            GameObject.Find("Hero").GetComponent<Animator>().runtimeAnimatorController = Anim.Load();
            var f = Fails("animator_set_parameter", new { object_path = "/Hero", name = "Speed", value = 1 });
            Assert.AreEqual("invalid_state", f.Code);
            StringAssert.Contains("Play Mode", f.Message);
            EditorApplication.isPlaying = true;
            Updates(1);
            var animator = GameObject.Find("Hero").GetComponent<Animator>();
            Assert.AreEqual(3, animator.GetInteger("Lives"), "a running Animator starts at the defaults");
            Assert.AreEqual(1.5, (double)Call("animator_set_parameter", new { object_path = "/Hero", name = "Speed", value = 1.5 })["value"], 1e-6);
            Assert.AreEqual(1.5f, animator.GetFloat("Speed"));
            Call("animator_set_parameter", new { object_path = "/Hero", name = "Lives", value = 1 });
            Assert.AreEqual(1, animator.GetInteger("Lives"));
            Call("animator_set_parameter", new { object_path = "/Hero", name = "Grounded", value = false });
            Assert.IsFalse(animator.GetBool("Grounded"));
            Assert.IsTrue((bool)Call("animator_set_parameter", new { object_path = "/Hero", name = "Jump", value = true })["value"]);
            Assert.IsFalse((bool)Call("animator_set_parameter", new { object_path = "/Hero", name = "Jump", value = false })["value"], "false resets a Trigger");
            StringAssert.Contains("whole number", Fails("animator_set_parameter", new { object_path = "/Hero", name = "Lives", value = 1.5 }).Message);
            StringAssert.Contains("true or false", Fails("animator_set_parameter", new { object_path = "/Hero", name = "Grounded", value = 1 }).Message);
            StringAssert.Contains("closest: Speed", Fails("animator_set_parameter", new { object_path = "/Hero", name = "Sped", value = 1 }).Message);
            Assert.AreEqual("not_found", Fails("animator_set_parameter", new { object_path = "/Prop", name = "Speed", value = 1 }).Code);
            Assert.AreEqual(1.5f, animator.GetFloat("Speed"), "refusals change no value");
            Assert.IsEmpty(Animator.Warnings, "the tool never calls Unity with a name or type it would ignore");
        }
    }
}
