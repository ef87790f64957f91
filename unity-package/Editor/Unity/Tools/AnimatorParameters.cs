using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.Animations;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>animator_add_parameter, animator_remove_parameter and animator_set_parameter
    /// (isuzu's names). Adding and removing edit the controller, each one undo step; a name
    /// in use is refused rather than made unique (Unity's AddParameter(name, type) would make
    /// a second "Speed 0" nothing refers to). Removing answers the conditions still naming the
    /// parameter: Unity keeps them, and they can never hold again. Setting drives a running
    /// Animator in Play Mode, as a script does: the value lives in the playing Animator, is
    /// not undoable, and is gone when Play Mode ends.</summary>
    public static class AnimatorParameters
    {
        public static void Add(ToolCall call)
        {
            var c = AnimatorAddress.Controller(call);
            var name = Args.Str(call, "name", "");
            if (name.Trim().Length == 0) throw new ToolException("invalid_params", "name is required, e.g. \"Speed\" (names are case-sensitive)");
            var type = (AnimatorControllerParameterType)Enum.Parse(typeof(AnimatorControllerParameterType), Args.OneOf(call, "type", "Float", "Float", "Int", "Bool", "Trigger"));
            foreach (var existing in c.parameters)
                if (existing.name == name)
                    throw new ToolException("already_exists", "\"" + name + "\" is already a parameter of " + AnimatorAddress.Name(c) + " (a " + existing.type + "); choose another name, or remove it first");
            var p = new AnimatorControllerParameter { name = name, type = type };
            var value = call.Args["default_value"];
            if (value != null && value.Type != JTokenType.Null) Assign(p, value, "default_value");
            Authoring.Step(call, "Add parameter " + name, () =>
            {
                c.AddParameter(p);
                AnimatorAddress.Save(c);
                return new JObject { { "controller", AnimatorAddress.Bundle(c) }, { "parameter", AnimatorAddress.Parameter(p) }, { "parameters", c.parameters.Length } };
            });
        }

        /// <summary>Sets a parameter's default from a JSON value of its type.</summary>
        static void Assign(AnimatorControllerParameter p, JToken v, string arg)
        {
            switch (p.type)
            {
                case AnimatorControllerParameterType.Float:
                    p.defaultFloat = (float)Number(v, arg, p, false);
                    break;
                case AnimatorControllerParameterType.Int:
                    p.defaultInt = (int)Number(v, arg, p, true);
                    break;
                default:
                    if (v.Type != JTokenType.Boolean) throw new ToolException("invalid_params", arg + " for a " + p.type + " is true or false; got " + v.ToString(Newtonsoft.Json.Formatting.None));
                    p.defaultBool = (bool)v;
                    break;
            }
        }

        static double Number(JToken v, string arg, AnimatorControllerParameter p, bool whole)
        {
            if (v.Type != JTokenType.Integer && v.Type != JTokenType.Float)
                throw new ToolException("invalid_params", arg + " for " + p.name + " (a " + p.type + ") is a number; got " + v.ToString(Newtonsoft.Json.Formatting.None));
            var d = (double)v;
            if (double.IsNaN(d) || double.IsInfinity(d)) throw new ToolException("invalid_params", arg + " must be a finite number");
            if (whole && (d != Math.Round(d) || d > int.MaxValue || d < int.MinValue))
                throw new ToolException("invalid_params", arg + " for " + p.name + " (an Int) is a whole number; got " + d);
            return d;
        }

        public static void Remove(ToolCall call)
        {
            var c = AnimatorAddress.Controller(call);
            var name = Args.Str(call, "name", "");
            var ps = c.parameters;
            var p = AnimatorAddress.Parameter(ps, name, "name");
            int index = Array.IndexOf(ps, p);
            var refs = References(c, name);
            Authoring.Step(call, "Remove parameter " + name, () =>
            {
                c.RemoveParameter(index);
                AnimatorAddress.Save(c);
                var listed = new JArray();
                for (int i = 0; i < refs.Count && i < 50; i++) listed.Add(refs[i]);
                var res = new JObject
                {
                    { "controller", AnimatorAddress.Bundle(c) },
                    { "removed", AnimatorAddress.Parameter(p) },
                    { "parameters", c.parameters.Length },
                    { "referenced_by", listed },
                    { "references", refs.Count },
                };
                if (refs.Count > 0)
                    res["note"] = refs.Count + " condition(s) still name \"" + name + "\" and can never hold: their transitions no longer fire (animator_remove_transition, or add the parameter back)";
                return res;
            });
        }

        /// <summary>Every condition in the controller that names the parameter.</summary>
        internal static List<JObject> References(AnimatorController c, string name)
        {
            var found = new List<JObject>();
            var layers = c.layers;
            for (int l = 0; l < layers.Length; l++)
            {
                var root = AnimatorAddress.OwnMachine(layers[l]);
                if (root == null) continue; // a synced layer plays its source's states
                foreach (var m in AnimatorAddress.Machines(root))
                {
                    var anyFrom = m.Key.Length == 0 ? "Any State" : m.Key + "Any State";
                    Collect(found, l, layers[l].name, anyFrom, m.Value.anyStateTransitions, name);
                    Collect(found, l, layers[l].name, m.Key.Length == 0 ? "Entry" : m.Key + "Entry", m.Value.entryTransitions, name);
                }
                foreach (var s in AnimatorAddress.States(root)) Collect(found, l, layers[l].name, s.Path, s.State.transitions, name);
            }
            return found;
        }

        static void Collect(List<JObject> into, int layer, string layerName, string from, AnimatorTransitionBase[] transitions, string name)
        {
            for (int t = 0; t < transitions.Length; t++)
                foreach (var cond in transitions[t].conditions)
                    if (cond.parameter == name)
                        into.Add(new JObject { { "layer", layer }, { "layer_name", layerName }, { "from", from }, { "transition", t }, { "condition", AnimatorAddress.Condition(cond) } });
        }

        public static void Set(ToolCall call)
        {
            if (!EditorApplication.isPlaying)
                throw new ToolException("invalid_state", "the Editor is not in Play Mode: an Animator's parameters run only while playing (control-play-mode Play starts it); a parameter's starting value is the controller's default_value (animator_add_parameter)");
            var go = ObjectAddress.ByPath(Args.Str(call, "object_path", ""), "object_path");
            var animator = go.GetComponent<Animator>();
            if (animator == null) throw new ToolException("not_found", ObjectAddress.PathOf(go) + " has no Animator; give the GameObject that carries it");
            if (animator.runtimeAnimatorController == null)
                throw new ToolException("invalid_state", "the Animator on " + ObjectAddress.PathOf(go) + " has no controller (animator_create with object_path gives it one)");
            var name = Args.Str(call, "name", "");
            var p = AnimatorAddress.Parameter(animator.parameters, name, "name");
            var v = call.Args["value"];
            if (v == null || v.Type == JTokenType.Null) throw new ToolException("invalid_params", "value is required: a number for a Float or Int, true or false for a Bool or Trigger");
            JToken now;
            switch (p.type)
            {
                case AnimatorControllerParameterType.Float:
                    animator.SetFloat(name, (float)Number(v, "value", p, false));
                    now = animator.GetFloat(name);
                    break;
                case AnimatorControllerParameterType.Int:
                    animator.SetInteger(name, (int)Number(v, "value", p, true));
                    now = animator.GetInteger(name);
                    break;
                case AnimatorControllerParameterType.Bool:
                    if (v.Type != JTokenType.Boolean) throw new ToolException("invalid_params", "value for " + name + " (a Bool) is true or false");
                    animator.SetBool(name, (bool)v);
                    now = animator.GetBool(name);
                    break;
                default:
                    if (v.Type != JTokenType.Boolean) throw new ToolException("invalid_params", "value for " + name + " (a Trigger) is true (set it) or false (reset it)");
                    if ((bool)v) animator.SetTrigger(name); else animator.ResetTrigger(name);
                    now = animator.GetBool(name);
                    break;
            }
            call.Reply(new JObject
            {
                { "object", ObjectAddress.Bundle(go) },
                { "parameter", name },
                { "type", p.type.ToString() },
                { "value", now },
                { "note", "the running Animator's value: not undoable, and gone when Play Mode ends" },
            });
        }
    }
}
