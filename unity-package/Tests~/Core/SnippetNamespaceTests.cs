using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Text;
using NUnit.Framework;
using UnityMcp.Core;

namespace UnityMcp.Core.Tests
{
    /// <summary>Wrapped snippets and definition scripts live outside the UnityMcp namespace, so
    /// that `Editor` in a snippet means UnityEditor.Editor (through its using), not the
    /// namespace UnityMcp.Editor. The compile tests run the Mono C# compiler on the wrapped
    /// source next to an assembly that has a UnityMcp.Editor namespace, as the Editor has.</summary>
    [TestFixture]
    public class SnippetNamespaceTests
    {
        // What a project sees: UnityEditor.Editor with CreateEditor, and this package's
        // UnityMcp.Editor namespace in another loaded assembly.
        const string UnityLike =
            "namespace UnityEngine { public class Object { } }\n" +
            "namespace UnityEditor { public class Editor { public static string CreateEditor(object o) { return \"editor\"; } } }\n";
        const string PackageLike = "namespace UnityMcp.Editor { public static class McpBridge { } }\n";

        // engine/definitions/wrap.go's output shape (usings, then namespace UnityMcp.Scripts).
        static string GoWrappedScript(string body, string hash)
        {
            return "using System;\nusing System.Collections;\nusing System.Collections.Generic;\nusing System.Linq;\n" +
                "using System.Threading.Tasks;\nusing UnityEngine;\nusing UnityEditor;\nusing Newtonsoft.Json.Linq;\n" +
                "namespace UnityMcp.Scripts {\npublic static class Script_" + hash + " {\npublic static object Execute(JObject args) {\n" +
                "#line 1 \"Assets/Editor/defs/make.cs\"\n" + body + "\n#line default\nreturn null;\n}\n}\n}\n";
        }

        [Test]
        public void SnippetNamespaceIsOutsideUnityMcp()
        {
            string hash;
            var src = SnippetWrapper.Wrap("return 1;", out hash);
            StringAssert.Contains("namespace " + SnippetWrapper.Namespace + " {", src);
            Assert.IsFalse(SnippetWrapper.Namespace == "UnityMcp" || SnippetWrapper.Namespace.StartsWith("UnityMcp.", StringComparison.Ordinal));
            Assert.IsFalse(SnippetWrapper.ScriptNamespace == "UnityMcp" || SnippetWrapper.ScriptNamespace.StartsWith("UnityMcp.", StringComparison.Ordinal));
        }

        [Test]
        public void RehomeMovesOnlyTheWrapperNamespace()
        {
            var go = GoWrappedScript("var s = \"namespace UnityMcp.Scripts {\";\nreturn s;", "0123456789abcdef");
            var moved = SnippetWrapper.RehomeScript(go);
            StringAssert.Contains("using Newtonsoft.Json.Linq;\nnamespace McpScripts {\npublic static class Script_0123456789abcdef {", moved);
            StringAssert.Contains("var s = \"namespace UnityMcp.Scripts {\";", moved); // the body is left alone
            Assert.AreEqual(go.Length - "UnityMcp.Scripts".Length + "McpScripts".Length, moved.Length);
            Assert.AreEqual(moved, SnippetWrapper.RehomeScript(moved)); // already moved: unchanged
        }

        [Test]
        public void RehomeRefusesOtherShapesByName()
        {
            var e = Assert.Throws<ArgumentException>(() => SnippetWrapper.RehomeScript("using System;\npublic static class Script_x { }\n"));
            StringAssert.Contains("public static class Script_x", e.Message);
            StringAssert.Contains("update both", e.Message);
            Assert.Throws<ArgumentException>(() => SnippetWrapper.RehomeScript("using System;\n"));
            Assert.Throws<ArgumentException>(() => SnippetWrapper.RehomeScript(null));
        }

        // ---- compiled for real ----

        static string Mcs()
        {
            foreach (var dir in (Environment.GetEnvironmentVariable("PATH") ?? "").Split(Path.PathSeparator))
            {
                if (dir.Length == 0) continue;
                var p = Path.Combine(dir, "mcs");
                if (File.Exists(p)) return p;
            }
            return null;
        }

