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
    /// <summary>How the animation tools name what they act on, and what they answer about it.
    /// An asset (controller or clip) is its project path or its GUID, in one argument; a layer
    /// is its name or its index, the base layer when omitted; a state is its name, or
    /// "Sub/State" inside a sub-state machine, as animator_inspect lists it. Every refusal
    /// names the value and offers the closest names. Answers carry the asset's identity
    /// (path, guid, name), the layer's index and name, and the state's path.</summary>
    internal static class AnimatorAddress
    {
        /// <summary>A state and where it sits in its layer.</summary>
        internal sealed class StateRef
        {
            public AnimatorState State;
            public AnimatorStateMachine Machine;
            public string Path;
        }

        /// <summary>The asset path the argument names: a GUID (32 hex digits) or a path under
        /// Assets/ (the extension added when missing). It must exist.</summary>
        internal static string ExistingPath(string raw, string extension, string arg, string example)
        {
            var text = (raw ?? "").Trim();
            if (IsGuid(text))
            {
                var byGuid = AssetDatabase.GUIDToAssetPath(text);
                if (byGuid.Length == 0 || AssetDatabase.LoadMainAssetAtPath(byGuid) == null)
                    throw new ToolException("not_found", arg + " " + text + " is no asset's GUID; asset_find type \"" + TypeWord(extension) + "\" lists them with theirs");
                return byGuid;
            }
            // The extension is added only to a path without one: "Run.anim" named where a
            // controller is wanted is refused as what it is, not looked for as Run.anim.controller.
            var path = AssetPaths.Normalize(text, System.IO.Path.GetExtension(text).Length > 0 ? "" : extension, arg, example);
            if (AssetDatabase.LoadMainAssetAtPath(path) == null)
            {
                var near = HierarchyPath.Closest(AssetPaths.Files(extension), path, 3);
                throw new ToolException("not_found", "no asset at " + path + (near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "; asset_find type \"" + TypeWord(extension) + "\" lists them"));
            }
            return path;
        }

        /// <summary>Where a create tool writes its new asset: a path under Assets/ (the
        /// extension added), free unless overwrite names an asset of the same kind there,
        /// answered as <paramref name="existing"/> for the tool to empty in place: deleting
        /// and creating it again would give it a new GUID and break every reference to it
        /// (the states playing a clip, the Animators using a controller). The folders a new
        /// asset needs are made and named.</summary>
        internal static string NewAsset(ToolCall call, string extension, string example, Type kind, out UnityEngine.Object existing, out JArray createdFolders)
        {
            var path = AssetPaths.Normalize(Args.Str(call, "path", ""), extension, "path", example);
            existing = null;
            createdFolders = new JArray();
            if (AssetPaths.Exists(path))
            {
                if (!Args.Bool(call, "overwrite", false))
                    throw new ToolException("already_exists", path + " exists; choose another path, or pass overwrite: true to empty it in place (its GUID and the references to it stay; undoable)");
                existing = AssetDatabase.LoadMainAssetAtPath(path);
                if (!kind.IsInstanceOfType(existing))
                    throw new ToolException("invalid_params", path + " holds no " + kind.Name + "; overwrite replaces only a " + kind.Name);
                return path;
            }
            createdFolders = AssetPaths.EnsureFolders(path);
            return path;
        }

        static bool IsGuid(string s)
        {
            if (s.Length != 32) return false;
            foreach (var c in s) if (!Uri.IsHexDigit(c)) return false;
            return true;
        }

        static string TypeWord(string extension) { return extension == ".anim" ? "AnimationClip" : "AnimatorController"; }

        /// <summary>The Animator Controller the call's path (or GUID) names.</summary>
        internal static AnimatorController Controller(ToolCall call)
        {
            var path = ExistingPath(Args.Str(call, "path", ""), ".controller", "path", "Assets/Animation/Hero.controller");
            var c = AssetDatabase.LoadAssetAtPath(path, typeof(AnimatorController)) as AnimatorController;
            if (c == null)
                throw new ToolException("invalid_params", path + " is a " + AssetDatabase.LoadMainAssetAtPath(path).GetType().Name + ", not an Animator Controller; give a .controller");
            return c;
        }

        /// <summary>The clip or blend tree an argument names: the path or GUID of a file
        /// whose main asset is one (an .anim), or "path#Name" for one inside a file (a clip of
        /// a model, a blend tree of a controller). A file's path alone names its one motion; a
        /// model of several clips is refused with their names. The "__preview__" clips a
        /// model importer keeps for the Inspector's preview are never taken.</summary>
        internal static Motion MotionAt(string raw, string arg)
        {
            var text = (raw ?? "").Trim();
            string wanted = null;
            int hash = text.LastIndexOf('#');
            if (hash > 0 && AssetDatabase.LoadMainAssetAtPath(text) == null) // a file may have '#' in its name
            {
                wanted = text.Substring(hash + 1).Trim();
                text = text.Substring(0, hash).Trim();
            }
            var path = ExistingPath(text, ".anim", arg, "Assets/Animation/Run.anim");
            var main = AssetDatabase.LoadMainAssetAtPath(path) as Motion;
            if (wanted == null && main != null) return main;
            var motions = new List<Motion>();
            foreach (var o in AssetDatabase.LoadAllAssetsAtPath(path))
            {
                var m = o as Motion;
                if (m != null && !IsPreview(m)) motions.Add(m);
            }
            var names = motions.ConvertAll(m => path + "#" + m.name);
            if (wanted != null)
            {
                if (wanted.StartsWith(PreviewPrefix, StringComparison.Ordinal))
                    throw new ToolException("invalid_params", arg + " \"" + wanted + "\" is a preview clip the model importer keeps for the Inspector; name one of the model's clips" + (names.Count > 0 ? ": " + string.Join(", ", names.ToArray()) : ""));
                foreach (var m in motions) if (m.name == wanted) return m;
                var near = HierarchyPath.Closest(motions.ConvertAll(m => m.name), wanted, 3);
                throw new ToolException("not_found", path + " holds no clip or blend tree \"" + wanted + "\"" +
                    (near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "") + (names.Count > 0 ? " (it holds " + string.Join(", ", names.ToArray()) + ")" : " (it holds none)"));
            }
            if (motions.Count == 1) return motions[0];
            if (motions.Count > 1)
                throw new ToolException("ambiguous", path + " holds " + motions.Count + " motions; name one as path#Name: " + string.Join(", ", names.GetRange(0, Math.Min(names.Count, 20)).ToArray()));
            throw new ToolException("invalid_params", arg + " " + path + " is a " + AssetDatabase.LoadMainAssetAtPath(path).GetType().Name + " holding no clip; animation_clip_create makes one");
        }

        const string PreviewPrefix = "__preview__";

        static bool IsPreview(Motion m) { return m.name.StartsWith(PreviewPrefix, StringComparison.Ordinal); }

        /// <summary>A state's motion as the tools answer it: "clip" or "blend_tree" holds
        /// what names it again as a motion argument (the file's path, with "#Name" when it is
        /// not the file's main asset), with its name and the file's GUID.</summary>
        internal static JToken MotionInfo(Motion m)
        {
            if (m == null) return null;
            var path = AssetDatabase.GetAssetPath(m);
            var at = path.Length == 0 ? m.name : AssetDatabase.IsMainAsset(m) ? path : path + "#" + m.name;
            var o = new JObject { { m is BlendTree ? "blend_tree" : "clip", at }, { "name", m.name } };
            if (path.Length > 0) o["guid"] = AssetDatabase.AssetPathToGUID(path);
            return o;
        }

        /// <summary>An asset's identity: path, GUID and name.</summary>
        internal static JObject Bundle(UnityEngine.Object asset)
        {
            return AssetPaths.Bundle(AssetDatabase.GetAssetPath(asset), asset.name);
        }

        /// <summary>The layer the argument names (its index); the base layer when it is empty
        /// and not required. A name several layers share is refused: give the index.</summary>
        internal static int Layer(AnimatorController c, ToolCall call, string arg, bool required)
        {
            var raw = Args.Str(call, arg, "").Trim();
            var layers = c.layers;
            if (raw.Length == 0)
            {
                if (required) throw new ToolException("invalid_params", arg + " is required: a layer's name or index (" + Listing(layers) + ")");
                if (layers.Length == 0) throw new ToolException("invalid_state", Name(c) + " has no layers; animator_add_layer adds one");
                return 0;
            }
            var named = new List<int>();
            for (int i = 0; i < layers.Length; i++) if (layers[i].name == raw) named.Add(i);
            if (named.Count == 1) return named[0];
            if (named.Count > 1)
                throw new ToolException("ambiguous", "layers " + string.Join(" and ", named.ConvertAll(i => i.ToString(CultureInfo.InvariantCulture)).ToArray()) + " are both named \"" + raw + "\"; give " + arg + " as the index");
            int index;
            if (int.TryParse(raw, NumberStyles.None, CultureInfo.InvariantCulture, out index))
            {
                if (index < layers.Length) return index;
                throw new ToolException("not_found", arg + " " + raw + " is past the last layer (" + Listing(layers) + ")");
            }
            var near = HierarchyPath.Closest(Array.ConvertAll(layers, l => l.name), raw, 3);
            throw new ToolException("not_found", "no layer \"" + raw + "\" in " + Name(c) + (near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "") + " (layers: " + Listing(layers) + ")");
        }

        static string Listing(AnimatorControllerLayer[] layers)
        {
            var parts = new List<string>();
            for (int i = 0; i < layers.Length && i < 20; i++) parts.Add(i + " \"" + layers[i].name + "\"");
            if (layers.Length > 20) parts.Add("…");
            return parts.Count > 0 ? string.Join(", ", parts.ToArray()) : "none";
        }

        internal static string Name(AnimatorController c) { return AssetDatabase.GetAssetPath(c); }

        /// <summary>The layer's root state machine. A synced layer plays the states of the
        /// layer it is synced to (Unity follows syncedLayerIndex: AnimatorController.cs,
        /// FindEffectiveRootStateMachine) even when it still holds a state machine of its own,
        /// so that one is refused too.</summary>
        internal static AnimatorStateMachine Machine(AnimatorController c, int layer)
        {
            var l = c.layers[layer];
            if (l.syncedLayerIndex >= 0)
                throw new ToolException("invalid_state", "layer " + layer + " \"" + l.name + "\" is synced to layer " + l.syncedLayerIndex + " and plays its states; edit that layer");
            if (l.stateMachine == null)
                throw new ToolException("invalid_state", "layer " + layer + " \"" + l.name + "\" has no state machine");
            return l.stateMachine;
        }

        /// <summary>The state machine Unity plays for a layer, or null for a synced layer
        /// (its source layer's is played, and read there).</summary>
        internal static AnimatorStateMachine OwnMachine(AnimatorControllerLayer l) { return l.syncedLayerIndex >= 0 ? null : l.stateMachine; }

        /// <summary>Every state of a machine's tree, with its path ("Sub/State"), in order.</summary>
        internal static List<StateRef> States(AnimatorStateMachine root)
        {
            var all = new List<StateRef>();
            Walk(root, "", all, 0);
            return all;
        }

        static void Walk(AnimatorStateMachine m, string prefix, List<StateRef> into, int depth)
        {
            if (depth > 32) return; // a machine nested in itself would never end
            foreach (var c in m.states)
                if (c.state != null) into.Add(new StateRef { State = c.state, Machine = m, Path = prefix + c.state.name });
            foreach (var c in m.stateMachines)
                if (c.stateMachine != null) Walk(c.stateMachine, prefix + c.stateMachine.name + "/", into, depth + 1);
        }

        /// <summary>Where each state and state machine of a layer sits, looked up once per
        /// answer: naming a transition's destination is then a dictionary read, not a walk of
        /// the layer per transition.</summary>
        internal sealed class Places
        {
            readonly Dictionary<AnimatorState, string> states = new Dictionary<AnimatorState, string>();
            readonly Dictionary<AnimatorStateMachine, string> machines = new Dictionary<AnimatorStateMachine, string>();

            internal Places(AnimatorStateMachine root)
            {
                foreach (var m in Machines(root))
                {
                    if (!machines.ContainsKey(m.Value)) machines[m.Value] = m.Key.Length > 0 ? m.Key : "(layer)";
                    foreach (var c in m.Value.states)
                        if (c.state != null && !states.ContainsKey(c.state)) states[c.state] = m.Key + c.state.name;
                }
            }

            /// <summary>Where a transition leads: a state's path, a state machine ("Sub/"),
            /// or Exit; one outside the layer by its name.</summary>
            internal string Of(AnimatorTransitionBase t)
            {
                string at;
                if (t.isExit) return "Exit";
                if (t.destinationState != null) return states.TryGetValue(t.destinationState, out at) ? at : t.destinationState.name;
                if (t.destinationStateMachine != null) return machines.TryGetValue(t.destinationStateMachine, out at) ? at : t.destinationStateMachine.name + "/";
                return null;
            }
        }

        /// <summary>Every state machine of the tree with its path ("" for the root).</summary>
        internal static List<KeyValuePair<string, AnimatorStateMachine>> Machines(AnimatorStateMachine root)
        {
            var all = new List<KeyValuePair<string, AnimatorStateMachine>> { new KeyValuePair<string, AnimatorStateMachine>("", root) };
            for (int i = 0; i < all.Count && all.Count < 1000; i++)
                foreach (var c in all[i].Value.stateMachines)
                    if (c.stateMachine != null) all.Add(new KeyValuePair<string, AnimatorStateMachine>(all[i].Key + c.stateMachine.name + "/", c.stateMachine));
            return all;
        }

        /// <summary>The state the argument names in a layer.</summary>
        internal static StateRef State(AnimatorStateMachine root, string raw, string arg, string layerName)
        {
            var wanted = (raw ?? "").Trim();
            if (wanted.Length == 0) throw new ToolException("invalid_params", arg + " is required: a state's name as animator_inspect lists it");
            var all = States(root);
            foreach (var s in all) if (s.Path == wanted) return s;
            var near = HierarchyPath.Closest(all.ConvertAll(s => s.Path), wanted, 3);
            throw new ToolException("not_found", arg + " \"" + wanted + "\" is no state of layer \"" + layerName + "\"" +
                (near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "; the layer has no states (animator_add_state adds one)"));
        }

        /// <summary>The parameter named exactly so (names are case-sensitive), or a refusal
        /// with the closest.</summary>
        internal static AnimatorControllerParameter Parameter(AnimatorControllerParameter[] ps, string name, string arg)
        {
            foreach (var p in ps) if (p.name == name) return p;
            var names = Array.ConvertAll(ps, p => p.name);
            var near = HierarchyPath.Closest(names, name, 3);
            throw new ToolException("not_found", arg + " \"" + name + "\" is not a parameter of this controller" +
                (near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) + " (names are case-sensitive)" : "; it has none") + "; animator_add_parameter adds one");
        }

        /// <summary>Records every object of the controller's file for Undo: the native side
        /// changes objects the managed API does not record (a removed state's incoming
        /// transitions live on other states), and one undo step must bring all of it back.</summary>
        internal static void RecordAll(UnityEngine.Object asset, string label)
        {
            foreach (var o in AssetDatabase.LoadAllAssetsAtPath(AssetDatabase.GetAssetPath(asset)))
                if (o != null) Undo.RegisterCompleteObjectUndo(o, label);
        }

        /// <summary>Writes the asset to disk, noted with the call's undo step so that a
        /// revert, undo or redo of the step writes it again (Authoring.SaveAsset).</summary>
        internal static void Save(UnityEngine.Object asset) { Authoring.SaveAsset(asset); }

        /// <summary>The parameter types and the condition modes each can answer (Unity takes
        /// any pair through the API, and a transition on an impossible pair never fires).</summary>
        internal static bool ModeFits(AnimatorControllerParameterType type, AnimatorConditionMode mode)
        {
            switch (type)
            {
                case AnimatorControllerParameterType.Bool: return mode == AnimatorConditionMode.If || mode == AnimatorConditionMode.IfNot;
                case AnimatorControllerParameterType.Trigger: return mode == AnimatorConditionMode.If;
                case AnimatorControllerParameterType.Float: return mode == AnimatorConditionMode.Greater || mode == AnimatorConditionMode.Less;
                default: return mode == AnimatorConditionMode.Greater || mode == AnimatorConditionMode.Less || mode == AnimatorConditionMode.Equals || mode == AnimatorConditionMode.NotEqual;
            }
        }

        /// <summary>A condition in the form the tools take it: "Grounded", "!Grounded",
        /// "Speed > 0.1", "Mode == 2".</summary>
        internal static string Condition(AnimatorCondition c)
        {
            var t = c.threshold.ToString("R", CultureInfo.InvariantCulture);
            switch (c.mode)
            {
                case AnimatorConditionMode.If: return c.parameter;
                case AnimatorConditionMode.IfNot: return "!" + c.parameter;
                case AnimatorConditionMode.Greater: return c.parameter + " > " + t;
                case AnimatorConditionMode.Less: return c.parameter + " < " + t;
                case AnimatorConditionMode.Equals: return c.parameter + " == " + t;
                case AnimatorConditionMode.NotEqual: return c.parameter + " != " + t;
                default: return c.parameter + " (mode " + (int)c.mode + ") " + t;
            }
        }

        /// <summary>A parameter as the tools answer it.</summary>
        internal static JObject Parameter(AnimatorControllerParameter p)
        {
            JToken def;
            switch (p.type)
            {
                case AnimatorControllerParameterType.Float: def = p.defaultFloat; break;
                case AnimatorControllerParameterType.Int: def = p.defaultInt; break;
                default: def = p.defaultBool; break;
            }
            return new JObject { { "name", p.name }, { "type", p.type.ToString() }, { "default", def } };
        }
    }
}
