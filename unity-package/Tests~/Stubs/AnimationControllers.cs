// Behavioural fake of UnityEditor.Animations: Animator Controllers, their layers, state
// machines, states and transitions. UnityCsReference, branch 2022.3 (the same members in
// 6000.0-6000.7): Editor/Mono/Animation/AnimatorController.cs and StateMachine.cs (the managed
// halves, followed line by line: which object each call records for Undo, what it adds to the
// controller's asset file), Editor/Mono/AnimatorController.bindings.cs,
// Editor/Mono/AnimatorControllerLayer.bindings.cs, Editor/Mono/StateMachine.bindings.cs.
//
// - AnimatorControllerLayer and AnimatorControllerParameter are [NativeAsStruct] classes: the
//   layers and parameters getters answer copies and the setters store copies, so
//   `controller.layers[0].defaultWeight = 1` changes nothing; write the array back. The
//   arrays of ChildAnimatorState, transitions and conditions are copies the same way.
// - The managed halves record Undo as the reference does (PushUndoIfNeeded: the target with
//   Undo.RegisterCompleteObjectUndo before a change, a new object with
//   Undo.RegisterCreatedObjectUndo, a removed transition or state machine with
//   Undo.DestroyObjectImmediate), and add every new state, state machine and transition to
//   the controller's asset file (AssetDatabase.AddObjectToAsset) when the parent is an asset.
// - What the native side does is modelled from what the Editor shows, and records no Undo of
//   its own (so a caller that wants it undone records it first):
//   MakeUnique*Name answers the name when it is free, else the name with " 0", " 1"…
//   (the Animator window names a second "New State" "New State 0"); a state machine whose
//   default state is none or no longer one of its states takes its first state as default
//   (the first state added to an empty machine becomes its default: Manual "State Machine
//   Basics", orange default state); RemoveState removes the state, every transition in the
//   machine's tree that leads to it, and the state's own transitions, destroying them with
//   Undo.DestroyObjectImmediate as RemoveTransition destroys a transition; Clear (used by
//   RemoveLayer) destroys everything in the machine the same way and empties its lists.
// Not modelled: synced layers' motion overrides, what blend trees blend (only their
// parameters and children are kept), behaviours, avatar masks, positions beyond the stored
// value.
using System;
using System.Collections.Generic;
using System.IO;
using UnityEngine;

namespace UnityEditor.Animations
{
    /// <summary>The reference's PushUndoIfNeeded: records Undo unless the owner turned it off
    /// (CreateAnimatorControllerAtPath builds its first layer without Undo).</summary>
    internal static class AnimUndo
    {
        internal static void Record(bool push, UnityEngine.Object target, string name) { if (push) Undo.RegisterCompleteObjectUndo(target, name); }
        internal static void Created(bool push, UnityEngine.Object target, string name) { if (push) Undo.RegisterCreatedObjectUndo(target, name); }

        /// <summary>AssetDatabase.AddObjectToAsset when the owner is an asset.</summary>
        internal static void Store(UnityEngine.Object owner, UnityEngine.Object added)
        {
            var path = AssetDatabase.GetAssetPath(owner);
            if (path != "") AssetDatabase.AddObjectToAsset(added, path);
        }

        /// <summary>A new transition as the reference makes one: hidden, in its owner's file,
        /// recorded as created.</summary>
        internal static T Born<T>(bool push, UnityEngine.Object owner, T t, string label) where T : AnimatorTransitionBase
        {
            t.hideFlags = HideFlags.HideInHierarchy;
            Store(owner, t);
            Created(push, t, label);
            return t;
        }

        /// <summary>Remove*Transition as the reference does it: false when the list lacks it;
        /// else the owner recorded, the list stored without it, and the transition destroyed
        /// (with Undo) when it is in the owner's file.</summary>
        internal static bool Drop<T>(bool push, UnityEngine.Object owner, T[] list, Action<T[]> store, T transition, string label) where T : AnimatorTransitionBase
        {
            if (!Array.Exists(list, t => t == transition)) return false;
            Record(push, owner, label);
            store(Without(list, t => ReferenceEquals(t, transition)));
            if (SameAsset(owner, transition)) Undo.DestroyObjectImmediate(transition);
            return true;
        }

        // MecanimUtilities.AreSameAsset: both in the same file (or both in none).
        internal static bool SameAsset(UnityEngine.Object a, UnityEngine.Object b) { return AssetDatabase.GetAssetPath(a) == AssetDatabase.GetAssetPath(b); }

