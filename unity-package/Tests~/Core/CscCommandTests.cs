using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using NUnit.Framework;
using UnityMcp.Core;

namespace UnityMcp.Core.Tests
{
    [TestFixture]
    public class CscReferenceTests
    {
        static readonly HashSet<string> Existing = new HashSet<string>(StringComparer.OrdinalIgnoreCase)
        {
            "/ref/mscorlib.dll", "/ref/System.dll", "/ref/Facades/netstandard.dll",
            "/p/Library/ScriptAssemblies/Assembly-CSharp.dll", "/p/Library/ScriptAssemblies/Assembly-CSharp-Editor.dll",
            "/mono/lib/mono/4.5/mscorlib.dll", "/mono/lib/mono/4.5/System.Xml.dll", "/mono/lib/mono/4.5/Facades/netstandard.dll",
            "/unity/Managed/UnityEngine/UnityEngine.CoreModule.dll", "/p/Library/ScriptAssemblies/Game.Logic.dll",
            "/p/Library/PackageCache/json/Newtonsoft.Json.dll", "/p/Library/UnityMcp/Scripts/UnityMcpScript_1234.dll",
            "/other/system.dll",
        };

        static bool Exists(string p) { return Existing.Contains(p); }

        static List<LoadedAssembly> Loaded()
        {
            return new List<LoadedAssembly>
            {
                new LoadedAssembly("mscorlib", "/mono/lib/mono/4.5/mscorlib.dll", false),
                new LoadedAssembly("System.Xml", "/mono/lib/mono/4.5/System.Xml.dll", false),
                new LoadedAssembly("netstandard", "/mono/lib/mono/4.5/Facades/netstandard.dll", false),
                new LoadedAssembly("UnityEngine.CoreModule", "/unity/Managed/UnityEngine/UnityEngine.CoreModule.dll", false),
                new LoadedAssembly("Assembly-CSharp", "/p/Library/ScriptAssemblies/Assembly-CSharp.dll", false),
                new LoadedAssembly("Game.Logic", "/p/Library/ScriptAssemblies/Game.Logic.dll", false),
                new LoadedAssembly("Newtonsoft.Json", "/p/Library/PackageCache/json/Newtonsoft.Json.dll", false),
                new LoadedAssembly("UnityMcpScript_1234", "/p/Library/UnityMcp/Scripts/UnityMcpScript_1234.dll", false),
                new LoadedAssembly("Snippet", "", false),                        // loaded from bytes
                new LoadedAssembly("Emitted", "/p/emitted.dll", true),            // dynamic
                new LoadedAssembly("Gone", "/p/Library/ScriptAssemblies/Gone.dll", false), // file deleted since
                new LoadedAssembly("SYSTEM", "/other/system.dll", false),         // same simple name, other case
            };
        }

        [Test]
        public void SystemReferencesStandForTheRuntimeAndEveryLoadedAssemblyFollows()
        {
            var refs = CscCommand.SelectReferences(
                new[] { "/ref/mscorlib.dll", "/ref/System.dll", "/ref/Facades/netstandard.dll" },
                new[] { "/p/Library/ScriptAssemblies/Assembly-CSharp.dll", "/p/Library/ScriptAssemblies/Assembly-CSharp-Editor.dll" },
                Loaded(), "/mono/lib/mono/4.5", Exists);
            CollectionAssert.AreEqual(new[]
            {
                "/ref/mscorlib.dll", "/ref/System.dll", "/ref/Facades/netstandard.dll",
                "/p/Library/ScriptAssemblies/Assembly-CSharp.dll", "/p/Library/ScriptAssemblies/Assembly-CSharp-Editor.dll",
                "/unity/Managed/UnityEngine/UnityEngine.CoreModule.dll", "/p/Library/ScriptAssemblies/Game.Logic.dll",
                "/p/Library/PackageCache/json/Newtonsoft.Json.dll",
            }, refs);
        }

