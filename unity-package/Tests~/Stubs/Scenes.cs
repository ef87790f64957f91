// Behavioural fake of scene files and the AssetDatabase's folders and GUIDs, over a real
// project folder (Application.dataPath's parent). UnityCsReference, branch 2022.3:
// Editor/Mono/EditorSceneManager.bindings.cs and EditorSceneManager.cs (NewScene, OpenScene,
// SaveScene, SaveOpenScenes, CloseScene), Modules/AssetDatabase/Editor/ScriptBindings/
// AssetDatabase.bindings.cs (AssetPathToGUID, GUIDToAssetPath, IsValidFolder, CreateFolder,
// FindAssets). Every asset has a .meta file holding "guid: <32 hex digits>" (Manual "Asset
// metadata"). A saved scene's objects are kept in memory by path, in the fake's own form (not
// Unity's YAML), and a file is written so that the folder holds what a project would.
using System;
using System.Collections.Generic;
using System.IO;
using UnityEngine;
using UnityEngine.SceneManagement;

namespace UnityEditor.SceneManagement
{
    // UnityCsReference: Editor/Mono/SceneManagement/SceneSetup... enums in EditorSceneManager.bindings.cs
    public enum NewSceneSetup { EmptyScene = 0, DefaultGameObjects = 1 }
    public enum NewSceneMode { Single = 0, Additive = 1 }
    public enum OpenSceneMode { Single = 0, Additive = 1, AdditiveWithoutLoading = 2 }

    // UnityCsReference: Editor/Mono/EditorSceneManager.bindings.cs, Editor/Mono/EditorSceneManager.cs
    public sealed partial class EditorSceneManager : SceneManager
    {
        /// <summary>Save dialogs the Editor would have opened (a save of an Untitled scene
        /// without a path): what a test checks stays 0.</summary>
        internal static int DialogsOpened;
        static readonly Dictionary<string, GameObject[]> saved = new Dictionary<string, GameObject[]>(StringComparer.Ordinal);

        // NewScene: Single replaces every loaded scene (and their Undo history); Additive adds
        // one. DefaultGameObjects is a Main Camera (tagged MainCamera) and a Directional Light.
        public static Scene NewScene(NewSceneSetup setup, NewSceneMode mode)
        {
            var scene = SceneData.New("", "");
            if (mode == NewSceneMode.Single) { World.Scenes.Clear(); Undo.ClearAll(); }
            World.Scenes.Add(scene);
            if (mode == NewSceneMode.Single) World.ActiveScene = 0;
            if (setup == NewSceneSetup.DefaultGameObjects)
            {
                var active = World.ActiveScene;
                World.ActiveScene = World.Scenes.IndexOf(scene);
                var cam = new GameObject("Main Camera", typeof(Camera));
                cam.tag = "MainCamera";
                cam.transform.localPosition = new Vector3(0, 1, -10);
                var light = new GameObject("Directional Light", typeof(Light));
                light.transform.localRotation = Quaternion.Euler(50, -30, 0);
                light.transform.localPosition = new Vector3(0, 3, 0);
                World.ActiveScene = mode == NewSceneMode.Single ? 0 : active;
            }
            return scene;
        }

        public static Scene NewScene(NewSceneSetup setup) { return NewScene(setup, NewSceneMode.Single); }

        // OpenScene: the file must exist ("Cannot open scene with path ..."); Single replaces
        // the loaded scenes; a scene already loaded is not loaded twice (Single then keeps
        // only it, with its unsaved changes).
        public static Scene OpenScene(string scenePath, OpenSceneMode mode)
        {
            var full = AssetDatabase.Full(scenePath);
            GameObject[] roots;
            if (!File.Exists(full) || !saved.TryGetValue(scenePath, out roots)) throw new ArgumentException("Cannot open scene with path \"" + scenePath + "\".");
            foreach (var s in World.Scenes)
            {
                if (s.path != scenePath) continue;
                // Already loaded: Single closes the others and keeps it as it is.
                if (mode == OpenSceneMode.Single) { World.Scenes.Clear(); World.Scenes.Add(s); World.ActiveScene = 0; Undo.ClearAll(); }
                return s;
            }
            var scene = SceneData.New(scenePath, Path.GetFileNameWithoutExtension(scenePath));
            if (mode == OpenSceneMode.Single) { World.Scenes.Clear(); Undo.ClearAll(); }
            World.Scenes.Add(scene);
            var active = World.ActiveScene;
            World.ActiveScene = World.Scenes.IndexOf(scene);
            foreach (var r in roots) { var copy = UnityEngine.Object.Instantiate(r, null); copy.name = r.name; PrefabStore.CopyLinks(r, copy); }
            World.ActiveScene = mode == OpenSceneMode.Single ? 0 : active;
            SceneData.Of(scene).dirty = false;
            return scene;
        }

