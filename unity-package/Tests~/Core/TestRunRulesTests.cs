using System.Collections.Generic;
using NUnit.Framework;
using UnityMcp.Core;

namespace UnityMcp.Core.Tests
{
    [TestFixture]
    public class TestRunRulesTests
    {
        static TestRunContext Idle(string mode, params LoadedScene[] scenes)
        {
            return new TestRunContext { Mode = mode, Scenes = new List<LoadedScene>(scenes) };
        }

        static readonly LoadedScene CleanMain = new LoadedScene("Main", "Assets/Scenes/Main.unity", false);
        static readonly LoadedScene DirtyMain = new LoadedScene("Main", "Assets/Scenes/Main.unity", true);
        static readonly LoadedScene DirtyLevel = new LoadedScene("Level 2", "Assets/Levels/Level 2.unity", true);
        static readonly LoadedScene DirtyUntitled = new LoadedScene("", "", true);

        [Test]
        public void CleanScenesRunWithNothingToSave()
        {
            foreach (var mode in new[] { "EditMode", "PlayMode" })
            {
                var plan = TestRunRules.Prepare(Idle(mode, CleanMain));
                Assert.IsFalse(plan.Refused, mode + ": " + plan.Message);
                Assert.AreEqual(0, plan.Save.Count, mode);
            }
        }

        [Test]
        public void DirtyScenesAreRefusedByNameUnlessSaveBeforeRun()
        {
            var plan = TestRunRules.Prepare(Idle("EditMode", DirtyMain, CleanMain, DirtyLevel));
            Assert.IsTrue(plan.Refused);
            Assert.AreEqual("unsaved_scenes", plan.Code);
            StringAssert.Contains("Assets/Scenes/Main.unity, Assets/Levels/Level 2.unity", plan.Message);
            StringAssert.Contains("SaveBeforeRun", plan.Message);
        }

        [Test]
        public void SaveBeforeRunSavesExactlyTheDirtyScenes()
        {
            var c = Idle("PlayMode", DirtyMain, CleanMain, DirtyLevel);
            c.SaveBeforeRun = true;
            var plan = TestRunRules.Prepare(c);
            Assert.IsFalse(plan.Refused, plan.Message);
            CollectionAssert.AreEqual(new[] { "Assets/Scenes/Main.unity", "Assets/Levels/Level 2.unity" }, plan.Save.ConvertAll(s => s.Path));
        }

        // Saving an Untitled scene opens the Save As dialog: refused whether or not the
        // caller asked to save, and nothing is saved (the other dirty scene included).
        [TestCase(false)]
        [TestCase(true)]
        public void DirtyUntitledSceneIsRefusedEvenWithSaveBeforeRun(bool save)
        {
            var c = Idle("EditMode", DirtyMain, DirtyUntitled);
            c.SaveBeforeRun = save;
            var plan = TestRunRules.Prepare(c);
            Assert.IsTrue(plan.Refused);
            Assert.AreEqual("unsaved_scenes", plan.Code);
            StringAssert.Contains("Untitled", plan.Message);
            Assert.AreEqual(0, plan.Save.Count);
        }

        [Test]
        public void CleanUntitledSceneRuns()
        {
            Assert.IsFalse(TestRunRules.Prepare(Idle("EditMode", new LoadedScene("", "", false))).Refused);
        }

        [Test]
        public void PlayModeRefusedWithCompileErrorsEditModeNot()
        {
            var play = Idle("PlayMode", CleanMain);
            play.CompileFailed = true;
            var plan = TestRunRules.Prepare(play);
            Assert.AreEqual("compile_errors", plan.Code);
            StringAssert.Contains("compile errors", plan.Message);
            // EditMode tests run in the editor's current domain: the assemblies that did
            // compile are still loaded, so the run goes ahead.
            var edit = Idle("EditMode", CleanMain);
            edit.CompileFailed = true;
            Assert.IsFalse(TestRunRules.Prepare(edit).Refused);
        }

