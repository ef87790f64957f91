using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityMcp.Core;

namespace UnityMcp.Core.Tests
{
    [TestFixture]
    public class ReflectionPathTests
    {
        [TestCase("@sceneview:camera/transform/position", "sceneview", "camera", null)]
        [TestCase("@selection/transform/position", "selection", null, null)]
        [TestCase("@selection", "selection", null, null)]
        [TestCase("@scene:/Canvas/Button[1]/RectTransform/anchoredPosition", "scene", null, null)]
        [TestCase("@scene:/Main Camera/Transform/position", "scene", null, null)]
        [TestCase("@id:-1234/name", "id", "-1234", null)]
        [TestCase("@type:UnityEditor.EditorApplication/isPlaying", "type", "UnityEditor.EditorApplication", null)]
        [TestCase("UnityEngine.Time/time", "type", "UnityEngine.Time", "@type:UnityEngine.Time/time")]
        [TestCase("@type:Game.Registry/items[2][\"key\"][0]/value", "type", "Game.Registry", null)]
        public void Parses(string input, string root, string arg, string canonical)
        {
            var p = ReflectionPath.Parse(input);
            Assert.AreEqual(root, p.Root);
            Assert.AreEqual(arg, p.Arg);
            Assert.AreEqual(canonical ?? input, p.ToString());
        }

        [TestCase("", "empty path")]
        [TestCase("@scene:Canvas", "starting with /")]
        [TestCase("@scene:/", "names no GameObject")]
        [TestCase("@id:abc/x", "must be an integer")]
        [TestCase("@sceneview:game/x", "only @sceneview:camera")]
        [TestCase("@nope:/x", "unknown root")]
        [TestCase("Time", "names a type but no member")]
        [TestCase("@type:Game Thing/x", "not allowed in a type name")]
        [TestCase("@selection//x", "empty segment")]
        [TestCase("@selection/items[x]", "non-negative integer")]
        [TestCase("@selection/items[1", "missing ]")]
        [TestCase("@selection/items[\"k]", "unterminated")]
        [TestCase("@selection/items[1]x", "text after an index")]
        public void Rejects(string input, string reason)
        {
            var e = Assert.Throws<FormatException>(() => ReflectionPath.Parse(input));
            StringAssert.Contains(reason, e.Message);
        }

        [Test]
        public void SceneSegmentsAndIndexes()
        {
            var p = ReflectionPath.Parse("@scene:/Canvas/Button[1]/Button/onClick");
            Assert.AreEqual(4, p.Segments.Count);
            Assert.AreEqual("Button", p.Segments[1].Name);
            Assert.AreEqual(1, p.Segments[1].Indexes[0].Int);
        }
    }

    [TestFixture]
    public class SnippetWrapperTests
    {
        [Test]
        public void HoistsUsingsAndMapsLines()
        {
            string hash;
            var src = SnippetWrapper.Wrap("using System.Text;\nvar b = new StringBuilder();\nreturn b.ToString();", out hash);
            Assert.AreEqual(16, hash.Length);
            StringAssert.Contains("using System.Text;\nnamespace " + SnippetWrapper.Namespace, src);
            StringAssert.Contains("#line 2 \"snippet.cs\"\nvar b = new StringBuilder();", src);
            StringAssert.Contains("public static class Snippet_" + hash, src);
        }

        [Test]
        public void SameCodeSameHash()
        {
            string a, b, c;
            SnippetWrapper.Wrap("return 1;", out a);
            SnippetWrapper.Wrap("return 1;", out b);
            SnippetWrapper.Wrap("return 2;", out c);
            Assert.AreEqual(a, b);
            Assert.AreNotEqual(a, c);
        }
    }

    [TestFixture]
    public class SecurityCheckerTests
    {
        [TestCase("System.Diagnostics.Process.Start(\"rm\");", "starting processes")]
        [TestCase("File.WriteAllText(\"/tmp/x\", \"y\");", "writing, moving or deleting files")]
        [TestCase("System.IO.File.Delete(p);", "writing, moving or deleting files")]
        [TestCase("Directory.Delete(\"Assets\", true);", "writing or deleting files and folders")]
        [TestCase("var c = new System.Net.Http.HttpClient();", "network access")]
        [TestCase("typeof(X).GetMethod(\"Y\").Invoke(null, null);", "reflection-based invocation")]
        [TestCase("Assembly.LoadFrom(\"evil.dll\");", "loading assemblies")]
        [TestCase("[DllImport(\"libc\")] static extern int getpid();", "native code")]
        [TestCase("UnityMcp.Editor.Settings.Level = 2;", "changing the unitymcp security level")]
        [TestCase("EditorPrefs.SetInt(\"UnityMcp.SecurityLevel\", 2);", "changing the unitymcp security level")]
        public void BlocksAtRestricted(string code, string what)
        {
            var v = SecurityChecker.Check(code, SecurityLevel.Restricted);
            Assert.IsNotEmpty(v, code);
            StringAssert.Contains(what, string.Join("\n", v.ToArray()));
            StringAssert.Contains("line 1", v[0]);
            Assert.IsEmpty(SecurityChecker.Check(code, SecurityLevel.FullAccess));
        }