        [Test]
        public void WithoutSystemReferencesTheRuntimeAssembliesAreUsed()
        {
            var refs = CscCommand.SelectReferences(new string[0], new string[0], Loaded(), "/mono/lib/mono/4.5", Exists);
            Assert.AreEqual("/mono/lib/mono/4.5/mscorlib.dll", refs[0]);
            CollectionAssert.Contains(refs, "/mono/lib/mono/4.5/Facades/netstandard.dll");
            CollectionAssert.Contains(refs, "/p/Library/ScriptAssemblies/Assembly-CSharp.dll");
            CollectionAssert.Contains(refs, "/other/system.dll"); // no System from elsewhere this time
            CollectionAssert.DoesNotContain(refs, "/p/Library/UnityMcp/Scripts/UnityMcpScript_1234.dll");
        }

        [Test]
        public void RuntimeFolderMatchesWholeFolderNamesAndEitherSlash()
        {
            var loaded = new List<LoadedAssembly>
            {
                new LoadedAssembly("A", @"C:\Unity\MonoBleedingEdge\lib\mono\unityjit-win32\A.dll", false),
                new LoadedAssembly("B", @"C:\Unity\MonoBleedingEdge\lib\mono\unityjit-win32-extra\B.dll", false),
            };
            var all = new HashSet<string> { "/ref/mscorlib.dll", @"C:\Unity\MonoBleedingEdge\lib\mono\unityjit-win32\A.dll", @"C:\Unity\MonoBleedingEdge\lib\mono\unityjit-win32-extra\B.dll" };
            var refs = CscCommand.SelectReferences(new[] { "/ref/mscorlib.dll" }, null, loaded, @"C:\Unity\MonoBleedingEdge\lib\mono\unityjit-win32\", all.Contains);
            CollectionAssert.AreEqual(new[] { "/ref/mscorlib.dll", @"C:\Unity\MonoBleedingEdge\lib\mono\unityjit-win32-extra\B.dll" }, refs);
        }

        [TestCase("/a/b/Assembly-CSharp.dll", "Assembly-CSharp")]
        [TestCase(@"C:\x\Tool.exe", "Tool")]
        [TestCase("/a/Some.Name.With.Dots.dll", "Some.Name.With.Dots")]
        [TestCase("/a/NoExtension", "NoExtension")]
        public void SimpleNames(string path, string want)
        {
            Assert.AreEqual(want, CscCommand.SimpleName(path));
        }
    }

    [TestFixture]
    public class CscResponseFileTests
    {
        /// <summary>Splits a response file / command line by the rules Roslyn documents
        /// (CommandLineUtilities.SplitCommandLineIntoArguments, then quote removal): written
        /// here from the rules so the test checks Quote against them, not against itself.</summary>
        static List<string> Split(string text)
        {
            var args = new List<string>();
            foreach (var line in text.Replace("\r\n", "\n").Split('\n'))
            {
                var cur = new StringBuilder();
                bool inQuotes = false, any = false;
                for (int i = 0; i < line.Length; i++)
                {
                    char c = line[i];
                    if (c == '\\')
                    {
                        int n = 0;
                        while (i < line.Length && line[i] == '\\') { n++; i++; }
                        if (i < line.Length && line[i] == '"')
                        {
                            cur.Append('\\', n / 2);
                            if (n % 2 == 1) cur.Append('"');
                            else { inQuotes = !inQuotes; any = true; }
                        }
                        else { cur.Append('\\', n); i--; }
                        continue;
                    }
                    if (c == '"') { inQuotes = !inQuotes; any = true; continue; }
                    if (char.IsWhiteSpace(c) && !inQuotes)
                    {
                        if (cur.Length > 0 || any) args.Add(cur.ToString());
                        cur.Length = 0;
                        any = false;
                        continue;
                    }
                    cur.Append(c);
                }
                if (cur.Length > 0 || any) args.Add(cur.ToString());
            }
            return args;
        }

