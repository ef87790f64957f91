using System;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.Animations;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>animator_create and animator_inspect (isuzu's names). Creating writes a new
    /// asset, which Unity's Undo does not take back (asset_delete does); the Animator it may add
    /// to a GameObject is one undo step. Overwriting empties the controller in place, one undo
    /// step: its GUID, and every Animator and override controller using it, stay.
    /// Inspecting reads: without a layer, the parameters and one line per layer (a controller
    /// of many layers holds hundreds of states); with a layer, its states and their
    /// transitions, bounded.</summary>
    public static class AnimatorTools
    {
        /// <summary>States and transitions per state one inspect answers at most.</summary>
        const int MaxStates = 150, MaxTransitions = 30;

        public static void Create(ToolCall call)
        {
            // Everything that can be refused is refused before the asset is written.
            var target = Args.Str(call, "object_path", "").Trim().Length > 0 ? ObjectAddress.ByPath(Args.Str(call, "object_path", ""), "object_path") : null;
            JArray created;
            UnityEngine.Object existing;
            var path = AnimatorAddress.NewAsset(call, ".controller", "Assets/Animation/Hero.controller", typeof(AnimatorController), out existing, out created);
            var c = existing as AnimatorController;
            if (c == null)
            {
                c = AnimatorController.CreateAnimatorControllerAtPath(path);
                if (c == null) throw new ToolException("editor_error", "Unity did not create " + path + "; the Console says why");
            }
            var res = new JObject { { "controller", AnimatorAddress.Bundle(c) } };
            if (created.Count > 0) res["created_folders"] = created;
            if (existing == null && target == null)
            {
                res["layers"] = new JArray(c.layers[0].name);
                res["undoable"] = false;
                call.Reply(res);
                return;
            }
            Authoring.Step(call, (existing != null ? "Replace " : "Assign ") + c.name + (target != null ? " to " + target.name : ""), () =>
            {
                if (existing != null)
                {
                    Empty(c);
                    res["replaced"] = true;
                }
                if (target != null)
                {
                    var animator = target.GetComponent<Animator>();
                    res["animator_added"] = animator == null;
                    if (animator == null) animator = Undo.AddComponent<Animator>(target);
                    else Undo.RecordObject(animator, "Assign " + c.name);
                    animator.runtimeAnimatorController = c;
                    res["object"] = ObjectAddress.Bundle(target);
                }
                res["layers"] = new JArray(c.layers[0].name);
                res["undoable"] = existing != null;
                res["note"] = existing != null ? "emptied in place: its GUID, and every Animator using it, stay; undo brings back what it held"
                    : "undo takes back the Animator's controller" + ((bool)res["animator_added"] ? " (and the Animator)" : "") + ", not the asset";
                return res;
            });
        }

        /// <summary>Empties a controller in place into what CreateAnimatorControllerAtPath
        /// makes: one "Base Layer" and no parameters. Every other object of its file (state
        /// machines, states, transitions, blend trees) is destroyed through Undo first, so one
        /// undo step brings all of it back (the layers' native Clear, which RemoveLayer
        /// calls, is left out: what it records is not seen from C#); then the new first layer
        /// is added as Unity adds one, recorded. Then it is saved.</summary>
        static void Empty(AnimatorController c)
        {
            var label = "Replace " + c.name;
            Undo.RegisterCompleteObjectUndo(c, label);
            foreach (var o in AssetDatabase.LoadAllAssetsAtPath(AssetDatabase.GetAssetPath(c)))
                if (o != null && o != c) Undo.DestroyObjectImmediate(o);
            c.layers = new AnimatorControllerLayer[0];
            c.parameters = new AnimatorControllerParameter[0];
            c.AddLayer("Base Layer");
            AnimatorAddress.Save(c);
        }

        public static void Inspect(ToolCall call)
        {
            var c = AnimatorAddress.Controller(call);
            if (Args.Str(call, "layer", "").Trim().Length > 0)
            {
                call.Reply(LayerDetail(c, AnimatorAddress.Layer(c, call, "layer", true)));
                return;
            }
            var ps = new JArray();
            foreach (var p in c.parameters) ps.Add(AnimatorAddress.Parameter(p));
            var layers = new JArray();
            var all = c.layers;
            for (int i = 0; i < all.Length; i++)
            {
                var o = AnimatorEdits.Layer(c, i);
                var m = AnimatorAddress.OwnMachine(all[i]);
                if (m != null)
                {
                    o["states"] = AnimatorAddress.States(m).Count;
                    o["sub_machines"] = AnimatorAddress.Machines(m).Count - 1;
                    o["default_state"] = m.defaultState != null ? m.defaultState.name : null;
                }
                layers.Add(o);
            }
            call.Reply(new JObject { { "controller", AnimatorAddress.Bundle(c) }, { "parameters", ps }, { "layers", layers }, { "next", "animator_inspect with layer lists a layer's states and transitions" } });
        }

        static JObject LayerDetail(AnimatorController c, int index)
        {
            var res = new JObject { { "controller", AnimatorAddress.Bundle(c) }, { "layer", AnimatorEdits.Layer(c, index) } };
            var root = AnimatorAddress.OwnMachine(c.layers[index]);
            if (root == null)
            {
                res["states"] = new JArray();
                res["note"] = c.layers[index].syncedLayerIndex >= 0
                    ? "a synced layer plays the states of layer " + c.layers[index].syncedLayerIndex + "; inspect that one"
                    : "the layer has no state machine";
                return res;
            }
            var states = AnimatorAddress.States(root);
            var places = new AnimatorAddress.Places(root);
            var list = new JArray();
            foreach (var s in states)
            {
                if (list.Count == MaxStates) break;
                var o = AnimatorEdits.StateInfo(s.State, s.Path, s.Machine);
                o["transitions"] = Transitions(s.State.transitions, places);
                list.Add(o);
            }
            res["default_state"] = root.defaultState != null ? root.defaultState.name : null;
            res["states"] = list;
            res["state_count"] = states.Count;
            if (list.Count < states.Count) res["truncated"] = "the first " + list.Count + " of " + states.Count + " states";
            res["any_state"] = Transitions(root.anyStateTransitions, places);
            var entry = new JArray();
            foreach (var t in root.entryTransitions)
            {
                var conds = new JArray();
                foreach (var cond in t.conditions) conds.Add(AnimatorAddress.Condition(cond));
                entry.Add(new JObject { { "to", places.Of(t) }, { "conditions", conds } });
            }
            res["entry"] = entry;
            return res;
        }

        static JArray Transitions(AnimatorStateTransition[] ts, AnimatorAddress.Places places)
        {
            var a = new JArray();
            for (int i = 0; i < ts.Length && i < MaxTransitions; i++) a.Add(AnimatorTransitions.Describe(ts[i], i, places));
            if (ts.Length > MaxTransitions) a.Add("… " + (ts.Length - MaxTransitions) + " more");
            return a;
        }
    }
}
