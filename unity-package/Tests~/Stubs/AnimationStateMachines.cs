// Behavioural fake of UnityEditor.Animations.AnimatorStateMachine (the rest of the
// namespace, and the rules this file follows, are in AnimationControllers.cs).
// UnityCsReference, branch 2022.3 (the same members in 6000.0-6000.7):
// Editor/Mono/Animation/StateMachine.cs (the managed half: AddState, RemoveState,
// AddStateMachine, AddAnyStateTransition, RemoveAnyStateTransition, AddEntryTransition,
// RemoveEntryTransition, AddStateMachineTransition, followed line by line) and
// Editor/Mono/StateMachine.bindings.cs (the native properties, Get/SetStateMachineTransitions,
// and RemoveStateInternal, Clear, MakeUniqueStateName).
using System;
using System.Collections.Generic;
using UnityEngine;

namespace UnityEditor.Animations
{
    // UnityCsReference: Editor/Mono/StateMachine.bindings.cs and Editor/Mono/Animation/StateMachine.cs
    public sealed partial class AnimatorStateMachine : UnityEngine.Object
    {
        ChildAnimatorState[] m_States = new ChildAnimatorState[0];
        ChildAnimatorStateMachine[] m_StateMachines = new ChildAnimatorStateMachine[0];
        AnimatorState m_DefaultState;
        AnimatorStateTransition[] m_AnyStateTransitions = new AnimatorStateTransition[0];
        AnimatorTransition[] m_EntryTransitions = new AnimatorTransition[0];
        // The transitions out of each child state machine (its Exit leads to them), as pairs
        // in an array so Undo's copy of the machine keeps them (Undo.cs copies arrays).
        KeyValuePair<AnimatorStateMachine, AnimatorTransition[]>[] m_StateMachineTransitions = new KeyValuePair<AnimatorStateMachine, AnimatorTransition[]>[0];
        internal bool pushUndo = true;

        public AnimatorStateMachine() { }

        /// <summary>How many times any machine's states were read (each read copies the
        /// array, as the native getter does): what a test counts to bound a tool's walks.</summary>
        internal static int StatesReads;

        public ChildAnimatorState[] states
        {
            get { Alive(); StatesReads++; return (ChildAnimatorState[])m_States.Clone(); }
            set
            {
                Alive();
                m_States = (ChildAnimatorState[])(value ?? new ChildAnimatorState[0]).Clone();
                // The native side keeps a default state while there is a state: the first one
                // when none is set or the one set is gone.
                if (m_DefaultState == null || !Array.Exists(m_States, c => ReferenceEquals(c.state, m_DefaultState)))
                    m_DefaultState = m_States.Length > 0 ? m_States[0].state : null;
            }
        }

        public ChildAnimatorStateMachine[] stateMachines
        {
            get { Alive(); return (ChildAnimatorStateMachine[])m_StateMachines.Clone(); }
            set { Alive(); m_StateMachines = (ChildAnimatorStateMachine[])(value ?? new ChildAnimatorStateMachine[0]).Clone(); }
        }

        public AnimatorState defaultState { get { Alive(); return m_DefaultState; } set { Alive(); m_DefaultState = value; } }

        public AnimatorStateTransition[] anyStateTransitions
        {
            get { Alive(); return (AnimatorStateTransition[])m_AnyStateTransitions.Clone(); }
            set { Alive(); m_AnyStateTransitions = (AnimatorStateTransition[])(value ?? new AnimatorStateTransition[0]).Clone(); }
        }

        public AnimatorTransition[] entryTransitions
        {
            get { Alive(); return (AnimatorTransition[])m_EntryTransitions.Clone(); }
            set { Alive(); m_EntryTransitions = (AnimatorTransition[])(value ?? new AnimatorTransition[0]).Clone(); }
        }

        public AnimatorTransition[] GetStateMachineTransitions(AnimatorStateMachine sourceStateMachine)
        {
            Alive();
            foreach (var kv in m_StateMachineTransitions) if (ReferenceEquals(kv.Key, sourceStateMachine)) return (AnimatorTransition[])kv.Value.Clone();
            return new AnimatorTransition[0];
        }

        public void SetStateMachineTransitions(AnimatorStateMachine sourceStateMachine, AnimatorTransition[] transitions)
        {
            Alive();
            var kept = new List<KeyValuePair<AnimatorStateMachine, AnimatorTransition[]>>(Array.FindAll(m_StateMachineTransitions, kv => !ReferenceEquals(kv.Key, sourceStateMachine)));
            kept.Add(new KeyValuePair<AnimatorStateMachine, AnimatorTransition[]>(sourceStateMachine, (AnimatorTransition[])(transitions ?? new AnimatorTransition[0]).Clone()));
            m_StateMachineTransitions = kept.ToArray();
        }

