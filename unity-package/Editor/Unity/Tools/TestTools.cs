using System;
using System.Collections.Generic;
using System.Globalization;
using System.Reflection;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.SceneManagement;
using UnityEngine;
using UnityEngine.SceneManagement;
using UnityMcp.Core;
#if UNITYMCP_TEST_FRAMEWORK
using UnityEditor.TestTools.TestRunner.Api;
#endif

namespace UnityMcp.Editor.Tools
{
    /// <summary>run-tests through the Test Framework's TestRunnerApi. Every run is held in
    /// <see cref="McpBridge.Spanning"/>: entering Play Mode reloads the domain (unless Enter
    /// Play Mode Options turn that off), and an EditMode test may recompile or enter Play
    /// Mode itself. The Test Framework carries the run across the reload and calls the
    /// callbacks registered again in the new domain ("All test runs invoke the callbacks
    /// until the next domain reload", ICallbacks documentation), so the new domain
    /// re-registers them from [InitializeOnLoad] (<see cref="Listen"/>) and picks the run up
    /// (<see cref="RestoreAfterReload"/>). The bridge reconnects at once; the answer goes to
    /// the daemon's re-sent request, or into the next hello, however long the run takes.</summary>
    public static class TestTools
    {
#if !UNITYMCP_TEST_FRAMEWORK
        public static void RunTests(ToolCall call)
        {
            throw new ToolException("not_supported", "run-tests needs the Unity Test Framework package (com.unity.test-framework 1.1 or later); add it in the Package Manager");
        }

        public static void RestoreAfterReload() { }

        public static void Listen() { }
#else
        static Callbacks callbacks;
        static ToolCall current;
        static string currentCallId;
        static string currentMode;
        static TestRunWatch watch;

        public static void RunTests(ToolCall call)
        {
            var filterType = Args.OneOf(call, "FilterType", "all", "all", "exact", "regex", "assembly");
            var value = Args.Str(call, "FilterValue", "");
            var modeName = Args.OneOf(call, "TestMode", "EditMode", "EditMode", "PlayMode");
            if (filterType != "all" && value.Length == 0)
                throw new ToolException("invalid_params", "FilterValue is required when FilterType is \"" + filterType + "\"");
            if (filterType == "regex")
            {
                try { new System.Text.RegularExpressions.Regex(value); }
                catch (ArgumentException e) { throw new ToolException("invalid_params", "FilterValue is not a valid regular expression: " + e.Message); }
            }
            var running = RunningIds();
            var plan = TestRunRules.Prepare(new TestRunContext
            {
                Mode = modeName,
                SaveBeforeRun = Args.Bool(call, "SaveBeforeRun"),
                OwnRunActive = currentCallId != null,
                OtherRunActive = running != null && running.Count > 0,
                IsCompiling = EditorApplication.isCompiling,
                CompileFailed = EditorUtility.scriptCompilationFailed,
                IsPlaying = EditorApplication.isPlaying,
                Scenes = LoadedScenes(),
                DirtyPrefabStage = DirtyPrefabStage(),
            });
            if (plan.Refused) throw new ToolException(plan.Code, plan.Message);
            if (plan.Save.Count > 0)
            {
                // Each by its own path: SaveOpenScenes would open a Save As dialog for an
                // Untitled scene (Prepare refuses those).
                for (int i = 0; i < SceneManager.sceneCount; i++)
                {
                    var scene = SceneManager.GetSceneAt(i);
                    if (scene.isDirty && scene.path.Length > 0 && !EditorSceneManager.SaveScene(scene))
                        throw new ToolException("editor_error", "could not save the scene " + scene.path + " before the run (is the file read-only?); save it yourself, then call run-tests again");
                }
                AssetDatabase.SaveAssets();
            }
            if (plan.SavePrefabStage.Length > 0)
            {
                // What the stage's Save button does: the contents to the asset, then the stage
                // is no longer dirty (PrefabStage.SavePrefab, PrefabStage.cs).
                var stage = PrefabStageUtility.GetCurrentPrefabStage();
                if (stage == null || PrefabUtility.SaveAsPrefabAsset(stage.prefabContentsRoot, stage.assetPath) == null)
                    throw new ToolException("editor_error", "could not save the open Prefab Stage " + plan.SavePrefabStage + " before the run; save it yourself (or leave Prefab Mode), then call run-tests again");
                stage.ClearDirtiness();
            }

            var mode = modeName == "PlayMode" ? TestMode.PlayMode : TestMode.EditMode;
            var filter = new Filter { testMode = mode };
            switch (filterType)
            {
                case "exact": filter.testNames = new[] { value }; break;
                case "regex": filter.groupNames = new[] { value }; break;
                case "assembly": filter.assemblyNames = new[] { value }; break;
            }

            Register();
            current = call;
            currentCallId = call.CallId;
            currentMode = modeName;
            string runId;
            try
            {
                runId = WithApi(api => api.Execute(new ExecutionSettings(filter)));
            }
            catch
            {
                Finish(); // clear the run's state, or every later run-tests would say busy
                throw;    // the call fails with it
            }
            watch = new TestRunWatch(runId);
            // Kept open across the reloads the run may cause; answered by RunFinished or
            // OnError, in this domain or a later one. The run's id goes with it, so a later
            // domain answers only this run.
            McpBridge.Spanning.Hold(call, new JObject { { "mode", modeName }, { "run", runId ?? "" } });
            Frames.Run(call, Watch(call));
        }