        [Test]
        public void BusyStatesComeFirst()
        {
            var own = Idle("EditMode", DirtyMain);
            own.OwnRunActive = true;
            Assert.AreEqual("busy", TestRunRules.Prepare(own).Code);
            StringAssert.Contains("started by unitymcp", TestRunRules.Prepare(own).Message);
            var other = Idle("EditMode", CleanMain);
            other.OtherRunActive = true;
            StringAssert.Contains("Test Runner window", TestRunRules.Prepare(other).Message);
            var compiling = Idle("PlayMode", CleanMain);
            compiling.IsCompiling = true;
            Assert.AreEqual("busy", TestRunRules.Prepare(compiling).Code);
            var playing = Idle("EditMode", CleanMain);
            playing.IsPlaying = true;
            Assert.AreEqual("invalid_state", TestRunRules.Prepare(playing).Code);
            playing.Mode = "PlayMode";
            Assert.IsFalse(TestRunRules.Prepare(playing).Refused);
        }

        [Test]
        public void OwnsOnlyItsRun()
        {
            var w = new TestRunWatch("run-a");
            Assert.IsTrue(w.Owns(new[] { "run-a" }));
            Assert.IsTrue(w.Owns(new[] { "run-b", "run-a" }));
            // Only another run visibly going: its callback, not ours.
            Assert.IsFalse(w.Owns(new[] { "run-b" }));
            // Nothing listed: ours, already stopped (1.1.33 stops a job before ReportRunFailed,
            // and a PlayMode job at the reload into Play Mode).
            Assert.IsTrue(w.Owns(new string[0]));
            // Unknown run list (reflection failed): the start refused other runs, so ours.
            Assert.IsTrue(w.Owns(null));
            Assert.IsTrue(new TestRunWatch(null).Owns(new[] { "run-b" }));
        }

        [Test]
        public void LostAfterTwoPollsWithoutTheRun()
        {
            var w = new TestRunWatch("run-a");
            Assert.IsFalse(w.Lost(new[] { "run-a" }));
            Assert.IsFalse(w.Lost(new string[0]), "one poll is the margin for a callback given in the same update");
            Assert.IsFalse(w.Lost(new[] { "run-a" }), "seen again: the count starts over");
            Assert.IsFalse(w.Lost(new[] { "run-b" }));
            Assert.IsTrue(w.Lost(new[] { "run-b" }));
        }

        // Test Framework 1.1.33, a PlayMode run: the job leaves the list at the reload into
        // Play Mode while its tests still run; RunFinished comes later, with nothing listed.
        [Test]
        public void APlayModeRunIsNotLostWhileTheEditorPlays()
        {
            var w = new TestRunWatch("run-a");
            Assert.IsFalse(w.Lost(new[] { "run-a" }, false));
            for (int i = 0; i < 100; i++) Assert.IsFalse(w.Lost(new string[0], true), "poll " + i + " in Play Mode");
            Assert.IsTrue(w.Owns(new string[0]), "its RunFinished answers it");
            // Play Mode ended with no callback at all: lost, after the usual margin.
            Assert.IsFalse(w.Lost(new string[0], false));
            Assert.IsTrue(w.Lost(new string[0], false));
        }

