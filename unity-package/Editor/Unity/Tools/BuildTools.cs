using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using Newtonsoft.Json.Linq;
using UnityEditor;
#if UNITY_6000_0_OR_NEWER
using UnityEditor.Build.Profile;
#endif
using UnityEditor.Build.Reporting;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>build_settings, build_switch_target, build_player (isuzu's names). The scene
    /// list is EditorBuildSettings.scenes, which Unity saves in
    /// ProjectSettings/EditorBuildSettings.asset as it is set (UnityCsReference
    /// Editor/Mono/EditorBuildSettings.bindings.cs): not undoable, so a new list needs confirm
    /// and dry_run answers it checked. In Unity 6 an active Build Profile that overrides the
    /// global scenes owns the list, and EditorBuildSettings.scenes' setter only sets the
    /// profile's field (BuildProfile.cs, no SetDirty): the write goes to the profile, which is
    /// then saved, and the answer names it. A target switch reimports the project
    /// (EditorUserBuildSettings.SwitchActiveBuildTarget). A build is BuildPipeline.BuildPlayer,
    /// which holds the main thread until it ends; the daemon runs the call as an MCP task and
    /// reports its progress meanwhile. The answer is the BuildReport's result, errors, size
    /// and time. Unity answers no report at all (null) for what it refuses inside
    /// BuildPlayer, logging why: its build path rules are checked here first, with its words.
    /// Where the output goes is the agent's choice of where an executable lands, so without
    /// confirm only a new place under the project's Builds/ folder; never a hidden folder
    /// (.git/hooks would run it on the next pull); never Unity's own folders.</summary>
    public static class BuildTools
    {
        const int MaxScenes = 1000, MaxMessages = 20;
        /// <summary>The project folders DefaultBuildMethods.IsBuildPathValid refuses.</summary>
        static readonly string[] UnityFolders = { "Assets", "ProjectSettings", "Library", "Packages", "UserSettings" };
        /// <summary>The folder of the project a build may go to without confirm.</summary>
        const string BuildsFolder = "Builds";

        public static void Settings(ToolCall call)
        {
            var scenes = call.Args["scenes"];
            if (scenes == null || scenes.Type == JTokenType.Null)
            {
                call.Reply(State());
                return;
            }
            var list = SceneList(scenes);
            bool dry = Args.Bool(call, "dry_run", false);
            if (!dry && !Args.Bool(call, "confirm", false))
                throw new ToolException("confirmation_required", "the scene list is saved in ProjectSettings/EditorBuildSettings.asset and Undo does not take it back: pass confirm: true, or dry_run: true to check it first");
            var previous = Scenes(EditorBuildSettings.scenes);
            if (dry)
            {
                var d = new JObject { { "dry_run", true }, { "written", false }, { "scenes", Scenes(list) }, { "previous", previous } };
                var owner = ListOwner();
                if (owner != null) d["profile"] = owner;
                call.Reply(d);
                return;
            }
            var profile = WriteScenes(list);
            var res = State();
            res["written"] = true;
            res["previous"] = previous;
            if (profile != null) res["note"] = "written to the active Build Profile " + profile + ", which overrides the global scene list, and saved";
            call.Reply(res);
        }

        /// <summary>Writes the scene list where Unity builds from, and saves it: the active
        /// Build Profile's when it overrides the global list (its path is returned), else the
        /// global one (null).</summary>
        static string WriteScenes(EditorBuildSettingsScene[] list)
        {
#if UNITY_6000_0_OR_NEWER
            var profile = BuildProfile.GetActiveBuildProfile();
            if (profile != null && profile.overrideGlobalScenes)
            {
                profile.scenes = list;
                EditorUtility.SetDirty(profile);
                AssetDatabase.SaveAssetIfDirty(profile);
                return AssetDatabase.GetAssetPath(profile);
            }
            EditorBuildSettings.globalScenes = list;
            return null;
#else
            EditorBuildSettings.scenes = list;
            return null;
#endif
        }

        /// <summary>The asset path of the Build Profile whose scene list is in force, or null
        /// for the global list.</summary>
        static string ListOwner()
        {
#if UNITY_6000_0_OR_NEWER
            var profile = BuildProfile.GetActiveBuildProfile();
            if (profile != null && profile.overrideGlobalScenes) return AssetDatabase.GetAssetPath(profile);
#endif
            return null;
        }

        static JObject State()
        {
            var target = EditorUserBuildSettings.activeBuildTarget;
            var group = BuildPipeline.GetBuildTargetGroup(target);
            var res = new JObject
            {
                { "active_target", target.ToString() },
                { "target_group", group.ToString() },
                { "development", EditorUserBuildSettings.development },
                { "scenes", Scenes(EditorBuildSettings.scenes) },
            };
            var owner = ListOwner();
            if (owner != null) res["profile"] = owner;
            return res;
        }

        static JArray Scenes(EditorBuildSettingsScene[] scenes)
        {
            var a = new JArray();
            int index = 0;
            foreach (var s in scenes)
            {
                var e = new JObject { { "path", s.path }, { "enabled", s.enabled } };
                // Unity numbers only the enabled scenes (SceneManager.LoadScene(index)).
                if (s.enabled) e["build_index"] = index++;
                if (!AssetPaths.Exists(s.path)) e["missing"] = true;
                a.Add(e);
            }
            return a;
        }

        /// <summary>The list scenes gives, checked whole: each a .unity file of the project,
        /// each once.</summary>
        static EditorBuildSettingsScene[] SceneList(JToken scenes)
        {
            var a = scenes as JArray;
            if (a == null) throw new ToolException("invalid_params", "scenes must be a list of scene paths or {\"path\", \"enabled\"} objects, e.g. [\"Assets/Scenes/Main.unity\"]");
            if (a.Count > MaxScenes) throw new ToolException("invalid_params", "scenes has " + a.Count + " entries; at most " + MaxScenes);
            var list = new List<EditorBuildSettingsScene>();
            var seen = new HashSet<string>(StringComparer.Ordinal);
            foreach (var t in a)
            {
                string path;
                bool enabled = true;
                if (t.Type == JTokenType.String) path = (string)t;
                else if (t is JObject && ((JObject)t)["path"] != null && ((JObject)t)["path"].Type == JTokenType.String)
                {
                    path = (string)t["path"];
                    var en = ((JObject)t)["enabled"];
                    if (en != null && en.Type != JTokenType.Boolean) throw new ToolException("invalid_params", "scenes: \"enabled\" of " + path + " must be true or false");
                    if (en != null) enabled = (bool)en;
                }
                else throw new ToolException("invalid_params", "scenes: " + t.ToString(Newtonsoft.Json.Formatting.None) + " is neither a path nor {\"path\", \"enabled\"}");
                path = path.Trim().Replace('\\', '/');
                if (!path.EndsWith(".unity", StringComparison.Ordinal) || !AssetPaths.Exists(path))
                    throw new ToolException("not_found", "scenes: " + path + " is not a scene of this project (scene_list or asset_find with type \"Scene\" gives their paths)");
                if (!seen.Add(path)) throw new ToolException("invalid_params", "scenes: " + path + " is listed twice");
                list.Add(new EditorBuildSettingsScene(path, enabled));
            }
            return list.ToArray();
        }

        public static void SwitchTarget(ToolCall call)
        {
            var target = Target(Args.Str(call, "platform", ""));
            var group = BuildPipeline.GetBuildTargetGroup(target);
            var from = EditorUserBuildSettings.activeBuildTarget;
            var res = new JObject { { "from", from.ToString() }, { "target", target.ToString() } };
            if (!BuildPipeline.IsBuildTargetSupported(group, target))
                throw new ToolException("unsupported_platform", target + " is not installed in this Editor: add its module with Unity Hub (Installs > the Editor > Add modules), then call again");
            if (from == target)
            {
                res["switched"] = false;
                res["note"] = "already the active target";
                call.Reply(res);
                return;
            }
            if (Args.Bool(call, "dry_run", false))
            {
                res["dry_run"] = true;
                res["switched"] = false;
                res["note"] = "switching reimports the assets for " + target + " and reloads the scripts";
                call.Reply(res);
                return;
            }
            if (!Args.Bool(call, "confirm", false))
                throw new ToolException("confirmation_required", "switching to " + target + " reimports the project: pass confirm: true");
            if (BuildPipeline.isBuildingPlayer) throw new ToolException("busy", "a player build is running; switch after it ends");
            if (!EditorUserBuildSettings.SwitchActiveBuildTarget(group, target))
                throw new ToolException("editor_error", "Unity did not switch to " + target + "; get-logs with LogType Error says why");
            res["switched"] = true;
            res["active_target"] = EditorUserBuildSettings.activeBuildTarget.ToString();
            call.Reply(res);
        }

        /// <summary>A BuildTarget by name (case-insensitive); obsolete ones are refused.</summary>
        static BuildTarget Target(string name)
        {
            name = name.Trim();
            var known = new List<string>();
            foreach (var f in typeof(BuildTarget).GetFields(BindingFlags.Public | BindingFlags.Static))
            {
                if (f.IsDefined(typeof(ObsoleteAttribute), false) || f.Name == "NoTarget") continue;
                if (f.Name.Equals(name, StringComparison.OrdinalIgnoreCase)) return (BuildTarget)f.GetValue(null);
                known.Add(f.Name);
            }
            throw new ToolException("invalid_params", "platform \"" + name + "\" is not a build target; targets: " + string.Join(", ", known.ToArray()));
        }

        public static void BuildPlayer(ToolCall call)
        {
            bool dry = Args.Bool(call, "dry_run", false);
            var output = Output(Args.Str(call, "output_path", ""));
            string[] scenes;
            var given = Args.StrList(call, "scenes");
            if (given.Count > 0)
            {
                var list = SceneList(new JArray(given.ToArray()));
                scenes = Array.ConvertAll(list, s => s.path);
            }
            else scenes = EditorBuildSettingsScene.GetActiveSceneList(EditorBuildSettings.scenes);
            if (scenes.Length == 0)
                throw new ToolException("invalid_params", "no scenes to build: the build settings enable none (build_settings with scenes and confirm sets them), or pass scenes");
            var target = EditorUserBuildSettings.activeBuildTarget;
            var group = BuildPipeline.GetBuildTargetGroup(target);
            if (!BuildPipeline.IsBuildTargetSupported(group, target))
                throw new ToolException("unsupported_platform", target + " is not installed in this Editor: add its module with Unity Hub, or build_switch_target to one that is");
            bool exists = OutputExists(output);
            var why = ConfirmNeeded(output, exists);
            if (dry)
            {
                var res = new JObject { { "dry_run", true }, { "target", target.ToString() }, { "scenes", new JArray(scenes) }, { "output_path", output }, { "exists", exists }, { "confirm_needed", why != null } };
                if (why != null) res["why"] = why;
                call.Reply(res);
                return;
            }
            if (why != null && !Args.Bool(call, "confirm", false))
                throw new ToolException("confirmation_required", why + ": pass confirm: true to build there, or give a new path under Builds/ (dry_run: true answers what the build would do)");
            if (BuildPipeline.isBuildingPlayer) throw new ToolException("busy", "a player build is running; wait for it to end");
            if (EditorApplication.isCompiling) throw new ToolException("busy", "scripts are compiling; build after they finish (compile waits for that)");
            if (EditorApplication.isPlaying) throw new ToolException("invalid_state", "the Editor is in Play Mode; stop it (control-play-mode Action Stop), then build");
            bool dev = Args.Bool(call, "development", false);
            var options = new BuildPlayerOptions
            {
                scenes = scenes,
                locationPathName = output,
                target = target,
                targetGroup = group,
                options = dev ? BuildOptions.Development | BuildOptions.AllowDebugging : BuildOptions.None,
            };
            BuildReport report;
            try { report = BuildPipeline.BuildPlayer(options); }
            catch (InvalidOperationException e) { throw new ToolException("busy", "Unity did not start the build: " + e.Message); }
            catch (ArgumentException e) { throw new ToolException("invalid_params", "Unity refused the build: " + e.Message); }
            // BuildPlayer catches what it refuses inside (an ArgumentException of its own
            // checks), logs it, and answers null instead of a report.
            if (report == null)
                throw new ToolException("editor_error", "Unity refused the build without a report (BuildPipeline.BuildPlayer answered null); the Console says why: get-logs with LogType Error");
            call.Reply(Report(report, scenes));
        }

        static JObject Report(BuildReport report, string[] scenes)
        {
            var s = report.summary;
            var errors = new JArray();
            int warnings = 0;
            foreach (var step in report.steps ?? new BuildStep[0])
                foreach (var m in step.messages ?? new BuildStepMessage[0])
                {
                    if (m.type == LogType.Warning) warnings++;
                    if ((m.type == LogType.Error || m.type == LogType.Exception || m.type == LogType.Assert) && errors.Count < MaxMessages)
                        errors.Add(new JObject { { "step", step.name }, { "message", m.content } });
                }
            var res = new JObject
            {
                { "result", s.result.ToString() },
                { "succeeded", s.result == BuildResult.Succeeded },
                { "target", s.platform.ToString() },
                { "output_path", s.outputPath },
                { "total_size_bytes", s.totalSize },
                { "total_seconds", Math.Round(s.totalTime.TotalSeconds, 1) },
                { "error_count", s.totalErrors },
                { "warning_count", s.totalWarnings },
                { "errors", errors },
                { "scenes", new JArray(scenes) },
            };
            if (s.result != BuildResult.Succeeded) res["note"] = "the build did not succeed; errors has the first " + MaxMessages + " messages, get-logs the rest";
            return res;
        }

        /// <summary>Where the player goes, as a full path with '/': relative paths are under the
        /// project folder. Refused whatever confirm says: a hidden folder or file anywhere in
        /// the path (for a path in the project, anywhere below the project folder), and what Unity's
        /// DefaultBuildMethods.IsBuildPathValid refuses (BuildPlayerWindowBuildMethods.cs
        /// 6000.0 ~431-474, with its substring test: "AssetsX" counts as Assets), since
        /// BuildPlayer would refuse it with no report.</summary>
        static string Output(string raw)
        {
            raw = raw.Trim();
            if (raw.Length == 0) throw new ToolException("invalid_params", "output_path is required, e.g. \"Builds/Game.exe\" (the player's file; its data folder goes beside it)");
            string full;
            try { full = Path.GetFullPath(Path.IsPathRooted(raw) ? raw : Path.Combine(ProjectPaths.Root, raw)); }
            catch (Exception e) { throw new ToolException("invalid_params", "output_path \"" + raw + "\" is not a valid path: " + e.Message); }
            full = ProjectPaths.Slash(full).TrimEnd('/');
            var root = Root();
            var rel = Inside(full, root) ? full.Substring(root.Length + 1) : full;
            foreach (var seg in rel.Split('/'))
                if (seg.StartsWith(".", StringComparison.Ordinal))
                    throw new ToolException("invalid_params", "output_path " + full + " goes through \"" + seg + "\", a hidden folder or file: a player there can run unasked (.git/hooks runs on the next git pull) or be missed; use a folder of its own, e.g. \"Builds/Game.exe\"");
            foreach (var f in UnityFolders)
                if (full.IndexOf(root + "/" + f, StringComparison.OrdinalIgnoreCase) >= 0)
                    throw new ToolException("invalid_params", "output_path " + full + " is refused by Unity: the '" + f + "' directory is an internal work directory of Unity and projects should not be built inside it (any path containing " + root + "/" + f + "); use a folder of its own, e.g. \"Builds/Game.exe\"");
            if (full.Equals(root, StringComparison.OrdinalIgnoreCase))
                throw new ToolException("invalid_params", "output_path \"" + raw + "\" is the project folder itself, which Unity refuses; give a file in a folder of its own, e.g. \"Builds/Game.exe\"");
            var desktop = ProjectPaths.Slash(Environment.GetFolderPath(Environment.SpecialFolder.Desktop)).TrimEnd('/');
            if (desktop.Length > 0 && full.Equals(desktop, StringComparison.OrdinalIgnoreCase))
                throw new ToolException("invalid_params", "output_path " + full + " is the Desktop itself, which Unity refuses; give a folder in it, e.g. " + desktop + "/MyGame/Game.exe");
            return full;
        }

        static string Root() { return ProjectPaths.Slash(Path.GetFullPath(ProjectPaths.Root)).TrimEnd('/'); }

        static bool Inside(string full, string root)
        {
            var cmp = Application.platform == RuntimePlatform.LinuxEditor ? StringComparison.Ordinal : StringComparison.OrdinalIgnoreCase;
            return full.StartsWith(root + "/", cmp);
        }

        /// <summary>Whether a build at output would replace something: the player's file or
        /// folder (WebGL, a .app), or the "_Data" folder a Windows or Linux player has beside
        /// it.</summary>
        static bool OutputExists(string output)
        {
            if (File.Exists(output) || Directory.Exists(output)) return true;
            var dir = Path.GetDirectoryName(output);
            return !string.IsNullOrEmpty(dir) && Directory.Exists(Path.Combine(dir, Path.GetFileNameWithoutExtension(output) + "_Data"));
        }

        /// <summary>Why a build at output needs confirm, or null: anywhere but a new place
        /// under the project's Builds/ folder.</summary>
        static string ConfirmNeeded(string output, bool exists)
        {
            var root = Root();
            var inBuilds = output.StartsWith(root + "/" + BuildsFolder + "/", StringComparison.Ordinal);
            if (!inBuilds)
                return "output_path " + output + " is outside the project's " + BuildsFolder + "/ folder (" + root + "/" + BuildsFolder + "), the one place a build goes unasked";
            if (exists) return "output_path " + output + " exists (an earlier build?): the build replaces it";
            return null;
        }
    }
}