        public AnimatorTransition AddStateMachineTransition(AnimatorStateMachine sourceStateMachine, AnimatorState destinationState)
        {
            var t = AnimUndo.Born(pushUndo, this, new AnimatorTransition { destinationState = destinationState }, "StateMachine Transition Created");
            AnimUndo.Record(pushUndo, this, "StateMachine Transition Added");
            SetStateMachineTransitions(sourceStateMachine, AnimUndo.With(GetStateMachineTransitions(sourceStateMachine), t));
            return t;
        }

        // MakeUniqueStateName / MakeUniqueStateMachineName: unique among this machine's
        // children (states and sub-state machines share the names of their level).
        public string MakeUniqueStateName(string name) { return AnimUndo.Unique(name, ChildNames()); }
        public string MakeUniqueStateMachineName(string name) { return AnimUndo.Unique(name, ChildNames()); }

        List<string> ChildNames()
        {
            var names = new List<string>();
            foreach (var c in m_States) if (c.state != null) names.Add(c.state.name);
            foreach (var c in m_StateMachines) if (c.stateMachine != null) names.Add(c.stateMachine.name);
            return names;
        }

        public AnimatorState AddState(string name)
        {
            var s = states;
            return AddState(name, s.Length > 0 ? s[s.Length - 1].position + new Vector3(35, 65, 0) : new Vector3(200, 0, 0));
        }

        public AnimatorState AddState(string name, Vector3 position)
        {
            var state = new AnimatorState();
            state.hideFlags = HideFlags.HideInHierarchy;
            state.name = MakeUniqueStateName(name);
            AnimUndo.Store(this, state);
            AnimUndo.Created(pushUndo, state, "State Created");
            AddState(state, position);
            return state;
        }

        public void AddState(AnimatorState state, Vector3 position)
        {
            if (Array.Exists(m_States, c => ReferenceEquals(c.state, state)))
            {
                Debug.LogWarning(string.Format("State '{0}' already exists in state machine '{1}', discarding new state.", state.name, name));
                return;
            }
            AnimUndo.Record(pushUndo, this, "State added");
            states = AnimUndo.With(states, new ChildAnimatorState { state = state, position = position });
        }

        public void RemoveState(AnimatorState state)
        {
            AnimUndo.Record(pushUndo, this, "State removed");
            AnimUndo.Record(pushUndo, state, "State removed");
            RemoveStateInternal(state);
        }

        /// <summary>Native: the state leaves this machine, every transition in the machine's
        /// tree that leads to it goes, and so do the state and its own transitions.</summary>
        internal void RemoveStateInternal(AnimatorState state)
        {
            if (!Array.Exists(m_States, c => ReferenceEquals(c.state, state))) return;
            foreach (var m in Tree())
            {
                foreach (var c in m.m_States)
                {
                    if (c.state == null || ReferenceEquals(c.state, state)) continue;
                    var into = Array.FindAll(c.state.m_TransitionsRaw, t => t != null && ReferenceEquals(t.destinationState, state));
                    if (into.Length == 0) continue;
                    c.state.m_TransitionsRaw = AnimUndo.Without(c.state.m_TransitionsRaw, t => Array.IndexOf(into, t) >= 0);
                    foreach (var t in into) Undo.DestroyObjectImmediate(t);
                }
                var anyInto = Array.FindAll(m.m_AnyStateTransitions, t => t != null && ReferenceEquals(t.destinationState, state));
                m.m_AnyStateTransitions = AnimUndo.Without(m.m_AnyStateTransitions, t => Array.IndexOf(anyInto, t) >= 0);
                foreach (var t in anyInto) Undo.DestroyObjectImmediate(t);
                var entryInto = Array.FindAll(m.m_EntryTransitions, t => t != null && ReferenceEquals(t.destinationState, state));
                m.m_EntryTransitions = AnimUndo.Without(m.m_EntryTransitions, t => Array.IndexOf(entryInto, t) >= 0);
                foreach (var t in entryInto) Undo.DestroyObjectImmediate(t);
                for (int i = 0; i < m.m_StateMachineTransitions.Length; i++)
                {
                    var kv = m.m_StateMachineTransitions[i];
                    var exitInto = Array.FindAll(kv.Value, t => t != null && ReferenceEquals(t.destinationState, state));
                    if (exitInto.Length == 0) continue;
                    m.m_StateMachineTransitions[i] = new KeyValuePair<AnimatorStateMachine, AnimatorTransition[]>(kv.Key, AnimUndo.Without(kv.Value, t => Array.IndexOf(exitInto, t) >= 0));
                    foreach (var t in exitInto) Undo.DestroyObjectImmediate(t);
                }
            }
            states = AnimUndo.Without(states, c => ReferenceEquals(c.state, state));
            foreach (var t in state.m_TransitionsRaw) if (t != null) Undo.DestroyObjectImmediate(t);
            Undo.DestroyObjectImmediate(state);
        }

        /// <summary>This machine and every sub-state machine under it.</summary>
        internal List<AnimatorStateMachine> Tree()
        {
            var all = new List<AnimatorStateMachine> { this };
            for (int i = 0; i < all.Count; i++)
                foreach (var c in all[i].m_StateMachines)
                    if (c.stateMachine != null && !all.Contains(c.stateMachine)) all.Add(c.stateMachine);
            return all;
        }

