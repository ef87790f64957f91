using NUnit.Framework;
using UnityEditor;
using UnityEditorInternal;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>console_get_count and _editor_state over the fake Console (Stubs/Console.cs)
    /// and Editor status.</summary>
    [TestFixture]
    public class DiagnosticToolsTests
    {
        [SetUp]
        public void Fresh()
        {
            Reset();
            LogEntries.FakeReset();
            EditorApplication.FakeUpdating = false;
            InternalEditorUtility.FakeActive = true;
            EditorUtility.FakeCompileFailed = false;
        }

        static void Log(string message, int mode) { LogEntries.FakeAdd(message, "Game.Update () (at Assets/Game.cs:3)", mode); }

        [Test]
        public void CountsEveryEntryWhateverTheConsoleWindowShows()
        {
            Log("NullReferenceException", LogEntries.ScriptingException);
            Log("Assets/A.cs(1,1): error CS0103", LogEntries.ScriptCompileError);
            Log("obsolete", LogEntries.ScriptingWarning);
            Log("hello", LogEntries.ScriptingLog);
            Log("hello", LogEntries.ScriptingLog);
            // The user's Console window: errors hidden, collapsed, searching "hello".
            LogEntries.consoleFlags = 1 << 0 | 1 << 7 | 1 << 8;
            LogEntries.SetFilteringText("hello");
            var r = Call("console_get_count", null);
            Assert.AreEqual(2, (int)r["errorCount"], r.ToString());
            Assert.AreEqual(1, (int)r["warningCount"]);
            Assert.AreEqual(2, (int)r["logCount"]);
            Assert.AreEqual(5, (int)r["totalCount"]);
            Assert.IsNull(r["cleared"], "no since, no cleared");
            // The window is left as the user set it.
            Assert.AreEqual(1 << 0 | 1 << 7 | 1 << 8, LogEntries.consoleFlags);
            Assert.AreEqual("hello", LogEntries.GetFilteringText());
        }

        [Test]
        public void SinceAMarkerCountsOnlyLaterEntriesOrSaysTheConsoleWasCleared()
        {
            var empty = Call("console_get_count", null);
            Assert.AreEqual("0-00000000", (string)empty["marker"], empty.ToString());
            Log("Assets/A.cs(1,1): error CS0103", LogEntries.ScriptCompileError);
            Log("first", LogEntries.ScriptingLog);
            var mark = (string)Call("console_get_count", null)["marker"];
            var r = Call("console_get_count", new { since = mark });
            Assert.AreEqual(0, (int)r["totalCount"], r.ToString());
            Assert.IsFalse((bool)r["cleared"]);
            Log("broke", LogEntries.ScriptingError);
            Log("careful", LogEntries.ScriptingWarning);
            r = Call("console_get_count", new { since = mark });
            Assert.AreEqual(2, (int)r["totalCount"], r.ToString());
            Assert.AreEqual(1, (int)r["errorCount"]);
            Assert.AreEqual(1, (int)r["warningCount"]);
            Assert.AreEqual(0, (int)r["logCount"]);
            Assert.AreNotEqual(mark, (string)r["marker"]);
            // A clear keeps the compiler's error; as many entries come again as the marker
            // counted, but not the same: counted whole, and said.
            Call("clear-console", null);
            Log("again", LogEntries.ScriptingLog);
            r = Call("console_get_count", new { since = mark });
            Assert.IsTrue((bool)r["cleared"], r.ToString());
            Assert.AreEqual(2, (int)r["totalCount"]);
            Assert.AreEqual(1, (int)r["errorCount"]);
            Assert.AreEqual(1, (int)r["logCount"]);
        }

        [Test]
        public void ABadMarkerIsRefusedNamingIt()
        {
            foreach (var bad in new[] { "yesterday", "3", "3-xyz", "-1-00000000", "3-123" })
            {
                var f = Fails("console_get_count", new { since = bad });
                Assert.AreEqual("invalid_params", f.Code, bad);
                StringAssert.Contains(bad, f.Message);
            }
        }

        [Test]
        public void EditorStateSaysWhatOnlyTheEditorKnows()
        {
            var r = Call("_editor_state", null);
            Assert.IsFalse((bool)r["isPlaying"]);
            Assert.IsFalse((bool)r["isUpdating"]);
            Assert.IsTrue((bool)r["focused"]);
            Assert.IsFalse((bool)r["scriptCompilationFailed"]);
            EditorApplication.FakeUpdating = true;
            InternalEditorUtility.FakeActive = false;
            EditorUtility.FakeCompileFailed = true;
            EditorApplication.isPlaying = true;
            Updates(1);
            r = Call("_editor_state", null);
            Assert.IsTrue((bool)r["isPlaying"], r.ToString());
            Assert.IsTrue((bool)r["isUpdating"]);
            Assert.IsFalse((bool)r["focused"]);
            Assert.IsTrue((bool)r["scriptCompilationFailed"]);
        }
    }
}