        [Test]
        public void AllowsEditorScripting()
        {
            var code = "// Process.Start is only mentioned here\nvar go = GameObject.Find(\"Player\");\nDebug.Log(\"File.Delete would be bad\");\nreturn go.transform.position;";
            Assert.IsEmpty(SecurityChecker.Check(code, SecurityLevel.Restricted));
        }

        [Test]
        public void DisabledBlocksEverything()
        {
            Assert.IsNotEmpty(SecurityChecker.Check("return 1;", SecurityLevel.Disabled));
        }

        [Test]
        public void ChecksReferences()
        {
            var v = SecurityChecker.CheckReferences(new[] { "mscorlib", "System.Net.Http" }, SecurityLevel.Restricted);
            Assert.AreEqual(1, v.Count);
            Assert.IsEmpty(SecurityChecker.CheckReferences(new[] { "System.Net.Http" }, SecurityLevel.FullAccess));
        }
    }

    [TestFixture]
    public class StateDirectoryTests
    {
        static Func<string, string> Env(Dictionary<string, string> d)
        {
            return k => { string v; return d.TryGetValue(k, out v) ? v : null; };
        }

        [Test]
        public void FollowsTheDaemonsRules()
        {
            var none = new Dictionary<string, string>();
            Assert.AreEqual("/h/.local/share/UnityMCP", StateDirectory.Resolve(Env(none), "linux", "/h"));
            Assert.AreEqual("/x/UnityMCP", StateDirectory.Resolve(Env(new Dictionary<string, string> { { "XDG_DATA_HOME", "/x" } }), "linux", "/h"));
            Assert.AreEqual("/h/.local/share/UnityMCP", StateDirectory.Resolve(Env(new Dictionary<string, string> { { "XDG_DATA_HOME", "/x" } }), "osx", "/h"));
            Assert.AreEqual("/o", StateDirectory.Resolve(Env(new Dictionary<string, string> { { "UNITYMCP_HOME", "/o" } }), "linux", "/h"));
            StringAssert.EndsWith("UnityMCP", StateDirectory.Resolve(Env(new Dictionary<string, string> { { "LOCALAPPDATA", "C:\\L" } }), "windows", "C:\\U"));
        }
    }

    [TestFixture]
    public class ToolCallTests
    {
        [Test]
        public void AnswersOnce()
        {
            int answers = 0;
            var call = ToolCall.ForTest("x", new JObject(), c => answers++);
            call.Reply(new JObject { { "a", 1 } });
            call.Fail("editor_error", "late");
            call.Reply(new JObject());
            Assert.AreEqual(1, answers);
            Assert.IsTrue(call.IsDone);
            Assert.AreEqual(1, (int)call.Result["a"]);
            Assert.IsNull(call.Error);
        }

        [Test]
        public void FailCarriesTheToolCode()
        {
            JObject err = null;
            var call = ToolCall.ForTest("x", null, c => err = c.Error);
            call.Fail("not_found", "nothing there", new JObject { { "path", "@selection" } });
            Assert.AreEqual(Protocol.ToolErrorCode, (int)err["code"]);
            Assert.AreEqual("not_found", (string)err["data"]["code"]);
            Assert.AreEqual("@selection", (string)err["data"]["path"]);
        }

        [Test]
        public void RegistrySeparatesDeclaredTools()
        {
            var r = new ToolRegistry();
            r.Register(new DelegateTool("get-logs", true, c => c.Reply(null)));
            r.Declare(new DelegateTool("my_tool", true, c => c.Reply(null)), new JObject { { "name", "my_tool" } });
            CollectionAssert.AreEqual(new[] { "get-logs" }, r.BuiltinNames());
            Assert.AreEqual(1, r.Declarations().Count);
            IToolHandler h;
            Assert.IsTrue(r.TryGet("my_tool", out h));
        }
    }
}
