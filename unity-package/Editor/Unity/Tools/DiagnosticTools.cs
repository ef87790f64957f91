using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditorInternal;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>The editor's half of the diagnostics (issue 29): console_get_count, and
    /// _editor_state, which tells the daemon what only the editor knows of itself. The rest
    /// (compile_status, editor_state, editor_log_tail, the dialog tools) run in the daemon, so
    /// they answer while this editor's main thread is held.</summary>
    public static class DiagnosticTools
    {
        /// <summary>console_get_count: the Console's entries by type, every one or only those
        /// after a marker. The entries are read with the Console's filters off
        /// (ConsoleTools.ReadConsole), so a search text or a hidden type in the Console window
        /// never hides an error from the count. A marker is "&lt;entries&gt;-&lt;hash&gt;": the
        /// number of entries then, and a hash of the last of them, which tells whether the
        /// Console still holds that entry there (a Clear removes it).</summary>
        public static void ConsoleGetCount(ToolCall call)
        {
            var since = Args.Str(call, "since", "");
            List<ConsoleTools.Entry> all = null;
            try { all = ConsoleTools.ReadConsole(); } catch (Exception) { all = null; }
            if (all == null) all = ConsoleTools.ReadBuffer();
            int from = 0;
            bool cleared = false;
            if (since.Length > 0)
            {
                int n;
                uint hash;
                if (!ParseMarker(since, out n, out hash))
                    throw new ToolException("invalid_params", "since \"" + since + "\" is not a marker console_get_count gave; pass the marker of an earlier answer, or leave since out to count every entry");
                if (n > 0 && n <= all.Count && Hash(all[n - 1]) == hash) from = n;
                else if (n > 0) cleared = true; // the entry the marker ends on is gone: the Console was cleared since
            }
            int errors = 0, warnings = 0, logs = 0;
            for (int i = from; i < all.Count; i++)
            {
                if (all[i].Type == "Error") errors++;
                else if (all[i].Type == "Warning") warnings++;
                else logs++;
            }
            var r = new JObject
            {
                { "totalCount", all.Count - from },
                { "errorCount", errors },
                { "warningCount", warnings },
                { "logCount", logs },
                { "marker", Marker(all) },
            };
            if (since.Length > 0) r["cleared"] = cleared;
            call.Reply(r);
        }

        internal static string Marker(List<ConsoleTools.Entry> all)
        {
            if (all.Count == 0) return "0-00000000";
            return all.Count.ToString(CultureInfo.InvariantCulture) + "-" + Hash(all[all.Count - 1]).ToString("x8", CultureInfo.InvariantCulture);
        }

        /// <summary>FNV-1a (32 bits) of the entry's type, a newline and its message, in UTF-8.</summary>
        static uint Hash(ConsoleTools.Entry e)
        {
            uint h = 2166136261;
            foreach (var b in Encoding.UTF8.GetBytes(e.Type + "\n" + e.Message))
            {
                h ^= b;
                h *= 16777619;
            }
            return h;
        }

        static bool ParseMarker(string s, out int n, out uint hash)
        {
            n = 0;
            hash = 0;
            int dash = s.IndexOf('-');
            return dash > 0 && s.Length - dash - 1 == 8
                && int.TryParse(s.Substring(0, dash), NumberStyles.None, CultureInfo.InvariantCulture, out n)
                && uint.TryParse(s.Substring(dash + 1), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out hash);
        }

        /// <summary>_editor_state: play mode, compiling, importing (isUpdating), whether the
        /// Editor has the OS focus (InternalEditorUtility.isApplicationActive) and whether the
        /// last compile failed (EditorUtility.scriptCompilationFailed, which survives domain
        /// reloads where the daemon's record of the compile may not exist).</summary>
        public static void EditorState(ToolCall call)
        {
            call.Reply(new JObject
            {
                { "isPlaying", EditorApplication.isPlaying },
                { "isPaused", EditorApplication.isPaused },
                { "isCompiling", EditorApplication.isCompiling },
                { "isUpdating", EditorApplication.isUpdating },
                { "focused", InternalEditorUtility.isApplicationActive },
                { "scriptCompilationFailed", EditorUtility.scriptCompilationFailed },
            });
        }
    }
}