        /// <summary>name when no taken name equals it, else "name 0", "name 1"…</summary>
        internal static string Unique(string name, ICollection<string> taken)
        {
            if (!taken.Contains(name)) return name;
            for (int i = 0; ; i++) if (!taken.Contains(name + " " + i)) return name + " " + i;
        }

        internal static T[] Without<T>(T[] list, Predicate<T> gone) { return Array.FindAll(list, x => !gone(x)); }
        internal static T[] With<T>(T[] list, T added) { var l = new List<T>(list); l.Add(added); return l.ToArray(); }
    }

    // UnityCsReference: Editor/Mono/AnimatorControllerLayer.bindings.cs
    public enum AnimatorLayerBlendingMode
    {
        Override = 0,
        Additive = 1,
    }

    // UnityCsReference: Editor/Mono/AnimatorControllerLayer.bindings.cs ([NativeAsStruct])
    public partial class AnimatorControllerLayer
    {
        string m_Name;
        AnimatorStateMachine m_StateMachine;
        AnimatorLayerBlendingMode m_BlendingMode;
        int m_SyncedLayerIndex = -1;
        bool m_IKPass;
        float m_DefaultWeight;

        public string name { get { return m_Name; } set { m_Name = value; } }
        public AnimatorStateMachine stateMachine { get { return m_StateMachine; } set { m_StateMachine = value; } }
        public AnimatorLayerBlendingMode blendingMode { get { return m_BlendingMode; } set { m_BlendingMode = value; } }
        public int syncedLayerIndex { get { return m_SyncedLayerIndex; } set { m_SyncedLayerIndex = value; } }
        public bool iKPass { get { return m_IKPass; } set { m_IKPass = value; } }
        public float defaultWeight { get { return m_DefaultWeight; } set { m_DefaultWeight = value; } }

        internal AnimatorControllerLayer Copy() { return (AnimatorControllerLayer)MemberwiseClone(); }
    }

    // UnityCsReference: Editor/Mono/Animation/AnimatorController.cs and
    // Editor/Mono/AnimatorController.bindings.cs
    public sealed partial class AnimatorController : RuntimeAnimatorController
    {
        AnimatorControllerLayer[] m_Layers = new AnimatorControllerLayer[0];
        AnimatorControllerParameter[] m_Parameters = new AnimatorControllerParameter[0];
        internal bool pushUndo = true;

        public AnimatorController() { }

        public AnimatorControllerLayer[] layers
        {
            get { Alive(); return Array.ConvertAll(m_Layers, l => l.Copy()); }
            set
            {
                Alive();
                if (value == null) throw new ArgumentNullException("value");
                m_Layers = Array.ConvertAll(value, l => { if (l == null) throw new ArgumentNullException("layers", "a layer is null"); return l.Copy(); });
            }
        }

        public AnimatorControllerParameter[] parameters
        {
            get { Alive(); return Array.ConvertAll(m_Parameters, p => p.Copy()); }
            set
            {
                Alive();
                if (value == null) throw new ArgumentNullException("value");
                m_Parameters = Array.ConvertAll(value, p => { if (p == null) throw new ArgumentNullException("parameters", "a parameter is null"); return p.Copy(); });
            }
        }

        public string MakeUniqueParameterName(string name) { return AnimUndo.Unique(name, Array.ConvertAll(m_Parameters, p => p.name)); }
        public string MakeUniqueLayerName(string name) { return AnimUndo.Unique(name, Array.ConvertAll(m_Layers, l => l.name)); }

        public void AddLayer(string name)
        {
            var newLayer = new AnimatorControllerLayer();
            newLayer.name = MakeUniqueLayerName(name);
            newLayer.stateMachine = new AnimatorStateMachine();
            newLayer.stateMachine.name = newLayer.name;
            newLayer.stateMachine.hideFlags = HideFlags.HideInHierarchy;
            AnimUndo.Store(this, newLayer.stateMachine);
            AnimUndo.Created(pushUndo, newLayer.stateMachine, "Layer added");
            AddLayer(newLayer);
        }

        public void AddLayer(AnimatorControllerLayer layer)
        {
            AnimUndo.Record(pushUndo, this, "Layer added");
            layers = AnimUndo.With(layers, layer);
        }