        public static Scene OpenScene(string scenePath) { return OpenScene(scenePath, OpenSceneMode.Single); }

        /// <summary>A moved scene file: what it holds and a loaded scene of it follow it.</summary>
        internal static void Moved(string oldPath, string newPath)
        {
            foreach (var path in new List<string>(saved.Keys))
            {
                var to = AssetDatabase.MovedPath(path, oldPath, newPath);
                if (to == null) continue;
                saved[to] = saved[path];
                saved.Remove(path);
            }
            foreach (var d in SceneData.All)
            {
                var to = d.path.Length == 0 ? null : AssetDatabase.MovedPath(d.path, oldPath, newPath);
                if (to != null) { d.path = to; d.name = Path.GetFileNameWithoutExtension(to); }
            }
        }

        // SaveScene: to the scene's own path, or to dstScenePath (Save As: the scene takes
        // the new path unless saveAsCopy). An Untitled scene with no path opens the native
        // Save dialog: the fake counts it and saves nothing.
        public static bool SaveScene(Scene scene, string dstScenePath, bool saveAsCopy)
        {
            var data = SceneData.Of(scene);
            var path = string.IsNullOrEmpty(dstScenePath) ? data.path : dstScenePath;
            if (string.IsNullOrEmpty(path)) { DialogsOpened++; return false; }
            if (!path.StartsWith("Assets/", StringComparison.Ordinal) || !path.EndsWith(".unity", StringComparison.Ordinal)) return false;
            var full = AssetDatabase.Full(path);
            if (!Directory.Exists(Path.GetDirectoryName(full))) return false;
            File.WriteAllText(full, "%YAML 1.1 (unitymcp fake scene: " + data.roots.Count + " roots)\n");
            AssetDatabase.EnsureMeta(path);
            // The file holds copies, detached from any scene.
            var keep = new List<GameObject>();
            var activeIndex = World.ActiveScene;
            var limbo = SceneData.New("", "");
            World.Scenes.Add(limbo);
            World.ActiveScene = World.Scenes.Count - 1;
            foreach (var r in data.roots) { var c = UnityEngine.Object.Instantiate(r.gameObject, null); c.name = r.gameObject.name; PrefabStore.CopyLinks(r.gameObject, c); keep.Add(c); }
            World.Scenes.Remove(limbo);
            World.ActiveScene = activeIndex;
            saved[path] = keep.ToArray();
            if (!saveAsCopy)
            {
                data.path = path;
                data.name = Path.GetFileNameWithoutExtension(path);
                data.dirty = false;
            }
            return true;
        }

        public static bool SaveScene(Scene scene, string dstScenePath) { return SaveScene(scene, dstScenePath, false); }
        public static bool SaveScene(Scene scene) { return SaveScene(scene, "", false); }

        public static bool SaveOpenScenes()
        {
            bool ok = true;
            foreach (var s in World.Scenes.ToArray()) if (s.isDirty) ok &= SaveScene(s);
            return ok;
        }

        public static bool MarkSceneDirty(Scene scene) { SceneData.Of(scene).dirty = true; return true; }

        public static bool CloseScene(Scene scene, bool removeScene)
        {
            if (World.Scenes.Count <= 1 || !World.Scenes.Contains(scene)) return false;
            World.Scenes.Remove(scene);
            if (World.ActiveScene >= World.Scenes.Count) World.ActiveScene = 0;
            return true;
        }

        internal static void ForgetSaved() { saved.Clear(); DialogsOpened = 0; }
    }
}

