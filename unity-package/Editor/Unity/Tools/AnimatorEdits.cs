using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.Animations;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>animator_add_layer, animator_remove_layer, animator_add_state,
    /// animator_remove_state, animator_set_state and animator_set_write_defaults (isuzu's
    /// names). Each checks everything before it changes anything, is one undo step
    /// (<see cref="Authoring.Step"/>; the managed UnityEditor.Animations API records its own
    /// objects, and a removal first records every object of the controller's file, since the
    /// native side also edits other states), and writes the controller to disk
    /// (<see cref="AnimatorAddress.Save"/>).</summary>
    public static class AnimatorEdits
    {
        public static void AddLayer(ToolCall call)
        {
            var c = AnimatorAddress.Controller(call);
            var name = Args.Str(call, "name", "").Trim();
            if (name.Length == 0) throw new ToolException("invalid_params", "name is required: the new layer's name, e.g. \"Upper Body\"");
            var weight = Args.Num(call, "weight", 1);
            if (!(weight >= 0 && weight <= 1)) throw new ToolException("invalid_params", "weight must be from 0 to 1; got " + weight);
            var blending = (AnimatorLayerBlendingMode)Enum.Parse(typeof(AnimatorLayerBlendingMode), Args.OneOf(call, "blending", "Override", "Override", "Additive"));
            int count = c.layers.Length;
            int index = Args.Has(call, "index") ? Args.Int(call, "index") : count;
            if (index < 0 || index > count) throw new ToolException("invalid_params", "index " + index + " is out of range: 0 to " + count + " (" + count + " is after the last layer)");
            Authoring.Step(call, "Add layer " + name, () =>
            {
                c.AddLayer(name);
                var layers = new List<AnimatorControllerLayer>(c.layers);
                var added = layers[layers.Count - 1];
                added.defaultWeight = (float)weight;
                added.blendingMode = blending;
                layers.RemoveAt(layers.Count - 1);
                layers.Insert(index, added);
                // A synced layer keeps pointing at the same layer after the insert.
                foreach (var l in layers) if (l.syncedLayerIndex >= index && !ReferenceEquals(l, added)) l.syncedLayerIndex++;
                // The first layer's weight and blending are not taken into account (Unity
                // plays it fully, overriding: ScriptReference AnimatorControllerLayer), and
                // Unity leaves its weight at 0 (m_DefaultWeight has no initializer, and
                // neither CreateAnimatorControllerAtPath nor AddLayer sets it). Moved to
                // second, they would count and silence it, so it keeps playing as it did: a
                // user who inserts a new first layer means to add one, not to mute the old.
                var displaced = index == 0 && layers.Count > 1 ? layers[1] : null;
                bool adjusted = displaced != null && (displaced.defaultWeight != 1 || displaced.blendingMode != AnimatorLayerBlendingMode.Override);
                if (adjusted)
                {
                    displaced.defaultWeight = 1;
                    displaced.blendingMode = AnimatorLayerBlendingMode.Override;
                }
                c.layers = layers.ToArray();
                AnimatorAddress.Save(c);
                var res = new JObject { { "controller", AnimatorAddress.Bundle(c) }, { "layer", Layer(c, index) }, { "layers", c.layers.Length } };
                if (added.name != name) res["renamed"] = "a layer is already named \"" + name + "\"; Unity named this one \"" + added.name + "\"";
                if (index == 0)
                    res["note"] = "the first layer's weight and blending are not taken into account: it always plays fully" +
                        (adjusted ? "; the layer it displaced now counts its own, so it was set to weight 1, Override, to keep playing as before" : "");
                if (adjusted) res["displaced"] = Layer(c, 1);
                return res;
            });
        }

        public static void RemoveLayer(ToolCall call)
        {
            var c = AnimatorAddress.Controller(call);
            int index = AnimatorAddress.Layer(c, call, "layer", true);
            var layers = c.layers;
            if (layers.Length == 1) throw new ToolException("invalid_state", "\"" + layers[0].name + "\" is the only layer of " + AnimatorAddress.Name(c) + "; a controller keeps at least one (add another first)");
            for (int i = 0; i < layers.Length; i++)
                if (layers[i].syncedLayerIndex == index)
                    throw new ToolException("invalid_state", "layer " + i + " \"" + layers[i].name + "\" is synced to layer " + index + " \"" + layers[index].name + "\"; remove that one first");
            var gone = layers[index];
            var goneMachine = AnimatorAddress.OwnMachine(gone);
            int states = goneMachine != null ? AnimatorAddress.States(goneMachine).Count : 0;
            Authoring.Step(call, "Remove layer " + gone.name, () =>
            {
                AnimatorAddress.RecordAll(c, "Remove layer " + gone.name);
                c.RemoveLayer(index);
                // Later synced layers follow their source down one index (as Unity's own
                // multi-layer removal does: AnimatorController.RemoveLayers).
                var left = c.layers;
                foreach (var l in left) if (l.syncedLayerIndex > index) l.syncedLayerIndex--;
                c.layers = left;
                AnimatorAddress.Save(c);
                var res = new JObject
                {
                    { "controller", AnimatorAddress.Bundle(c) },
                    { "removed", new JObject { { "index", index }, { "name", gone.name }, { "states", states } } },
                    { "layers", left.Length },
                };
                if (index < left.Length) res["note"] = "the layers after it moved up one index";
                return res;
            });
        }

        public static void AddState(ToolCall call)
        {
            var c = AnimatorAddress.Controller(call);
            int layer = AnimatorAddress.Layer(c, call, "layer", false);
            var root = AnimatorAddress.Machine(c, layer);
            var full = Args.Str(call, "name", "").Trim().Trim('/');
            if (full.Length == 0) throw new ToolException("invalid_params", "name is required: the new state's name, e.g. \"Run\" (\"Sub/Run\" inside sub-state machine Sub)");
            int cut = full.LastIndexOf('/');
            var name = full.Substring(cut + 1);
            var machine = root;
            if (cut > 0)
            {
                var at = full.Substring(0, cut + 1);
                var machines = AnimatorAddress.Machines(root);
                machine = null;
                foreach (var m in machines) if (m.Key == at) machine = m.Value;
                if (machine == null)
                {
                    var near = HierarchyPath.Closest(machines.ConvertAll(m => m.Key.TrimEnd('/')).FindAll(k => k.Length > 0), at.TrimEnd('/'), 3);
                    throw new ToolException("not_found", "layer \"" + c.layers[layer].name + "\" has no sub-state machine \"" + at.TrimEnd('/') + "\"" +
                        (near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "; it has none") + " (give the name alone to add to the layer itself)");
                }
            }
            var motion = Args.Str(call, "motion", "").Trim().Length > 0 ? AnimatorAddress.MotionAt(Args.Str(call, "motion", ""), "motion") : null;
            bool makeDefault = Args.Bool(call, "make_default", false);
            // A new state matches the Write Defaults of the layer's states: a layer whose states
            // disagree animates differently depending on which state ran before.
            int on = 0, off = 0;
            foreach (var s in AnimatorAddress.States(root)) if (s.State.writeDefaultValues) on++; else off++;
            bool writeDefaults = on >= off;
            Authoring.Step(call, "Add state " + full, () =>
            {
                var state = machine.AddState(name);
                state.writeDefaultValues = writeDefaults;
                if (motion != null) state.motion = motion;
                if (makeDefault) machine.defaultState = state;
                AnimatorAddress.Save(c);
                var path = full.Substring(0, cut + 1) + state.name;
                var res = new JObject
                {
                    { "controller", AnimatorAddress.Bundle(c) },
                    { "layer", Layer(c, layer) },
                    { "state", StateInfo(state, path, machine) },
                };
                if (state.name != name) res["renamed"] = "the name \"" + name + "\" is taken in that state machine; Unity named this one \"" + state.name + "\"";
                return res;
            });
        }

        public static void RemoveState(ToolCall call)
        {
            var c = AnimatorAddress.Controller(call);
            int layer = AnimatorAddress.Layer(c, call, "layer", false);
            var root = AnimatorAddress.Machine(c, layer);
            var s = AnimatorAddress.State(root, Args.Str(call, "state", ""), "state", c.layers[layer].name);
            int incoming = 0;
            foreach (var m in AnimatorAddress.Machines(root))
            {
                foreach (var t in m.Value.anyStateTransitions) if (t.destinationState == s.State) incoming++;
                foreach (var t in m.Value.entryTransitions) if (t.destinationState == s.State) incoming++;
            }
            foreach (var other in AnimatorAddress.States(root))
                if (other.State != s.State) foreach (var t in other.State.transitions) if (t.destinationState == s.State) incoming++;
            int outgoing = s.State.transitions.Length;
            bool wasDefault = s.Machine.defaultState == s.State;
            Authoring.Step(call, "Remove state " + s.Path, () =>
            {
                AnimatorAddress.RecordAll(c, "Remove state " + s.Path);
                s.Machine.RemoveState(s.State);
                AnimatorAddress.Save(c);
                var res = new JObject
                {
                    { "controller", AnimatorAddress.Bundle(c) },
                    { "layer", Layer(c, layer) },
                    { "removed", s.Path },
                    { "removed_transitions", new JObject { { "incoming", incoming }, { "outgoing", outgoing } } },
                };
                if (wasDefault)
                {
                    var next = s.Machine.defaultState;
                    res["default_state"] = next != null ? (JToken)next.name : null;
                    res["note"] = "it was the default state; " + (next != null ? "Unity made \"" + next.name + "\" the default (animator_set_state make_default changes it)" : "the state machine has no state left");
                }
                return res;
            });
        }

        static readonly string[] SetFields = { "motion", "speed", "write_defaults", "tag", "name", "make_default" };

        public static void SetState(ToolCall call)
        {
            var c = AnimatorAddress.Controller(call);
            int layer = AnimatorAddress.Layer(c, call, "layer", false);
            var root = AnimatorAddress.Machine(c, layer);
            var s = AnimatorAddress.State(root, Args.Str(call, "state", ""), "state", c.layers[layer].name);
            var set = call.Args["set"] as JObject;
            if (set == null || set.Count == 0)
                throw new ToolException("invalid_params", "set is required: an object of the fields to change, any of " + string.Join(", ", SetFields) + ", e.g. {\"speed\": 1.5}");
            // Every field is checked and converted before anything changes.
            Motion motion = null;
            bool clearMotion = false;
            float? speed = null;
            bool? writeDefaults = null;
            string tag = null, rename = null;
            bool makeDefault = false;
            foreach (var kv in set)
            {
                var v = kv.Value;
                switch (kv.Key)
                {
                    case "motion":
                        if (v.Type != JTokenType.String && v.Type != JTokenType.Null) throw new ToolException("invalid_params", "set.motion must be a clip's path or GUID, or \"\" to clear it");
                        var m = v.Type == JTokenType.Null ? "" : ((string)v).Trim();
                        if (m.Length == 0) clearMotion = true; else motion = AnimatorAddress.MotionAt(m, "set.motion");
                        break;
                    case "speed":
                        if (v.Type != JTokenType.Integer && v.Type != JTokenType.Float) throw new ToolException("invalid_params", "set.speed must be a number, e.g. 1.5 (negative plays backwards)");
                        var sp = (double)v;
                        if (double.IsNaN(sp) || double.IsInfinity(sp)) throw new ToolException("invalid_params", "set.speed must be a finite number");
                        speed = (float)sp;
                        break;
                    case "write_defaults":
                        if (v.Type != JTokenType.Boolean) throw new ToolException("invalid_params", "set.write_defaults must be true or false");
                        writeDefaults = (bool)v;
                        break;
                    case "tag":
                        if (v.Type != JTokenType.String) throw new ToolException("invalid_params", "set.tag must be a string (\"\" clears it)");
                        tag = (string)v;
                        break;
                    case "name":
                        if (v.Type != JTokenType.String || ((string)v).Trim().Length == 0 || ((string)v).IndexOf('/') >= 0)
                            throw new ToolException("invalid_params", "set.name must be a new name without \"/\", e.g. \"Sprint\"");
                        rename = ((string)v).Trim();
                        foreach (var sib in s.Machine.states)
                            if (sib.state != s.State && sib.state != null && sib.state.name == rename)
                                throw new ToolException("already_exists", "a state of that state machine is already named \"" + rename + "\"; choose another name");
                        foreach (var sib in s.Machine.stateMachines)
                            if (sib.stateMachine != null && sib.stateMachine.name == rename)
                                throw new ToolException("already_exists", "a sub-state machine there is already named \"" + rename + "\"; choose another name");
                        break;
                    case "make_default":
                        if (v.Type != JTokenType.Boolean || !(bool)v)
                            throw new ToolException("invalid_params", "set.make_default takes true (to make another state the default, set it on that one)");
                        makeDefault = true;
                        break;
                    default:
                        var near = HierarchyPath.Closest(SetFields, kv.Key, 1);
                        throw new ToolException("invalid_params", "set." + kv.Key + " is not a state field" + (near.Count > 0 ? " (did you mean " + near[0] + "?)" : "") + "; set takes " + string.Join(", ", SetFields));
                }
            }
            var state = s.State;
            bool changes = clearMotion && state.motion != null || motion != null && state.motion != motion || speed.HasValue && speed.Value != state.speed ||
                writeDefaults.HasValue && writeDefaults.Value != state.writeDefaultValues || tag != null && tag != state.tag ||
                rename != null && rename != state.name || makeDefault && s.Machine.defaultState != state;
            var prefix = s.Path.Substring(0, s.Path.Length - state.name.Length);
            Authoring.Step(call, "Set state " + s.Path, () =>
            {
                Undo.RecordObject(state, "Set state " + s.Path);
                if (makeDefault) Undo.RecordObject(s.Machine, "Set state " + s.Path);
                if (clearMotion) state.motion = null;
                if (motion != null) state.motion = motion;
                if (speed.HasValue) state.speed = speed.Value;
                if (writeDefaults.HasValue) state.writeDefaultValues = writeDefaults.Value;
                if (tag != null) state.tag = tag;
                if (rename != null) state.name = rename;
                if (makeDefault) s.Machine.defaultState = state;
                if (changes) AnimatorAddress.Save(c);
                return new JObject
                {
                    { "controller", AnimatorAddress.Bundle(c) },
                    { "layer", Layer(c, layer) },
                    { "state", StateInfo(state, prefix + state.name, s.Machine) },
                    { "changed", changes },
                };
            });
        }

        public static void SetWriteDefaults(ToolCall call)
        {
            var c = AnimatorAddress.Controller(call);
            if (!Args.Has(call, "write_defaults")) throw new ToolException("invalid_params", "write_defaults is required: true or false");
            bool value = Args.Bool(call, "write_defaults", true);
            var layers = c.layers;
            var scope = new List<int>();
            if (Args.Str(call, "layer", "").Trim().Length > 0)
            {
                int named = AnimatorAddress.Layer(c, call, "layer", true);
                AnimatorAddress.Machine(c, named); // a synced layer is refused: set it on its source
                scope.Add(named);
            }
            else for (int i = 0; i < layers.Length; i++) scope.Add(i);
            Authoring.Step(call, "Set Write Defaults " + (value ? "on" : "off"), () =>
            {
                var per = new JArray();
                int total = 0;
                foreach (var i in scope)
                {
                    var own = AnimatorAddress.OwnMachine(layers[i]);
                    if (own == null) continue; // a synced layer plays its source layer's states
                    var states = AnimatorAddress.States(own);
                    int changed = 0;
                    foreach (var s in states)
                    {
                        if (s.State.writeDefaultValues == value) continue;
                        Undo.RecordObject(s.State, "Set Write Defaults");
                        s.State.writeDefaultValues = value;
                        changed++;
                    }
                    total += changed;
                    per.Add(new JObject { { "index", i }, { "name", layers[i].name }, { "states", states.Count }, { "changed", changed } });
                }
                if (total > 0) AnimatorAddress.Save(c);
                return new JObject
                {
                    { "controller", AnimatorAddress.Bundle(c) },
                    { "write_defaults", value },
                    { "layers", per },
                    { "states_changed", total },
                    { "changed", total > 0 },
                };
            });
        }

        /// <summary>A layer's identity and settings.</summary>
        internal static JObject Layer(AnimatorController c, int index)
        {
            var l = c.layers[index];
            var o = new JObject { { "index", index }, { "name", l.name }, { "weight", l.defaultWeight }, { "blending", l.blendingMode.ToString() } };
            if (l.syncedLayerIndex >= 0) o["synced_to"] = l.syncedLayerIndex;
            return o;
        }

        /// <summary>A state as the tools answer it.</summary>
        internal static JObject StateInfo(AnimatorState s, string path, AnimatorStateMachine machine)
        {
            var o = new JObject
            {
                { "name", s.name },
                { "path", path },
                { "motion", AnimatorAddress.MotionInfo(s.motion) },
                { "speed", s.speed },
                { "write_defaults", s.writeDefaultValues },
                { "default", machine.defaultState == s },
            };
            if (s.tag.Length > 0) o["tag"] = s.tag;
            return o;
        }
    }
}
