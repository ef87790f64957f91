using System;
using System.Collections.Generic;
using System.Reflection;
using System.Text.RegularExpressions;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>get-logs and clear-console. The Console's entries are read through the
    /// internal UnityEditor.LogEntries class by reflection (UnityCsReference:
    /// Editor/Mono/LogEntries.bindings.cs); when that is not available (a changed Unity
    /// version), a buffer fed by Application.logMessageReceivedThreaded is used.</summary>
    public static class ConsoleTools
    {
        public struct Entry
        {
            public string Type;
            public string Message;
            public string StackTrace;
        }

        // ---- fallback buffer ----

        const int BufferSize = 5000;
        static readonly object bufferLock = new object();
        static readonly LinkedList<Entry> buffer = new LinkedList<Entry>();
        static bool installed;

        public static void InstallBuffer()
        {
            if (installed) return;
            installed = true;
            Application.logMessageReceivedThreaded += OnLog;
        }

        static void OnLog(string condition, string stackTrace, LogType type)
        {
            var e = new Entry { Type = TypeName(type), Message = condition ?? "", StackTrace = stackTrace ?? "" };
            lock (bufferLock)
            {
                buffer.AddLast(e);
                while (buffer.Count > BufferSize) buffer.RemoveFirst();
            }
        }

        static string TypeName(LogType t)
        {
            switch (t)
            {
                case LogType.Error:
                case LogType.Assert:
                case LogType.Exception:
                    return "Error";
                case LogType.Warning:
                    return "Warning";
                default:
                    return "Log";
            }
        }

        // ---- UnityEditor.LogEntries by reflection ----

        sealed class Internals
        {
            public MethodInfo Start, End, GetEntry, Clear, GetCounts;
            public PropertyInfo Flags;
            public MethodInfo SetFilter, GetFilter;
            public Type EntryType;
            public FieldInfo Message, Mode, CallstackStart;
        }

        static Internals internals;
        static bool internalsTried;

        static Internals Get()
        {
            if (internalsTried) return internals;
            internalsTried = true;
            try
            {
                var asm = typeof(EditorWindow).Assembly;
                var t = asm.GetType("UnityEditor.LogEntries");
                var et = asm.GetType("UnityEditor.LogEntry");
                if (t == null || et == null) return null;
                // The console's internal API (UnityCsReference: Editor/Mono/LogEntries.bindings.cs):
                // unityapi:reflects UnityEditor.LogEntries::StartGettingEntries public static method () int
                // unityapi:reflects UnityEditor.LogEntries::EndGettingEntries public static method () void
                // unityapi:reflects UnityEditor.LogEntries::GetEntryInternal public static method (int,LogEntry) bool
                // unityapi:reflects UnityEditor.LogEntries::Clear public static method () void
                // unityapi:reflects UnityEditor.LogEntries::GetCountsByType public static method (ref int,ref int,ref int) void
                // unityapi:reflects UnityEditor.LogEntries::consoleFlags public static property int get set
                // unityapi:reflects UnityEditor.LogEntries::SetFilteringText public static method (string) void
                // unityapi:reflects UnityEditor.LogEntries::GetFilteringText public static method () string
                // unityapi:reflects UnityEditor.LogEntry::message public field string
                // unityapi:reflects UnityEditor.LogEntry::mode public field int
                // unityapi:reflects UnityEditor.LogEntry::callstackTextStartUTF16 public field int
                const BindingFlags S = BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic;
                const BindingFlags I = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic;
                var x = new Internals
                {
                    Start = t.GetMethod("StartGettingEntries", S),
                    End = t.GetMethod("EndGettingEntries", S),
                    GetEntry = t.GetMethod("GetEntryInternal", S),
                    Clear = t.GetMethod("Clear", S),
                    GetCounts = t.GetMethod("GetCountsByType", S),
                    Flags = t.GetProperty("consoleFlags", S),
                    SetFilter = t.GetMethod("SetFilteringText", S),
                    GetFilter = t.GetMethod("GetFilteringText", S),
                    EntryType = et,
                    Message = et.GetField("message", I),
                    Mode = et.GetField("mode", I),
                    CallstackStart = et.GetField("callstackTextStartUTF16", I),
                };
                if (x.Start == null || x.End == null || x.GetEntry == null || x.Message == null || x.Mode == null) return null;
                internals = x;
            }
            catch (Exception) { internals = null; }
            return internals;
        }

        // LogMessageFlags (Editor/Mono/LogEntries.bindings.cs)
        const int kError = 1 << 0, kAssert = 1 << 1, kFatal = 1 << 4, kAssetImportError = 1 << 6, kAssetImportWarning = 1 << 7,
            kScriptingError = 1 << 8, kScriptingWarning = 1 << 9, kScriptCompileError = 1 << 11, kScriptCompileWarning = 1 << 12,
            kScriptingException = 1 << 17, kScriptingAssertion = 1 << 21;
        const int ErrorBits = kError | kAssert | kFatal | kAssetImportError | kScriptingError | kScriptCompileError | kScriptingException | kScriptingAssertion;
        const int WarningBits = kAssetImportWarning | kScriptingWarning | kScriptCompileWarning;
        // ConsoleWindow.ConsoleFlags (Editor/Mono/ConsoleWindow.cs)
        const int Collapse = 1 << 0, LogLevelLog = 1 << 7, LogLevelWarning = 1 << 8, LogLevelError = 1 << 9;

        /// <summary>Every Console entry, oldest first; null when the internals are unavailable.</summary>
        internal static List<Entry> ReadConsole()
        {
            var x = Get();
            if (x == null) return null;
            int oldFlags = 0;
            string oldFilter = null;
            bool flagsChanged = false, filterChanged = false;
            var list = new List<Entry>();
            try
            {
                // Show every type, uncollapsed, unfiltered while reading; restored below.
                if (x.Flags != null)
                {
                    oldFlags = (int)x.Flags.GetValue(null, null);
                    int want = (oldFlags | LogLevelLog | LogLevelWarning | LogLevelError) & ~Collapse;
                    if (want != oldFlags) { x.Flags.SetValue(null, want, null); flagsChanged = true; }
                }
                if (x.GetFilter != null && x.SetFilter != null)
                {
                    oldFilter = (string)x.GetFilter.Invoke(null, null);
                    if (!string.IsNullOrEmpty(oldFilter)) { x.SetFilter.Invoke(null, new object[] { "" }); filterChanged = true; }
                }
                int count = (int)x.Start.Invoke(null, null);
                try
                {
                    var entry = Activator.CreateInstance(x.EntryType);
                    var args = new object[] { 0, entry };
                    for (int i = 0; i < count; i++)
                    {
                        args[0] = i;
                        args[1] = entry;
                        if (!(bool)x.GetEntry.Invoke(null, args)) continue;
                        var text = (string)x.Message.GetValue(entry) ?? "";
                        int mode = (int)x.Mode.GetValue(entry);
                        int split = x.CallstackStart != null ? (int)x.CallstackStart.GetValue(entry) : -1;
                        string msg = text, stack = "";
                        if (split > 0 && split <= text.Length)
                        {
                            msg = text.Substring(0, split).TrimEnd('\n', '\r');
                            stack = text.Substring(split);
                        }
                        else
                        {
                            int nl = text.IndexOf('\n');
                            if (nl >= 0) { msg = text.Substring(0, nl); stack = text.Substring(nl + 1); }
                        }
                        string type = (mode & ErrorBits) != 0 ? "Error" : (mode & WarningBits) != 0 ? "Warning" : "Log";
                        list.Add(new Entry { Type = type, Message = msg, StackTrace = stack });
                    }
                }
                finally
                {
                    x.End.Invoke(null, null);
                }
            }
            finally
            {
                if (flagsChanged) x.Flags.SetValue(null, oldFlags, null);
                if (filterChanged) x.SetFilter.Invoke(null, new object[] { oldFilter });
            }
            return list;
        }

        internal static List<Entry> ReadBuffer()
        {
            lock (bufferLock) return new List<Entry>(buffer);
        }

        // ---- get-logs ----

        public static void GetLogs(ToolCall call)
        {
            var type = Args.OneOf(call, "LogType", "All", "Error", "Warning", "Log", "All");
            int maxCount = Args.Int(call, "MaxCount", 100);
            var search = Args.Str(call, "SearchText", "");
            bool useRegex = Args.Bool(call, "UseRegex");
            bool inStack = Args.Bool(call, "SearchInStackTrace");
            bool withStack = Args.Bool(call, "IncludeStackTrace");

            Regex re = null;
            if (useRegex && search.Length > 0)
            {
                try { re = new Regex(search, RegexOptions.CultureInvariant, TimeSpan.FromSeconds(2)); }
                catch (ArgumentException e) { throw new ToolException("invalid_params", "SearchText is not a valid regular expression: " + e.Message); }
            }
            Func<string, bool> match = text =>
            {
                if (search.Length == 0) return true;
                if (text == null) return false;
                if (re != null) return re.IsMatch(text);
                return text.IndexOf(search, StringComparison.OrdinalIgnoreCase) >= 0;
            };

            List<Entry> all = null;
            try { all = ReadConsole(); } catch (Exception) { all = null; }
            if (all == null) all = ReadBuffer();

            var hits = new List<Entry>();
            foreach (var e in all)
            {
                if (type != "All" && e.Type != type) continue;
                if (match(e.Message) || (inStack && match(e.StackTrace))) hits.Add(e);
            }
            int total = hits.Count;
            if (maxCount >= 0 && hits.Count > maxCount) hits = hits.GetRange(hits.Count - maxCount, maxCount); // the most recent
            var logs = new JArray();
            foreach (var e in hits)
                logs.Add(new JObject { { "Type", e.Type }, { "Message", e.Message }, { "StackTrace", withStack ? e.StackTrace : "" } });
            call.Reply(new JObject
            {
                { "TotalCount", total },
                { "DisplayedCount", logs.Count },
                { "LogType", type },
                { "MaxCount", maxCount },
                { "SearchText", search },
                { "IncludeStackTrace", withStack },
                { "Logs", logs },
            });
        }

        // ---- clear-console ----

        public static void ClearConsole(ToolCall call)
        {
            int errors = 0, warnings = 0, logs = 0;
            string errorMessage = "";
            bool ok = true;
            var x = Get();
            if (x != null && x.Clear != null)
            {
                if (x.GetCounts != null)
                {
                    var args = new object[] { 0, 0, 0 };
                    x.GetCounts.Invoke(null, args);
                    errors = (int)args[0];
                    warnings = (int)args[1];
                    logs = (int)args[2];
                }
                x.Clear.Invoke(null, null);
            }
            else
            {
                ok = false;
                errorMessage = "UnityEditor.LogEntries.Clear is not available in this Unity version; only the unitymcp log buffer was cleared";
                foreach (var e in ReadBuffer())
                {
                    if (e.Type == "Error") errors++;
                    else if (e.Type == "Warning") warnings++;
                    else logs++;
                }
            }
            lock (bufferLock) buffer.Clear();
            ConsoleForwarding.Cleared();
            int total = errors + warnings + logs;
            if (Args.Bool(call, "AddConfirmationMessage")) Debug.Log("Console cleared by unitymcp");
            call.Reply(new JObject
            {
                { "Success", ok },
                { "ClearedLogCount", total },
                { "ClearedCounts", new JObject { { "ErrorCount", errors }, { "WarningCount", warnings }, { "LogCount", logs } } },
                { "Message", ok ? "Cleared " + total + " log(s) from the console" : "Could not clear the Unity console" },
                { "ErrorMessage", errorMessage },
            });
        }
    }
}
