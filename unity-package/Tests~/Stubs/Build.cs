// Behavioural fake of the build settings and the player build (UnityCsReference, branch
// 2022.3; the same members in 6000.0-6000.7, where BuildPipeline, BuildTarget,
// BuildTargetGroup and BuildPlayerOptions moved under Editor/Mono/BuildPipeline/):
// - EditorBuildSettings.scenes (Editor/Mono/EditorBuildSettings.bindings.cs): a copy of the
//   scene list on each get; a set replaces the list and Unity saves it in
//   ProjectSettings/EditorBuildSettings.asset (the fake writes "enabled path" lines there).
//   EditorBuildSettingsScene.path turns '\' into '/'.
// - From 6000.0 on, an active Build Profile (Editor/Mono/BuildProfile/BuildProfile.cs,
//   BuildProfileAPI.cs; 6000.5: BuildProfile.API.cs) that overrides the global scenes owns the
//   list: EditorBuildSettings.scenes reads the profile's and a set goes to
//   BuildProfile.scenes, which only sets the field (BuildProfile.cs 6000.3 ~103-121: no
//   SetDirty, no save), so the list is lost with the Editor unless the profile asset is saved.
//   EditorBuildSettings.globalScenes reads and writes the global list whatever the profile.
//   The fake's profile is an asset (AssetDatabase.CreateAsset) a test makes active
//   (Builds.Profile).
// - EditorUserBuildSettings.activeBuildTarget / SwitchActiveBuildTarget
//   (Editor/Mono/EditorUserBuildSettings.bindings.cs): a switch to a target whose module is
//   not installed, or with a group that is not the target's, answers false and changes
//   nothing; a switch reimports the assets for the new target (the fake counts Switches).
// - BuildPipeline (Editor/Mono/BuildPipeline.bindings.cs): GetBuildTargetGroup,
//   IsBuildTargetSupported (the fake's installed modules: Builds.Installed), isBuildingPlayer,
//   BuildPlayer(BuildPlayerOptions), which throws InvalidOperationException while a build is
//   running ("Cannot start a new build because there is already a build in progress.", as
//   BuildPlayer's check does) and ArgumentException for an empty location
//   (ValidateLocationPathNameForBuildTarget). What BuildPlayerInternal refuses with an
//   ArgumentException is caught there: Unity logs it (Debug.LogException) and BuildPlayer
//   answers null, with no report (6000.0 BuildPipeline.bindings.cs ~368-425; 6000.5
//   BuildPipeline/BuildPipeline.bindings.cs ~258-290). So does the fake, for a location
//   DefaultBuildMethods.IsBuildPathValid refuses (BuildPlayerWindowBuildMethods.cs 6000.0
//   ~431-474: a path containing the project's Assets, ProjectSettings, Library, Packages or
//   UserSettings folder as a substring, any case; the project folder; the Desktop) and for a
//   test's Builds.ThrowInside. Otherwise it answers a BuildReport
//   (Modules/BuildReportingEditor/Managed: BuildReport.bindings.cs, BuildSummary.cs,
//   BuildStep.cs, BuildStepMessage.cs, BuildResult.cs). A build fails, writing nothing, when
//   a scene is not a scene of the project, the target is not installed, or a test sets
//   Builds.FailWith (what a script error in the player's compile would say); it writes the
//   player file at locationPathName and a "<name>_Data" folder with a level file per scene
//   (Manual "Content output of a build"). Its time is the fake's: 2 s a scene.
using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using UnityEditor.Build.Reporting;
using UnityEngine;

namespace UnityEditor
{
    // UnityCsReference: Editor/Mono/BuildTarget.cs (a few of its members)
    public enum BuildTarget
    {
        StandaloneOSX = 2,
        StandaloneWindows = 5,
        iOS = 9,
        Android = 13,
        StandaloneWindows64 = 19,
        WebGL = 20,
        StandaloneLinux64 = 24,
        NoTarget = -2,
    }

