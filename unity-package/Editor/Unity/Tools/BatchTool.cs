using System;
using System.Collections.Generic;
using System.Text.RegularExpressions;
using System.Threading;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>batch: up to 200 authoring operations as one undo step, all or nothing, in the
    /// shape of Unity's own `job batch` (com.unity.pipeline 1.0). The daemon has checked every
    /// operation's tool and arguments against the catalog and filled in defaults; here each
    /// runs in order through its tool's own handler, a string argument that is exactly
    /// "$id" or "$id.field.sub" takes the value of an earlier operation's answer, and the
    /// first failure reverts everything the batch did (Undo.RevertAllDownToGroup) before the
    /// call fails, naming the operation and why. A tool that answers in a later frame (Play
    /// Mode, compiling) cannot take part: it could not be reverted with the rest.</summary>
    public static class BatchTool
    {
        /// <summary>The tools a batch may run: the undoable authoring ones and the reads.</summary>
        static readonly HashSet<string> Allowed = new HashSet<string>
        {
            "gameobject_create", "gameobject_delete", "gameobject_duplicate", "gameobject_reparent", "gameobject_set_transform",
            "gameobject_set_active", "gameobject_add_component", "gameobject_remove_component",
            "inspect_list", "inspect_read", "inspect_write", "scene_browse_hierarchy",
            "prefab_instantiate", "prefab_revert", "prefab_unpack",
            "material_set", "scene_settings",
            "animator_inspect", "animator_audit", "animator_add_layer", "animator_remove_layer", "animator_add_state",
            "animator_remove_state", "animator_set_state", "animator_set_write_defaults", "animator_add_transition",
            "animator_remove_transition", "animator_add_parameter", "animator_remove_parameter", "animation_clip_write_curves",
        };

        /// <summary>Whether a batch may run the tool.</summary>
        internal static bool Batchable(string tool) { return Allowed.Contains(tool); }

        static readonly Regex Reference = new Regex(@"^\$([A-Za-z_][A-Za-z0-9_]{0,63})((?:\.[A-Za-z0-9_]+)*)$");

        static ToolRegistry registry;

        public static void Invoke(ToolCall call)
        {
            var plan = Plan(call.Args["operations"] as JArray, Allowed.Contains, "cannot run in a batch (only the undoable authoring tools and reads can)");
            var label = "Batch of " + plan.Count + " operation" + (plan.Count == 1 ? "" : "s");
            // results "ids" (the default): what the next call needs of each answer, not all of
            // it — a batch's whole answers cost as many tokens as the same calls made one by one.
            bool full = Args.Str(call, "results", "ids") == "full";
            Authoring.Step(call, label, () => Run(call, plan, "Nothing in the batch was applied (every earlier operation was reverted).", null, full));
        }

        /// <summary>The operations [{id, tool, args}] checked: at most 200, each an object,
        /// each tool one <paramref name="allowed"/> takes (else refused with
        /// <paramref name="refusal"/>), ids unique.</summary>
        internal static List<Op> Plan(JArray ops, Func<string, bool> allowed, string refusal)
        {
            if (ops == null || ops.Count == 0) throw new ToolException("invalid_params", "operations must be a non-empty array of {id, tool, args}");
            if (ops.Count > 200) throw new ToolException("invalid_params", "at most 200 operations run at once; got " + ops.Count + " (split them)");
            var plan = new List<Op>();
            var ids = new HashSet<string>();
            for (int i = 0; i < ops.Count; i++)
            {
                var o = ops[i] as JObject;
                if (o == null) throw new ToolException("invalid_params", "operation " + i + " is not an object {id, tool, args}");
                var op = new Op { Index = i, Id = (string)o["id"] ?? "", Tool = (string)o["tool"] ?? "", Args = o["args"] as JObject ?? new JObject() };
                if (!allowed(op.Tool)) throw new ToolException("invalid_params", Where(op) + ": " + op.Tool + " " + refusal);
                if (op.Id.Length > 0 && !ids.Add(op.Id)) throw new ToolException("invalid_params", Where(op) + ": the id \"" + op.Id + "\" is used twice");
                plan.Add(op);
            }
            return plan;
        }

        internal sealed class Op
        {
            public int Index;
            public string Id;
            public string Tool;
            public JObject Args;
        }

        static string Where(Op op) { return "operation " + op.Index + (op.Id.Length > 0 ? " (" + op.Id + ")" : "") + ", " + op.Tool; }

        /// <summary>Runs the operations in order through their tools' own handlers, inside the
        /// caller's undo group (Authoring.InBatch), substituting references. The first failure
        /// (or <paramref name="check"/>'s complaint after an operation) throws batch_failed,
        /// naming the operation and ending with <paramref name="undone"/>: what the caller's
        /// rollback left as it was.</summary>
        internal static JObject Run(ToolCall call, List<Op> plan, string undone, Func<string> check, bool full)
        {
            if (registry == null) registry = BuiltinTools.Build();
            var answers = new Dictionary<string, JToken>();
            var results = new JArray();
            Authoring.EnterBatch();
            try
            {
                foreach (var op in plan)
                {
                    var args = (JObject)Substitute(op.Args, answers, op, undone);
                    IToolHandler handler;
                    if (!registry.TryGet(op.Tool, out handler)) throw new ToolException("unknown_tool", Where(op) + ": this editor has no such tool; update the unitymcp package");
                    JToken result = null;
                    JObject error = null;
                    var sub = new ToolCall(call.CallId + "/" + op.Index, op.Tool, args, call.DeadlineUtc, call.Cancelled, c => { result = c.Result; error = c.Error; });
                    sub.Session = call.Session;
                    handler.Invoke(sub);
                    if (!sub.IsDone)
                    {
                        sub.Fail("batch_abandoned", "abandoned by its batch");
                        throw Failed(op, "it answers in a later frame, which a batch cannot wait for or revert", null, undone);
                    }
                    if (error != null) throw Failed(op, (string)error["message"], error["data"] as JObject, undone);
                    var complaint = check != null ? check() : null;
                    if (complaint != null) throw Failed(op, complaint, null, undone);
                    if (op.Id.Length > 0) answers[op.Id] = result;
                    results.Add(full ? new JObject { { "id", op.Id }, { "tool", op.Tool }, { "result", result } } : Brief(op, result));
                }
            }
            finally { Authoring.LeaveBatch(); }
            return new JObject { { "count", results.Count }, { "results", results } };
        }

        /// <summary>An operation's answer cut to what addresses its result: the path and id of
        /// the object it made or changed (and of a component it added), and whether it changed
        /// anything. References ($id.field) still see the whole answer.</summary>
        static JObject Brief(Op op, JToken result)
        {
            var b = new JObject { { "id", op.Id }, { "tool", op.Tool } };
            var r = result as JObject;
            if (r == null) return b;
            foreach (var key in new[] { "path", "instance_id", "changed" })
                if (r[key] != null) b[key] = r[key].DeepClone();
            var c = r["component"] as JObject;
            if (c != null && c["instance_id"] != null) b["component_id"] = c["instance_id"].DeepClone();
            return b;
        }

        static ToolException Failed(Op op, string why, JObject data, string undone)
        {
            var d = new JObject { { "failed_index", op.Index }, { "failed_id", op.Id }, { "failed_tool", op.Tool } };
            if (data != null) d["error"] = data;
            return new ToolException("batch_failed", Where(op) + " failed: " + why + ". " + undone, d);
        }

        /// <summary>The arguments with each "$id.field" string replaced by that field of the
        /// earlier answer (a copy; the request is left as it came).</summary>
        static JToken Substitute(JToken t, Dictionary<string, JToken> answers, Op op, string undone)
        {
            if (t.Type == JTokenType.String)
            {
                var m = Reference.Match((string)t);
                if (!m.Success) return t.DeepClone();
                JToken v;
                if (!answers.TryGetValue(m.Groups[1].Value, out v))
                    throw Failed(op, "\"" + (string)t + "\" refers to no earlier operation's answer (an operation's id, given before this one)", null, undone);
                foreach (var field in m.Groups[2].Value.Split(new[] { '.' }, StringSplitOptions.RemoveEmptyEntries))
                {
                    var next = v is JObject ? v[field] : v is JArray && int.TryParse(field, out int n) && n < ((JArray)v).Count ? v[n] : null;
                    if (next == null) throw Failed(op, "\"" + (string)t + "\": the answer of " + m.Groups[1].Value + " has no \"" + field + "\"", null, undone);
                    v = next;
                }
                return v.DeepClone();
            }
            var o = t as JObject;
            if (o != null)
            {
                var copy = new JObject();
                foreach (var p in o.Properties()) copy[p.Name] = Substitute(p.Value, answers, op, undone);
                return copy;
            }
            var a = t as JArray;
            if (a != null)
            {
                var copy = new JArray();
                foreach (var e in a) copy.Add(Substitute(e, answers, op, undone));
                return copy;
            }
            return t.DeepClone();
        }
    }
}