namespace UnityEditor
{
    public partial class AssetDatabase
    {
        /// <summary>The file system path of a project path ("Assets/…").</summary>
        internal static string Full(string projectPath)
        {
            var root = Path.GetDirectoryName(Application.dataPath);
            return Path.Combine(root, projectPath.Replace('/', Path.DirectorySeparatorChar));
        }

        internal static string EnsureMeta(string projectPath)
        {
            var meta = Full(projectPath) + ".meta";
            if (File.Exists(meta)) return Guid(meta);
            var guid = System.Guid.NewGuid().ToString("N");
            File.WriteAllText(meta, "fileFormatVersion: 2\nguid: " + guid + "\n");
            return guid;
        }

        static string Guid(string metaFile)
        {
            foreach (var line in File.ReadAllLines(metaFile))
                if (line.StartsWith("guid: ", StringComparison.Ordinal)) return line.Substring(6).Trim();
            return "";
        }

        public static void Refresh()
        {
            var assets = Application.dataPath;
            if (string.IsNullOrEmpty(assets) || !Directory.Exists(assets)) return;
            foreach (var f in Directory.GetFileSystemEntries(assets, "*", SearchOption.AllDirectories))
                if (!f.EndsWith(".meta", StringComparison.Ordinal)) EnsureMeta(ProjectPath(f));
        }

        static string ProjectPath(string full)
        {
            var root = Path.GetDirectoryName(Application.dataPath);
            return full.Substring(root.Length + 1).Replace(Path.DirectorySeparatorChar, '/');
        }

        public static string AssetPathToGUID(string path)
        {
            var meta = Full(path) + ".meta";
            return File.Exists(meta) ? Guid(meta) : "";
        }

        public static string GUIDToAssetPath(string guid)
        {
            var assets = Application.dataPath;
            if (string.IsNullOrEmpty(guid) || !Directory.Exists(assets)) return "";
            foreach (var meta in Directory.GetFiles(assets, "*.meta", SearchOption.AllDirectories))
                if (Guid(meta) == guid) return ProjectPath(meta.Substring(0, meta.Length - 5));
            return "";
        }

        public static bool IsValidFolder(string path)
        {
            return path == "Assets" || (path.StartsWith("Assets/", StringComparison.Ordinal) && Directory.Exists(Full(path)));
        }

        // CreateFolder: the new folder's GUID, or "" when the parent is not a folder.
        public static string CreateFolder(string parentFolder, string newFolderName)
        {
            if (!IsValidFolder(parentFolder) || newFolderName.IndexOfAny(new[] { '/', '\\' }) >= 0) return "";
            var path = parentFolder + "/" + newFolderName;
            Directory.CreateDirectory(Full(path));
            return EnsureMeta(path);
        }

        // FindAssets: the filter's words, all of which must match: "t:Type" the main asset's
        // type or a base of it ("t:Scene" and "t:Prefab" by extension, AssetFiles.cs), "l:label"
        // a label in the .meta, any other word a part of the file or folder name (folders are
        // DefaultAssets). searchInFolders keeps what lies in them.
        public static string[] FindAssets(string filter) { return FindAssets(filter, null); }

        public static string[] FindAssets(string filter, string[] searchInFolders)
        {
            var assets = Application.dataPath;
            var list = new List<string>();
            if (string.IsNullOrEmpty(assets) || !Directory.Exists(assets)) return list.ToArray();
            var words = (filter ?? "").Split(new[] { ' ', '\t' }, StringSplitOptions.RemoveEmptyEntries);
            foreach (var f in Directory.GetFileSystemEntries(assets, "*", SearchOption.AllDirectories))
            {
                if (f.EndsWith(".meta", StringComparison.Ordinal)) continue;
                var path = ProjectPath(f);
                if (searchInFolders != null && !Array.Exists(searchInFolders, d => path.StartsWith(d.TrimEnd('/') + "/", StringComparison.Ordinal))) continue;
                if (!Array.TrueForAll(words, w => Matches(path, w))) continue;
                list.Add(EnsureMeta(path));
            }
            return list.ToArray();
        }
    }
}