    // UnityCsReference: Editor/Mono/BuildTargetGroup.cs (a few of its members)
    public enum BuildTargetGroup
    {
        Unknown = 0,
        Standalone = 1,
        iOS = 4,
        Android = 7,
        WebGL = 13,
    }

    // UnityCsReference: Editor/Mono/BuildPipeline.bindings.cs (enum BuildOptions, a few members)
    [Flags]
    public enum BuildOptions
    {
        None = 0,
        Development = 1 << 0,
        AllowDebugging = 1 << 9,
    }

    // UnityCsReference: Editor/Mono/BuildPipeline.bindings.cs (struct BuildPlayerOptions)
    public struct BuildPlayerOptions
    {
        public string[] scenes { get; set; }
        public string locationPathName { get; set; }
        public BuildTargetGroup targetGroup { get; set; }
        public BuildTarget target { get; set; }
        public BuildOptions options { get; set; }
    }

    // UnityCsReference: Editor/Mono/EditorBuildSettings.bindings.cs
    public class EditorBuildSettingsScene : IComparable
    {
        bool m_enabled;
        string m_path = "";
        public EditorBuildSettingsScene() { }
        public EditorBuildSettingsScene(string path, bool enabled) { this.path = path; this.enabled = enabled; }
        public bool enabled { get { return m_enabled; } set { m_enabled = value; } }
        public string path { get { return m_path; } set { m_path = value.Replace("\\", "/"); } }
        public int CompareTo(object obj) { throw new NotImplementedException(); }

        // GetActiveSceneList: the paths of the enabled scenes, in order.
        public static string[] GetActiveSceneList(EditorBuildSettingsScene[] scenes)
        {
            var list = new List<string>();
            foreach (var s in scenes) if (s.enabled) list.Add(s.path);
            return list.ToArray();
        }
    }

    // UnityCsReference: Editor/Mono/EditorBuildSettings.bindings.cs
    public partial class EditorBuildSettings : UnityEngine.Object
    {
        private EditorBuildSettings() { }

        public static EditorBuildSettingsScene[] scenes
        {
#if UNITY_6000_0_OR_NEWER
            get { return Builds.Profile != null && Builds.Profile.overrideGlobalScenes ? Builds.Copy(Builds.Profile.scenes) : globalScenes; }
            set
            {
                if (Builds.Profile != null && Builds.Profile.overrideGlobalScenes) Builds.Profile.scenes = value;
                else globalScenes = value;
            }
#else
            get { return Builds.Copy(Builds.Scenes); }
            set { Builds.SetGlobal(value); }
#endif
        }

#if UNITY_6000_0_OR_NEWER
        public static EditorBuildSettingsScene[] globalScenes
        {
            get { return Builds.Copy(Builds.Scenes); }
            set { Builds.SetGlobal(value); }
        }
#endif
    }

    // UnityCsReference: Editor/Mono/EditorUserBuildSettings.bindings.cs
    public partial class EditorUserBuildSettings
    {
        public static BuildTarget activeBuildTarget { get { return Builds.Active; } }
        public static bool development { get { return Builds.Development; } set { Builds.Development = value; } }

        public static bool SwitchActiveBuildTarget(BuildTargetGroup targetGroup, BuildTarget target)
        {
            if (!BuildPipeline.IsBuildTargetSupported(targetGroup, target) || BuildPipeline.GetBuildTargetGroup(target) != targetGroup) return false;
            if (Builds.Active != target) Builds.Switches.Add(target);
            Builds.Active = target;
            return true;
        }
    }

    // UnityCsReference: Editor/Mono/BuildPipeline.bindings.cs
    public partial class BuildPipeline
    {
        public static bool isBuildingPlayer { get { return Builds.Building; } }

        public static BuildTargetGroup GetBuildTargetGroup(BuildTarget platform)
        {
            switch (platform)
            {
                case BuildTarget.StandaloneOSX: case BuildTarget.StandaloneWindows: case BuildTarget.StandaloneWindows64: case BuildTarget.StandaloneLinux64: return BuildTargetGroup.Standalone;
                case BuildTarget.iOS: return BuildTargetGroup.iOS;
                case BuildTarget.Android: return BuildTargetGroup.Android;
                case BuildTarget.WebGL: return BuildTargetGroup.WebGL;
                default: return BuildTargetGroup.Unknown;
            }
        }

