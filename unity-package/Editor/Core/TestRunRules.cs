using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace UnityMcp.Core
{
    /// <summary>A scene loaded in the editor, as run-tests sees it before a run.</summary>
    public struct LoadedScene
    {
        public string Name;
        /// <summary>The scene's asset path; empty for an Untitled scene never saved.</summary>
        public string Path;
        public bool IsDirty;

        public LoadedScene(string name, string path, bool isDirty)
        {
            Name = name;
            Path = path ?? "";
            IsDirty = isDirty;
        }

        /// <summary>How an error names the scene: its path, or "Untitled" when it has none.</summary>
        public string Label { get { return Path.Length > 0 ? Path : (string.IsNullOrEmpty(Name) ? "Untitled" : Name + " (Untitled, never saved)"); } }
    }

    /// <summary>What the editor is doing when run-tests is called.</summary>
    public sealed class TestRunContext
    {
        /// <summary>"EditMode" or "PlayMode".</summary>
        public string Mode = "EditMode";
        public bool SaveBeforeRun;
        /// <summary>A run unitymcp started is still going.</summary>
        public bool OwnRunActive;
        /// <summary>A run someone else started (the Test Runner window, another tool) is going.</summary>
        public bool OtherRunActive;
        public bool IsCompiling;
        /// <summary>EditorUtility.scriptCompilationFailed.</summary>
        public bool CompileFailed;
        public bool IsPlaying;
        public IList<LoadedScene> Scenes = new List<LoadedScene>();
        /// <summary>The asset path of the open Prefab Stage when it has unsaved changes; "" otherwise.</summary>
        public string DirtyPrefabStage = "";
    }

    /// <summary>What run-tests does with a request: refuse it (<see cref="Code"/> and
    /// <see cref="Message"/> set), or save <see cref="Save"/> and start the run.</summary>
    public sealed class TestRunPlan
    {
        public string Code;
        public string Message;
        public List<LoadedScene> Save = new List<LoadedScene>();
        /// <summary>The open Prefab Stage's asset path, to save before the run; "" for none.</summary>
        public string SavePrefabStage = "";

        public bool Refused { get { return Code != null; } }

        internal static TestRunPlan Refuse(string code, string message) { return new TestRunPlan { Code = code, Message = message }; }
    }

    /// <summary>The checks run-tests makes before it hands a run to the Test Framework, so
    /// that a run never waits on a human and never hangs:
    /// <list type="bullet">
    /// <item>Every run begins with SaveModifiedSceneTask (com.unity.test-framework 1.1.33
    /// TestRun/Tasks/SaveModiedSceneTask.cs, 1.4.6 TestRun/Tasks/Scene/SaveModifiedSceneTask.cs),
    /// which calls EditorSceneManager.SaveCurrentModifiedScenesIfUserWantsTo: with a dirty
    /// scene that is a modal "Scene(s) Have Been Modified" prompt, and Cancel throws
    /// TestRunCanceledException, which stops the run with no callback at all
    /// (TestJobRunner.ExecuteStep). So dirty scenes are saved first when the caller asked
    /// (SaveBeforeRun), or the run is refused naming them. An Untitled scene cannot be saved
    /// without a Save As dialog (EditorSceneManager.SaveScene with an empty path opens one),
    /// so it is refused either way.</item>
    /// <item>A PlayMode run while scripts have compile errors never starts: EnterPlayModeTask
    /// (1.4.6) and PlaymodeLauncher (1.1.33) set isPlaying, which Unity refuses with compile
    /// errors, then wait for Play Mode forever. control-play-mode refuses the same case.</item>
    /// <item>Another run in progress: the Test Framework's callbacks do not say which run they
    /// belong to, so unitymcp starts a run only when no other is going.</item>
    /// </list></summary>
    public static class TestRunRules
    {
        /// <summary>The scenes to save before the run (none when no scene is dirty), or a
        /// refusal that says what to do.</summary>
        public static TestRunPlan Prepare(TestRunContext c)
        {
            if (c.OwnRunActive) return TestRunPlan.Refuse("busy", "a test run started by unitymcp is still running; wait for its answer");
            if (c.OtherRunActive)
                return TestRunPlan.Refuse("busy", "another test run is in progress (started from the Test Runner window or another tool); wait for it to finish, then call run-tests again");
            if (c.IsCompiling) return TestRunPlan.Refuse("busy", "the editor is compiling scripts; call run-tests when it has finished (compile waits for it)");
            if (c.Mode == "EditMode" && c.IsPlaying)
                return TestRunPlan.Refuse("invalid_state", "EditMode tests cannot run in Play Mode; stop it first (control-play-mode Action Stop)");
            if (c.Mode == "PlayMode" && c.CompileFailed)
                return TestRunPlan.Refuse("compile_errors", "PlayMode tests need Play Mode, which Unity does not enter while the project's scripts have compile errors; fix them (compile lists them) and call run-tests again");
            // The same prompt asks about a Prefab Stage with unsaved changes (Auto Save off):
            // PrefabStageUtility.SaveCurrentModifiedPrefabStagesIfUserWantsTo, reached from the
            // native save-before-run (PrefabStage.cs AskUserToSaveDirtySceneBeforeDestroyingScene).
            // A prefab in a package cannot be saved at all ("Immutable Prefab").
            var stage = c.DirtyPrefabStage ?? "";
            if (stage.Length > 0 && (!c.SaveBeforeRun || !stage.StartsWith("Assets/", StringComparison.Ordinal)))
                return TestRunPlan.Refuse("unsaved_scenes", "the open Prefab Stage (" + stage + ") has unsaved changes, and the Test Framework would stop the run to ask a human about them; " +
                    (stage.StartsWith("Assets/", StringComparison.Ordinal) ? "call run-tests with SaveBeforeRun true to save it first, or save it or leave Prefab Mode yourself" : "it is not under Assets/, so it cannot be saved: leave Prefab Mode (discarding the changes) first"));
            var dirty = new List<LoadedScene>();
            foreach (var s in c.Scenes ?? new List<LoadedScene>())
                if (s.IsDirty) dirty.Add(s);
            if (dirty.Count == 0) return new TestRunPlan { SavePrefabStage = stage };
            var untitled = dirty.FindAll(s => s.Path.Length == 0);
            if (untitled.Count > 0)
                return TestRunPlan.Refuse("unsaved_scenes", "the Untitled scene has unsaved changes and no file to save them to, and the Test Framework would stop the run to ask a human about it; " +
                    "save it under Assets/ first (or discard its changes), then call run-tests again");
            if (!c.SaveBeforeRun)
                return TestRunPlan.Refuse("unsaved_scenes", "these scenes have unsaved changes, and the Test Framework would stop the run to ask a human about them: " + Labels(dirty) +
                    "; call run-tests with SaveBeforeRun true to save them first, or save or discard them yourself");
            return new TestRunPlan { Save = dirty, SavePrefabStage = stage };
        }

        static string Labels(List<LoadedScene> scenes)
        {
            var names = new List<string>();
            foreach (var s in scenes) names.Add(s.Label);
            return string.Join(", ", names.ToArray());
        }
    }

    /// <summary>The state of the run unitymcp started, between Execute and its answer. The
    /// Test Framework ends a run through ICallbacks.RunFinished, through
    /// IErrorCallbacks.OnError (TestJobRunner.ExecuteStep catches an exception and calls
    /// RunFailed, never RunFinished), or with no callback at all (a TestRunCanceledException
    /// from a cancelled prompt or CancelTestRun: StopRun only). The first two answer the call;
    /// the third is seen by polling whether the run's job is still registered and running
    /// (TestJobDataHolder.TestRuns, where RunJob adds it and StopRun removes it).</summary>
    public sealed class TestRunWatch
    {
        /// <summary>Polls that must see the run gone before it counts as lost: a run ending
        /// with a callback ends in the same editor update as StopRun, so one poll later its
        /// answer has been given; two leave a margin.</summary>
        public const int GonePolls = 2;

        int gone;

        public TestRunWatch(string runId) { RunId = runId ?? ""; }

        /// <summary>The guid TestRunnerApi.Execute returned; empty when it is not known.</summary>
        public string RunId { get; private set; }

        /// <summary>Whether a RunFinished (or OnError) belongs to this run, given the guids of
        /// the runs still going at that moment (null when the Test Framework's run list cannot
        /// be read). Ours unless the list visibly holds other runs and not ours: our job may
        /// already be gone when its callback comes — 1.1.33 stops a PlayMode job at the domain
        /// reload that enters Play Mode (LegacyPlayModeRunTask waits on PlaymodeLauncher.IsRunning,
        /// a static the reload resets) and stops any job before ReportRunFailed
        /// (TestJobRunner.ExecuteStep) — while 1.4.6 keeps it listed until after both.</summary>
        public bool Owns(ICollection<string> runningIds)
        {
            if (runningIds == null || RunId.Length == 0 || runningIds.Count == 0) return true;
            return runningIds.Contains(RunId);
        }

        /// <summary>One poll: whether the run is now known to have stopped without a callback.
        /// runningIds as for <see cref="Owns"/>; null never counts as gone, nor does a PlayMode
        /// run while the Editor is in Play Mode (<paramref name="playModeHolds"/>: on 1.1.33 its
        /// job leaves the list at the reload into Play Mode while its tests still run; it is
        /// judged once Play Mode ends).</summary>
        public bool Lost(ICollection<string> runningIds, bool playModeHolds = false)
        {
            if (playModeHolds || runningIds == null || RunId.Length == 0 || runningIds.Contains(RunId))
            {
                gone = 0;
                return false;
            }
            return ++gone >= GonePolls;
        }

        /// <summary>The message of a run that stopped without a result.</summary>
        public static string LostMessage(string mode)
        {
            return "the " + mode + " test run stopped without reporting a result (it was cancelled, or the Test Framework failed before it ran a test); " +
                "get-logs with LogType Error shows why; call run-tests again";
        }

        /// <summary>The message of a run the Test Framework reported as failed (OnError).</summary>
        public static string ErrorMessage(string mode, string message)
        {
            return "the " + mode + " test run failed before it could report results: " + (string.IsNullOrEmpty(message) ? "(no message)" : message) +
                "; get-logs with LogType Error has the exception";
        }
    }

    /// <summary>What a run-tests answer says of the tests that failed, beside uLoop's counts
    /// and XmlPath: the agent learns which failed and why without reading the XML (an HTTP
    /// client may have no access to the project's files). The same as the tests.finished
    /// notification tells the human, bounded so a run with thousands of failures stays small.</summary>
    public static class TestFailures
    {
        /// <summary>The most failed tests an answer lists; the XML at XmlPath has them all.</summary>
        public const int MaxListed = 20;

        /// <summary>The longest message kept, in characters.</summary>
        public const int MaxMessage = 1000;

        /// <summary>The first non-empty line of a stack trace, trimmed ("" for none): where
        /// the assertion failed, in the test's own code for NUnit's traces.</summary>
        public static string FirstStackLine(string stackTrace)
        {
            if (string.IsNullOrEmpty(stackTrace)) return "";
            foreach (var line in stackTrace.Split('\n'))
            {
                var t = line.Trim();
                if (t.Length > 0) return t;
            }
            return "";
        }

        /// <summary>One failed test as the answer lists it: TestName, Message (cut at
        /// <see cref="MaxMessage"/>) and StackTrace, the trace's first line.</summary>
        public static JObject Entry(string fullName, string message, string stackTrace)
        {
            var m = (message ?? "").Trim();
            if (m.Length > MaxMessage) m = m.Substring(0, MaxMessage) + "…";
            return new JObject { { "TestName", fullName ?? "" }, { "Message", m }, { "StackTrace", FirstStackLine(stackTrace) } };
        }

        /// <summary>Adds FailedTests (the first <see cref="MaxListed"/>) to a run-tests
        /// answer, and FailedTestsNotListed when there are more.</summary>
        public static void AddTo(JObject answer, IList<JObject> failures)
        {
            var listed = new JArray();
            for (int i = 0; i < failures.Count && i < MaxListed; i++) listed.Add(failures[i]);
            answer["FailedTests"] = listed;
            if (failures.Count > MaxListed) answer["FailedTestsNotListed"] = failures.Count - MaxListed;
        }
    }
}
