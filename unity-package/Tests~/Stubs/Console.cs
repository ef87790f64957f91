// Behavioural fake of the Editor's Console store, UnityEditor.LogEntries and LogEntry
// (UnityCsReference 2022.3 and 6000.7.0a1: Editor/Mono/LogEntries.bindings.cs; internal
// types, so the API manifests do not check them; the package reaches them by reflection,
// ConsoleTools.cs). Entries are kept in the order logged. What the Console window shows
// depends on its flags (Editor/Mono/ConsoleWindow.cs, ConsoleFlags: the LogLevel* bits hide
// a type, Collapse shows identical entries once) and on its search text:
// StartGettingEntries returns how many it shows, GetEntryInternal reads among those, and
// GetCountsByType counts those too (a search text narrows the counts: isuzu-shiranui/UnityMCP
// observed logCount 23 and errorCount 0 with a filter set, ConsoleTools.cs). Clear keeps the
// compiler's messages (Unity Manual, "Console window": the Clear button "removes any
// messages generated from your code but retains compiler errors").
using System;
using System.Collections.Generic;

namespace UnityEditor
{
    internal class LogEntry
    {
        public string message;
        public string file;
        public int line;
        public int column;
        public int mode;
        public int callstackTextStartUTF16;
    }

    internal sealed class LogEntries
    {
        // LogMessageFlags (LogEntries.bindings.cs).
        internal const int Error = 1 << 0, ScriptingError = 1 << 8, ScriptingWarning = 1 << 9, ScriptingLog = 1 << 10,
            ScriptCompileError = 1 << 11, ScriptCompileWarning = 1 << 12, StickyLog = 1 << 13, ScriptingException = 1 << 17;
        const int ErrorBits = Error | 1 << 1 | 1 << 4 | 1 << 6 | ScriptingError | ScriptCompileError | ScriptingException | 1 << 21;
        const int WarningBits = 1 << 7 | ScriptingWarning | ScriptCompileWarning;
        // ConsoleFlags (ConsoleWindow.cs).
        const int Collapse = 1 << 0, LevelLog = 1 << 7, LevelWarning = 1 << 8, LevelError = 1 << 9;

        static readonly List<LogEntry> all = new List<LogEntry>();
        static List<LogEntry> reading;
        static string filter = "";

        public static int consoleFlags { get; set; }

        static LogEntries() { FakeReset(); }

        /// <summary>An empty Console with every type shown, not collapsed, no search text.</summary>
        internal static void FakeReset()
        {
            all.Clear();
            reading = null;
            filter = "";
            consoleFlags = LevelLog | LevelWarning | LevelError;
        }

        /// <summary>Logs an entry: its text (message, a newline, the stack trace) and its mode
        /// (LogMessageFlags).</summary>
        internal static void FakeAdd(string message, string stackTrace, int mode)
        {
            var text = string.IsNullOrEmpty(stackTrace) ? message : message + "\n" + stackTrace;
            all.Add(new LogEntry { message = text, mode = mode, callstackTextStartUTF16 = string.IsNullOrEmpty(stackTrace) ? text.Length : message.Length + 1 });
        }

        static List<LogEntry> Shown()
        {
            var shown = new List<LogEntry>();
            var seen = new HashSet<string>();
            foreach (var e in all)
            {
                int level = (e.mode & ErrorBits) != 0 ? LevelError : (e.mode & WarningBits) != 0 ? LevelWarning : LevelLog;
                if ((consoleFlags & level) == 0) continue;
                if (filter.Length > 0 && e.message.IndexOf(filter, StringComparison.OrdinalIgnoreCase) < 0) continue;
                if ((consoleFlags & Collapse) != 0 && !seen.Add(e.mode + "\n" + e.message)) continue;
                shown.Add(e);
            }
            return shown;
        }

        public static int StartGettingEntries()
        {
            reading = Shown();
            return reading.Count;
        }

        public static void EndGettingEntries() { reading = null; }

        public static bool GetEntryInternal(int row, LogEntry outputEntry)
        {
            if (reading == null) throw new InvalidOperationException("GetEntryInternal outside StartGettingEntries/EndGettingEntries");
            if (row < 0 || row >= reading.Count) return false;
            var e = reading[row];
            outputEntry.message = e.message;
            outputEntry.mode = e.mode;
            outputEntry.callstackTextStartUTF16 = e.callstackTextStartUTF16;
            return true;
        }

        public static void GetCountsByType(ref int errorCount, ref int warningCount, ref int logCount)
        {
            errorCount = warningCount = logCount = 0;
            foreach (var e in Shown())
            {
                if ((e.mode & ErrorBits) != 0) errorCount++;
                else if ((e.mode & WarningBits) != 0) warningCount++;
                else logCount++;
            }
        }

        public static void Clear()
        {
            all.RemoveAll(e => (e.mode & (ScriptCompileError | ScriptCompileWarning | StickyLog)) == 0);
        }

        public static void SetFilteringText(string filteringText) { filter = filteringText ?? ""; }

        public static string GetFilteringText() { return filter; }
    }
}