        [TestCase("/plain/path/a.dll")]
        [TestCase("/Users/me/My Project/Library/ScriptAssemblies/Assembly-CSharp.dll")]
        [TestCase(@"C:\Program Files\Unity\Hub\Editor\6000.0.1f1\Editor\Data\Managed\UnityEngine\UnityEngine.CoreModule.dll")]
        [TestCase("/weird/a;b,c (d) & e # f 'g'/x.dll")]
        [TestCase(@"C:\ends\with\backslash\")]
        [TestCase(@"C:\two\\")]
        [TestCase("/ünïcödé/日本/x.dll")]
        [TestCase("")]
        public void QuotedValuesSplitBackToThemselves(string value)
        {
            var q = CscCommand.Quote(value);
            StringAssert.StartsWith("\"", q);
            CollectionAssert.AreEqual(new[] { value }, Split(q));
            CollectionAssert.AreEqual(new[] { "-reference:" + value }, Split("-reference:" + q));
        }

        [TestCase("/a\"b/x.dll")]
        [TestCase("/a\nb/x.dll")]
        public void UnquotableValuesAreRefusedByName(string value)
        {
            var e = Assert.Throws<ArgumentException>(() => CscCommand.Quote(value));
            StringAssert.Contains("/a", e.Message);
            StringAssert.Contains("rename", e.Message);
        }

        static CscInvocation Sample()
        {
            var inv = new CscInvocation { OutputPath = "/p/Library/UnityMcp/Scripts/UnityMcpScript_ab.dll" };
            inv.Sources.Add("/p/Library/UnityMcp/Scripts/UnityMcpScript_ab.cs");
            inv.References.Add("/ref/mscorlib.dll");
            inv.References.Add("/p/My Project/Library/ScriptAssemblies/Assembly-CSharp.dll");
            inv.Defines.AddRange(new[] { "UNITY_EDITOR", "UNITY_6000_0_OR_NEWER", "", "HAS SPACE", "UNITY_EDITOR", "9LIVES", "_OK" });
            return inv;
        }

        [Test]
        public void ResponseFileHoldsEveryArgumentOnItsOwnLine()
        {
            var args = Split(CscCommand.ResponseFile(Sample()));
            Assert.AreEqual("-target:library", args[0]);
            CollectionAssert.Contains(args, "-out:/p/Library/UnityMcp/Scripts/UnityMcpScript_ab.dll");
            CollectionAssert.Contains(args, "-nostdlib+");
            CollectionAssert.Contains(args, "-langversion:" + CscCommand.DefaultLanguageVersion);
            CollectionAssert.Contains(args, "-preferreduilang:en-US");
            CollectionAssert.Contains(args, "-utf8output");
            CollectionAssert.Contains(args, "-reference:/ref/mscorlib.dll");
            CollectionAssert.Contains(args, "-reference:/p/My Project/Library/ScriptAssemblies/Assembly-CSharp.dll");
            // Invalid and repeated defines are dropped; the rest keep their order.
            CollectionAssert.Contains(args, "-define:UNITY_EDITOR;UNITY_6000_0_OR_NEWER;_OK");
            Assert.AreEqual("/p/Library/UnityMcp/Scripts/UnityMcpScript_ab.cs", args[args.Count - 1]);
            CollectionAssert.DoesNotContain(args, "-noconfig"); // ignored in a response file: it goes on the command line
        }

        [Test]
        public void ResponseFileNeedsOutputAndSources()
        {
            Assert.Throws<ArgumentException>(() => CscCommand.ResponseFile(new CscInvocation { OutputPath = "" }));
            var noSources = new CscInvocation { OutputPath = "/x.dll" };
            StringAssert.Contains("source", Assert.Throws<ArgumentException>(() => CscCommand.ResponseFile(noSources)).Message);
        }

        [Test]
        public void CommandLineRunsCscOnTheResponseFile()
        {
            var a = CscCommand.Arguments(@"C:\Program Files\Unity\Editor\Data\DotNetSdkRoslyn\csc.dll", @"C:\My Project\Library\UnityMcp\Scripts\x.rsp", true);
            CollectionAssert.AreEqual(new[] { @"C:\Program Files\Unity\Editor\Data\DotNetSdkRoslyn\csc.dll", "-noconfig", "-shared", @"@C:\My Project\Library\UnityMcp\Scripts\x.rsp" }, Split(a));
            CollectionAssert.DoesNotContain(Split(CscCommand.Arguments("/csc.dll", "/x.rsp", false)), "-shared");
        }

        [Test]
        public void DefineNames()
        {
            Assert.IsTrue(CscCommand.IsDefineName("UNITY_EDITOR"));
            Assert.IsTrue(CscCommand.IsDefineName("_x1"));
            Assert.IsFalse(CscCommand.IsDefineName("1X"));
            Assert.IsFalse(CscCommand.IsDefineName("A-B"));
            Assert.IsFalse(CscCommand.IsDefineName(""));
            Assert.IsFalse(CscCommand.IsDefineName(null));
        }
    }

    [TestFixture]
    public class CscOutputTests
    {
        [Test]
        public void ReadsRoslynDiagnostics()
        {
            var output = string.Join("\n", new[]
            {
                "Microsoft (R) Visual C# Compiler version 4.8.0-7.23572.1 (7b75981c)",
                "Copyright (C) Microsoft Corporation. All rights reserved.",
                "",
                "snippet.cs(3,5): error CS0246: The type or namespace name 'Foo' could not be found (are you missing a using directive or an assembly reference?)",
                @"C:\Users\me\My Project (2)\Library\UnityMcp\Scripts\UnityMcpScript_ab.cs(10,17): warning CS0168: The variable 'e' is declared but never used",
                "Assets/Editor/defs/spawn.cs(7,1,7,4): error CS1002: ; expected",
                "error CS2001: Source file '/p/missing.cs' could not be found.",
                "CSC : error CS0006: Metadata file '/p/gone.dll' could not be found",
                "warning CS1701: Assuming assembly reference 'netstandard, Version=2.0.0.0' matches 'netstandard, Version=2.1.0.0'",
                "fatal error CS2008: No source files specified.",
            });
            var d = CscCommand.ParseOutput(output);
            Assert.AreEqual(7, d.Count);

            Assert.AreEqual("snippet.cs", d[0].File);
            Assert.AreEqual(3, d[0].Line);
            Assert.AreEqual(5, d[0].Column);
            Assert.AreEqual("CS0246", d[0].Code);
            StringAssert.StartsWith("The type or namespace name 'Foo'", d[0].Message);
            Assert.IsTrue(d[0].IsError);

            Assert.AreEqual(@"C:\Users\me\My Project (2)\Library\UnityMcp\Scripts\UnityMcpScript_ab.cs", d[1].File);
            Assert.AreEqual(10, d[1].Line);
            Assert.AreEqual(17, d[1].Column);
            Assert.IsFalse(d[1].IsError);

            Assert.AreEqual("Assets/Editor/defs/spawn.cs", d[2].File);
            Assert.AreEqual(7, d[2].Line);
            Assert.AreEqual("; expected", d[2].Message);

            Assert.AreEqual("", d[3].File);
            Assert.AreEqual("CS2001", d[3].Code);
            Assert.IsTrue(d[3].IsError);

            Assert.AreEqual("CSC", d[4].File);
            Assert.AreEqual("CS0006", d[4].Code);

            Assert.IsFalse(d[5].IsError);
            Assert.AreEqual("CS1701", d[5].Code);

            Assert.IsTrue(d[6].IsError);
            Assert.AreEqual("CS2008", d[6].Code);
        }

        [Test]
        public void ReadsMcsDiagnosticsToo()
        {
            var d = CscCommand.ParseOutput("snippet.cs(2,1): error CS0103: The name `Regex' does not exist in the current context\r\nCompilation failed: 1 error(s), 0 warnings\r\n");
            Assert.AreEqual(1, d.Count);
            Assert.AreEqual("CS0103", d[0].Code);
            Assert.AreEqual(2, d[0].Line);
            Assert.AreEqual("Regex", CodeDiagnostics.MissingName(d[0].Code, d[0].Message));
        }

        [Test]
        public void NothingToReadGivesNothing()
        {
            CollectionAssert.IsEmpty(CscCommand.ParseOutput(null));
            CollectionAssert.IsEmpty(CscCommand.ParseOutput(""));
            CollectionAssert.IsEmpty(CscCommand.ParseOutput("Microsoft (R) Visual C# Compiler\nall good\n"));
        }
    }

    [TestFixture]
    public class CscLocatorTests
    {
        string root;

        [SetUp]
        public void SetUp()
        {
            root = Path.Combine(Path.GetTempPath(), "unitymcp-csc-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(root);
        }

        [TearDown]
        public void TearDown()
        {
            if (Directory.Exists(root)) Directory.Delete(root, true);
        }

        void Touch(string rel)
        {
            var p = Path.Combine(root, rel);
            Directory.CreateDirectory(Path.GetDirectoryName(p));
            File.WriteAllText(p, "");
        }

        CscInstallation Find(bool windows, List<string> probed, params string[] roots)
        {
            return CscLocator.Find(roots, windows, File.Exists, d => Directory.Exists(d) ? Directory.GetDirectories(d) : new string[0], probed);
        }

        string R(string rel) { return (root + "/" + rel).Replace('\\', '/'); }

        [Test]
        public void Unity2022And6000_0Layout()
        {
            Touch("Data/DotNetSdkRoslyn/csc.dll");
            Touch("Data/DotNetSdkRoslyn/VBCSCompiler.dll");
            Touch("Data/NetCoreRuntime/dotnet");
            var found = Find(false, null, R("Data"));
            Assert.IsNotNull(found);
            Assert.AreEqual(R("Data/DotNetSdkRoslyn/csc.dll"), found.Csc);
            Assert.AreEqual(R("Data/NetCoreRuntime/dotnet"), found.Dotnet);
            Assert.IsTrue(found.HasServer);
        }

        [Test]
        public void Unity6000_5LayoutTakesTheNewestSdk()
        {
            foreach (var v in new[] { "8.0.100", "9.0.3", "10.0.100" })
                Touch("Scripting/DotNetSdk/sdk/" + v + "/Roslyn/bincore/csc.dll");
            Touch("Scripting/DotNetSdk/sdk/NuGetFallbackFolder/Roslyn/bincore/csc.dll");
            Touch("Scripting/DotNetSdk/dotnet.exe");
            var found = Find(true, null, R("Scripting"), R("Contents"));
            Assert.IsNotNull(found);
            Assert.AreEqual(R("Scripting/DotNetSdk/sdk/10.0.100/Roslyn/bincore/csc.dll"), found.Csc);
            Assert.AreEqual(R("Scripting/DotNetSdk/dotnet.exe"), found.Dotnet);
            Assert.IsFalse(found.HasServer);
        }

        [Test]
        public void SecondRootIsSearchedWhenTheFirstHasNothing()
        {
            Touch("Contents/DotNetSdkRoslyn/csc.dll");
            Touch("Contents/NetCoreRuntime/dotnet");
            var found = Find(false, null, R("Resources/Scripting"), R("Contents"));
            Assert.AreEqual(R("Contents/DotNetSdkRoslyn/csc.dll"), found.Csc);
        }

        [Test]
        public void NothingFoundSaysWhereItLooked()
        {
            Touch("Data/DotNetSdkRoslyn/csc.dll"); // no dotnet host beside it
            var probed = new List<string>();
            Assert.IsNull(Find(false, probed, R("Data"), R("Data/"), null, ""));
            CollectionAssert.AreEqual(new[] { R("Data/DotNetSdkRoslyn/csc.dll"), R("Data/DotNetSdk/sdk") + "/<x.y.z>/Roslyn/bincore/csc.dll" }, probed);
        }
    }
}
