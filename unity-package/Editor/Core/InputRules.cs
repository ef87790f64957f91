using System;
using System.Collections.Generic;

namespace UnityMcp.Core
{
    /// <summary>Which editor windows input_pointer, input_key and input_replay refuse to send
    /// events to: the windows that show Project Settings and Preferences, and an Inspector
    /// while it shows a project setting. Those pages change what the Editor runs — the
    /// unitymcp page saves the daemon binary the Editor starts (for every project of the
    /// user), the security level, Preferences > External Tools the script editor and its
    /// arguments, Player settings the compiler's arguments — and synthetic events reach them
    /// as a click of the user's would, at any security level. Snippets are kept off them the
    /// same way (AssemblyChecker denies EditorWindow.SendEvent).</summary>
    public static class InputRules
    {
        /// <summary>The windows of the Settings window family: UnityEditor.SettingsWindow and
        /// its two subclasses, internal from 2022.3 to 6000.7 (UnityCsReference
        /// Editor/Mono/Settings/SettingsWindow.cs), and the Preferences window of the Unity
        /// versions before them.</summary>
        static readonly string[] SettingsWindowTypes =
        {
            "UnityEditor.SettingsWindow", "UnityEditor.ProjectSettingsWindow", "UnityEditor.PreferenceSettingsWindow",
            "UnityEditor.PreferencesWindow",
        };

        /// <summary>Their titles (SettingsWindow.OnEnable: scope Project, else User), so a
        /// settings window is known by its title too.</summary>
        static readonly string[] SettingsTitles = { "Project Settings", "Preferences" };

        /// <summary>The Inspector and the floating Properties windows
        /// (Editor/Mono/Inspector/Core/PropertyEditor.cs; InspectorWindow derives from it).</summary>
        public const string PropertyEditorType = "UnityEditor.PropertyEditor";

        /// <summary>Where project settings live: an object loaded from there is a setting.</summary>
        public const string ProjectSettingsFolder = "ProjectSettings/";

        /// <summary>Reports whether a window of this type (the type and its base types, full
        /// names) shows what an Inspector shows, so that what it shows decides (<see cref="Refusal"/>).</summary>
        public static bool IsInspector(IEnumerable<string> typeChain)
        {
            foreach (var t in typeChain) if (t == PropertyEditorType) return true;
            return false;
        }

        /// <summary>The refusal for sending input to a window, or null when input may be
        /// sent. typeChain: the window's type and its base types (full names); title: its
        /// title; shown: the asset paths of what it shows, for an Inspector (null when that
        /// could not be read: an Inspector is then refused, as it may show a setting).</summary>
        public static string Refusal(IEnumerable<string> typeChain, string title, IEnumerable<string> shown)
        {
            var chain = new List<string>(typeChain);
            foreach (var t in chain)
                if (Array.IndexOf(SettingsWindowTypes, t) >= 0) return SettingsRefusal(title, t);
            foreach (var s in SettingsTitles)
                if (string.Equals((title ?? "").Trim(), s, StringComparison.OrdinalIgnoreCase)) return SettingsRefusal(title, chain.Count > 0 ? chain[0] : "");
            if (!IsInspector(chain)) return null;
            if (shown == null)
                return "input to '" + title + "' is refused: unitymcp cannot read what this Inspector shows on this Unity version (no PropertyEditor.tracker), " +
                    "and it may show a project setting; change the object with execute_code or another tool instead.";
            foreach (var path in shown)
            {
                if (!IsProjectSetting(path)) continue;
                return "input to '" + title + "' is refused: it shows the project setting " + path + ", which input tools may not change " +
                    "(it may make the Editor run other code or programs). Select a scene object or an asset under Assets/ first, or ask the user to change the setting.";
            }
            return null;
        }

        /// <summary>Reports whether an asset path names a project setting (ProjectSettings/…,
        /// compared ignoring case and with either slash).</summary>
        public static bool IsProjectSetting(string path)
        {
            if (string.IsNullOrEmpty(path)) return false;
            var p = path.Trim().Replace('\\', '/');
            while (p.StartsWith("./", StringComparison.Ordinal)) p = p.Substring(2);
            return p.StartsWith(ProjectSettingsFolder, StringComparison.OrdinalIgnoreCase);
        }

        static string SettingsRefusal(string title, string type)
        {
            return "input to '" + title + "' (" + type + ") is refused: input tools may not drive Project Settings or Preferences " +
                "(the unitymcp page there sets the daemon binary the Editor starts and the security level; others set the programs and compiler " +
                "arguments Unity runs). Ask the user to change settings, or send input to another window (scene, game, inspector, hierarchy, project, console).";
        }
    }
}