        /// <summary>The open Prefab Stage's asset path when it has unsaved changes, else "".</summary>
        static string DirtyPrefabStage()
        {
            var stage = PrefabStageUtility.GetCurrentPrefabStage();
            return stage != null && stage.scene.isDirty ? stage.assetPath : "";
        }

        static List<LoadedScene> LoadedScenes()
        {
            var scenes = new List<LoadedScene>();
            for (int i = 0; i < SceneManager.sceneCount; i++)
            {
                var s = SceneManager.GetSceneAt(i);
                scenes.Add(new LoadedScene(s.name, s.path, s.isDirty));
            }
            return scenes;
        }

        /// <summary>The guids of the test runs the Test Framework has going, or null when its
        /// run list cannot be read. Both supported releases keep every run in
        /// TestJobDataHolder.TestRuns (a ScriptableSingleton, so it survives the reloads a
        /// run causes): TestJobRunner.RunJob adds the run's TestJobData and StopRun removes
        /// it (1.1.33 TestRun/TestJobRunner.cs, TestRun/TestJobDataHolder.cs; 1.4.6
        /// TestRun/TestJobRunner.cs, TestRun/TestJobDataHolder.cs, TestRun/Data/TestJobData.cs).
        /// TestRunnerApi.IsRunActive says nothing of API runs in 1.1.33 (RunData is the
        /// command line's).</summary>
        static List<string> RunningIds()
        {
            try
            {
                // unityapi:reflects[com.unity.test-framework] UnityEditor.TestTools.TestRunner.TestRun.TestJobDataHolder::TestRuns public field List<TestJobData>
                // unityapi:reflects[com.unity.test-framework] UnityEditor.TestTools.TestRunner.TestRun.TestJobData::guid public field string
                // unityapi:reflects[com.unity.test-framework] UnityEditor.TestTools.TestRunner.TestRun.TestJobData::isRunning public field bool
                var holder = typeof(TestRunnerApi).Assembly.GetType("UnityEditor.TestTools.TestRunner.TestRun.TestJobDataHolder");
                if (holder == null) return null;
                // ScriptableSingleton<T>.instance, public static on the generic base.
                var instance = holder.GetProperty("instance", BindingFlags.Public | BindingFlags.Static | BindingFlags.FlattenHierarchy);
                var runsField = holder.GetField("TestRuns", BindingFlags.Public | BindingFlags.Instance);
                if (instance == null || runsField == null) return null;
                var runs = runsField.GetValue(instance.GetValue(null, null)) as System.Collections.IEnumerable;
                if (runs == null) return null;
                var ids = new List<string>();
                foreach (var run in runs)
                {
                    if (run == null) continue;
                    var t = run.GetType();
                    var guid = t.GetField("guid", BindingFlags.Public | BindingFlags.Instance);
                    var isRunning = t.GetField("isRunning", BindingFlags.Public | BindingFlags.Instance);
                    if (guid == null || isRunning == null) return null;
                    if ((bool)isRunning.GetValue(run)) ids.Add((string)guid.GetValue(run) ?? "");
                }
                return ids;
            }
            catch (Exception) { return null; }
        }

        static IEnumerable<object> Watch(ToolCall call)
        {
            // The answer comes from RunFinished or OnError; this notices a run that stopped
            // with neither (cancelled, or stopped by an exception the Test Framework only
            // logged), and the call's deadline. It also keeps the Editor ticking at 20 Hz for
            // the run: the Test Framework advances one step per editor update, and an
            // unfocused Editor may not update on its own. The run list is read once a second.
            int tick = 0;
            while (DateTime.UtcNow < call.DeadlineUtc)
            {
                yield return new WaitSeconds(0.05);
                if (call.IsDone || currentCallId != call.CallId) yield break;
                if (++tick % 20 != 0) continue;
                if (watch != null && watch.Lost(RunningIds(), PlayModeHolds()))
                {
                    var mode = currentMode ?? "EditMode";
                    Finish();
                    call.Fail("test_run_lost", TestRunWatch.LostMessage(mode));
                    yield break;
                }
            }
            Finish();
            call.Fail("timeout", "the test run did not finish before the call's deadline; it may still be running in the editor");
        }

