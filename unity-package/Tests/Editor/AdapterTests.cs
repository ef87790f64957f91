using System.Collections.Generic;
using System.Reflection;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEngine;
using UnityMcp.Editor;
using UnityMcp.Editor.Tools;

namespace UnityMcp.Editor.Tests
{
    public enum SampleColor { Red, Green }

    public static class SampleTools
    {
        [McpTool("unitymcp_selftest_add", "unitymcp package self-test: adds two numbers", ReadOnly = true, Idempotent = true)]
        public static int Add(int a, [McpParam("The second number")] int b = 2, SampleColor color = SampleColor.Green, string[] tags = null)
        {
            return a + b;
        }
    }

    public class AdapterTests
    {
        GameObject root;

        [TearDown]
        public void TearDown()
        {
            if (root != null) Object.DestroyImmediate(root);
        }

        [Test]
        public void BuiltinToolsAreRegistered()
        {
            var names = BuiltinTools.Build().BuiltinNames();
            foreach (var n in new[] { "compile", "get-logs", "clear-console", "run-tests", "find-game-objects", "get-hierarchy", "screenshot",
                "control-play-mode", "simulate-mouse-ui", "simulate-mouse-input", "simulate-keyboard", "reflect_read", "_script", "_undo",
                "execute_code", "execute-dynamic-code", "input_pointer", "input_key", "input_record", "input_replay" })
                Assert.Contains(n, names);
        }

        [Test]
        public void AttributeToolSchemaComesFromParameters()
        {
            var m = typeof(SampleTools).GetMethod("Add", BindingFlags.Public | BindingFlags.Static);
            var attr = (McpToolAttribute)System.Attribute.GetCustomAttribute(m, typeof(McpToolAttribute));
            var decl = AttributeTools.Declaration(m, attr);
            Assert.AreEqual("unitymcp_selftest_add", (string)decl["name"]);
            var props = (JObject)decl["inputSchema"]["properties"];
            Assert.AreEqual("integer", (string)props["a"]["type"]);
            Assert.AreEqual(2, (int)props["b"]["default"]);
            Assert.AreEqual("The second number", (string)props["b"]["description"]);
            Assert.AreEqual("Green", (string)props["color"]["default"]);
            Assert.AreEqual("array", (string)props["tags"]["type"]);
            Assert.AreEqual("string", (string)props["tags"]["items"]["type"]);
            Assert.IsTrue(JToken.DeepEquals(new JArray("a"), decl["inputSchema"]["required"]));
            Assert.IsTrue((bool)decl["annotations"]["readOnlyHint"]);
            Assert.IsFalse((bool)decl["annotations"]["destructiveHint"]);
        }

        [Test]
        public void RecordingNamesAreSanitized()
        {
            Assert.AreEqual("my_run-1.json", EditorInputTools.RecordingFile("my run-1"));
            Assert.Throws<ToolException>(() => EditorInputTools.RecordingFile("CON"));
        }

        [Test]
        public void ValueWriterShapesUnityTypes()
        {
            var w = new ValueWriter(2, 20);
            var v = (JObject)w.Write(new Vector3(1, 2, 3));
            Assert.AreEqual(1.0, (double)v["x"]);
            Assert.AreEqual(3.0, (double)v["z"]);
            var c = (JObject)w.Write(new Color(0.5f, 0, 0, 1));
            Assert.AreEqual(0.5, (double)c["r"]);
            var list = (JArray)w.Write(new List<int> { 1, 2, 3 });
            Assert.AreEqual(3, list.Count);
        }

        [Test]
        public void ReflectReadsSceneAndStaticMembers()
        {
            root = new GameObject("UnityMcpTestRoot");
            var child = new GameObject("Child");
            child.transform.parent = root.transform;
            child.transform.position = new Vector3(1, 2, 3);

            var r = ReflectTool.ReadOne("@scene:/UnityMcpTestRoot/Child/Transform/position", 2, 20, false);
            Assert.AreEqual("UnityEngine.Vector3", (string)r["type"]);
            Assert.AreEqual(2.0, (double)r["value"]["y"], 1e-5);

            var go = ReflectTool.ReadOne("@scene:/UnityMcpTestRoot", 1, 20, false);
            Assert.AreEqual("UnityMcpTestRoot", (string)go["value"]["name"]);

            var s = ReflectTool.ReadOne("@type:UnityEngine.Application/unityVersion", 2, 20, false);
            Assert.AreEqual(Application.unityVersion, (string)s["value"]);

            Assert.Throws<ToolException>(() => ReflectTool.ReadOne("@scene:/NoSuchObjectAnywhere/Transform", 2, 20, false));
        }

        [Test]
        public void ProjectHashIsSixteenHexDigits()
        {
            StringAssert.IsMatch("^[0-9a-f]{16}$", ProjectPaths.ProjectHash);
        }
    }
}
