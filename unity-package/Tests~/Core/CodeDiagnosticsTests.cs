using System;
using System.Collections.Generic;
using NUnit.Framework;
using UnityMcp.Core;

namespace UnityMcp.Core.Tests
{
    [TestFixture]
    public class CodeDiagnosticsTests
    {
        [TestCase("CS0246", "The type or namespace name 'StringBuilder' could not be found (are you missing a using directive or an assembly reference?)", "StringBuilder")]
        [TestCase("CS0246", "The type or namespace name `StringBuilder' could not be found. Are you missing an assembly reference?", "StringBuilder")]
        [TestCase("CS0103", "The name 'Regex' does not exist in the current context", "Regex")]
        [TestCase("CS0246", "The type or namespace name 'List<>' could not be found", "List")]
        [TestCase("CS1002", "; expected", null)]
        public void FindsTheMissingName(string code, string message, string want)
        {
            Assert.AreEqual(want, CodeDiagnostics.MissingName(code, message));
        }

        [Test]
        public void FindsNamespacesAmongLoadedTypes()
        {
            var types = new List<Type>();
            foreach (var a in AppDomain.CurrentDomain.GetAssemblies())
            {
                try { types.AddRange(a.GetExportedTypes()); }
                catch (Exception) { }
            }
            CollectionAssert.AreEqual(new[] { "System.Text" }, CodeDiagnostics.NamespacesOf("StringBuilder", types));
            CollectionAssert.Contains(CodeDiagnostics.NamespacesOf("Regex", types), "System.Text.RegularExpressions");
            CollectionAssert.Contains(CodeDiagnostics.NamespacesOf("List", types), "System.Collections.Generic"); // List`1
            CollectionAssert.IsEmpty(CodeDiagnostics.NamespacesOf("NoSuchTypeAnywhere", types));
            var s = CodeDiagnostics.Suggestions("StringBuilder", new[] { "System.Text" });
            StringAssert.Contains("using System.Text;", s[0]);
            StringAssert.Contains("no loaded assembly", CodeDiagnostics.Suggestions("Nope", new string[0])[0]);
        }

        [Test]
        public void AddsOnlyMissingUsingsAtTheTop()
        {
            var code = "using System.IO;\nvar b = new StringBuilder();\nreturn b;";
            var updated = CodeDiagnostics.AddUsings(code, new[] { "System.Text", "System.IO", "System.Linq", "System.Text" });
            Assert.AreEqual("using System.Text;\n" + code, updated); // System.IO imported, System.Linq wrapped in
            Assert.AreSame(code, CodeDiagnostics.AddUsings(code, new[] { "System.IO" }));
            // The wrapper hoists the added lines: line numbers then count from the updated code.
            string hash;
            StringAssert.Contains("using System.Text;\nusing System.IO;\n", SnippetWrapper.Wrap(updated, out hash));
        }

        [Test]
        public void ContextShowsNeighboursAndACaret()
        {
            var lines = new[] { "var a = 1;", "var b = Foo(a);", "return b;" };
            Assert.AreEqual("1 | var a = 1;\n2 | var b = Foo(a);\n  |         ^\n3 | return b;", CodeDiagnostics.Context(lines, 2, 9));
            Assert.AreEqual("1 | var a = 1;\n  | ^\n2 | var b = Foo(a);", CodeDiagnostics.Context(lines, 1, 0));
            Assert.AreEqual("", CodeDiagnostics.Context(lines, 9, 1));
            Assert.AreNotEqual("", CodeDiagnostics.Hint("CS1061"));
            Assert.AreEqual("", CodeDiagnostics.Hint("CS9999"));
        }
    }
}
