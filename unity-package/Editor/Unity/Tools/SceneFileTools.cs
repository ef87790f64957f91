using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.SceneManagement;
using UnityEngine.SceneManagement;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>scene_list, scene_open, scene_create, scene_save (isuzu's names). None of them
    /// ever opens a dialog or loses work without being told: opening or creating a scene in
    /// place of the loaded ones refuses while they have unsaved changes (unless
    /// discard_changes), saving an Untitled scene needs a path (Unity would ask in a Save
    /// dialog), Save As over another file needs overwrite, and a missing folder under Assets/
    /// is created and named in the answer. Opening a scene clears the Editor's Undo history,
    /// as Unity does, so these are not undo steps and cannot run in a batch.</summary>
    public static class SceneFileTools
    {
        public static void List(ToolCall call)
        {
            var loaded = new JArray();
            var active = SceneManager.GetActiveScene();
            for (int i = 0; i < SceneManager.sceneCount; i++) loaded.Add(Describe(SceneManager.GetSceneAt(i), i, active));
            var project = new List<string>();
            foreach (var guid in AssetDatabase.FindAssets("t:Scene"))
            {
                var p = AssetDatabase.GUIDToAssetPath(guid);
                if (p.StartsWith("Assets/", StringComparison.Ordinal)) project.Add(p);
            }
            project.Sort(StringComparer.Ordinal);
            var files = new JArray();
            foreach (var p in project.GetRange(0, Math.Min(project.Count, 500))) files.Add(p);
            call.Reply(new JObject { { "loaded", loaded }, { "project", files }, { "project_total", project.Count } });
        }

        static JObject Describe(Scene s, int index, Scene active)
        {
            var o = new JObject { { "index", index }, { "name", s.name }, { "path", s.path }, { "dirty", s.isDirty }, { "loaded", s.isLoaded }, { "active", s == active } };
            if (s.isLoaded) o["roots"] = s.rootCount;
            return o;
        }

        public static void Open(ToolCall call)
        {
            var path = ScenePath(Args.Str(call, "path", ""), "path");
            bool additive = Args.Bool(call, "additive", false);
            if (!System.IO.File.Exists(AbsolutePath(path)))
                throw new ToolException("not_found", "no scene file at " + path + Closest(path));
            if (!additive) RefuseUnsaved(call, "opening " + path);
            var scene = EditorSceneManager.OpenScene(path, additive ? OpenSceneMode.Additive : OpenSceneMode.Single);
            call.Reply(new JObject { { "opened", Describe(scene, IndexOf(scene), SceneManager.GetActiveScene()) }, { "additive", additive } });
        }

        public static void Create(ToolCall call)
        {
            bool additive = Args.Bool(call, "additive", false);
            bool empty = Args.Bool(call, "empty", false);
            var raw = Args.Str(call, "path", "");
            string path = raw.Length > 0 ? ScenePath(raw, "path") : null;
            if (path != null && System.IO.File.Exists(AbsolutePath(path)) && !Args.Bool(call, "overwrite", false))
                throw new ToolException("already_exists", path + " exists; choose another path, or pass overwrite: true to replace that file");
            if (!additive) RefuseUnsaved(call, "creating a scene");
            var created = path != null ? EnsureFolder(path) : new JArray();
            var scene = EditorSceneManager.NewScene(empty ? NewSceneSetup.EmptyScene : NewSceneSetup.DefaultGameObjects, additive ? NewSceneMode.Additive : NewSceneMode.Single);
            if (path != null && !EditorSceneManager.SaveScene(scene, path))
                throw new ToolException("editor_error", "the new scene was created but not saved to " + path + "; the Console says why (save it with scene_save)");
            var res = new JObject { { "created", Describe(scene, IndexOf(scene), SceneManager.GetActiveScene()) } };
            if (created.Count > 0) res["created_folders"] = created;
            call.Reply(res);
        }

        public static void Save(ToolCall call)
        {
            var raw = Args.Str(call, "path", "");
            int index = Args.Has(call, "scene_index") ? Args.Int(call, "scene_index", 0) : IndexOf(SceneManager.GetActiveScene());
            if (index < 0 || index >= SceneManager.sceneCount) throw new ToolException("invalid_params", "scene_index " + index + " is out of range: " + SceneManager.sceneCount + " scene(s) are loaded (scene_list)");
            var scene = SceneManager.GetSceneAt(index);
            string path = raw.Length > 0 ? ScenePath(raw, "path") : scene.path;
            if (path.Length == 0)
                throw new ToolException("invalid_params", "the scene is Untitled: give path (e.g. \"Assets/Scenes/" + (scene.name.Length > 0 ? scene.name : "Main") + ".unity\") to save it; Unity would otherwise open a Save dialog");
            if (path != scene.path && System.IO.File.Exists(AbsolutePath(path)) && !Args.Bool(call, "overwrite", false))
                throw new ToolException("already_exists", path + " is another scene file; pass overwrite: true to replace it, or choose another path");
            var created = EnsureFolder(path);
            if (!EditorSceneManager.SaveScene(scene, path == scene.path ? "" : path))
                throw new ToolException("editor_error", "Unity did not save the scene to " + path + " (is the file read-only?); the Console says why");
            var res = new JObject { { "saved", Describe(scene, index, SceneManager.GetActiveScene()) }, { "guid", AssetDatabase.AssetPathToGUID(path) } };
            if (created.Count > 0) res["created_folders"] = created;
            call.Reply(res);
        }

        static int IndexOf(Scene s)
        {
            for (int i = 0; i < SceneManager.sceneCount; i++) if (SceneManager.GetSceneAt(i) == s) return i;
            return -1;
        }

        static void RefuseUnsaved(ToolCall call, string what)
        {
            if (Args.Bool(call, "discard_changes", false)) return;
            var dirty = new List<string>();
            for (int i = 0; i < SceneManager.sceneCount; i++)
            {
                var s = SceneManager.GetSceneAt(i);
                if (s.isDirty) dirty.Add(s.path.Length > 0 ? s.path : "Untitled");
            }
            if (dirty.Count > 0)
                throw new ToolException("unsaved_changes", what + " would close scenes with unsaved changes: " + string.Join(", ", dirty.ToArray()) +
                    "; save them first (scene_save), open additively (additive: true), or pass discard_changes: true to lose the changes");
        }

        /// <summary>A scene path under Assets/, ending in .unity (added when missing).</summary>
        static string ScenePath(string raw, string arg)
        {
            var name = raw.Trim().Replace('\\', '/');
            var example = "Assets/Scenes/" + (name.Length > 0 ? name.Substring(name.LastIndexOf('/') + 1) : "Level.unity");
            if (!example.EndsWith(".unity", StringComparison.OrdinalIgnoreCase)) example += ".unity";
            return AssetPaths.Normalize(raw, ".unity", arg, example);
        }

        static string AbsolutePath(string projectPath) { return ProjectPaths.Root + "/" + projectPath; }

        static JArray EnsureFolder(string path) { return AssetPaths.EnsureFolders(path); }

        static string Closest(string path)
        {
            var all = new List<string>();
            foreach (var guid in AssetDatabase.FindAssets("t:Scene")) all.Add(AssetDatabase.GUIDToAssetPath(guid));
            var near = HierarchyPath.Closest(all, path, 3);
            return near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "; the project has no scene files (scene_list)";
        }
    }
}