        public void RemoveLayer(int index)
        {
            AnimUndo.Record(pushUndo, this, "Layer removed");
            var all = layers;
            var gone = all[index];
            if (gone.syncedLayerIndex == -1 && gone.stateMachine != null)
            {
                AnimUndo.Record(pushUndo, gone.stateMachine, "Layer removed");
                gone.stateMachine.Clear();
                if (AnimUndo.SameAsset(this, gone.stateMachine)) Undo.DestroyObjectImmediate(gone.stateMachine);
            }
            var kept = new List<AnimatorControllerLayer>(all);
            kept.RemoveAt(index);
            layers = kept.ToArray();
        }

        public void AddParameter(string name, AnimatorControllerParameterType type)
        {
            AddParameter(new AnimatorControllerParameter { name = MakeUniqueParameterName(name), type = type });
        }

        public void AddParameter(AnimatorControllerParameter paramater)
        {
            AnimUndo.Record(pushUndo, this, "Parameter added");
            parameters = AnimUndo.With(parameters, paramater);
        }

        public void RemoveParameter(int index)
        {
            AnimUndo.Record(pushUndo, this, "Parameter removed");
            var kept = new List<AnimatorControllerParameter>(parameters);
            kept.RemoveAt(index);
            parameters = kept.ToArray();
        }

        public void RemoveParameter(AnimatorControllerParameter parameter)
        {
            AnimUndo.Record(pushUndo, this, "Parameter removed");
            var kept = new List<AnimatorControllerParameter>(parameters);
            kept.Remove(parameter); // ArrayUtility.Remove: the first equal one
            parameters = kept.ToArray();
        }

        public static AnimatorController CreateAnimatorControllerAtPath(string path)
        {
            var controller = new AnimatorController();
            controller.name = Path.GetFileName(path);
            AssetDatabase.CreateAsset(controller, path);
            controller.pushUndo = false;
            controller.AddLayer("Base Layer");
            controller.pushUndo = true;
            return controller;
        }
    }

    // UnityCsReference: Editor/Mono/StateMachine.bindings.cs
    public enum AnimatorConditionMode
    {
        If = 1,
        IfNot = 2,
        Greater = 3,
        Less = 4,
        Equals = 6,
        NotEqual = 7,
    }

    // UnityCsReference: Editor/Mono/StateMachine.bindings.cs
    public struct AnimatorCondition
    {
        AnimatorConditionMode m_ConditionMode;
        string m_ConditionEvent;
        float m_EventTreshold;

        public AnimatorConditionMode mode { get { return m_ConditionMode; } set { m_ConditionMode = value; } }
        public string parameter { get { return m_ConditionEvent; } set { m_ConditionEvent = value; } }
        public float threshold { get { return m_EventTreshold; } set { m_EventTreshold = value; } }
    }

    // UnityCsReference: Editor/Mono/StateMachine.bindings.cs and Editor/Mono/Animation/StateMachine.cs
    public partial class AnimatorTransitionBase : UnityEngine.Object
    {
        AnimatorCondition[] m_Conditions = new AnimatorCondition[0];
        AnimatorState m_DstState;
        AnimatorStateMachine m_DstStateMachine;
        bool m_IsExit, m_Mute, m_Solo;
        internal bool pushUndo = true;

        protected AnimatorTransitionBase() { }

        public bool solo { get { Alive(); return m_Solo; } set { Alive(); m_Solo = value; } }
        public bool mute { get { Alive(); return m_Mute; } set { Alive(); m_Mute = value; } }
        public bool isExit { get { Alive(); return m_IsExit; } set { Alive(); m_IsExit = value; } }
        public AnimatorStateMachine destinationStateMachine { get { Alive(); return m_DstStateMachine; } set { Alive(); m_DstStateMachine = value; } }
        public AnimatorState destinationState { get { Alive(); return m_DstState; } set { Alive(); m_DstState = value; } }
        public AnimatorCondition[] conditions { get { Alive(); return (AnimatorCondition[])m_Conditions.Clone(); } set { Alive(); m_Conditions = (AnimatorCondition[])(value ?? new AnimatorCondition[0]).Clone(); } }

        public void AddCondition(AnimatorConditionMode mode, float threshold, string parameter)
        {
            AnimUndo.Record(pushUndo, this, "Condition added");
            conditions = AnimUndo.With(conditions, new AnimatorCondition { mode = mode, parameter = parameter, threshold = threshold });
        }

        public void RemoveCondition(AnimatorCondition condition)
        {
            AnimUndo.Record(pushUndo, this, "Condition removed");
            var kept = new List<AnimatorCondition>(conditions);
            kept.Remove(condition);
            conditions = kept.ToArray();
        }
    }

