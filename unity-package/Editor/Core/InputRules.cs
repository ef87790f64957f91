using System;
using System.Collections.Generic;

namespace UnityMcp.Core
{
    /// <summary>Which editor windows input_pointer, input_key and input_replay refuse to send
    /// events to: the windows that show Project Settings and Preferences, the Package Manager,
    /// Build Settings and Build Profiles, and an Inspector while it shows a project setting.
    /// Those pages change what the Editor runs — the unitymcp page saves the daemon binary the
    /// Editor starts (for every project of the user), the security level, Preferences >
    /// External Tools the script editor and its arguments, Player settings the compiler's
    /// arguments; the Package Manager adds a package (from a git URL, say), whose code then runs
    /// in the Editor; Build And Run builds the project and starts the player — and synthetic
    /// events reach them as a click of the user's would, at any security level. Snippets are
    /// kept off them the same way (AssemblyChecker denies EditorWindow.SendEvent).</summary>
    public static class InputRules
    {
        /// <summary>A family of windows input is refused to: by the full name of the window's
        /// type or a base type, by its namespace (and the namespaces under it), or by title.</summary>
        sealed class Family
        {
            public string[] Types = new string[0];
            public string[] Namespaces = new string[0];
            public string[] Titles = new string[0];
            public string What;     // "Project Settings or Preferences"
            public string Because;  // what driving them would do
            public string Ask;      // what to do instead
        }

        static readonly Family[] Refused =
        {
            // UnityEditor.SettingsWindow and its two subclasses, internal from 2022.3 to 6000.7
            // (UnityCsReference Editor/Mono/Settings/SettingsWindow.cs), and the Preferences window
            // of the Unity versions before them; titled by scope (SettingsWindow.OnEnable).
            new Family
            {
                Types = new[] { "UnityEditor.SettingsWindow", "UnityEditor.ProjectSettingsWindow", "UnityEditor.PreferenceSettingsWindow", "UnityEditor.PreferencesWindow" },
                Titles = new[] { "Project Settings", "Preferences" },
                What = "Project Settings or Preferences",
                Because = "the unitymcp page there sets the daemon binary the Editor starts and the security level; others set the programs and compiler " +
                    "arguments Unity runs",
                Ask = "Ask the user to change settings",
            },
            // UnityEditor.PackageManager.UI.PackageManagerWindow (internal: Modules/PackageManagerUI/Editor/UI/
            // PackageManagerWindow.cs, UI/MainWindow/ from 6000.5) and its pop-ups in ….UI.Internal: the
            // "Add package from git URL" field (DropdownContainer in 2022.3, DropdownWindow from 6000.3),
            // the filters, the modal windows.
            new Family
            {
                Namespaces = new[] { "UnityEditor.PackageManager" },
                Titles = new[] { "Package Manager" },
                What = "the Package Manager",
                Because = "adding a package, from a git URL or a tarball among others, runs its code in the Editor",
                Ask = "Ask the user to add or remove packages",
            },
            // UnityEditor.BuildPlayerWindow, "Build Settings" (Editor/Mono/BuildPlayerWindow.cs, every version),
            // and from 6000.0 the Build Profiles window and its own (internal, Modules/BuildProfileEditor:
            // BuildProfileWindow, PlatformDiscoveryWindow, AssetImportOverridesWindow, BuildAutomationModalWindow).
            new Family
            {
                Types = new[] { "UnityEditor.BuildPlayerWindow" },
                Namespaces = new[] { "UnityEditor.Build.Profile" },
                Titles = new[] { "Build Settings", "Build Profiles" },
                What = "Build Settings or Build Profiles",
                Because = "Build And Run builds the project and starts the player it built; the settings there change what is built and the scripting defines",
                Ask = "Ask the user to build",
            },
        };

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
            foreach (var f in Refused)
            {
                foreach (var t in chain)
                    if (Array.IndexOf(f.Types, t) >= 0 || InNamespace(t, f.Namespaces)) return FamilyRefusal(f, title, chain[0]);
                foreach (var s in f.Titles)
                    if (string.Equals((title ?? "").Trim(), s, StringComparison.OrdinalIgnoreCase)) return FamilyRefusal(f, title, chain.Count > 0 ? chain[0] : "");
            }
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

        /// <summary>Reports whether a full type name (nested types joined by '+') is declared in
        /// one of the namespaces or under it.</summary>
        static bool InNamespace(string type, string[] namespaces)
        {
            var plus = type.IndexOf('+');
            var outer = plus < 0 ? type : type.Substring(0, plus);
            var dot = outer.LastIndexOf('.');
            var ns = dot < 0 ? "" : outer.Substring(0, dot);
            foreach (var n in namespaces)
                if (ns == n || ns.StartsWith(n + ".", StringComparison.Ordinal)) return true;
            return false;
        }

        static string FamilyRefusal(Family f, string title, string type)
        {
            return "input to '" + title + "' (" + type + ") is refused: input tools may not drive " + f.What + " (" + f.Because + "). " +
                f.Ask + ", or send input to another window (scene, game, inspector, hierarchy, project, console).";
        }
    }
}
