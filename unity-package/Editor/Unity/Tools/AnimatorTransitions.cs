using System;
using System.Collections.Generic;
using System.Globalization;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.Animations;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>animator_add_transition and animator_remove_transition (isuzu's names).
    /// Conditions are strings in the form animator_inspect answers them ("Speed > 0.1",
    /// "Grounded", "!Jump", "Mode == 2") or isuzu's {parameter, mode, threshold}; "ExitTime
    /// 0.9" gives the transition an exit time, as exit time was a condition in Unity's first
    /// Mecanim. A condition its parameter's type cannot answer is refused (Unity accepts any
    /// pair and the transition silently never fires). Without conditions a transition waits
    /// for the end of its source's clip, as the Animator window's Make Transition does. An Any
    /// State transition without a parameter condition is refused: Unity ignores a transition
    /// with no condition and no exit time (its transition inspector says so), and Any State
    /// has no clip of its own for an exit time to wait for.</summary>
    public static class AnimatorTransitions
    {
        /// <summary>A transition's conditions and exit time, parsed and checked.</summary>
        sealed class Spec
        {
            public readonly List<AnimatorCondition> Conditions = new List<AnimatorCondition>();
            public float? ExitTime;
            public bool ExitAtClipEnd;
        }

        public static void Add(ToolCall call)
        {
            var c = AnimatorAddress.Controller(call);
            int layer = AnimatorAddress.Layer(c, call, "layer", false);
            var root = AnimatorAddress.Machine(c, layer);
            var layerName = c.layers[layer].name;
            var to = AnimatorAddress.State(root, Args.Str(call, "to_state", ""), "to_state", layerName);
            bool fromAny = Args.Str(call, "from_state", "").Trim().Length == 0;
            var from = fromAny ? null : AnimatorAddress.State(root, Args.Str(call, "from_state", ""), "from_state", layerName);
            var spec = Parse(c, call.Args["conditions"]);
            if (fromAny && spec.Conditions.Count == 0)
                throw new ToolException("invalid_params", "an Any State transition needs a parameter condition: Unity ignores a transition with no condition and no exit time, and Any State has no clip for an exit time to wait for; give conditions, e.g. [\"Hit\"] for a Trigger named Hit");
            if (spec.Conditions.Count == 0 && spec.ExitTime == null) spec.ExitAtClipEnd = true;
            var label = "Add transition " + (fromAny ? "Any State" : from.Path) + " -> " + to.Path;
            Authoring.Step(call, label, () =>
            {
                AnimatorStateTransition t;
                if (fromAny) t = root.AddAnyStateTransition(to.State);
                else t = from.State.AddTransition(to.State, spec.ExitAtClipEnd);
                foreach (var cond in spec.Conditions) t.AddCondition(cond.mode, cond.threshold, cond.parameter);
                if (spec.ExitTime.HasValue)
                {
                    t.hasExitTime = true;
                    t.exitTime = spec.ExitTime.Value;
                }
                AnimatorAddress.Save(c);
                var list = fromAny ? root.anyStateTransitions : from.State.transitions;
                var res = new JObject
                {
                    { "controller", AnimatorAddress.Bundle(c) },
                    { "layer", AnimatorEdits.Layer(c, layer) },
                    { "from", fromAny ? "Any State" : from.Path },
                    { "transition", Describe(t, Array.IndexOf(list, t), new AnimatorAddress.Places(root)) },
                };
                if (spec.ExitAtClipEnd) res["note"] = "no conditions: it fires when " + from.Path + "'s clip reaches exit_time " + t.exitTime.ToString("0.###", CultureInfo.InvariantCulture);
                return res;
            });
        }

        public static void Remove(ToolCall call)
        {
            var c = AnimatorAddress.Controller(call);
            int layer = AnimatorAddress.Layer(c, call, "layer", false);
            var root = AnimatorAddress.Machine(c, layer);
            var layerName = c.layers[layer].name;
            bool fromAny = Args.Str(call, "from_state", "").Trim().Length == 0;
            var from = fromAny ? null : AnimatorAddress.State(root, Args.Str(call, "from_state", ""), "from_state", layerName);
            var where = fromAny ? "Any State" : from.Path;
            var list = fromAny ? root.anyStateTransitions : from.State.transitions;
            int index;
            if (Args.Has(call, "index"))
            {
                index = Args.Int(call, "index", -1);
                if (index < 0 || index >= list.Length)
                    throw new ToolException("not_found", where + " has " + list.Length + " transition(s), so index " + index + " names none" + (list.Length > 0 ? " (0 to " + (list.Length - 1) + "; animator_inspect lists them)" : ""));
            }
            else
            {
                var to = AnimatorAddress.State(root, Args.Str(call, "to_state", ""), "to_state", layerName);
                var hits = new List<int>();
                for (int i = 0; i < list.Length; i++) if (list[i].destinationState == to.State) hits.Add(i);
                if (hits.Count == 0) throw new ToolException("not_found", where + " has no transition to " + to.Path + (list.Length > 0 ? " (it has " + list.Length + "; animator_inspect lists them)" : " (it has none)"));
                if (hits.Count > 1)
                    throw new ToolException("ambiguous", where + " has " + hits.Count + " transitions to " + to.Path + " (indexes " + string.Join(", ", hits.ConvertAll(i => i.ToString(CultureInfo.InvariantCulture)).ToArray()) + "); give index");
                index = hits[0];
            }
            var gone = list[index];
            var described = Describe(gone, index, new AnimatorAddress.Places(root));
            Authoring.Step(call, "Remove transition " + where + " #" + index, () =>
            {
                if (fromAny) root.RemoveAnyStateTransition(gone);
                else from.State.RemoveTransition(gone);
                AnimatorAddress.Save(c);
                var res = new JObject
                {
                    { "controller", AnimatorAddress.Bundle(c) },
                    { "layer", AnimatorEdits.Layer(c, layer) },
                    { "from", where },
                    { "removed", described },
                    { "remaining", list.Length - 1 },
                };
                if (index < list.Length - 1) res["note"] = "the transitions after it moved up one index";
                return res;
            });
        }

        /// <summary>Parses the conditions argument against the controller's parameters.</summary>
        static Spec Parse(AnimatorController c, JToken arg)
        {
            var spec = new Spec();
            if (arg == null || arg.Type == JTokenType.Null) return spec;
            var items = arg as JArray;
            if (items == null) throw new ToolException("invalid_params", "conditions must be an array, e.g. [\"Speed > 0.1\", \"!Jump\"]");
            if (items.Count > 50) throw new ToolException("invalid_params", "conditions holds " + items.Count + " entries; a transition takes at most 50");
            var ps = c.parameters;
            for (int i = 0; i < items.Count; i++)
            {
                var where = "conditions[" + i + "]";
                var item = items[i];
                if (item.Type == JTokenType.String) FromText(spec, ps, ((string)item).Trim(), where);
                else if (item is JObject) spec.Conditions.Add(FromObject(ps, (JObject)item, where));
                else throw new ToolException("invalid_params", where + " must be a string like \"Speed > 0.1\" or an object {parameter, mode, threshold}");
            }
            return spec;
        }

        static readonly string[] Operators = { "==", "!=", ">=", "<=", ">", "<" };

        static void FromText(Spec spec, AnimatorControllerParameter[] ps, string text, string where)
        {
            if (text.Length == 0) throw new ToolException("invalid_params", where + " is empty");
            var words = text.Split(new[] { ' ', '\t' }, StringSplitOptions.RemoveEmptyEntries);
            if (string.Equals(words[0], "ExitTime", StringComparison.OrdinalIgnoreCase) && !Array.Exists(ps, p => p.name == words[0]))
            {
                float at;
                if (words.Length != 2 || !float.TryParse(words[1], NumberStyles.Float, CultureInfo.InvariantCulture, out at) || !(at >= 0) || float.IsInfinity(at))
                    throw new ToolException("invalid_params", where + " \"" + text + "\": exit time is \"ExitTime 0.9\", a normalized time (1 = the end of one loop)");
                if (spec.ExitTime.HasValue) throw new ToolException("invalid_params", where + " gives a second ExitTime");
                spec.ExitTime = at;
                return;
            }
            foreach (var op in Operators)
            {
                int at = text.IndexOf(op, StringComparison.Ordinal);
                if (at < 0) continue;
                var name = text.Substring(0, at).Trim();
                var number = text.Substring(at + op.Length).Trim();
                var p = AnimatorAddress.Parameter(ps, name, where);
                float threshold;
                if (!float.TryParse(number, NumberStyles.Float, CultureInfo.InvariantCulture, out threshold) || float.IsNaN(threshold) || float.IsInfinity(threshold))
                    throw new ToolException("invalid_params", where + " \"" + text + "\": \"" + number + "\" is not a number");
                if (op == ">=" || op == "<=")
                    throw new ToolException("invalid_params", where + " \"" + text + "\": Unity's conditions compare with >, <, == and != only" +
                        (p.type == AnimatorControllerParameterType.Int ? " (for an Int, \"" + name + " " + op.Substring(0, 1) + " " + (op == ">=" ? threshold - 1 : threshold + 1).ToString(CultureInfo.InvariantCulture) + "\" is the same)" : ""));
                var mode = op == ">" ? AnimatorConditionMode.Greater : op == "<" ? AnimatorConditionMode.Less : op == "==" ? AnimatorConditionMode.Equals : AnimatorConditionMode.NotEqual;
                spec.Conditions.Add(Checked(p, mode, threshold, where));
                return;
            }
            bool not = text.StartsWith("!", StringComparison.Ordinal);
            var bare = not ? text.Substring(1).Trim() : text;
            var param = AnimatorAddress.Parameter(ps, bare, where);
            spec.Conditions.Add(Checked(param, not ? AnimatorConditionMode.IfNot : AnimatorConditionMode.If, 0, where));
        }

        static AnimatorCondition FromObject(AnimatorControllerParameter[] ps, JObject o, string where)
        {
            var name = o["parameter"] != null && o["parameter"].Type == JTokenType.String ? ((string)o["parameter"]).Trim() : "";
            if (name.Length == 0) throw new ToolException("invalid_params", where + " needs parameter, the name of one of the controller's parameters");
            var p = AnimatorAddress.Parameter(ps, name, where + ".parameter");
            var modeText = o["mode"] != null ? o["mode"].ToString() : "";
            AnimatorConditionMode mode;
            if (!TryMode(modeText, out mode))
                throw new ToolException("invalid_params", where + ".mode \"" + modeText + "\" is not a mode; one of If, IfNot, Greater, Less, Equals, NotEqual");
            float threshold = 0;
            var th = o["threshold"];
            if (th != null && th.Type != JTokenType.Null)
            {
                if (th.Type != JTokenType.Integer && th.Type != JTokenType.Float) throw new ToolException("invalid_params", where + ".threshold must be a number");
                threshold = (float)th;
            }
            return Checked(p, mode, threshold, where);
        }

        static bool TryMode(string text, out AnimatorConditionMode mode)
        {
            foreach (AnimatorConditionMode m in Enum.GetValues(typeof(AnimatorConditionMode)))
                if (string.Equals(m.ToString(), text, StringComparison.OrdinalIgnoreCase)) { mode = m; return true; }
            mode = AnimatorConditionMode.If;
            return false;
        }

        /// <summary>The condition, when its parameter's type can answer its mode.</summary>
        static AnimatorCondition Checked(AnimatorControllerParameter p, AnimatorConditionMode mode, float threshold, string where)
        {
            if (!AnimatorAddress.ModeFits(p.type, mode))
            {
                string fits;
                switch (p.type)
                {
                    case AnimatorControllerParameterType.Bool: fits = "\"" + p.name + "\" or \"!" + p.name + "\""; break;
                    case AnimatorControllerParameterType.Trigger: fits = "\"" + p.name + "\" (a Trigger fires when set)"; break;
                    case AnimatorControllerParameterType.Float: fits = "\"" + p.name + " > x\" or \"" + p.name + " < x\" (floats are not compared for equality)"; break;
                    default: fits = "\"" + p.name + " > n\", \"<\", \"==\" or \"!=\""; break;
                }
                throw new ToolException("invalid_params", where + ": " + p.name + " is a " + p.type + ", so a " + mode + " condition on it never holds; write " + fits);
            }
            if (p.type == AnimatorControllerParameterType.Int && (mode == AnimatorConditionMode.Equals || mode == AnimatorConditionMode.NotEqual) && threshold != (float)Math.Round(threshold))
                throw new ToolException("invalid_params", where + ": " + p.name + " is an Int, so it never equals " + threshold.ToString(CultureInfo.InvariantCulture) + "; compare with a whole number");
            return new AnimatorCondition { parameter = p.name, mode = mode, threshold = threshold };
        }

        /// <summary>A transition as the tools answer it.</summary>
        internal static JObject Describe(AnimatorStateTransition t, int index, AnimatorAddress.Places places)
        {
            var conds = new JArray();
            foreach (var cond in t.conditions) conds.Add(AnimatorAddress.Condition(cond));
            var o = new JObject { { "index", index }, { "to", places.Of(t) }, { "conditions", conds } };
            if (t.hasExitTime) o["exit_time"] = Math.Round(t.exitTime, 4);
            o["duration"] = Math.Round(t.duration, 4);
            if (!t.hasFixedDuration) o["duration_normalized"] = true;
            if (t.mute) o["mute"] = true;
            if (t.solo) o["solo"] = true;
            return o;
        }
    }
}