    // UnityCsReference: Editor/Mono/StateMachine.bindings.cs
    public class AnimatorTransition : AnimatorTransitionBase
    {
        public AnimatorTransition() { }
    }

    // UnityCsReference: Editor/Mono/StateMachine.bindings.cs. The native defaults: a blend of
    // 0.25 s (fixed duration), exit time 0.75, as AddAnyStateTransition sets them.
    public class AnimatorStateTransition : AnimatorTransitionBase
    {
        float m_Duration = 0.25f, m_Offset, m_ExitTime = 0.75f;
        bool m_HasExitTime, m_HasFixedDuration = true, m_CanTransitionToSelf = true;

        public AnimatorStateTransition() { }

        public float duration { get { Alive(); return m_Duration; } set { Alive(); m_Duration = value; } }
        public float offset { get { Alive(); return m_Offset; } set { Alive(); m_Offset = value; } }
        public float exitTime { get { Alive(); return m_ExitTime; } set { Alive(); m_ExitTime = value; } }
        public bool hasExitTime { get { Alive(); return m_HasExitTime; } set { Alive(); m_HasExitTime = value; } }
        public bool hasFixedDuration { get { Alive(); return m_HasFixedDuration; } set { Alive(); m_HasFixedDuration = value; } }
        public bool canTransitionToSelf { get { Alive(); return m_CanTransitionToSelf; } set { Alive(); m_CanTransitionToSelf = value; } }
    }

    // UnityCsReference: Editor/Mono/StateMachine.bindings.cs and Editor/Mono/Animation/StateMachine.cs
    public sealed partial class AnimatorState : UnityEngine.Object
    {
        Motion m_Motion;
        float m_Speed = 1;
        bool m_WriteDefaultValues = true;
        string m_Tag = "";
        AnimatorStateTransition[] m_Transitions = new AnimatorStateTransition[0];
        string m_SpeedParameter = "", m_MirrorParameter = "", m_CycleOffsetParameter = "", m_TimeParameter = "";
        bool m_SpeedParameterActive, m_MirrorParameterActive, m_CycleOffsetParameterActive, m_TimeParameterActive;
        internal bool pushUndo = true;

        public AnimatorState() { }

        // The parameters a state may read its speed, mirroring, cycle offset and time from.
        public string speedParameter { get { Alive(); return m_SpeedParameter; } set { Alive(); m_SpeedParameter = value ?? ""; } }
        public bool speedParameterActive { get { Alive(); return m_SpeedParameterActive; } set { Alive(); m_SpeedParameterActive = value; } }
        public string mirrorParameter { get { Alive(); return m_MirrorParameter; } set { Alive(); m_MirrorParameter = value ?? ""; } }
        public bool mirrorParameterActive { get { Alive(); return m_MirrorParameterActive; } set { Alive(); m_MirrorParameterActive = value; } }
        public string cycleOffsetParameter { get { Alive(); return m_CycleOffsetParameter; } set { Alive(); m_CycleOffsetParameter = value ?? ""; } }
        public bool cycleOffsetParameterActive { get { Alive(); return m_CycleOffsetParameterActive; } set { Alive(); m_CycleOffsetParameterActive = value; } }
        public string timeParameter { get { Alive(); return m_TimeParameter; } set { Alive(); m_TimeParameter = value ?? ""; } }
        public bool timeParameterActive { get { Alive(); return m_TimeParameterActive; } set { Alive(); m_TimeParameterActive = value; } }

        public Motion motion { get { Alive(); return m_Motion; } set { Alive(); m_Motion = value; } }
        public float speed { get { Alive(); return m_Speed; } set { Alive(); m_Speed = value; } }
        public bool writeDefaultValues { get { Alive(); return m_WriteDefaultValues; } set { Alive(); m_WriteDefaultValues = value; } }
        public string tag { get { Alive(); return m_Tag; } set { Alive(); m_Tag = value ?? ""; } }
        public AnimatorStateTransition[] transitions { get { Alive(); return (AnimatorStateTransition[])m_Transitions.Clone(); } set { Alive(); m_Transitions = (AnimatorStateTransition[])(value ?? new AnimatorStateTransition[0]).Clone(); } }

        public void AddTransition(AnimatorStateTransition transition)
        {
            AnimUndo.Record(pushUndo, this, "Transition added");
            transitions = AnimUndo.With(transitions, transition);
        }

