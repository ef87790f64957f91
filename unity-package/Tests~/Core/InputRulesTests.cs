using System.Collections.Generic;
using NUnit.Framework;
using UnityMcp.Core;

namespace UnityMcp.Core.Tests
{
    /// <summary>Which windows the input tools refuse (InputRules): the Settings window family
    /// by type or title, an Inspector by what it shows; every other window takes input.</summary>
    [TestFixture]
    public class InputRulesTests
    {
        static readonly string[] ProjectSettings = { "UnityEditor.ProjectSettingsWindow", "UnityEditor.SettingsWindow", "UnityEditor.EditorWindow", "UnityEngine.ScriptableObject", "UnityEngine.Object", "System.Object" };
        static readonly string[] Preferences = { "UnityEditor.PreferenceSettingsWindow", "UnityEditor.SettingsWindow", "UnityEditor.EditorWindow", "UnityEngine.ScriptableObject", "UnityEngine.Object", "System.Object" };
        static readonly string[] Inspector = { "UnityEditor.InspectorWindow", "UnityEditor.PropertyEditor", "UnityEditor.EditorWindow", "UnityEngine.ScriptableObject", "UnityEngine.Object", "System.Object" };
        static readonly string[] Scene = { "UnityEditor.SceneView", "UnityEditor.SearchableEditorWindow", "UnityEditor.EditorWindow", "UnityEngine.ScriptableObject", "UnityEngine.Object", "System.Object" };
        static readonly string[] Custom = { "MyTools.PreferencesHelper", "UnityEditor.EditorWindow", "UnityEngine.ScriptableObject", "UnityEngine.Object", "System.Object" };

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
        public void OtherWindowsTakeInput()
        {
            Assert.IsNull(InputRules.Refusal(Scene, "Scene", null));
            Assert.IsNull(InputRules.Refusal(Custom, "Preferences Helper", null));
            Assert.IsNull(InputRules.Refusal(new string[0], "Game", null));
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