        /// <summary>Native Clear (RemoveLayer): everything in the machine is destroyed and its
        /// own lists emptied.</summary>
        internal void Clear()
        {
            var tree = Tree();
            for (int i = tree.Count - 1; i >= 0; i--)
            {
                var m = tree[i];
                foreach (var c in m.m_States)
                    if (c.state != null)
                    {
                        foreach (var t in c.state.m_TransitionsRaw) if (t != null) Undo.DestroyObjectImmediate(t);
                        Undo.DestroyObjectImmediate(c.state);
                    }
                foreach (var t in m.m_AnyStateTransitions) if (t != null) Undo.DestroyObjectImmediate(t);
                foreach (var t in m.m_EntryTransitions) if (t != null) Undo.DestroyObjectImmediate(t);
                foreach (var kv in m.m_StateMachineTransitions) foreach (var t in kv.Value) if (t != null) Undo.DestroyObjectImmediate(t);
                if (i > 0) Undo.DestroyObjectImmediate(m);
            }
            m_States = new ChildAnimatorState[0];
            m_StateMachines = new ChildAnimatorStateMachine[0];
            m_AnyStateTransitions = new AnimatorStateTransition[0];
            m_EntryTransitions = new AnimatorTransition[0];
            m_StateMachineTransitions = new KeyValuePair<AnimatorStateMachine, AnimatorTransition[]>[0];
            m_DefaultState = null;
        }

        public AnimatorStateMachine AddStateMachine(string name) { return AddStateMachine(name, Vector3.zero); }

        public AnimatorStateMachine AddStateMachine(string name, Vector3 position)
        {
            var sm = new AnimatorStateMachine();
            sm.hideFlags = HideFlags.HideInHierarchy;
            sm.name = MakeUniqueStateMachineName(name);
            AddStateMachine(sm, position);
            AnimUndo.Store(this, sm);
            AnimUndo.Created(pushUndo, sm, "StateMachine Created");
            return sm;
        }

        public void AddStateMachine(AnimatorStateMachine stateMachine, Vector3 position)
        {
            if (Array.Exists(m_StateMachines, c => ReferenceEquals(c.stateMachine, stateMachine)))
            {
                Debug.LogWarning(string.Format("Sub state machine '{0}' already exists in state machine '{1}', discarding new state machine.", stateMachine.name, name));
                return;
            }
            AnimUndo.Record(pushUndo, this, "StateMachine " + stateMachine.name + " added");
            stateMachines = AnimUndo.With(stateMachines, new ChildAnimatorStateMachine { stateMachine = stateMachine, position = position });
        }

        AnimatorStateTransition AddAnyStateTransition()
        {
            var t = AnimUndo.Born(pushUndo, this, new AnimatorStateTransition { hasExitTime = false, hasFixedDuration = true, duration = 0.25f, exitTime = 0.75f }, "AnyState Transition Created");
            AnimUndo.Record(pushUndo, this, "AnyState Transition Added");
            anyStateTransitions = AnimUndo.With(anyStateTransitions, t);
            return t;
        }

        public AnimatorStateTransition AddAnyStateTransition(AnimatorState destinationState)
        {
            var t = AddAnyStateTransition();
            t.destinationState = destinationState;
            return t;
        }

        public AnimatorStateTransition AddAnyStateTransition(AnimatorStateMachine destinationStateMachine)
        {
            var t = AddAnyStateTransition();
            t.destinationStateMachine = destinationStateMachine;
            return t;
        }

        public bool RemoveAnyStateTransition(AnimatorStateTransition transition)
        {
            return AnimUndo.Drop(pushUndo, this, m_AnyStateTransitions, v => anyStateTransitions = v, transition, "AnyState Transition Removed");
        }

        AnimatorTransition AddEntryTransition()
        {
            var t = AnimUndo.Born(pushUndo, this, new AnimatorTransition(), "Entry Transition Created");
            AnimUndo.Record(pushUndo, this, "Entry Transition Added");
            entryTransitions = AnimUndo.With(entryTransitions, t);
            return t;
        }

        public AnimatorTransition AddEntryTransition(AnimatorState destinationState)
        {
            var t = AddEntryTransition();
            t.destinationState = destinationState;
            return t;
        }

        public AnimatorTransition AddEntryTransition(AnimatorStateMachine destinationStateMachine)
        {
            var t = AddEntryTransition();
            t.destinationStateMachine = destinationStateMachine;
            return t;
        }

        public bool RemoveEntryTransition(AnimatorTransition transition)
        {
            return AnimUndo.Drop(pushUndo, this, m_EntryTransitions, v => entryTransitions = v, transition, "Entry Transition Removed");
        }
    }

    public sealed partial class AnimatorState
    {
        /// <summary>The transitions as stored, for the native side's own edits (no copy).</summary>
        internal AnimatorStateTransition[] m_TransitionsRaw { get { return m_Transitions; } set { m_Transitions = value; } }
    }
}