        /// <summary>Whether our run is a PlayMode run and the Editor is in Play Mode (or about
        /// to be): then its job may have left the run list while its tests go on.</summary>
        static bool PlayModeHolds() { return currentMode == "PlayMode" && EditorApplication.isPlayingOrWillChangePlaymode; }

        const string WindowRunKey = "UnityMcp.WindowTestRunMode";

        /// <summary>Listens to every test run from editor start, so runs started from the
        /// Test Runner window (or by other tools) also emit tests.finished.</summary>
        public static void Listen() { Register(); }

        /// <summary>Calls TestRunnerApi through a short-lived instance. The instance is only a
        /// handle: callbacks live in the Test Framework's CallbacksHolder (a
        /// ScriptableSingleton) and a run in its TestJobRunner, neither in the instance
        /// (1.1.33 and 1.4.6 Api/TestRunnerApi.cs). Keeping one with HideAndDontSave would
        /// leak one per domain reload, as such objects outlive the domain.</summary>
        static T WithApi<T>(Func<TestRunnerApi, T> use)
        {
            var api = ScriptableObject.CreateInstance<TestRunnerApi>();
            api.hideFlags = HideFlags.HideAndDontSave;
            try { return use(api); }
            finally { UnityEngine.Object.DestroyImmediate(api); }
        }

        static void Register()
        {
            if (callbacks != null) return;
            callbacks = new Callbacks();
            // Registered once per domain: "All test runs invoke the callbacks until the next
            // domain reload" (ICallbacks documentation).
            WithApi(api => { api.RegisterCallbacks(callbacks); return 0; });
        }

        static void Finish()
        {
            current = null;
            currentCallId = null;
            currentMode = null;
            watch = null;
            EditorApplication.update -= WatchRestored;
        }

        /// <summary>After a domain reload: a run started by a call that is still going (held
        /// in <see cref="McpBridge.Spanning"/>) is picked up, so that RunFinished answers it
        /// and run-tests says busy meanwhile.</summary>
        public static void RestoreAfterReload()
        {
            var runs = McpBridge.Spanning.Running("run-tests");
            if (runs.Count == 0) return;
            var run = runs[runs.Count - 1];
            for (int i = 0; i < runs.Count - 1; i++)
                McpBridge.Spanning.Fail(runs[i].Key, "editor_error", "the test run was replaced by a newer one across the domain reload; call run-tests again");
            currentCallId = run.Key;
            currentMode = run.Value != null ? (string)run.Value["mode"] ?? "EditMode" : "EditMode";
            watch = new TestRunWatch(run.Value != null ? (string)run.Value["run"] : null);
            current = null;
            Register();
            EditorApplication.update -= WatchRestored;
            EditorApplication.update += WatchRestored;
        }

        static double nextRestoredCheck;

        // The held call can go away without RunFinished: the daemon cancelled it (its
        // client gave up), or its deadline passed. Then run-tests must not stay busy. The
        // run can also stop without a callback (see Watch): then the held call is failed.
        static void WatchRestored()
        {
            if (Frames.Now < nextRestoredCheck) return;
            nextRestoredCheck = Frames.Now + 1;
            if (currentCallId == null) return;
            if (!McpBridge.Spanning.IsHeld(currentCallId))
            {
                Finish();
                return;
            }
            if (watch != null && watch.Lost(RunningIds(), PlayModeHolds()))
            {
                var callId = currentCallId;
                var mode = currentMode ?? "EditMode";
                Finish();
                McpBridge.Spanning.Fail(callId, "test_run_lost", TestRunWatch.LostMessage(mode));
            }
        }

        static void OnRunStarted(ITestAdaptor testsToRun)
        {
            // A run unitymcp did not start: remember its mode across the reloads it may cause.
            if (currentCallId == null && testsToRun != null)
                SessionState.SetString(WindowRunKey, testsToRun.TestMode == TestMode.PlayMode ? "PlayMode" : "EditMode");
        }

