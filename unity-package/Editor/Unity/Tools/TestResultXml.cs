using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Reflection;
using System.Xml;
using UnityMcp.Core;
#if UNITYMCP_TEST_FRAMEWORK
using UnityEditor.TestTools.TestRunner.Api;
#endif

namespace UnityMcp.Editor.Tools
{
#if UNITYMCP_TEST_FRAMEWORK
    /// <summary>run-tests' NUnit 3 XML (XmlPath): TestRunnerApi.SaveResultToFile where the
    /// Test Framework has it (1.4.0 on), else written here from the result tree.</summary>
    static class TestResultXml
    {
        /// <summary>The tests (the leaves) of a result tree, in order.</summary>
        public static void Leaves(ITestResultAdaptor r, List<ITestResultAdaptor> into)
        {
            if (r.HasChildren)
            {
                foreach (var c in r.Children) Leaves(c, into);
            }
            else into.Add(r);
        }

        /// <summary>Writes the run's NUnit XML under .uloop/outputs/TestResults and returns its
        /// path.</summary>
        public static string Save(ITestResultAdaptor result)
        {
            var dir = ProjectPaths.Outputs("TestResults");
            var path = dir + "/TestResults_" + ProjectPaths.Stamp(DateTime.Now) + ".xml";
            // TestRunnerApi.SaveResultToFile exists from com.unity.test-framework 1.4.0 on.
            // unityapi:reflects[com.unity.test-framework] since 1.4.6 UnityEditor.TestTools.TestRunner.Api.TestRunnerApi::SaveResultToFile public static method (ITestResultAdaptor,string) void
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
    }
#endif
}
