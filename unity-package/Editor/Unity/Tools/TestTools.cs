using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Reflection;
using System.Xml;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.SceneManagement;
using UnityEngine;
using UnityMcp.Core;
#if UNITYMCP_TEST_FRAMEWORK
using UnityEditor.TestTools.TestRunner.Api;
#endif

namespace UnityMcp.Editor.Tools
{
    /// <summary>run-tests through the Test Framework's TestRunnerApi. A Play Mode run that
    /// reloads the domain is answered in the hello after the run (the bridge waits to
    /// reconnect until then, at most 150 s per reload).</summary>
    public static class TestTools
    {
        const string PendingKey = "UnityMcp.PendingTestRun";

#if !UNITYMCP_TEST_FRAMEWORK
        public static void RunTests(ToolCall call)
        {
            throw new ToolException("not_supported", "run-tests needs the Unity Test Framework package (com.unity.test-framework 1.1 or later); add it in the Package Manager");
        }

        public static bool RestoreAfterReload() { SessionState.EraseString(PendingKey); return false; }

        public static void Listen() { }
#else
        static TestRunnerApi api;
        static Callbacks callbacks;
        static ToolCall current;
        static string currentCallId;
        static string currentMode;

        public static void RunTests(ToolCall call)
        {
            if (currentCallId != null) throw new ToolException("busy", "a test run started by unitymcp is still running; wait for its answer");
            if (EditorApplication.isCompiling) throw new ToolException("busy", "the editor is compiling scripts; call run-tests when it has finished (compile waits for it)");
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
            if (EditorApplication.isPlaying && modeName == "EditMode")
                throw new ToolException("invalid_state", "EditMode tests cannot run in Play Mode; stop it first (control-play-mode Action Stop)");
            if (Args.Bool(call, "SaveBeforeRun"))
            {
                EditorSceneManager.SaveOpenScenes();
                AssetDatabase.SaveAssets();
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
            if (mode == TestMode.PlayMode)
            {
                // Entering Play Mode may reload the domain: keep the call open across it.
                SessionState.SetString(PendingKey, new JObject { { "callId", call.CallId }, { "mode", modeName }, { "started", DateTime.UtcNow.ToString("o") } }.ToString(Newtonsoft.Json.Formatting.None));
                McpBridge.ExtraSpanning.Add(call.CallId);
            }
            try
            {
                api.Execute(new ExecutionSettings(filter));
            }
            catch
            {
                Finish(); // clear the run's state, or every later run-tests would say busy
                throw;
            }
            Frames.Run(call, Watch(call));
        }

        static IEnumerable<object> Watch(ToolCall call)
        {
            // The answer comes from RunFinished; this only fails the call at its deadline.
            while (DateTime.UtcNow < call.DeadlineUtc) yield return new WaitSeconds(0.5);
            Finish();
            call.Fail("timeout", "the test run did not finish before the call's deadline; it may still be running in the editor");
        }

        const string WindowRunKey = "UnityMcp.WindowTestRunMode";

        /// <summary>Listens to every test run from editor start, so runs started from the
        /// Test Runner window (or by other tools) also emit tests.finished.</summary>
        public static void Listen() { Register(); }

        static void Register()
        {
            if (api == null)
            {
                api = ScriptableObject.CreateInstance<TestRunnerApi>();
                api.hideFlags = HideFlags.HideAndDontSave;
            }
            if (callbacks == null)
            {
                callbacks = new Callbacks();
                api.RegisterCallbacks(callbacks);
            }
        }

        static void Finish()
        {
            if (currentCallId != null) McpBridge.ExtraSpanning.Remove(currentCallId);
            current = null;
            currentCallId = null;
            currentMode = null;
            SessionState.EraseString(PendingKey);
        }

        /// <summary>After a domain reload: if a Play Mode run started by a call is still
        /// going, listen for its end and return true (the caller then starts the bridge
        /// later, from <see cref="McpBridge.StartClient"/>).</summary>
        public static bool RestoreAfterReload()
        {
            var s = SessionState.GetString(PendingKey, "");
            if (string.IsNullOrEmpty(s)) return false;
            try
            {
                var o = JObject.Parse(s);
                var started = DateTime.Parse((string)o["started"], CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind);
                if (DateTime.UtcNow - started > TimeSpan.FromMinutes(30)) { SessionState.EraseString(PendingKey); return false; }
                currentCallId = (string)o["callId"];
                currentMode = (string)o["mode"];
            }
            catch (Exception) { SessionState.EraseString(PendingKey); return false; }
            Register();
            McpBridge.ExtraSpanning.Add(currentCallId);
            var giveUpAt = Frames.Now + 150; // the daemon holds a reloading editor's calls for 3 minutes
            EditorApplication.CallbackFunction tick = null;
            tick = () =>
            {
                if (McpBridge.Started) { EditorApplication.update -= tick; return; }
                if (Frames.Now < giveUpAt) return;
                EditorApplication.update -= tick;
                Debug.LogWarning("[unitymcp] the Play Mode test run is taking long; reconnecting without its answer (the call gets interrupted_by_reload)");
                McpBridge.StartClient();
            };
            EditorApplication.update += tick;
            return true;
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
            if (call != null && !call.IsDone)
            {
                call.Reply(response);
            }
            else if (!McpBridge.Started)
            {
                McpBridge.Deliver(new JObject { { "callId", callId }, { "result", response } });
                McpBridge.StartClient();
            }
        }

        static void Leaves(ITestResultAdaptor r, List<ITestResultAdaptor> into)
        {
            if (r.HasChildren)
            {
                foreach (var c in r.Children) Leaves(c, into);
            }
            else into.Add(r);
        }

        static JObject Summarize(ITestResultAdaptor result, string mode)
        {
            var leaves = new List<ITestResultAdaptor>();
            if (result != null) Leaves(result, leaves);
            int passed = 0, failed = 0, skipped = 0;
            var failures = new JArray();
            foreach (var t in leaves)
            {
                switch (t.TestStatus)
                {
                    case TestStatus.Passed: passed++; break;
                    case TestStatus.Failed:
                        failed++;
                        failures.Add(new JObject { { "name", t.FullName }, { "message", t.Message ?? "" } });
                        break;
                    default: skipped++; break;
                }
            }
            string xmlPath = "";
            if (failed > 0 && result != null) xmlPath = SaveXml(result);
            McpBridge.Emit(Protocol.TestsFinished, new JObject
            {
                { "mode", mode }, { "passed", passed }, { "failed", failed }, { "skipped", skipped }, { "failures", failures },
            });
            string message = leaves.Count == 0
                ? "No " + mode + " tests matched the filter"
                : leaves.Count + " test(s) run: " + passed + " passed, " + failed + " failed, " + skipped + " skipped";
            return new JObject
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
        }

        static string SaveXml(ITestResultAdaptor result)
        {
            var dir = ProjectPaths.Outputs("TestResults");
            var path = dir + "/TestResults_" + ProjectPaths.Stamp(DateTime.Now) + ".xml";
            // TestRunnerApi.SaveResultToFile exists from com.unity.test-framework 1.4.0 on.
            var save = typeof(TestRunnerApi).GetMethod("SaveResultToFile", BindingFlags.Public | BindingFlags.Static);
            if (save != null)
            {
                try
                {
                    save.Invoke(null, new object[] { result, path });
                    if (File.Exists(path)) return path;
                }
                catch (Exception) { }
            }
            WriteNUnitXml(result, path);
            return path;
        }

        static void WriteNUnitXml(ITestResultAdaptor result, string path)
        {
            var settings = new XmlWriterSettings { Indent = true };
            using (var w = XmlWriter.Create(path, settings))
            {
                var leaves = new List<ITestResultAdaptor>();
                Leaves(result, leaves);
                w.WriteStartElement("test-run");
                w.WriteAttributeString("id", "2");
                w.WriteAttributeString("testcasecount", leaves.Count.ToString(CultureInfo.InvariantCulture));
                w.WriteAttributeString("result", Outcome(result));
                w.WriteAttributeString("total", leaves.Count.ToString(CultureInfo.InvariantCulture));
                w.WriteAttributeString("passed", result.PassCount.ToString(CultureInfo.InvariantCulture));
                w.WriteAttributeString("failed", result.FailCount.ToString(CultureInfo.InvariantCulture));
                w.WriteAttributeString("skipped", result.SkipCount.ToString(CultureInfo.InvariantCulture));
                w.WriteAttributeString("inconclusive", result.InconclusiveCount.ToString(CultureInfo.InvariantCulture));
                w.WriteAttributeString("start-time", result.StartTime.ToUniversalTime().ToString("u", CultureInfo.InvariantCulture));
                w.WriteAttributeString("end-time", result.EndTime.ToUniversalTime().ToString("u", CultureInfo.InvariantCulture));
                w.WriteAttributeString("duration", result.Duration.ToString("R", CultureInfo.InvariantCulture));
                WriteNode(w, result);
                w.WriteEndElement();
            }
        }

        static string Outcome(ITestResultAdaptor r)
        {
            switch (r.TestStatus)
            {
                case TestStatus.Passed: return "Passed";
                case TestStatus.Failed: return "Failed";
                case TestStatus.Skipped: return "Skipped";
                default: return "Inconclusive";
            }
        }

        static void WriteNode(XmlWriter w, ITestResultAdaptor r)
        {
            w.WriteStartElement(r.HasChildren ? "test-suite" : "test-case");
            if (r.HasChildren) w.WriteAttributeString("type", "TestSuite");
            w.WriteAttributeString("name", r.Name ?? "");
            w.WriteAttributeString("fullname", r.FullName ?? "");
            w.WriteAttributeString("result", Outcome(r));
            w.WriteAttributeString("duration", r.Duration.ToString("R", CultureInfo.InvariantCulture));
            if (r.HasChildren)
            {
                w.WriteAttributeString("passed", r.PassCount.ToString(CultureInfo.InvariantCulture));
                w.WriteAttributeString("failed", r.FailCount.ToString(CultureInfo.InvariantCulture));
                w.WriteAttributeString("skipped", r.SkipCount.ToString(CultureInfo.InvariantCulture));
            }
            if (r.TestStatus == TestStatus.Failed && (!string.IsNullOrEmpty(r.Message) || !string.IsNullOrEmpty(r.StackTrace)))
            {
                w.WriteStartElement("failure");
                w.WriteElementString("message", r.Message ?? "");
                w.WriteElementString("stack-trace", r.StackTrace ?? "");
                w.WriteEndElement();
            }
            if (!r.HasChildren && !string.IsNullOrEmpty(r.Output)) w.WriteElementString("output", r.Output);
            if (r.HasChildren) foreach (var c in r.Children) WriteNode(w, c);
            w.WriteEndElement();
        }

        sealed class Callbacks : ICallbacks
        {
            public void RunStarted(ITestAdaptor testsToRun) { OnRunStarted(testsToRun); }
            public void RunFinished(ITestResultAdaptor result) { OnRunFinished(result); }
            public void TestStarted(ITestAdaptor test) { }
            public void TestFinished(ITestResultAdaptor result) { }
        }
#endif
    }
}
