using System.Collections.Generic;
using NUnit.Framework;
using UnityMcp.Core;

namespace UnityMcp.Core.Tests
{
    /// <summary>Which windows the input tools refuse (InputRules): the Settings window family,
    /// the Package Manager and the build windows by type or title, an Inspector by what it
    /// shows; every other window takes input.</summary>
    [TestFixture]
    public class InputRulesTests
    {
        static readonly string[] ProjectSettings = { "UnityEditor.ProjectSettingsWindow", "UnityEditor.SettingsWindow", "UnityEditor.EditorWindow", "UnityEngine.ScriptableObject", "UnityEngine.Object", "System.Object" };
        static readonly string[] Preferences = { "UnityEditor.PreferenceSettingsWindow", "UnityEditor.SettingsWindow", "UnityEditor.EditorWindow", "UnityEngine.ScriptableObject", "UnityEngine.Object", "System.Object" };
        static readonly string[] Inspector = { "UnityEditor.InspectorWindow", "UnityEditor.PropertyEditor", "UnityEditor.EditorWindow", "UnityEngine.ScriptableObject", "UnityEngine.Object", "System.Object" };
        static readonly string[] Scene = { "UnityEditor.SceneView", "UnityEditor.SearchableEditorWindow", "UnityEditor.EditorWindow", "UnityEngine.ScriptableObject", "UnityEngine.Object", "System.Object" };
        static readonly string[] Custom = { "MyTools.PreferencesHelper", "UnityEditor.EditorWindow", "UnityEngine.ScriptableObject", "UnityEngine.Object", "System.Object" };
        // The Package Manager (Modules/PackageManagerUI, internal) and its pop-ups: in 2022.3 the
        // "Add package from git URL" field is a DropdownContainer; from 6000.3 a DropdownWindow.
        static readonly string[] PackageManager = { "UnityEditor.PackageManager.UI.PackageManagerWindow", "UnityEditor.EditorWindow", "UnityEngine.ScriptableObject", "UnityEngine.Object", "System.Object" };
        static readonly string[] GitUrlDropdown = { "UnityEditor.PackageManager.UI.Internal.DropdownContainer", "UnityEditor.EditorWindow", "UnityEngine.ScriptableObject", "UnityEngine.Object", "System.Object" };
        static readonly string[] Filters = { "UnityEditor.PackageManager.UI.Internal.UpmFiltersWindow", "UnityEditor.PackageManager.UI.Internal.PackageManagerFiltersWindow", "UnityEditor.EditorWindow" };
        // Build Settings (Editor/Mono/BuildPlayerWindow.cs, every version) and, from 6000.0, Build
        // Profiles and its windows (Modules/BuildProfileEditor: BuildProfileWindow, PlatformDiscoveryWindow…).
        static readonly string[] BuildSettings = { "UnityEditor.BuildPlayerWindow", "UnityEditor.EditorWindow", "UnityEngine.ScriptableObject", "UnityEngine.Object", "System.Object" };
        static readonly string[] BuildProfiles = { "UnityEditor.Build.Profile.BuildProfileWindow", "UnityEditor.EditorWindow", "UnityEngine.ScriptableObject", "UnityEngine.Object", "System.Object" };
        static readonly string[] PlatformBrowser = { "UnityEditor.Build.Profile.PlatformDiscoveryWindow", "UnityEditor.EditorWindow", "UnityEngine.ScriptableObject", "UnityEngine.Object", "System.Object" };

        [Test]
        public void RefusesProjectSettingsAndPreferences()
        {
            var p = InputRules.Refusal(ProjectSettings, "Project Settings", null);
            StringAssert.Contains("input to 'Project Settings' (UnityEditor.ProjectSettingsWindow) is refused", p);
            StringAssert.Contains("unitymcp page", p);
            StringAssert.Contains("send input to another window", p);
            StringAssert.Contains("(UnityEditor.PreferenceSettingsWindow) is refused", InputRules.Refusal(Preferences, "Preferences", null));
            // The base type alone, whatever the title.
            Assert.IsNotNull(InputRules.Refusal(new[] { "UnityEditor.SettingsWindow", "UnityEditor.EditorWindow" }, "Settings", null));
        }

        [TestCase("Project Settings")]
        [TestCase("preferences")]
        [TestCase(" Preferences ")]
        public void RefusesASettingsWindowByItsTitle(string title)
        {
            StringAssert.Contains("is refused", InputRules.Refusal(new[] { "UnityEditor.SomeFutureSettingsHost", "UnityEditor.EditorWindow" }, title, null));
        }