        static void OnRunFinished(ITestResultAdaptor result)
        {
            if (currentCallId == null)
            {
                // A run started from the Test Runner window (or another tool): no call to
                // answer, but the event (and the XML on failures) as for our own runs.
                var windowMode = SessionState.GetString(WindowRunKey, "EditMode");
                SessionState.EraseString(WindowRunKey);
                try { Summarize(result, windowMode); }
                catch (Exception e) { Debug.LogWarning("[unitymcp] reading the test results failed: " + e.Message); }
                return;
            }
            if (watch != null && !watch.Owns(RunningIds()))
            {
                // Another run's end (ours is no longer going): its event, not our answer.
                try { Summarize(result, SessionState.GetString(WindowRunKey, "EditMode")); }
                catch (Exception e) { Debug.LogWarning("[unitymcp] reading the test results failed: " + e.Message); }
                return;
            }
            var call = current;
            var callId = currentCallId;
            var mode = currentMode;
            Finish();
            JObject response;
            try { response = Summarize(result, mode); }
            catch (Exception e)
            {
                response = new JObject { { "Success", false }, { "Message", "reading the test results failed: " + e.Message },
                    { "CompletedAt", DateTime.UtcNow.ToString("o") }, { "TestCount", 0 }, { "PassedCount", 0 }, { "FailedCount", 0 },
                    { "SkippedCount", 0 }, { "XmlPath", "" } };
            }
            // In the domain that started the run: through its call. After a reload: by id, to
            // the daemon's re-sent request or into the next hello.
            if (call != null && !call.IsDone) call.Reply(response);
            else McpBridge.Spanning.Answer(callId, response);
        }

        static JObject Summarize(ITestResultAdaptor result, string mode)
        {
            var leaves = new List<ITestResultAdaptor>();
            if (result != null) TestResultXml.Leaves(result, leaves);
            int passed = 0, failed = 0, skipped = 0;
            var failures = new JArray();
            var failedTests = new List<JObject>();
            foreach (var t in leaves)
            {
                switch (t.TestStatus)
                {
                    case TestStatus.Passed: passed++; break;
                    case TestStatus.Failed:
                        failed++;
                        failures.Add(new JObject { { "name", t.FullName }, { "message", t.Message ?? "" } });
                        failedTests.Add(TestFailures.Entry(t.FullName, t.Message, t.StackTrace));
                        break;
                    default: skipped++; break;
                }
            }
            string xmlPath = "";
            if (failed > 0 && result != null) xmlPath = TestResultXml.Save(result);
            McpBridge.Emit(Protocol.TestsFinished, new JObject
            {
                { "mode", mode }, { "passed", passed }, { "failed", failed }, { "skipped", skipped }, { "failures", failures },
            });
            string message = leaves.Count == 0
                ? "No " + mode + " tests matched the filter"
                : leaves.Count + " test(s) run: " + passed + " passed, " + failed + " failed, " + skipped + " skipped";
            var answer = new JObject
            {
                { "Success", failed == 0 },
                { "Message", message },
                { "CompletedAt", DateTime.Now.ToString("o", CultureInfo.InvariantCulture) },
                { "TestCount", leaves.Count },
                { "PassedCount", passed },
                { "FailedCount", failed },
                { "SkippedCount", skipped },
                { "XmlPath", xmlPath },
            };
            TestFailures.AddTo(answer, failedTests);
            return answer;
        }

        /// <summary>A run the Test Framework reports as failed (IErrorCallbacks.OnError: an
        /// exception in a task, such as an IPrebuildSetup, or a player that could not be
        /// built) never gets RunFinished (1.1.33 Api/CallbacksDelegator.cs RunFailed and
        /// TestRun/TestJobRunner.cs; 1.4.6 TestRun/TestJobRunner.cs): answer it here.</summary>
        static void OnRunError(string message)
        {
            if (currentCallId == null || (watch != null && !watch.Owns(RunningIds())))
            {
                Debug.LogWarning("[unitymcp] a test run failed: " + message);
                return;
            }
            var call = current;
            var callId = currentCallId;
            var mode = currentMode ?? "EditMode";
            Finish();
            var text = TestRunWatch.ErrorMessage(mode, message);
            if (call != null && !call.IsDone) call.Fail("test_run_failed", text);
            else McpBridge.Spanning.Fail(callId, "test_run_failed", text);
        }

        sealed class Callbacks : IErrorCallbacks
        {
            public void OnError(string message) { OnRunError(message); }
            public void RunStarted(ITestAdaptor testsToRun) { OnRunStarted(testsToRun); }
            public void RunFinished(ITestResultAdaptor result) { OnRunFinished(result); }
            public void TestStarted(ITestAdaptor test) { }
            public void TestFinished(ITestResultAdaptor result) { }
        }
#endif
    }
}
