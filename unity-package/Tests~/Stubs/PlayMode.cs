// Behavioural fake of the Editor's loop and Play Mode (UnityCsReference, branch 2022.3:
// Editor/Mono/EditorApplication.cs and EditorApplication.bindings.cs; Manual "Play Mode" and
// "Order of execution for event functions"). The fake's editor loop is FakeTick: it applies a
// pending Play Mode change (setting isPlaying only requests it: the Editor changes mode on a
// later update, raising ExitingEditMode then EnteredPlayMode, or ExitingPlayMode then
// EnteredEditMode), runs one game frame while playing and not paused (Update on every
// enabled MonoBehaviour of an active GameObject, in hierarchy order), then the
// EditorApplication.update callbacks. Step() runs exactly one frame on the next update and
// leaves the game paused, as the toolbar's Step button does.
using System;
using System.Collections.Generic;
using System.Reflection;
using UnityEngine;
using UnityEngine.SceneManagement;

namespace UnityEditor
{
    public sealed partial class EditorApplication
    {
        static bool playing, paused, stepPending;
        static bool? requested;
        internal static int FakeFrame;
        internal static double FakeClock;

        public static event Action<PlayModeStateChange> playModeStateChanged;
        public static event Action<PauseState> pauseStateChanged;

        public static bool isPlaying
        {
            get { return playing; }
            // EditorApplication.bindings.cs: a request the Editor carries out on its next update.
            set { requested = value; }
        }

        // EditorApplication.bindings.cs: "Is editor either currently in play mode, or about to switch to it?"
        public static bool isPlayingOrWillChangePlaymode { get { return requested ?? playing; } }

        public static bool isPaused
        {
            get { return paused; }
            set
            {
                if (paused == value) return;
                paused = value;
                if (pauseStateChanged != null) pauseStateChanged(value ? PauseState.Paused : PauseState.Unpaused);
            }
        }

        public static double timeSinceStartup { get { return FakeClock; } }

        // EditorApplication.Step: one frame, then paused.
        public static void Step()
        {
            if (!playing) return;
            stepPending = true;
        }

        /// <summary>One editor update, 1/60 s after the last.</summary>
        internal static void FakeTick()
        {
            FakeClock += 1.0 / 60;
            if (requested.HasValue && requested.Value != playing)
            {
                bool enter = requested.Value;
                requested = null;
                Raise(enter ? PlayModeStateChange.ExitingEditMode : PlayModeStateChange.ExitingPlayMode);
                playing = enter;
                if (!enter) { paused = false; FakeFrame = 0; }
                Raise(enter ? PlayModeStateChange.EnteredPlayMode : PlayModeStateChange.EnteredEditMode);
            }
            requested = null;
            if (playing && (!paused || stepPending))
            {
                if (stepPending) { stepPending = false; isPaused = true; }
                FakeFrame++;
                RunFrame();
            }
            var u = update;
            if (u != null) u();
        }

        static void Raise(PlayModeStateChange change)
        {
            if (playModeStateChanged != null) playModeStateChanged(change);
        }

        /// <summary>Update() on each enabled MonoBehaviour of an active GameObject, in hierarchy order.</summary>
        static void RunFrame()
        {
            var behaviours = new List<MonoBehaviour>();
            for (int s = 0; s < SceneManager.sceneCount; s++)
                foreach (var root in SceneManager.GetSceneAt(s).GetRootGameObjects())
                    foreach (var b in root.GetComponentsInChildren<MonoBehaviour>(false))
                        if (b.enabled) behaviours.Add(b);
            foreach (var b in behaviours)
            {
                var m = b.GetType().GetMethod("Update", BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic, null, Type.EmptyTypes, null);
                if (m != null) m.Invoke(b, null);
            }
        }

        internal static void FakeReset()
        {
            playing = paused = stepPending = false;
            requested = null;
            FakeFrame = 0;
        }
    }
}