        [Test]
        public void RefusesThePackageManagerAndItsPopups()
        {
            var r = InputRules.Refusal(PackageManager, "Package Manager", null);
            StringAssert.Contains("input to 'Package Manager' (UnityEditor.PackageManager.UI.PackageManagerWindow) is refused", r);
            StringAssert.Contains("git URL", r);
            StringAssert.Contains("runs its code", r);
            StringAssert.Contains("send input to another window", r);
            StringAssert.Contains("(UnityEditor.PackageManager.UI.Internal.DropdownContainer) is refused", InputRules.Refusal(GitUrlDropdown, "", null));
            StringAssert.Contains("(UnityEditor.PackageManager.UI.Internal.UpmFiltersWindow) is refused", InputRules.Refusal(Filters, "Filters", null));
        }

        [Test]
        public void RefusesBuildSettingsAndBuildProfiles()
        {
            var r = InputRules.Refusal(BuildSettings, "Build Settings", null);
            StringAssert.Contains("input to 'Build Settings' (UnityEditor.BuildPlayerWindow) is refused", r);
            StringAssert.Contains("Build And Run", r);
            StringAssert.Contains("(UnityEditor.Build.Profile.BuildProfileWindow) is refused", InputRules.Refusal(BuildProfiles, "Build Profiles", null));
            StringAssert.Contains("(UnityEditor.Build.Profile.PlatformDiscoveryWindow) is refused", InputRules.Refusal(PlatformBrowser, "Platform Browser", null));
        }

        [TestCase("Package Manager", "Package Manager")]
        [TestCase(" package manager ", "Package Manager")]
        [TestCase("Build Settings", "Build And Run")]
        [TestCase("Build Profiles", "Build And Run")]
        public void RefusesThemByTheirTitles(string title, string says)
        {
            var r = InputRules.Refusal(new[] { "UnityEditor.SomeFutureHost", "UnityEditor.EditorWindow" }, title, null);
            StringAssert.Contains("is refused", r);
            StringAssert.Contains(says, r);
        }

        [Test]
        public void OtherWindowsTakeInput()
        {
            Assert.IsNull(InputRules.Refusal(Scene, "Scene", null));
            Assert.IsNull(InputRules.Refusal(Custom, "Preferences Helper", null));
            Assert.IsNull(InputRules.Refusal(new string[0], "Game", null));
            // Names that only look like them.
            Assert.IsNull(InputRules.Refusal(new[] { "UnityEditor.PackageManagerHelper", "UnityEditor.EditorWindow" }, "Packages", null));
            Assert.IsNull(InputRules.Refusal(new[] { "MyTools.PackageManager.UI.Window", "UnityEditor.EditorWindow" }, "My Packages", null));
            Assert.IsNull(InputRules.Refusal(new[] { "UnityEditor.Build.ProfileHelpers", "UnityEditor.EditorWindow" }, "Build Report", null));
        }

        [Test]
        public void AnInspectorIsDecidedByWhatItShows()
        {
            Assert.IsTrue(InputRules.IsInspector(Inspector));
            Assert.IsFalse(InputRules.IsInspector(Scene));
            Assert.IsNull(InputRules.Refusal(Inspector, "Inspector", new[] { "Assets/Player.prefab", "", "Packages/com.example/x.asset" }));
            var r = InputRules.Refusal(Inspector, "Inspector", new[] { "", "ProjectSettings/ProjectSettings.asset" });
            StringAssert.Contains("input to 'Inspector' is refused: it shows the project setting ProjectSettings/ProjectSettings.asset", r);
            StringAssert.Contains("Select a scene object or an asset under Assets/ first", r);
            // What it shows unknown: refused, as it may be a setting.
            StringAssert.Contains("cannot read what this Inspector shows", InputRules.Refusal(Inspector, "Inspector", null));
            Assert.IsNull(InputRules.Refusal(Inspector, "Inspector", new List<string>()));
        }

        [TestCase("ProjectSettings/TagManager.asset", true)]
        [TestCase("projectsettings\\TagManager.asset", true)]
        [TestCase("./ProjectSettings/EditorSettings.asset", true)]
        [TestCase("Assets/ProjectSettings/Mine.asset", false)]
        [TestCase("Assets/Scenes/Main.unity", false)]
        [TestCase("", false)]
        [TestCase(null, false)]
        public void KnowsAProjectSettingByItsPath(string path, bool want)
        {
            Assert.AreEqual(want, InputRules.IsProjectSetting(path));
        }
    }
}
