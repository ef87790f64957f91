using System.IO;
using System.Linq;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEditor;
#if UNITY_6000_0_OR_NEWER
using UnityEditor.Build.Profile;
#endif
using UnityEngine;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>build_player's output and Unity's answers: without confirm only a new place under
    /// the project's Builds/ folder; never a hidden folder nor what Unity's own path rules
    /// refuse (which BuildPlayer answers with no report); an existing output only with
    /// confirm, which dry_run says. And build_settings' writes where Unity 6 builds from: an
    /// overriding Build Profile, saved.</summary>
    [TestFixture]
    public class BuildOutputTests
    {
        string outside;

        [SetUp]
        public void Fresh()
        {
            Reset();
            Builds.Reset();
            foreach (var d in new[] { "ProjectSettings", "Builds", "Out", "AssetsX", ".git" })
                if (Directory.Exists(Path.Combine(Project, d))) Directory.Delete(Path.Combine(Project, d), true);
            Call("scene_save", new { path = "Assets/Scenes/Main.unity" });
            EditorBuildSettings.scenes = new[] { new EditorBuildSettingsScene("Assets/Scenes/Main.unity", true) };
            outside = Path.Combine(Path.GetTempPath(), "unitymcp-build-" + System.Guid.NewGuid().ToString("N").Substring(0, 8));
        }

        [TearDown]
        public void Clean()
        {
            if (Directory.Exists(outside)) Directory.Delete(outside, true);
        }

        [Test]
        public void OutputStaysOutOfUnitysFoldersAndLeavesBuildsOnlyWithConfirm()
        {
            foreach (var bad in new[] { "Assets/Build/Game.exe", "Library/Game.exe", "ProjectSettings/x.exe", "Packages/Game.exe", "assets/Game.exe", "Builds/../Assets/Game.exe", "UserSettings/Game.exe", "" })
            {
                var f = Fails("build_player", new { output_path = bad, confirm = true });
                Assert.AreEqual("invalid_params", f.Code, bad);
            }
            Assert.AreEqual("invalid_params", Fails("build_player", new { output_path = "Assets/../", confirm = true }).Code, "the project folder itself");
            foreach (var elsewhere in new[] { Path.Combine(outside, "Game.exe"), "Out/Game.exe", "Builds" })
            {
                var f = Fails("build_player", new { output_path = elsewhere });
                Assert.AreEqual("confirmation_required", f.Code, elsewhere);
                StringAssert.Contains("outside the project's Builds/ folder", f.Message);
            }
            Assert.AreEqual(0, Builds.Made.Count, "every refusal comes before the build");
            var target = Path.Combine(outside, "Game.exe");
            Assert.IsTrue((bool)Call("build_player", new { output_path = target, confirm = true })["succeeded"]);
            Assert.IsTrue(File.Exists(target));
            Assert.IsTrue((bool)Call("build_player", new { output_path = "Out/Game.exe", confirm = true })["succeeded"]);
            Assert.IsTrue((bool)Call("build_player", new { output_path = "Builds/Win/Game.exe" })["succeeded"], "a new place under Builds/ needs no confirm");
        }

        [Test]
        public void HiddenFoldersAreRefusedEvenWithConfirm()
        {
            // A "player" at .git/hooks/post-merge would run on the user's next git pull.
            foreach (var bad in new[] { ".git/hooks/post-merge", "Builds/.cache/Game.exe", "Builds/.Game.exe", Path.Combine(outside, ".config/autostart/game") })
            {
                var f = Fails("build_player", new { output_path = bad, confirm = true });
                Assert.AreEqual("invalid_params", f.Code, bad);
                StringAssert.Contains("hidden", f.Message);
            }
            Assert.AreEqual(0, Builds.Made.Count);
            Assert.IsFalse(File.Exists(Path.Combine(Project, ".git/hooks/post-merge")));
            Assert.IsFalse(Directory.Exists(Path.Combine(outside, ".config")));
        }

        [Test]
        public void AnExistingOutputNeedsConfirmAndDryRunSaysSo()
        {
            var dry = Call("build_player", new { output_path = "Builds/Game.exe", dry_run = true });
            Assert.AreEqual("StandaloneWindows64", (string)dry["target"]);
            CollectionAssert.AreEqual(new[] { "Assets/Scenes/Main.unity" }, dry["scenes"].ToObject<string[]>());
            Assert.AreEqual((Project + "/Builds/Game.exe").Replace('\\', '/'), (string)dry["output_path"]);
            Assert.IsFalse((bool)dry["exists"]);
            Assert.IsFalse((bool)dry["confirm_needed"]);
            Assert.AreEqual(0, Builds.Made.Count, "a dry run builds nothing");
            Assert.IsFalse(Directory.Exists(Path.Combine(Project, "Builds")));

            Assert.IsTrue((bool)Call("build_player", new { output_path = "Builds/Game.exe" })["succeeded"]);
            var exe = Path.Combine(Project, "Builds", "Game.exe");
            File.WriteAllText(exe, "the user's own build");
            var again = Call("build_player", new { output_path = "Builds/Game.exe", dry_run = true });
            Assert.IsTrue((bool)again["exists"]);
            Assert.IsTrue((bool)again["confirm_needed"]);
            var f = Fails("build_player", new { output_path = "Builds/Game.exe" });
            Assert.AreEqual("confirmation_required", f.Code);
            StringAssert.Contains("exists", f.Message);
            Assert.AreEqual("the user's own build", File.ReadAllText(exe), "refused before anything is written");
            // Only the data folder left (the player file deleted): still a build there.
            File.Delete(exe);
            Assert.AreEqual("confirmation_required", Fails("build_player", new { output_path = "Builds/Game.exe" }).Code);
            Assert.AreEqual(1, Builds.Made.Count);
            Assert.IsTrue((bool)Call("build_player", new { output_path = "Builds/Game.exe", confirm = true })["succeeded"]);
            Assert.AreEqual(2, Builds.Made.Count);
        }

        [Test]
        public void APathUnityRefusesIsRefusedBeforeUnityWithItsReason()
        {
            // Unity's IsBuildPathValid tests "<project>/Assets" as a substring: AssetsX is refused.
            var full = (Project + "/AssetsX/Game.exe").Replace('\\', '/');
            Assert.IsNull(BuildPipeline.BuildPlayer(new BuildPlayerOptions { scenes = new[] { "Assets/Scenes/Main.unity" }, locationPathName = full, target = BuildTarget.StandaloneWindows64, targetGroup = BuildTargetGroup.Standalone }),
                "the fake answers no report, as Unity does");
            StringAssert.Contains("Invalid build path", Builds.Logged.Single());
            Builds.Reset();
            EditorBuildSettings.scenes = new[] { new EditorBuildSettingsScene("Assets/Scenes/Main.unity", true) };

            var f = Fails("build_player", new { output_path = "AssetsX/Game.exe", confirm = true });
            Assert.AreEqual("invalid_params", f.Code);
            StringAssert.Contains("'Assets' directory is an internal work directory", f.Message);
            Assert.AreEqual(0, Builds.Logged.Count, "refused here, not by Unity");
            Assert.AreEqual("invalid_params", Fails("build_player", new { output_path = "Builds/../LibraryOld/Game.exe", confirm = true }).Code);
            Assert.IsFalse(Directory.Exists(Path.Combine(Project, "AssetsX")));
        }

        [Test]
        public void ANullReportIsAnErrorThatPointsToTheConsole()
        {
            Builds.ThrowInside = "Build target StandaloneWindows64 cannot build to this path: access denied.";
            var f = Fails("build_player", new { output_path = "Builds/Game.exe" });
            Assert.AreEqual("editor_error", f.Code);
            StringAssert.Contains("get-logs", f.Message);
            StringAssert.Contains("null", f.Message);
            StringAssert.Contains("access denied", Builds.Logged.Single(), "Unity logged why");
            Assert.IsFalse(BuildPipeline.isBuildingPlayer);
        }

#if UNITY_6000_0_OR_NEWER
        static BuildProfile Profile(string path, bool overrides)
        {
            var p = ScriptableObject.CreateInstance<BuildProfile>();
            p.overrideGlobalScenes = overrides;
            Directory.CreateDirectory(Path.Combine(Project, Path.GetDirectoryName(path)));
            AssetDatabase.CreateAsset(p, path);
            Builds.Profile = p;
            return p;
        }

        [Test]
        public void SceneListGoesToAnOverridingBuildProfileAndIsSaved()
        {
            Call("scene_create", new { path = "Assets/Scenes/Level1.unity" });
            var profile = Profile("Assets/Settings/Windows.asset", true);
            AssetDatabase.SavedAssets.Clear();
            var r = Call("build_settings", null);
            Assert.AreEqual("Assets/Settings/Windows.asset", (string)r["profile"], "the list in force is the profile's");
            Assert.AreEqual(0, r["scenes"].Count());
            var w = Call("build_settings", new JObject { { "scenes", new JArray("Assets/Scenes/Level1.unity") }, { "confirm", true } });
            Assert.IsTrue((bool)w["written"]);
            StringAssert.Contains("Assets/Settings/Windows.asset", (string)w["note"]);
            Assert.AreEqual("Assets/Scenes/Level1.unity", profile.scenes.Single().path);
            CollectionAssert.Contains(AssetDatabase.SavedAssets, "Assets/Settings/Windows.asset", "the profile is saved, or the list is lost with the Editor");
            Assert.AreEqual("Assets/Scenes/Main.unity", EditorBuildSettings.globalScenes.Single().path, "the global list is left alone");

            // A profile that does not override: the global list is the one written.
            Profile("Assets/Settings/Linux.asset", false);
            AssetDatabase.SavedAssets.Clear();
            var g = Call("build_settings", new JObject { { "scenes", new JArray("Assets/Scenes/Level1.unity", "Assets/Scenes/Main.unity") }, { "confirm", true } });
            Assert.IsNull(g["profile"]);
            Assert.AreEqual(2, EditorBuildSettings.globalScenes.Length);
            Assert.IsEmpty(AssetDatabase.SavedAssets);
        }
#endif
    }
}
