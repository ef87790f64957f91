using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using NUnit.Framework;
using UnityMcp.Core;

namespace UnityMcp.Core.Tests
{
    /// <summary>The Restricted level on compiled code: every snippet in Tests~/Snippets is
    /// compiled by build.sh into Snippet.&lt;name&gt;.dll beside this assembly. Blocked_*
    /// snippets hide a blocked call from the syntax check (aliases, line breaks,
    /// delegates, lambdas, reflection, dynamic) and must be caught with the reason their
    /// first line names; Allowed_* snippets are ordinary editor scripting and must pass.</summary>
    [TestFixture]
    public class AssemblyCheckerTests
    {
        static string Dir
        {
            get { return Path.GetDirectoryName(new Uri(typeof(AssemblyCheckerTests).Assembly.CodeBase).LocalPath); }
        }

        static IEnumerable<string> Snippets(string prefix)
        {
            var files = Directory.GetFiles(Dir, "Snippet." + prefix + "*.dll");
            Array.Sort(files, StringComparer.Ordinal);
            return files;
        }

        [Test]
        public void BlocksEverySnippetThatHidesABlockedCall()
        {
            int n = 0;
            foreach (var dll in Snippets("Blocked_"))
            {
                n++;
                var asm = Assembly.LoadFrom(dll);
                var found = AssemblyChecker.Check(asm, SecurityLevel.Restricted);
                var text = string.Join("\n", found.ToArray());
                Assert.IsNotEmpty(found, Path.GetFileName(dll) + " passed the check");
                var want = Expected[Path.GetFileNameWithoutExtension(dll).Substring("Snippet.".Length)];
                StringAssert.Contains(want, text, Path.GetFileName(dll));
                StringAssert.Contains("Restricted security level", text);
                Assert.IsEmpty(AssemblyChecker.Check(asm, SecurityLevel.FullAccess), "FullAccess allows " + dll);
                Assert.IsNotEmpty(AssemblyChecker.Check(asm, SecurityLevel.Disabled));
            }
            Assert.AreEqual(Expected.Count, n, "snippets built (build.sh step 5)");
        }

        [Test]
        public void AllowsEditorScripting()
        {
            int n = 0;
            foreach (var dll in Snippets("Allowed_"))
            {
                n++;
                var found = AssemblyChecker.Check(Assembly.LoadFrom(dll), SecurityLevel.Restricted);
                Assert.IsEmpty(found, Path.GetFileName(dll) + ": " + string.Join("\n", found.ToArray()));
            }
            Assert.Greater(n, 0, "no Allowed_ snippet was built");
        }

        // What each Blocked_ snippet must be blocked for (the same as its first line).
        static readonly Dictionary<string, string> Expected = new Dictionary<string, string>
        {
            { "Blocked_Activator", "reflection-based invocation" },
            { "Blocked_AssemblyLoad", "loading assemblies" },
            { "Blocked_DelegateToDelete", "writing, moving or deleting files" },
            { "Blocked_Dynamic", "reflection-based invocation (dynamic)" },
            { "Blocked_EditorPrefsKey", "changing the unitymcp security level" },
            { "Blocked_ExpressionCompile", "reflection-based invocation" },
            { "Blocked_FileAlias", "writing, moving or deleting files" },
            { "Blocked_FileNextLine", "writing, moving or deleting files" },
            { "Blocked_LambdaDelete", "writing, moving or deleting files" },
            { "Blocked_Marshal", "native code" },
            { "Blocked_MethodInvoke", "reflection-based invocation" },
            { "Blocked_PInvoke", "native code" },
            { "Blocked_ProcessOverLines", "starting processes" },
            { "Blocked_RaiseLevelByReflection", "reflection-based invocation" },
            { "Blocked_StreamWriterPath", "writing, moving or deleting files" },
            { "Blocked_TcpClient", "network access" },
            { "Blocked_UnityMcpTypes", "changing the unitymcp security level" },
            { "Blocked_WebClient", "network access" },
        };
    }
}
