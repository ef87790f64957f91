using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Threading;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEngine;
using UnityEngine.SceneManagement;
using UnityMcp.Core;
using UnityMcp.Editor;
using UnityMcp.Editor.Tools;

/// <summary>A type outside any namespace in a loaded project assembly, as a project's own
/// Assembly-CSharp types are: snippets must see it.</summary>
public static class UnityMcpTestGlobalType
{
    public static int Lives = 3;
}

namespace UnityMcp.Editor.Tests
{
    /// <summary>Snippet compilation with the Editor's bundled Roslyn, the test-only tool left
    /// undeclared, the roots the scene tools walk, and getters with side effects.</summary>
    public class CompileAndScanTests
    {
        GameObject root;

        [TearDown]
        public void TearDown()
        {
            if (root != null) UnityEngine.Object.DestroyImmediate(root);
        }

        [Test]
        public void TheSampleToolOfTheseTestsIsNotDeclared()
        {
            var m = typeof(SampleTools).GetMethod("Add", BindingFlags.Public | BindingFlags.Static);
            Assert.IsTrue(AttributeTools.IsTestTool(m), "this assembly references nunit.framework");
            var registry = new ToolRegistry();
            AttributeTools.DeclareAll(registry);
            IToolHandler h;
            Assert.IsFalse(registry.TryGet("unitymcp_selftest_add", out h));
            foreach (var d in registry.Declarations()) Assert.AreNotEqual("unitymcp_selftest_add", (string)d["name"]);
        }

        [Test]
        public void TheEditorShipsACompilerWhereUnityKeepsIt()
        {
            var csc = ScriptCompiler.BundledCompiler;
            Assert.IsNotNull(csc, "no csc.dll under " + UnityEditor.EditorApplication.applicationContentsPath + " (see CscLocator for the layouts per version)");
            Assert.IsTrue(File.Exists(csc.Csc), csc.Csc);
            Assert.IsTrue(File.Exists(csc.Dotnet), csc.Dotnet);
        }

        [Test]
        public void ReferencesHoldTheClassLibrariesAndEveryLoadedProjectAssembly()
        {
            var refs = ScriptCompiler.References();
            var names = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
            foreach (var r in refs) Assert.IsTrue(names.Add(CscCommand.SimpleName(r)), "two references named " + CscCommand.SimpleName(r));
            foreach (var n in new[] { "mscorlib", "netstandard", "UnityEngine.CoreModule", "UnityEditor.CoreModule", "Newtonsoft.Json", "UnityMcp.Editor.Tests" })
                Assert.IsTrue(names.Contains(n), n + " is not among the references: " + string.Join(", ", refs.ToArray()));
            var scripts = Path.Combine(ProjectPaths.Root, "Library/ScriptAssemblies");
            foreach (var f in Directory.GetFiles(scripts, "Assembly-CSharp*.dll"))
                Assert.IsTrue(names.Contains(Path.GetFileNameWithoutExtension(f)), f + " is not referenced");
        }

        /// <summary>Runs ScriptCompiler's frame steps to the end (csc runs in its own process).</summary>
        static CompileResult CompileNow(string code)
        {
            string hash;
            var src = SnippetWrapper.Wrap(code, out hash);
            var result = new CompileResult();
            var until = DateTime.UtcNow.AddSeconds(120);
            foreach (var step in ScriptCompiler.Compile(hash, src, result))
            {
                if (DateTime.UtcNow > until) Assert.Fail("the compile took more than 120 s");
                Thread.Sleep(5);
            }
            return result;
        }

        [Test]
        public void SnippetsSeeProjectTypesAndUnityEditorsEditor()
        {
            if (ScriptCompiler.BundledCompiler == null) Assert.Ignore("no bundled csc: AssemblyBuilder needs Editor frames to compile");
            var r = CompileNow("var inspector = Editor.CreateEditor(Selection.activeObject);\nreturn UnityMcpTestGlobalType.Lives + (inspector == null ? 0 : 1);");
            Assert.IsNotNull(r.Assembly, string.Join("\n", r.Errors.ConvertAll(d => d.ErrorCode + " " + d.Message).ToArray()));
            StringAssert.StartsWith("csc ", r.Compiler);
            var broken = CompileNow("return NoSuchTypeAnywhere.Value;");
            Assert.IsNull(broken.Assembly);
            Assert.AreEqual("CS0103", broken.Errors[0].ErrorCode);
            Assert.AreEqual("snippet.cs", Path.GetFileName(broken.Errors[0].File));
            Assert.AreEqual(1, broken.Errors[0].Line);
        }

