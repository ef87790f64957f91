using System;
using System.Collections.Generic;
using System.Globalization;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityMcp.Core;
#if UNITYMCP_UGUI
using UnityEngine.EventSystems;
#endif
#if UNITYMCP_INPUT_SYSTEM
using UnityEngine.InputSystem;
using UnityEngine.InputSystem.LowLevel;
#endif

namespace UnityMcp.Editor.Tools
{
#if UNITYMCP_INPUT_SYSTEM
    /// <summary>Makes injected pointer and keyboard input reach the game while the Game View
    /// (or the whole Editor) is not focused — the usual case when an agent drives Unity from
    /// another window. By default the Input System routes pointer and keyboard input to the
    /// Editor when no Game View has focus, and disables those devices in the background, so
    /// injected events would never reach the game. For as long as an injection runs,
    /// editorInputBehaviorInPlayMode is AllDeviceInputAlwaysGoesToGameView and
    /// backgroundBehavior IgnoreFocus (com.unity.inputsystem InputSettings.cs); the previous
    /// values come back when the last injection ends, or when Play Mode exits.
    ///
    /// The previous values are kept in SessionState, not only in statics: a domain reload in
    /// Play Mode (scripts recompiled while playing) ends an injection without running its
    /// cleanup, and the settings object keeps its values across the reload (the Input System
    /// restores the settings it snapshotted only when Play Mode ends: InputSystem.cs,
    /// OnPlayModeChange), so after a reload the values are put back from SessionState.</summary>
    [InitializeOnLoad]
    static class GameInputRouting
    {
        /// <summary>"&lt;editorInputBehaviorInPlayMode&gt;,&lt;backgroundBehavior&gt;" (enum values)
        /// while an injection holds the settings; absent otherwise.</summary>
        const string SavedKey = "UnityMcp.GameInputRouting.Saved";

        static int users;

        static GameInputRouting()
        {
            // Play Mode ending stops every injection: put the settings back even if an
            // injection's routine was never finished.
            EditorApplication.playModeStateChanged += s => { if (s == PlayModeStateChange.ExitingPlayMode) { users = 0; Restore(); } };
            // Values saved by an injection that a domain reload cut off: restore them once the
            // Input System has initialised (after every [InitializeOnLoad] of this reload).
            if (SessionState.GetString(SavedKey, "").Length > 0)
                EditorApplication.delayCall += () => { if (users == 0) Restore(); };
        }

        public static IEnumerable<object> While(IEnumerable<object> routine)
        {
            Acquire();
            try
            {
                foreach (var step in routine) yield return step;
            }
            finally { Release(); }
        }

        static void Acquire()
        {
            if (users++ > 0) return;
            var settings = InputSystem.settings;
            // A record left by an injection a reload cut off holds the user's own values: keep it.
            if (SessionState.GetString(SavedKey, "").Length == 0)
                SessionState.SetString(SavedKey, Encode(settings.editorInputBehaviorInPlayMode, settings.backgroundBehavior));
            settings.editorInputBehaviorInPlayMode = InputSettings.EditorInputBehaviorInPlayMode.AllDeviceInputAlwaysGoesToGameView;
            settings.backgroundBehavior = InputSettings.BackgroundBehavior.IgnoreFocus;
            // The Game view that lost focus under the default background behaviour disabled the
            // mouse and keyboard (InputManager.OnFocusChanged), and the event loop drops events
            // for a disabled device; the settings above do not enable it again, so do it here.
            Enable(Mouse.current);
            Enable(Keyboard.current);
        }

        static void Enable(InputDevice device)
        {
            if (device != null && !device.enabled) InputSystem.EnableDevice(device);
        }

        static void Release()
        {
            if (users > 0 && --users == 0) Restore();
        }

        internal static string Encode(InputSettings.EditorInputBehaviorInPlayMode behavior, InputSettings.BackgroundBehavior background)
        {
            return ((int)behavior).ToString(CultureInfo.InvariantCulture) + "," + ((int)background).ToString(CultureInfo.InvariantCulture);
        }

        internal static bool Decode(string s, out InputSettings.EditorInputBehaviorInPlayMode behavior, out InputSettings.BackgroundBehavior background)
        {
            behavior = default(InputSettings.EditorInputBehaviorInPlayMode);
            background = default(InputSettings.BackgroundBehavior);
            var parts = (s ?? "").Split(',');
            int b, g;
            if (parts.Length != 2 || !int.TryParse(parts[0], NumberStyles.Integer, CultureInfo.InvariantCulture, out b) ||
                !int.TryParse(parts[1], NumberStyles.Integer, CultureInfo.InvariantCulture, out g)) return false;
            if (!Enum.IsDefined(typeof(InputSettings.EditorInputBehaviorInPlayMode), b) || !Enum.IsDefined(typeof(InputSettings.BackgroundBehavior), g)) return false;
            behavior = (InputSettings.EditorInputBehaviorInPlayMode)b;
            background = (InputSettings.BackgroundBehavior)g;
            return true;
        }

        /// <summary>Puts the saved values back, unless someone changed the settings since the
        /// injection set them (then theirs stay), and forgets them.</summary>
        static void Restore()
        {
            var saved = SessionState.GetString(SavedKey, "");
            if (saved.Length == 0) return;
            SessionState.EraseString(SavedKey);
            InputSettings.EditorInputBehaviorInPlayMode behavior;
            InputSettings.BackgroundBehavior background;
            if (!Decode(saved, out behavior, out background))
            {
                Debug.LogWarning("[unitymcp] could not read the Input System settings saved before an input injection (\"" + saved +
                    "\"); check Project Settings > Input System Package: Background Behavior and Play Mode Input Behavior");
                return;
            }
            try
            {
                var settings = InputSystem.settings;
                if (settings.editorInputBehaviorInPlayMode == InputSettings.EditorInputBehaviorInPlayMode.AllDeviceInputAlwaysGoesToGameView &&
                    settings.backgroundBehavior == InputSettings.BackgroundBehavior.IgnoreFocus)
                {
                    settings.editorInputBehaviorInPlayMode = behavior;
                    settings.backgroundBehavior = background;
                }
            }
            catch (Exception e)
            {
                Debug.LogWarning("[unitymcp] could not put back the Input System settings an input injection changed (" + e.Message +
                    "): set Project Settings > Input System Package > Play Mode Input Behavior to " + behavior + " and Background Behavior to " + background);
            }
        }
    }
#endif
}