        /// <summary>Compiles the sources into a library with mcs; returns its output and exit code.</summary>
        internal static int Compile(string dir, string name, IEnumerable<string> refs, out string output, params string[] sources)
        {
            var mcs = Mcs();
            if (mcs == null) Assert.Ignore("mcs (mono-devel) is not on PATH");
            var files = new List<string>();
            for (int i = 0; i < sources.Length; i++)
            {
                var f = Path.Combine(dir, name + "_" + i + ".cs");
                File.WriteAllText(f, sources[i], new UTF8Encoding(false));
                files.Add(f);
            }
            var args = new StringBuilder("-nologo -target:library -out:" + CscCommand.Quote(Path.Combine(dir, name + ".dll")));
            foreach (var r in refs) args.Append(" -r:").Append(CscCommand.Quote(r));
            foreach (var f in files) args.Append(' ').Append(CscCommand.Quote(f));
            var info = new ProcessStartInfo(mcs, args.ToString()) { UseShellExecute = false, RedirectStandardOutput = true, RedirectStandardError = true };
            using (var p = Process.Start(info))
            {
                var err = p.StandardError.ReadToEndAsync();
                output = p.StandardOutput.ReadToEnd();
                if (!p.WaitForExit(60000)) { p.Kill(); Assert.Fail("mcs took more than 60 s"); }
                output += err.Result;
                return p.ExitCode;
            }
        }

        string dir;
        string unityDll;

        [SetUp]
        public void BuildReferences()
        {
            dir = Path.Combine(Path.GetTempPath(), "unitymcp-ns-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(dir);
            string output;
            Assert.AreEqual(0, Compile(dir, "UnityLike", new string[0], out output, UnityLike, PackageLike), output);
            unityDll = Path.Combine(dir, "UnityLike.dll");
        }

        [TearDown]
        public void Clean()
        {
            if (dir != null && Directory.Exists(dir)) Directory.Delete(dir, true);
        }

        [Test]
        public void EditorCreateEditorCompilesInASnippet()
        {
            string hash, output;
            var src = SnippetWrapper.Wrap("var e = Editor.CreateEditor(null);\nreturn e;", out hash);
            Assert.AreEqual(0, Compile(dir, "Snippet", new[] { unityDll }, out output, src), output);
            // In the namespace it replaced, Editor bound to the namespace UnityMcp.Editor (Roslyn:
            // CS0118 "is a namespace but is used like a type"; mcs: CS0234 "does not exist in the
            // namespace `UnityMcp.Editor'").
            var old = src.Replace("namespace " + SnippetWrapper.Namespace + " {", "namespace UnityMcp.Snippets {");
            Assert.AreNotEqual(0, Compile(dir, "SnippetOld", new[] { unityDll }, out output, old));
            var d = BoundToOurNamespace(output);
            Assert.AreEqual("snippet.cs", Path.GetFileName(d.File));
            Assert.AreEqual(1, d.Line); // the snippet's own line, through the wrapper's #line
        }

        static CompilerDiagnostic BoundToOurNamespace(string output)
        {
            var d = CscCommand.ParseOutput(output).Find(x => (x.Code == "CS0118" || x.Code == "CS0234") && x.Message.Contains("UnityMcp.Editor"));
            Assert.IsNotNull(d, "expected Editor to bind to the namespace UnityMcp.Editor:\n" + output);
            return d;
        }

        [Test]
        public void EditorCreateEditorCompilesInADefinitionScript()
        {
            string output;
            var json = typeof(Newtonsoft.Json.Linq.JObject).Assembly.Location;
            var go = GoWrappedScript("return Editor.CreateEditor(args);", "00112233aabbccdd");
            Assert.AreNotEqual(0, Compile(dir, "ScriptOld", new[] { unityDll, json }, out output, go));
            Assert.AreEqual("make.cs", Path.GetFileName(BoundToOurNamespace(output).File));
            Assert.AreEqual(0, Compile(dir, "Script", new[] { unityDll, json }, out output, SnippetWrapper.RehomeScript(go)), output);
            var asm = System.Reflection.Assembly.Load(File.ReadAllBytes(Path.Combine(dir, "Script.dll")));
            Assert.IsNotNull(asm.GetType(SnippetWrapper.ScriptNamespace + ".Script_00112233aabbccdd"));
        }

        [Test]
        public void ProjectTypesInTheGlobalNamespaceResolve()
        {
            // A project's own script outside any asmdef (Assembly-CSharp, global namespace).
            string output;
            Assert.AreEqual(0, Compile(dir, "AssemblyCSharp", new string[0], out output, "public class PlayerStats { public static int Lives = 3; }\n"), output);
            string hash;
            var src = SnippetWrapper.Wrap("return PlayerStats.Lives;", out hash);
            Assert.AreEqual(0, Compile(dir, "UsesProject", new[] { unityDll, Path.Combine(dir, "AssemblyCSharp.dll") }, out output, src), output);
        }
    }
}
