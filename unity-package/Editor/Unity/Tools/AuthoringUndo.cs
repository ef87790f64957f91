using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>Every authoring call is exactly one named step of the Editor's Undo history,
    /// and undo/redo take back only the calling MCP session's own steps.
    ///
    /// A call opens a group of its own (Undo.IncrementCurrentGroup), names it "unitymcp:
    /// &lt;what it did&gt;", and collapses whatever it recorded into it
    /// (Undo.CollapseUndoOperations): one Ctrl+Z in the Editor takes back one call, and the
    /// user's next edit starts a new step. A call that fails reverts what it had recorded
    /// (Undo.RevertAllDownToGroup) before it answers, so nothing is half-written. Inside a
    /// batch the batch owns the group (<see cref="BatchTool"/>).
    ///
    /// The Editor's Undo history is one list shared by the user and every agent; Unity has
    /// no public way to look at its top. So undo performs one step and checks, through
    /// Undo.undoRedoEvent (UndoRedoInfo.undoGroup, Editor/Mono/Undo/Undo.bindings.cs), that
    /// the step taken back was this session's newest; if it was not (the user or another
    /// agent edited since), the step is redone at once and the call refused, saying whose
    /// step is in the way. Redo is checked the same way.
    ///
    /// Undo restores objects in memory only. A tool that writes an asset to disk does it
    /// through <see cref="SaveAsset"/>, which notes the asset with the call's step; when the
    /// step is taken back or put back (a failed call's revert, undo, redo) those assets are
    /// written again, so their files keep what the Editor holds.</summary>
    public static class Authoring
    {
        static int batchDepth;

        /// <summary>The GUIDs of the assets the running call wrote to disk (null outside a call).</summary>
        static List<string> saved;

        /// <summary>Whether a batch is running the current call (then it owns the undo group).</summary>
        public static bool InBatch { get { return batchDepth > 0; } }

        internal static void EnterBatch() { batchDepth++; }
        internal static void LeaveBatch() { batchDepth--; }

        /// <summary>Runs a mutating call as one undo step named after <paramref name="label"/>.
        /// The body returns the answer; an answer with "changed": false recorded nothing worth
        /// a step (the value was already so), and is not kept for undo.</summary>
        public static void Step(ToolCall call, string label, Func<JObject> body)
        {
            if (batchDepth > 0)
            {
                call.Reply(body());
                return;
            }
            var name = "unitymcp: " + label;
            Undo.IncrementCurrentGroup();
            int group = Undo.GetCurrentGroup();
            Undo.SetCurrentGroupName(name);
            JObject result;
            var outer = saved;
            var written = saved = new List<string>();
            try { result = body(); }
            catch
            {
                Undo.RevertAllDownToGroup(group);
                Undo.IncrementCurrentGroup();
                Resave(written);
                throw;
            }
            finally { saved = outer; }
            Undo.CollapseUndoOperations(group);
            Undo.SetCurrentGroupName(name);
            var changed = result["changed"];
            if (changed == null || changed.Type != JTokenType.Boolean || (bool)changed) Ledger.Done(call.Session, group, name, written);
            Undo.IncrementCurrentGroup();
            call.Reply(result);
        }

        /// <summary>Writes an asset the running call changed to disk (marked dirty, then
        /// AssetDatabase.SaveAssetIfDirty), and notes it with the call's undo step.</summary>
        internal static void SaveAsset(UnityEngine.Object asset)
        {
            EditorUtility.SetDirty(asset);
            AssetDatabase.SaveAssetIfDirty(asset);
            var guid = AssetDatabase.AssetPathToGUID(AssetDatabase.GetAssetPath(asset));
            if (saved != null && guid.Length > 0 && !saved.Contains(guid)) saved.Add(guid);
        }

        /// <summary>Writes the assets again with what the Editor holds now (after Undo moved
        /// them); an asset deleted since is skipped.</summary>
        static void Resave(IEnumerable<string> guids)
        {
            foreach (var guid in guids)
            {
                var path = AssetDatabase.GUIDToAssetPath(guid);
                var asset = path.Length > 0 ? AssetDatabase.LoadMainAssetAtPath(path) : null;
                if (asset == null) continue;
                EditorUtility.SetDirty(asset);
                AssetDatabase.SaveAssetIfDirty(asset);
            }
        }

        /// <summary>undo {count}: takes back this session's own last calls.</summary>
        public static void UndoCalls(ToolCall call) { Move(call, false); }

        /// <summary>redo {count}: puts back what this session's undo took back.</summary>
        public static void RedoCalls(ToolCall call) { Move(call, true); }

        static UndoRedoInfo? last;

        static void Seen(in UndoRedoInfo info) { last = info; }

        static void Move(ToolCall call, bool redo)
        {
            int count = Args.Int(call, "count", 1);
            if (count < 1 || count > 50) throw new ToolException("invalid_params", "count must be 1 to 50; got " + count);
            var moved = new JArray();
            string stopped = null;
            Undo.undoRedoEvent -= Seen;
            Undo.undoRedoEvent += Seen;
            try
            {
                for (int i = 0; i < count; i++)
                {
                    var entry = redo ? Ledger.NextRedo(call.Session) : Ledger.NextUndo(call.Session);
                    if (entry == null)
                    {
                        stopped = moved.Count == 0
                            ? "this session has no " + (redo ? "undone call to redo" : "call to undo") + (redo ? " (undo takes calls back; a new change clears what could be redone)" : " (only calls that changed something are kept)")
                            : "no more of this session's calls to " + (redo ? "redo" : "undo");
                        break;
                    }
                    last = null;
                    if (redo) Undo.PerformRedo(); else Undo.PerformUndo();
                    var info = last;
                    if (info == null)
                    {
                        // The Editor had nothing to take back: its history was cleared (a
                        // scene reload, Undo.ClearAll). The step is gone for good.
                        Ledger.Forget(call.Session, entry.Group);
                        stopped = "\"" + entry.Name + "\" is no longer in the Editor's Undo history (it was cleared, e.g. by opening a scene)";
                        break;
                    }
                    if (info.Value.undoGroup != entry.Group)
                    {
                        // Someone else's step was on top: put it back as it was.
                        if (redo) Undo.PerformUndo(); else Undo.PerformRedo();
                        stopped = "the newest step in the Editor's " + (redo ? "Redo" : "Undo") + " history is \"" + info.Value.undoName +
                            "\", not this session's; " + (redo ? "redo" : "undo") + " takes back only this session's own calls, so it stops here (undo that step in Unity first if you mean to)";
                        break;
                    }
                    if (redo) Ledger.Redone(call.Session); else Ledger.Undone(call.Session);
                    Resave(entry.Assets);
                    moved.Add(entry.Name);
                }
            }
            finally { Undo.undoRedoEvent -= Seen; }
            var res = new JObject { { redo ? "redone" : "undone", moved }, { "count", moved.Count } };
            if (stopped != null) res["stopped"] = stopped;
            if (moved.Count == 0 && stopped != null) throw new ToolException("nothing_to_" + (redo ? "redo" : "undo"), stopped);
            call.Reply(res);
        }
    }

    /// <summary>Which undo groups each MCP session made, newest last, and which of them its
    /// undo took back. Kept in SessionState, so the record survives domain reloads as the
    /// Editor's Undo history does; bounded (100 steps a session, 32 sessions).</summary>
    static class Ledger
    {
        internal sealed class Entry
        {
            public int Group;
            public string Name;
            /// <summary>The GUIDs of the assets the step wrote to disk.</summary>
            public string[] Assets;
        }

        const string Key = "UnityMcp.AuthoringLedger";
        const int MaxSteps = 100, MaxSessions = 32;

        static JObject Load()
        {
            try { return JObject.Parse(SessionState.GetString(Key, "{}")); }
            catch (Exception) { return new JObject(); }
        }

        static void Save(JObject all)
        {
            while (all.Count > MaxSessions) all.First.Remove();
            SessionState.SetString(Key, all.ToString(Newtonsoft.Json.Formatting.None));
        }

        static JArray List(JObject all, string session, string which)
        {
            var s = all[session ?? ""] as JObject;
            if (s == null) all[session ?? ""] = s = new JObject { { "done", new JArray() }, { "undone", new JArray() } };
            return (JArray)s[which];
        }

        static Entry Top(JArray list)
        {
            if (list.Count == 0) return null;
            var e = (JArray)list[list.Count - 1];
            return new Entry { Group = (int)e[0], Name = (string)e[1], Assets = e.Count > 2 ? e[2].ToObject<string[]>() : new string[0] };
        }

        internal static void Done(string session, int group, string name, List<string> assets)
        {
            var all = Load();
            var done = List(all, session, "done");
            var entry = new JArray(group, name);
            if (assets.Count > 0) entry.Add(new JArray(assets.ToArray()));
            done.Add(entry);
            while (done.Count > MaxSteps) done.RemoveAt(0);
            List(all, session, "undone").Clear(); // a new change ends what could be redone
            Save(all);
        }

        internal static Entry NextUndo(string session) { return Top(List(Load(), session, "done")); }
        internal static Entry NextRedo(string session) { return Top(List(Load(), session, "undone")); }

        internal static void Undone(string session) { MoveTop(session, "done", "undone"); }
        internal static void Redone(string session) { MoveTop(session, "undone", "done"); }

        static void MoveTop(string session, string from, string to)
        {
            var all = Load();
            var a = List(all, session, from);
            if (a.Count == 0) return;
            var top = a[a.Count - 1];
            a.RemoveAt(a.Count - 1);
            List(all, session, to).Add(top);
            Save(all);
        }

        internal static void Forget(string session, int group)
        {
            var all = Load();
            foreach (var which in new[] { "done", "undone" })
            {
                var a = List(all, session, which);
                for (int i = a.Count - 1; i >= 0; i--) if ((int)((JArray)a[i])[0] == group) a.RemoveAt(i);
            }
            Save(all);
        }
    }
}