        [Test]
        public void SceneRootsSayWhereTheyAreAndEditModeHasNoDontDestroyOnLoad()
        {
            root = new GameObject("UnityMcpTestRoot");
            var found = false;
            foreach (var r in SceneWalk.RootsWithScenes())
            {
                Assert.AreNotEqual("DontDestroyOnLoad", r.Value);
                if (r.Key == root) { found = true; Assert.AreEqual(SceneManager.GetActiveScene().name, r.Value); }
            }
            Assert.IsTrue(found);
        }

        [Test]
        public void InputSettingsAnInjectionChangedComeBackAfterAReload()
        {
            // Reflection keeps this assembly free of an Input System reference (the package is optional).
            var inputSystem = Type.GetType("UnityEngine.InputSystem.InputSystem, Unity.InputSystem");
            var routing = typeof(PlayModeInputTools).Assembly.GetType("UnityMcp.Editor.Tools.GameInputRouting");
            if (inputSystem == null || routing == null) Assert.Ignore("the Input System package is not in this project");
            const string key = "UnityMcp.GameInputRouting.Saved";
            var settings = inputSystem.GetProperty("settings").GetValue(null, null);
            var behavior = settings.GetType().GetProperty("editorInputBehaviorInPlayMode");
            var background = settings.GetType().GetProperty("backgroundBehavior");
            var oldBehavior = behavior.GetValue(settings, null);
            var oldBackground = background.GetValue(settings, null);
            try
            {
                // What an injection cut off by a domain reload leaves: its values in the settings
                // (AllDeviceInputAlwaysGoesToGameView = 2, IgnoreFocus = 2), the user's in SessionState.
                behavior.SetValue(settings, Enum.ToObject(behavior.PropertyType, 2), null);
                background.SetValue(settings, Enum.ToObject(background.PropertyType, 2), null);
                UnityEditor.SessionState.SetString(key, "0,1");
                // After the reload, GameInputRouting's [InitializeOnLoad] constructor queues Restore.
                routing.GetMethod("Restore", BindingFlags.NonPublic | BindingFlags.Static).Invoke(null, null);
                Assert.AreEqual(0, Convert.ToInt32(behavior.GetValue(settings, null)));
                Assert.AreEqual(1, Convert.ToInt32(background.GetValue(settings, null)));
                Assert.AreEqual("", UnityEditor.SessionState.GetString(key, ""));
            }
            finally
            {
                UnityEditor.SessionState.EraseString(key);
                behavior.SetValue(settings, oldBehavior, null);
                background.SetValue(settings, oldBackground, null);
            }
        }

        static Component Add(GameObject g, string type)
        {
            var t = typeof(GameObject).Assembly.GetType(type) ?? Type.GetType(type + ", UnityEngine.CoreModule");
            var add = typeof(GameObject).GetMethod("AddComponent", new[] { typeof(Type) });
            return (Component)add.Invoke(g, new object[] { t });
        }

        [Test]
        public void SideEffectGettersAreSkippedAndSaySo()
        {
            root = new GameObject("UnityMcpTestRoot");
            Add(root, "UnityEngine.MeshFilter");
            Add(root, "UnityEngine.MeshRenderer");
            var e = Assert.Throws<ToolException>(() => ReflectTool.ReadOne("@scene:/UnityMcpTestRoot/MeshRenderer/material", 1, 10, false));
            StringAssert.Contains("sharedMaterial", e.Message);
            e = Assert.Throws<ToolException>(() => ReflectTool.ReadOne("@scene:/UnityMcpTestRoot/MeshFilter/mesh", 1, 10, false));
            StringAssert.Contains("sharedMesh", e.Message);

            JObject reply = null;
            var call = new ToolCall("t1", "find-game-objects", new JObject
            {
                { "NamePattern", "UnityMcpTestRoot" }, { "SearchMode", "Exact" }, { "IncludeInheritedProperties", true }, { "MaxResults", 5 },
            }, DateTime.MaxValue, CancellationToken.None, c => reply = (JObject)c.Result);
            SceneTools.FindGameObjects(call);
            Assert.IsNotNull(reply);
            Assert.AreEqual(SceneManager.GetActiveScene().name, (string)reply["results"][0]["scene"]);
            bool sawSkip = false;
            foreach (var comp in reply["results"][0]["components"])
            {
                if ((string)comp["type"] != "MeshRenderer") continue;
                foreach (var p in comp["properties"])
                {
                    if ((string)p["name"] != "material") continue;
                    sawSkip = true;
                    Assert.IsNull(p["value"]);
                    StringAssert.Contains("sharedMaterial", (string)p["skipped"]);
                }
            }
            Assert.IsTrue(sawSkip, "MeshRenderer.material is listed as skipped");
            foreach (var err in reply["processingErrors"]) StringAssert.DoesNotContain("Instantiating material", (string)err);
        }
    }
}