        public void RemoveTransition(AnimatorStateTransition transition)
        {
            AnimUndo.Record(pushUndo, this, "Transition removed");
            transitions = AnimUndo.Without(transitions, t => ReferenceEquals(t, transition));
            if (AnimUndo.SameAsset(this, transition)) Undo.DestroyObjectImmediate(transition);
        }

        AnimatorStateTransition CreateTransition(bool setDefaultExitTime)
        {
            var t = AnimUndo.Born(pushUndo, this, new AnimatorStateTransition { hasExitTime = false, hasFixedDuration = true }, "Transition Created");
            if (setDefaultExitTime)
            {
                // SetDefaultTransitionExitTime: a 0.25 s blend ending with the clip.
                t.hasExitTime = true;
                if (motion != null && motion.averageDuration > 0)
                {
                    t.duration = 0.25f;
                    t.exitTime = 1 - 0.25f / motion.averageDuration;
                }
                else
                {
                    t.duration = 0.25f;
                    t.exitTime = 0.75f;
                }
            }
            return t;
        }

        public AnimatorStateTransition AddTransition(AnimatorState destinationState) { return AddTransition(destinationState, false); }

        public AnimatorStateTransition AddTransition(AnimatorState destinationState, bool defaultExitTime)
        {
            var t = CreateTransition(defaultExitTime);
            t.destinationState = destinationState;
            AddTransition(t);
            return t;
        }

        public AnimatorStateTransition AddTransition(AnimatorStateMachine destinationStateMachine)
        {
            var t = CreateTransition(false);
            t.destinationStateMachine = destinationStateMachine;
            AddTransition(t);
            return t;
        }

        public AnimatorStateTransition AddExitTransition()
        {
            var t = CreateTransition(false);
            t.isExit = true;
            AddTransition(t);
            return t;
        }
    }

    // UnityCsReference: Editor/Mono/BlendTree.bindings.cs
    public enum BlendTreeType
    {
        Simple1D = 0,
        SimpleDirectional2D = 1,
        FreeformDirectional2D = 2,
        FreeformCartesian2D = 3,
        Direct = 4,
    }

    // UnityCsReference: Editor/Mono/BlendTree.bindings.cs
    public struct ChildMotion
    {
        Motion m_Motion;
        float m_Threshold;
        string m_DirectBlendParameter;

        public Motion motion { get { return m_Motion; } set { m_Motion = value; } }
        public float threshold { get { return m_Threshold; } set { m_Threshold = value; } }
        public string directBlendParameter { get { return m_DirectBlendParameter; } set { m_DirectBlendParameter = value; } }
    }

    // UnityCsReference: Editor/Mono/BlendTree.bindings.cs: a motion blending its children by
    // one or two parameters (Direct: each child by its own). What it blends is not modelled.
    public partial class BlendTree : Motion
    {
        string m_BlendParameter = "Blend", m_BlendParameterY = "Blend";
        BlendTreeType m_BlendType;
        ChildMotion[] m_Childs = new ChildMotion[0];

        public BlendTree() { }

        public string blendParameter { get { Alive(); return m_BlendParameter; } set { Alive(); m_BlendParameter = value; } }
        public string blendParameterY { get { Alive(); return m_BlendParameterY; } set { Alive(); m_BlendParameterY = value; } }
        public BlendTreeType blendType { get { Alive(); return m_BlendType; } set { Alive(); m_BlendType = value; } }
        public ChildMotion[] children { get { Alive(); return (ChildMotion[])m_Childs.Clone(); } set { Alive(); m_Childs = (ChildMotion[])(value ?? new ChildMotion[0]).Clone(); } }
    }

    // UnityCsReference: Editor/Mono/StateMachine.bindings.cs
    public struct ChildAnimatorState
    {
        AnimatorState m_State;
        Vector3 m_Position;

        public AnimatorState state { get { return m_State; } set { m_State = value; } }
        public Vector3 position { get { return m_Position; } set { m_Position = value; } }
    }

    // UnityCsReference: Editor/Mono/StateMachine.bindings.cs
    public struct ChildAnimatorStateMachine
    {
        AnimatorStateMachine m_StateMachine;
        Vector3 m_Position;

        public AnimatorStateMachine stateMachine { get { return m_StateMachine; } set { m_StateMachine = value; } }
        public Vector3 position { get { return m_Position; } set { m_Position = value; } }
    }
}