        public static bool IsBuildTargetSupported(BuildTargetGroup buildTargetGroup, BuildTarget target)
        {
            return Builds.Installed.Contains(target) && GetBuildTargetGroup(target) == buildTargetGroup;
        }

        public static BuildReport BuildPlayer(BuildPlayerOptions buildPlayerOptions)
        {
            if (Builds.Building) throw new InvalidOperationException("Cannot start a new build because there is already a build in progress.");
            if (string.IsNullOrEmpty(buildPlayerOptions.locationPathName)) throw new ArgumentException("The 'locationPathName' parameter for BuildPipeline.BuildPlayer should not be null or empty.");
            try
            {
                string msg;
                if (!Builds.IsBuildPathValid(buildPlayerOptions.locationPathName, out msg))
                    throw new ArgumentException("Invalid build path: '" + buildPlayerOptions.locationPathName + "'. " + msg);
                if (Builds.ThrowInside != null) throw new ArgumentException(Builds.ThrowInside);
                Builds.Building = true;
                try { return Builds.Build(buildPlayerOptions); }
                finally { Builds.Building = false; }
            }
            catch (ArgumentException e)
            {
                Debug.LogException(e);
                Builds.Logged.Add(e.Message);
                return null;
            }
        }
    }

    /// <summary>The fake's build state: the scene list, the active target, the installed
    /// modules, and the builds made.</summary>
    internal static class Builds
    {
        internal static EditorBuildSettingsScene[] Scenes = new EditorBuildSettingsScene[0];
        internal static BuildTarget Active;
        internal static bool Development, Building;
        internal static readonly HashSet<BuildTarget> Installed = new HashSet<BuildTarget>();
        internal static readonly List<BuildTarget> Switches = new List<BuildTarget>();
        internal static readonly List<BuildPlayerOptions> Made = new List<BuildPlayerOptions>();
        /// <summary>When set, the next builds fail with this error (a script error in the
        /// player's compile).</summary>
        internal static string FailWith;
        /// <summary>Called while a build runs (a test's look at the Editor mid-build).</summary>
        internal static Action During;
        /// <summary>When set, BuildPlayerInternal refuses the next builds with an
        /// ArgumentException of this message (what Unity's native checks throw).</summary>
        internal static string ThrowInside;
        /// <summary>What BuildPlayer logged with Debug.LogException before answering null.</summary>
        internal static readonly List<string> Logged = new List<string>();
#if UNITY_6000_0_OR_NEWER
        /// <summary>The active Build Profile (BuildProfileContext.activeProfile), null for a
        /// classic platform.</summary>
        internal static UnityEditor.Build.Profile.BuildProfile Profile;
#endif

        internal static void Reset()
        {
            Scenes = new EditorBuildSettingsScene[0];
            Active = BuildTarget.StandaloneWindows64;
            Development = Building = false;
            Installed.Clear();
            Installed.UnionWith(new[] { BuildTarget.StandaloneWindows64, BuildTarget.StandaloneLinux64, BuildTarget.StandaloneOSX, BuildTarget.WebGL });
            Switches.Clear();
            Made.Clear();
            FailWith = null;
            During = null;
            ThrowInside = null;
            Logged.Clear();
#if UNITY_6000_0_OR_NEWER
            Profile = null;
#endif
        }

        internal static void SetGlobal(EditorBuildSettingsScene[] value)
        {
            Scenes = Copy(value ?? new EditorBuildSettingsScene[0]);
            SaveScenes();
        }

