using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using UnityEditor.Animations;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>animator_audit (isuzu's name): the faults an Animator Controller can hold that
    /// Unity accepts without a word and the Animator window draws without complaint. It reads
    /// and changes nothing, and answers each kind of finding with its total (every list holds
    /// at most 50 entries). A state is reachable from its layer's default state, the Entry and
    /// Any State transitions, and the transitions of every state reached, a sub-state machine's
    /// own once something reaches it (its Exit leads on through the parent's transitions out
    /// of it). A parameter counts as used when a condition, a state's speed, mirror, cycle
    /// offset or time parameter, or a blend tree names it; a name a StateMachineBehaviour builds
    /// at run time cannot be seen. A synced layer is read through the layer it is synced to,
    /// as Unity plays it, whatever state machine it still holds.</summary>
    public static class AnimatorAudit
    {
        const int MaxListed = 50;

        sealed class Findings
        {
            public readonly Dictionary<string, JArray> Lists = new Dictionary<string, JArray>();
            public readonly Dictionary<string, int> Totals = new Dictionary<string, int>();

            public void Add(string kind, JToken entry)
            {
                int n;
                Totals.TryGetValue(kind, out n);
                Totals[kind] = n + 1;
                if (n < MaxListed) Lists[kind].Add(entry);
            }
        }

        static readonly string[] Kinds =
        {
            "unreachable_states", "states_without_motion", "ignored_transitions", "unused_parameters",
            "undeclared_parameters", "mixed_write_defaults", "empty_layers", "duplicate_layer_names",
        };

        public static void Invoke(ToolCall call)
        {
            var c = AnimatorAddress.Controller(call);
            var f = new Findings();
            foreach (var k in Kinds) { f.Lists[k] = new JArray(); f.Totals[k] = 0; }
            var declared = new HashSet<string>(StringComparer.Ordinal);
            foreach (var p in c.parameters) declared.Add(p.name);
            var used = new Dictionary<string, string>(StringComparer.Ordinal); // name -> first place naming it
            var layers = c.layers;
            var byName = new Dictionary<string, List<int>>(StringComparer.Ordinal);
            for (int i = 0; i < layers.Length; i++)
            {
                List<int> same;
                if (!byName.TryGetValue(layers[i].name, out same)) byName[layers[i].name] = same = new List<int>();
                same.Add(i);
                var root = AnimatorAddress.OwnMachine(layers[i]);
                if (root == null) continue; // a synced layer: its source's states are audited there
                Layer(f, i, layers[i].name, root, used);
            }
            foreach (var kv in byName)
                if (kv.Value.Count > 1) f.Add("duplicate_layer_names", new JObject { { "name", kv.Key }, { "layers", new JArray(kv.Value.ToArray()) } });
            foreach (var p in c.parameters)
                if (!used.ContainsKey(p.name)) f.Add("unused_parameters", AnimatorAddress.Parameter(p));
            foreach (var kv in used)
                if (!declared.Contains(kv.Key)) f.Add("undeclared_parameters", new JObject { { "name", kv.Key }, { "named_by", kv.Value } });
            var totals = new JObject();
            int total = 0;
            var res = new JObject { { "controller", AnimatorAddress.Bundle(c) }, { "layers", layers.Length }, { "parameters", declared.Count } };
            foreach (var k in Kinds)
            {
                totals[k] = f.Totals[k];
                total += f.Totals[k];
            }
            res["total"] = total;
            res["totals"] = totals;
            foreach (var k in Kinds) if (f.Totals[k] > 0) res[k] = f.Lists[k];
            if (f.Totals["ignored_transitions"] > 0)
                res["notes"] = new JObject { { "ignored_transitions", "no condition and no exit time: Unity ignores such a transition, so it never fires; give it a condition or an exit time (animator_remove_transition, then animator_add_transition)" } };
            call.Reply(res);
        }

        static void Layer(Findings f, int index, string name, AnimatorStateMachine root, Dictionary<string, string> used)
        {
            var states = AnimatorAddress.States(root);
            if (states.Count == 0) f.Add("empty_layers", new JObject { { "layer", index }, { "name", name } });
            var reachable = Reachable(root);
            var places = new AnimatorAddress.Places(root);
            int on = 0, off = 0;
            foreach (var s in states) if (s.State.writeDefaultValues) on++; else off++;
            foreach (var s in states)
            {
                var where = new JObject { { "layer", index }, { "state", s.Path } };
                if (!reachable.Contains(s.State)) f.Add("unreachable_states", where);
                if (s.State.motion == null) f.Add("states_without_motion", where);
                Ignored(f, index, s.Path, s.State.transitions, places);
                Use(used, s.State, name + "/" + s.Path);
                Use(used, s.State.motion, name + "/" + s.Path, 0);
            }
            foreach (var m in AnimatorAddress.Machines(root))
            {
                Ignored(f, index, m.Key + "Any State", m.Value.anyStateTransitions, places);
                foreach (var t in m.Value.anyStateTransitions) Use(used, t, name + "/" + m.Key + "Any State");
                foreach (var t in m.Value.entryTransitions) Use(used, t, name + "/" + m.Key + "Entry");
                foreach (var child in m.Value.stateMachines)
                    if (child.stateMachine != null)
                        foreach (var t in m.Value.GetStateMachineTransitions(child.stateMachine)) Use(used, t, name + "/" + m.Key + child.stateMachine.name + "/Exit");
            }
            if (on > 0 && off > 0)
            {
                bool majority = on >= off;
                var odd = new JArray();
                foreach (var s in states) if (s.State.writeDefaultValues != majority && odd.Count < MaxListed) odd.Add(s.Path);
                f.Add("mixed_write_defaults", new JObject
                {
                    { "layer", index }, { "name", name }, { "on", on }, { "off", off },
                    { "odd_ones", odd }, { "fix", "animator_set_write_defaults with write_defaults " + (majority ? "true" : "false") + " and layer " + index },
                });
            }
        }

        /// <summary>Transitions with no condition and no exit time: Unity's transition
        /// inspector says such a transition "needs at least one condition or an Exit Time to
        /// be valid, otherwise it will be ignored" — it never fires.</summary>
        static void Ignored(Findings f, int layer, string from, AnimatorStateTransition[] ts, AnimatorAddress.Places places)
        {
            for (int i = 0; i < ts.Length; i++)
                if (ts[i].conditions.Length == 0 && !ts[i].hasExitTime && !ts[i].mute)
                    f.Add("ignored_transitions", new JObject { { "layer", layer }, { "from", from }, { "index", i }, { "to", places.Of(ts[i]) } });
        }

        static void Use(Dictionary<string, string> used, AnimatorTransitionBase t, string where)
        {
            foreach (var c in t.conditions) Note(used, c.parameter, where);
        }

        static void Use(Dictionary<string, string> used, AnimatorState s, string where)
        {
            if (s.speedParameterActive) Note(used, s.speedParameter, where + " (speed)");
            if (s.mirrorParameterActive) Note(used, s.mirrorParameter, where + " (mirror)");
            if (s.cycleOffsetParameterActive) Note(used, s.cycleOffsetParameter, where + " (cycle offset)");
            if (s.timeParameterActive) Note(used, s.timeParameter, where + " (time)");
            foreach (var t in s.transitions) Use(used, t, where);
        }

        static void Use(Dictionary<string, string> used, Motion m, string where, int depth)
        {
            var tree = m as BlendTree;
            if (tree == null || depth > 16) return;
            Note(used, tree.blendParameter, where + " (blend tree)");
            if (tree.blendType != BlendTreeType.Simple1D && tree.blendType != BlendTreeType.Direct) Note(used, tree.blendParameterY, where + " (blend tree)");
            foreach (var child in tree.children)
            {
                if (tree.blendType == BlendTreeType.Direct) Note(used, child.directBlendParameter, where + " (blend tree)");
                Use(used, child.motion, where, depth + 1);
            }
        }

        static void Note(Dictionary<string, string> used, string name, string where)
        {
            if (!string.IsNullOrEmpty(name) && !used.ContainsKey(name)) used[name] = where;
        }

        /// <summary>The states a layer can enter (see the class summary).</summary>
        static HashSet<AnimatorState> Reachable(AnimatorStateMachine root)
        {
            var parents = new Dictionary<AnimatorStateMachine, AnimatorStateMachine>();
            foreach (var m in AnimatorAddress.Machines(root))
                foreach (var child in m.Value.stateMachines)
                    if (child.stateMachine != null && !parents.ContainsKey(child.stateMachine)) parents[child.stateMachine] = m.Value;
            var states = new HashSet<AnimatorState>();
            var machines = new HashSet<AnimatorStateMachine>();
            var stateQueue = new Queue<AnimatorState>();
            var machineQueue = new Queue<AnimatorStateMachine>();
            Action<AnimatorTransitionBase> follow = t =>
            {
                if (t.destinationState != null && states.Add(t.destinationState)) stateQueue.Enqueue(t.destinationState);
                if (t.destinationStateMachine != null && machines.Add(t.destinationStateMachine)) machineQueue.Enqueue(t.destinationStateMachine);
            };
            machines.Add(root);
            machineQueue.Enqueue(root);
            while (machineQueue.Count > 0 || stateQueue.Count > 0)
            {
                while (machineQueue.Count > 0)
                {
                    var m = machineQueue.Dequeue();
                    if (m.defaultState != null && states.Add(m.defaultState)) stateQueue.Enqueue(m.defaultState);
                    foreach (var t in m.entryTransitions) follow(t);
                    foreach (var t in m.anyStateTransitions) follow(t);
                    AnimatorStateMachine parent;
                    if (parents.TryGetValue(m, out parent)) foreach (var t in parent.GetStateMachineTransitions(m)) follow(t);
                }
                while (stateQueue.Count > 0)
                    foreach (var t in stateQueue.Dequeue().transitions) follow(t);
            }
            return states;
        }
    }
}
