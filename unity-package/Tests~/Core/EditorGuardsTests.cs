using System;
using System.Collections.Generic;
using System.Reflection;
using NUnit.Framework;
using UnityMcp.Core;

namespace UnityMcp.Core.Tests
{
    /// <summary>What the Unity adapters must do around the Restricted level and the input
    /// tools, read from their compiled IL (UnityMcp.Editor.dll, built by build.sh step 4;
    /// nothing of it runs here): snippets run in an undo group of their own, and the input
    /// tools ask InputRules before sending an event.</summary>
    [TestFixture]
    public class EditorGuardsTests
    {
        const BindingFlags All = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly;

        static Type EditorType(string name)
        {
            return Assembly.LoadFrom(AssemblyCheckerTests.FindEditorAssembly()).GetType(name, true);
        }

        /// <summary>Every method of t and of the types nested in it (lambdas, iterators).</summary>
        static IEnumerable<MethodBase> Methods(Type t)
        {
            foreach (var m in t.GetMethods(All)) yield return m;
            foreach (var c in t.GetConstructors(All)) yield return c;
            foreach (var n in t.GetNestedTypes(All))
                foreach (var m in Methods(n)) yield return m;
        }

        static bool Calls(MethodBase m, string type, string name)
        {
            foreach (var r in AssemblyChecker.References(m))
                if (r.Name == name && r.DeclaringType != null && r.DeclaringType.FullName == type) return true;
            return false;
        }

        [Test]
        public void SnippetsRunInANamedUndoGroupOfTheirOwn()
        {
            var tools = EditorType("UnityMcp.Editor.Tools.CodeTools");
            var order = new List<string>();
            foreach (var r in AssemblyChecker.References(tools.GetMethod("InvokeInUndoGroup", All)))
                if ((r.DeclaringType != null && r.DeclaringType.FullName == "UnityEditor.Undo") || r.Name == "InvokeSnippet") order.Add(r.Name);
            CollectionAssert.AreEqual(new[] { "IncrementCurrentGroup", "SetCurrentGroupName", "GetCurrentGroup", "InvokeSnippet", "CollapseUndoOperations", "IncrementCurrentGroup" }, order,
                "InvokeInUndoGroup: open and name a group, run the code, collapse the group and close it");
            var runners = new List<string>();
            foreach (var m in Methods(tools))
            {
                var where = m.DeclaringType.Name + "." + m.Name;
                if (Calls(m, "System.Reflection.MethodBase", "Invoke"))
                    Assert.AreEqual("InvokeSnippet", m.Name, where + " invokes compiled code itself");
                if (Calls(m, tools.FullName, "InvokeInUndoGroup")) runners.Add(where);
                // Undo is main-thread only: the one caller besides the group is _script's worker thread.
                if (Calls(m, tools.FullName, "InvokeSnippet") && m.Name != "InvokeInUndoGroup")
                    Assert.IsTrue(where.Contains("ScriptRun"), where + " runs compiled code outside an undo group");
            }
            foreach (var want in new[] { "CodeTools.RunScript", "ExecuteCodeRun", "DynamicRun" })
                Assert.IsTrue(runners.Exists(r => r.Contains(want)), want + " runs snippets through InvokeInUndoGroup; runners: " + string.Join(", ", runners.ToArray()));
        }

        [Test]
        public void InputToolsAskInputRulesBeforeSending()
        {
            var tools = EditorType("UnityMcp.Editor.Tools.EditorInputTools");
            foreach (var name in new[] { "Pointer", "Key", "Replay" })
            {
                var m = tools.GetMethod(name, All);
                Assert.IsTrue(Calls(m, tools.FullName, "Target"), name + " resolves its window through Target");
                Assert.IsFalse(Calls(m, "UnityMcp.Editor.Tools.EditorWindows", "ResolveView"), name + " resolves a window without InputRules");
            }
            Assert.IsTrue(Calls(tools.GetMethod("Target", All), typeof(InputRules).FullName, "Refusal"), "Target asks InputRules.Refusal");
        }
    }
}