        // BuildPlayerWindow.DefaultBuildMethods.IsBuildPathValid, as Unity writes it (the
        // substring test included: "<project>/AssetsX" is refused as Assets).
        internal static bool IsBuildPathValid(string path, out string errorMessage)
        {
            errorMessage = null;
            var cleaned = Normalize(path);
            var basePath = Normalize(Application.dataPath + "/../");
            foreach (var dir in new[] { "Assets", "ProjectSettings", "Library", "Packages", "UserSettings" })
                if (cleaned.IndexOf(Normalize(basePath + "/" + dir), StringComparison.OrdinalIgnoreCase) >= 0)
                {
                    errorMessage = "The '" + dir + "' directory is an internal work directory of Unity and projects should not be built inside it. Please choose another directory for the build output.";
                    return false;
                }
            if (cleaned.Equals(basePath, StringComparison.OrdinalIgnoreCase))
            {
                errorMessage = "The project root directory should not be used as a build output directory. Please create a subdirectory for the build output.";
                return false;
            }
            if (cleaned.Equals(Normalize(Environment.GetFolderPath(Environment.SpecialFolder.Desktop)), StringComparison.OrdinalIgnoreCase))
            {
                errorMessage = "The desktop directory should not be used as a build output directory. Please create a subdirectory for the build output.";
                return false;
            }
            return true;
        }

        // DefaultBuildMethods.NormalizePath: one trailing separator off, full, '/'.
        static string Normalize(string path)
        {
            var full = path ?? "";
            if (full.EndsWith("/") || full.EndsWith("\\")) full = full.Remove(full.Length - 1);
            full = full.Length == 0 ? "" : Path.GetFullPath(full);
            return full.Replace('\\', '/');
        }

        static Builds() { Reset(); }

        internal static EditorBuildSettingsScene[] Copy(EditorBuildSettingsScene[] list)
        {
            return Array.ConvertAll(list, s => new EditorBuildSettingsScene(s.path, s.enabled));
        }

        internal static void SaveScenes()
        {
            if (string.IsNullOrEmpty(Application.dataPath)) return;
            var full = Path.Combine(Path.GetDirectoryName(Application.dataPath), "ProjectSettings", "EditorBuildSettings.asset");
            Directory.CreateDirectory(Path.GetDirectoryName(full));
            var b = new StringBuilder();
            foreach (var s in Scenes) b.Append(s.enabled ? "1 " : "0 ").Append(s.path).Append('\n');
            File.WriteAllText(full, b.ToString());
        }

        internal static BuildReport Build(BuildPlayerOptions o)
        {
            Made.Add(o);
            if (During != null) During();
            var errors = new List<string>();
            var scenes = o.scenes ?? new string[0];
            foreach (var s in scenes)
                if (!s.EndsWith(".unity", StringComparison.Ordinal) || !File.Exists(UnityEditor.AssetDatabase.Full(s)))
                    errors.Add("Scene '" + s + "' couldn't be loaded because it has not been added to the build settings or the AssetBundle has not been loaded.");
            if (!BuildPipeline.IsBuildTargetSupported(o.targetGroup, o.target)) errors.Add("Build target " + o.target + " is not supported: its module is not installed.");
            if (string.IsNullOrEmpty(o.locationPathName)) errors.Add("The build location path is empty.");
            if (FailWith != null) errors.Add(FailWith);
            var report = new BuildReport();
            var seconds = 2.0 * scenes.Length;
            var messages = new List<BuildStepMessage>();
            foreach (var e in errors) messages.Add(new BuildStepMessage { fakeType = LogType.Error, fakeContent = e });
            ulong size = 0;
            if (errors.Count == 0)
            {
                if (o.target != Active) { Switches.Add(o.target); Active = o.target; }
                var exe = o.locationPathName;
                Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(exe)));
                var player = Encoding.UTF8.GetBytes("unitymcp fake player for " + o.target + ((o.options & BuildOptions.Development) != 0 ? " (development)" : "") + "\n");
                File.WriteAllBytes(exe, player);
                size += (ulong)player.Length;
                var data = Path.Combine(Path.GetDirectoryName(Path.GetFullPath(exe)), Path.GetFileNameWithoutExtension(exe) + "_Data");
                Directory.CreateDirectory(data);
                for (int i = 0; i < scenes.Length; i++)
                {
                    var level = File.ReadAllBytes(UnityEditor.AssetDatabase.Full(scenes[i]));
                    File.WriteAllBytes(Path.Combine(data, "level" + i), level);
                    size += (ulong)level.Length;
                }
            }
            report.fakeSteps = new[] { new BuildStep { fakeName = "Build player", fakeDuration = TimeSpan.FromSeconds(seconds), fakeMessages = messages.ToArray() } };
            report.fakeSummary = new BuildSummary
            {
                fakeResult = errors.Count == 0 ? BuildResult.Succeeded : BuildResult.Failed,
                fakeTotalSize = size,
                fakeTotalTime = TimeSpan.FromSeconds(seconds),
                fakeErrors = errors.Count,
                fakeOutputPath = o.locationPathName,
                fakePlatform = o.target,
            };
            return report;
        }
    }
}

