using System.IO;
using System.Linq;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEditor;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>build_settings, build_switch_target and build_player over the fake build
    /// settings and BuildPipeline: the scene list written only with confirm (and checked whole
    /// first), a switch only to an installed target, a build's report in the answer. Where a
    /// build may go: BuildOutputTests.</summary>
    [TestFixture]
    public class BuildToolsTests
    {
        string outside;

        [SetUp]
        public void Fresh()
        {
            Reset();
            Builds.Reset();
            foreach (var d in new[] { "ProjectSettings", "Builds" })
                if (Directory.Exists(Path.Combine(Project, d))) Directory.Delete(Path.Combine(Project, d), true);
            Call("scene_save", new { path = "Assets/Scenes/Main.unity" });
            Call("scene_create", new { path = "Assets/Scenes/Level1.unity" });
            outside = Path.Combine(Path.GetTempPath(), "unitymcp-build-" + System.Guid.NewGuid().ToString("N").Substring(0, 8));
        }

        [TearDown]
        public void Clean()
        {
            if (Directory.Exists(outside)) Directory.Delete(outside, true);
        }

        static string ScenesFile()
        {
            var f = Path.Combine(Project, "ProjectSettings", "EditorBuildSettings.asset");
            return File.Exists(f) ? File.ReadAllText(f) : null;
        }

        [Test]
        public void SceneListIsWrittenOnlyWithConfirmAndCheckedWhole()
        {
            var r = Call("build_settings", null);
            Assert.AreEqual("StandaloneWindows64", (string)r["active_target"]);
            Assert.AreEqual("Standalone", (string)r["target_group"]);
            Assert.AreEqual(0, r["scenes"].Count());
            var list = new JArray("Assets/Scenes/Main.unity", new JObject { { "path", "Assets/Scenes/Level1.unity" }, { "enabled", false } });
            Assert.AreEqual("confirmation_required", Fails("build_settings", new JObject { { "scenes", list } }).Code);
            var dry = Call("build_settings", new JObject { { "scenes", list }, { "dry_run", true } });
            Assert.IsFalse((bool)dry["written"]);
            Assert.AreEqual(2, dry["scenes"].Count());
            Assert.AreEqual(0, EditorBuildSettings.scenes.Length, "a dry run changes nothing");
            Assert.IsNull(ScenesFile());

            var w = Call("build_settings", new JObject { { "scenes", list }, { "confirm", true } });
            Assert.IsTrue((bool)w["written"]);
            Assert.AreEqual(0, (int)w["scenes"][0]["build_index"]);
            Assert.IsFalse((bool)w["scenes"][1]["enabled"]);
            Assert.IsNull(w["scenes"][1]["build_index"], "only enabled scenes get a build index");
            Assert.AreEqual("1 Assets/Scenes/Main.unity\n0 Assets/Scenes/Level1.unity\n", ScenesFile(), "saved in ProjectSettings/EditorBuildSettings.asset");

            foreach (var bad in new[] {
                new { list = new JArray("Assets/Scenes/Main.unity", "Assets/Scenes/Nope.unity"), code = "not_found", says = "Nope.unity" },
                new { list = new JArray("Assets/Scenes/Main.unity", "Assets/Scenes/Main.unity"), code = "invalid_params", says = "listed twice" },
                new { list = new JArray(new JObject { { "path", "Assets/Scenes/Main.unity" }, { "enabled", "yes" } }), code = "invalid_params", says = "true or false" },
                new { list = new JArray(42), code = "invalid_params", says = "42" } })
            {
                var f = Fails("build_settings", new JObject { { "scenes", bad.list }, { "confirm", true } });
                Assert.AreEqual(bad.code, f.Code, bad.list.ToString());
                StringAssert.Contains(bad.says, f.Message);
                Assert.AreEqual(2, EditorBuildSettings.scenes.Length, "a refused list leaves the old one: " + bad.list);
            }
            StringAssert.Contains("Assets/Scenes/Nope.unity", Fails("build_settings", new JObject { { "scenes", new JArray("Assets/Scenes/Nope.unity") }, { "confirm", true } }).Message);
        }

        [Test]
        public void SwitchTargetOnlyToAnInstalledOneWithConfirm()
        {
            var dry = Call("build_switch_target", new { platform = "webgl", dry_run = true });
            Assert.AreEqual("WebGL", (string)dry["target"]);
            Assert.IsFalse((bool)dry["switched"]);
            Assert.AreEqual("confirmation_required", Fails("build_switch_target", new { platform = "WebGL" }).Code);
            Assert.AreEqual(BuildTarget.StandaloneWindows64, EditorUserBuildSettings.activeBuildTarget);
            var f = Fails("build_switch_target", new { platform = "Android", confirm = true });
            Assert.AreEqual("unsupported_platform", f.Code);
            StringAssert.Contains("Unity Hub", f.Message);
            f = Fails("build_switch_target", new { platform = "Playstation", confirm = true });
            Assert.AreEqual("invalid_params", f.Code);
            StringAssert.Contains("StandaloneLinux64", f.Message);
            Assert.AreEqual(0, Builds.Switches.Count);

            var w = Call("build_switch_target", new { platform = "WebGL", confirm = true });
            Assert.IsTrue((bool)w["switched"]);
            Assert.AreEqual("WebGL", (string)w["active_target"]);
            Assert.AreEqual(BuildTarget.WebGL, EditorUserBuildSettings.activeBuildTarget);
            Assert.IsFalse((bool)Call("build_switch_target", new { platform = "WebGL", confirm = true })["switched"], "already there");
            CollectionAssert.AreEqual(new[] { BuildTarget.WebGL }, Builds.Switches);
        }

        [Test]
        public void BuildAnswersTheReportAndWritesThePlayer()
        {
            EditorBuildSettings.scenes = new[] { new EditorBuildSettingsScene("Assets/Scenes/Main.unity", true), new EditorBuildSettingsScene("Assets/Scenes/Level1.unity", false) };
            var r = Call("build_player", new { output_path = "Builds/Game.exe", development = true });
            Assert.IsTrue((bool)r["succeeded"], r.ToString());
            Assert.AreEqual("Succeeded", (string)r["result"]);
            Assert.AreEqual("StandaloneWindows64", (string)r["target"]);
            CollectionAssert.AreEqual(new[] { "Assets/Scenes/Main.unity" }, r["scenes"].ToObject<string[]>(), "the enabled scenes");
            Assert.AreEqual(2.0, (double)r["total_seconds"]);
            var exe = Path.Combine(Project, "Builds", "Game.exe");
            Assert.IsTrue(File.Exists(exe));
            Assert.AreEqual(new FileInfo(exe).Length + new FileInfo(Path.Combine(Project, "Builds", "Game_Data", "level0")).Length, (long)r["total_size_bytes"]);
            Assert.AreEqual((Project + "/Builds/Game.exe").Replace('\\', '/'), (string)r["output_path"]);
            var made = Builds.Made.Single();
            Assert.AreEqual(BuildOptions.Development | BuildOptions.AllowDebugging, made.options);

            var given = Call("build_player", new { output_path = "Builds/Level.exe", scenes = new[] { "Assets/Scenes/Level1.unity" } });
            CollectionAssert.AreEqual(new[] { "Assets/Scenes/Level1.unity" }, given["scenes"].ToObject<string[]>());
        }

        [Test]
        public void AFailedBuildIsAnAnswerWithItsErrors()
        {
            EditorBuildSettings.scenes = new[] { new EditorBuildSettingsScene("Assets/Scenes/Main.unity", true) };
            Builds.FailWith = "Assets/Scripts/Enemy.cs(12,5): error CS0103: The name 'speed' does not exist in the current context";
            var r = Call("build_player", new { output_path = "Builds/Game.exe" });
            Assert.IsFalse((bool)r["succeeded"]);
            Assert.AreEqual("Failed", (string)r["result"]);
            Assert.AreEqual(1, (int)r["error_count"]);
            StringAssert.Contains("CS0103", (string)r["errors"][0]["message"]);
            StringAssert.Contains("get-logs", (string)r["note"]);
            Assert.IsFalse(File.Exists(Path.Combine(Project, "Builds", "Game.exe")));
        }

        [Test]
        public void BuildRefusesWhatWouldFailOrHang()
        {
            Assert.AreEqual("invalid_params", Fails("build_player", new { output_path = "Builds/Game.exe" }).Code, "no enabled scene");
            EditorBuildSettings.scenes = new[] { new EditorBuildSettingsScene("Assets/Scenes/Main.unity", true) };
            Assert.AreEqual("not_found", Fails("build_player", new { output_path = "Builds/Game.exe", scenes = new[] { "Assets/Scenes/Gone.unity" } }).Code);
            Builds.Installed.Remove(BuildTarget.StandaloneWindows64);
            Assert.AreEqual("unsupported_platform", Fails("build_player", new { output_path = "Builds/Game.exe" }).Code);
            Builds.Installed.Add(BuildTarget.StandaloneWindows64);
            Builds.Building = true;
            Assert.AreEqual("busy", Fails("build_player", new { output_path = "Builds/Game.exe" }).Code);
            Assert.AreEqual("busy", Fails("build_switch_target", new { platform = "WebGL", confirm = true }).Code);
            Builds.Building = false;
            Assert.AreEqual(0, Builds.Made.Count);
        }
    }
}