        [Test]
        public void ADirtyPrefabStageIsSavedWhenAskedElseRefused()
        {
            var c = Idle("EditMode", CleanMain);
            c.DirtyPrefabStage = "Assets/Prefabs/Door.prefab";
            var refused = TestRunRules.Prepare(c);
            Assert.AreEqual("unsaved_scenes", refused.Code);
            StringAssert.Contains("Assets/Prefabs/Door.prefab", refused.Message);
            StringAssert.Contains("SaveBeforeRun", refused.Message);
            c.SaveBeforeRun = true;
            var plan = TestRunRules.Prepare(c);
            Assert.IsFalse(plan.Refused, plan.Message);
            Assert.AreEqual("Assets/Prefabs/Door.prefab", plan.SavePrefabStage);
            Assert.AreEqual(0, plan.Save.Count);
            // A prefab in a package cannot be saved: refused even when asked to save.
            c.DirtyPrefabStage = "Packages/com.acme.kit/Door.prefab";
            StringAssert.Contains("leave Prefab Mode", TestRunRules.Prepare(c).Message);
            Assert.AreEqual("", TestRunRules.Prepare(Idle("EditMode", CleanMain)).SavePrefabStage);
        }

        [Test]
        public void NeverLostWhenTheRunListCannotBeRead()
        {
            var w = new TestRunWatch("run-a");
            for (int i = 0; i < 10; i++) Assert.IsFalse(w.Lost(null));
            var noId = new TestRunWatch("");
            for (int i = 0; i < 10; i++) Assert.IsFalse(noId.Lost(new string[0]));
        }

        [Test]
        public void MessagesSayWhatToDo()
        {
            StringAssert.Contains("get-logs", TestRunWatch.LostMessage("PlayMode"));
            var e = TestRunWatch.ErrorMessage("EditMode", "An unexpected error happened while running tests.");
            StringAssert.Contains("An unexpected error happened while running tests.", e);
            StringAssert.Contains("EditMode", e);
            StringAssert.Contains("(no message)", TestRunWatch.ErrorMessage("EditMode", null));
        }
    }

    [TestFixture]
    public class TestFailuresTests
    {
        [Test]
        public void EntryHasNameMessageAndFirstStackLine()
        {
            var e = TestFailures.Entry("Game.Tests.PlayerTests.Jump", "  Expected: 2\n  But was:  1\n",
                "\n  at Game.Tests.PlayerTests.Jump () [0x00001] in /p/Assets/Tests/PlayerTests.cs:12\n  at (wrapper managed-to-native) x\n");
            Assert.AreEqual("Game.Tests.PlayerTests.Jump", (string)e["TestName"]);
            Assert.AreEqual("Expected: 2\n  But was:  1", (string)e["Message"]);
            Assert.AreEqual("at Game.Tests.PlayerTests.Jump () [0x00001] in /p/Assets/Tests/PlayerTests.cs:12", (string)e["StackTrace"]);
        }

        [Test]
        public void LongMessagesAreCutAndNullsAreEmpty()
        {
            var e = TestFailures.Entry(null, new string('x', TestFailures.MaxMessage + 50), null);
            Assert.AreEqual(TestFailures.MaxMessage + 1, ((string)e["Message"]).Length);
            Assert.AreEqual("", (string)e["TestName"]);
            Assert.AreEqual("", (string)e["StackTrace"]);
        }

        [Test]
        public void AnswerListsTheFirstAndCountsTheRest()
        {
            var failures = new List<Newtonsoft.Json.Linq.JObject>();
            for (int i = 0; i < TestFailures.MaxListed + 3; i++) failures.Add(TestFailures.Entry("T" + i, "m", ""));
            var answer = new Newtonsoft.Json.Linq.JObject();
            TestFailures.AddTo(answer, failures);
            Assert.AreEqual(TestFailures.MaxListed, ((Newtonsoft.Json.Linq.JArray)answer["FailedTests"]).Count);
            Assert.AreEqual("T0", (string)answer["FailedTests"][0]["TestName"]);
            Assert.AreEqual(3, (int)answer["FailedTestsNotListed"]);
            var none = new Newtonsoft.Json.Linq.JObject();
            TestFailures.AddTo(none, new List<Newtonsoft.Json.Linq.JObject>());
            Assert.AreEqual(0, ((Newtonsoft.Json.Linq.JArray)none["FailedTests"]).Count);
            Assert.IsNull(none["FailedTestsNotListed"]);
        }
    }
}