namespace UnityEditor.Build.Reporting
{
    // UnityCsReference: Modules/BuildReportingEditor/Managed/BuildResult.cs
    public enum BuildResult
    {
        Unknown = 0,
        Succeeded = 1,
        Failed = 2,
        Cancelled = 3,
    }

    // UnityCsReference: Modules/BuildReportingEditor/Managed/BuildStepMessage.cs
    public struct BuildStepMessage
    {
        internal LogType fakeType;
        internal string fakeContent;
        public LogType type { get { return fakeType; } }
        public string content { get { return fakeContent; } }
    }

    // UnityCsReference: Modules/BuildReportingEditor/Managed/BuildStep.cs
    public struct BuildStep
    {
        internal string fakeName;
        internal TimeSpan fakeDuration;
        internal BuildStepMessage[] fakeMessages;
        public string name { get { return fakeName; } }
        public TimeSpan duration { get { return fakeDuration; } }
        public BuildStepMessage[] messages { get { return fakeMessages; } }
        public int depth { get { return 0; } }
    }

    // UnityCsReference: Modules/BuildReportingEditor/Managed/BuildSummary.cs
    public struct BuildSummary
    {
        internal BuildResult fakeResult;
        internal ulong fakeTotalSize;
        internal TimeSpan fakeTotalTime;
        internal int fakeErrors, fakeWarnings;
        internal string fakeOutputPath;
        internal BuildTarget fakePlatform;
        public BuildTarget platform { get { return fakePlatform; } }
        public string outputPath { get { return fakeOutputPath; } }
        public ulong totalSize { get { return fakeTotalSize; } }
        public TimeSpan totalTime { get { return fakeTotalTime; } }
        public int totalErrors { get { return fakeErrors; } }
        public int totalWarnings { get { return fakeWarnings; } }
        public BuildResult result { get { return fakeResult; } }
    }

    // UnityCsReference: Modules/BuildReportingEditor/Managed/BuildReport.bindings.cs
    public sealed class BuildReport : UnityEngine.Object
    {
        internal BuildStep[] fakeSteps = new BuildStep[0];
        internal BuildSummary fakeSummary;
        internal BuildReport() { }
        public BuildStep[] steps { get { return fakeSteps; } }
        public BuildSummary summary { get { return fakeSummary; } }
    }
}

#if UNITY_6000_0_OR_NEWER
namespace UnityEditor.Build.Profile
{
    // UnityCsReference: Editor/Mono/BuildProfile/BuildProfile.cs (overrideGlobalScenes, scenes)
    // and BuildProfileAPI.cs (6000.5: BuildProfile.API.cs; GetActiveBuildProfile). The scenes
    // setter sets the field and nothing more: the asset is dirtied and saved by whoever wants
    // the change kept.
    public sealed partial class BuildProfile : ScriptableObject
    {
        private bool m_OverrideGlobalSceneList;
        private EditorBuildSettingsScene[] m_Scenes = new EditorBuildSettingsScene[0];

        public bool overrideGlobalScenes { get { return m_OverrideGlobalSceneList; } set { m_OverrideGlobalSceneList = value; } }

        public EditorBuildSettingsScene[] scenes
        {
            get { return m_Scenes; }
            set { m_Scenes = value; }
        }

        // Null when a classic platform is active.
        public static BuildProfile GetActiveBuildProfile() { return Builds.Profile; }
    }
}
#endif
