// Behavioural fake of the AssetDatabase's file operations, over the project folder Scenes.cs
// keeps (a file or folder and a .meta with its GUID per asset). UnityCsReference, branch 2022.3
// (the same members in 6000.0-6000.7): Modules/AssetDatabase/Editor/ScriptBindings/
// AssetDatabase.bindings.cs (MoveAsset, MoveAssetToTrash, DeleteAsset, GetMainAssetTypeAtPath,
// GetLabels, SetLabels, GetDependencies); Editor/Mono/EditorUtility.cs (SceneAsset);
// Editor/Mono/DefaultAsset.bindings.cs; Manual "Asset metadata".
//
// - MoveAsset moves the file (a folder with its tree) and its .meta, so the GUID stays; it
//   answers "" on success or an error string and changes nothing then (ScriptReference
//   MoveAsset: "returns an empty string if the asset has been successfully moved, otherwise
//   an error message"). The fake's refusals: a missing source, an existing destination, a
//   destination folder that does not exist, a path outside Assets/; the words are the fake's,
//   each naming the path, as the Editor's do (its messages come from native code).
// - MoveAssetToTrash and DeleteAsset remove the file or folder tree with the .meta files and
//   answer false when nothing is there; the fake's trash remembers what went (Trashed).
// - GetMainAssetTypeAtPath answers by extension (a folder: DefaultAsset; .unity SceneAsset;
//   .prefab GameObject; .mat Material; .shader Shader; .png/.jpg/.tga Texture2D; others
//   DefaultAsset), null where nothing is.
// - Labels live in the .meta's "labels:" list, as Unity writes them.
// - ImportAsset (re)imports a file, a folder's tree too with ImportRecursive: the fake gives
//   a new file its .meta and remembers what it imported (Imported).
// - GetDependencies answers the asset itself (Unity lists an asset among its own
//   dependencies): the fake's saved objects do not record references between assets.
// Not modelled: the objects AssetStore/PrefabStore hold for a moved or deleted file (they are
// forgotten, as for a file changed behind the AssetDatabase), importers.
using System;
using System.Collections.Generic;
using System.IO;
using UnityEngine;

namespace UnityEditor
{
    // UnityCsReference: Modules/AssetDatabase/Editor/ScriptBindings/AssetDatabase.bindings.cs
    [Flags]
    public enum ImportAssetOptions
    {
        Default = 0,
        ForceUpdate = 1 << 0,
        ForceSynchronousImport = 1 << 3,
        ImportRecursive = 1 << 8,
        DontDownloadFromCacheServer = 1 << 13,
        ForceUncompressedImport = 1 << 14,
    }

    // UnityCsReference: Editor/Mono/EditorUtility.cs
    public class SceneAsset : UnityEngine.Object
    {
        private SceneAsset() { }
    }

    // UnityCsReference: Editor/Mono/DefaultAsset.bindings.cs
    public class DefaultAsset : UnityEngine.Object
    {
        private DefaultAsset() { }
    }

    // UnityCsReference: Modules/AssetDatabase/Editor/ScriptBindings/AssetDatabase.bindings.cs
    public partial class AssetDatabase
    {
        /// <summary>What MoveAssetToTrash sent to the trash, in order (the fake's OS trash).</summary>
        internal static readonly List<string> Trashed = new List<string>();

        static bool Under(string path)
        {
            return path != null && path.StartsWith("Assets/", StringComparison.Ordinal) && path.IndexOf("..", StringComparison.Ordinal) < 0;
        }

        static bool Present(string path)
        {
            return Under(path) && (File.Exists(Full(path)) || Directory.Exists(Full(path)));
        }

        /// <summary>When set, MoveAsset answers it and moves nothing: a refusal the fake does not
        /// otherwise model (a file another program holds open).</summary>
        internal static string MoveRefusal;

        public static string MoveAsset(string oldPath, string newPath)
        {
            if (MoveRefusal != null) return MoveRefusal;
            if (!Present(oldPath)) return "Source asset could not be found: " + oldPath;
            if (!Under(newPath)) return "Destination path must be under Assets/: " + newPath;
            if (Present(newPath) && !string.Equals(oldPath, newPath, StringComparison.OrdinalIgnoreCase))
                return "Destination path name does already exist: " + newPath;
            var parent = newPath.Substring(0, newPath.LastIndexOf('/'));
            if (!IsValidFolder(parent)) return "Trying to move asset as a sub directory of a directory that does not exist " + newPath;
            if (newPath.StartsWith(oldPath + "/", StringComparison.Ordinal)) return "Trying to move a folder into itself: " + newPath;
            EnsureMeta(oldPath);
            if (Directory.Exists(Full(oldPath))) Directory.Move(Full(oldPath), Full(newPath));
            else File.Move(Full(oldPath), Full(newPath));
            File.Move(Full(oldPath) + ".meta", Full(newPath) + ".meta");
            // The objects loaded from the files are the same ones at the new paths (ScriptReference
            // AssetDatabase.MoveAsset: "the asset keeps its GUID", so references follow it).
            AssetStore.Moved(oldPath, newPath);
            PrefabStore.Moved(oldPath, newPath);
            SceneManagement.EditorSceneManager.Moved(oldPath, newPath);
            return "";
        }

        /// <summary>Where a path goes when oldPath moves to newPath: the same for the moved
        /// asset, under the new folder for what a moved folder holds; null when it does not move.</summary>
        internal static string MovedPath(string path, string oldPath, string newPath)
        {
            if (path == oldPath) return newPath;
            return path.StartsWith(oldPath + "/", StringComparison.Ordinal) ? newPath + path.Substring(oldPath.Length) : null;
        }

        public static bool MoveAssetToTrash(string path)
        {
            if (!Remove(path)) return false;
            Trashed.Add(path);
            return true;
        }

        public static bool DeleteAsset(string path) { return Remove(path); }

        static bool Remove(string path)
        {
            if (!Present(path)) return false;
            if (Directory.Exists(Full(path))) Directory.Delete(Full(path), true);
            else File.Delete(Full(path));
            if (File.Exists(Full(path) + ".meta")) File.Delete(Full(path) + ".meta");
            return true;
        }

        public static Type GetMainAssetTypeAtPath(string assetPath)
        {
            if (!Present(assetPath)) return null;
            if (Directory.Exists(Full(assetPath))) return typeof(DefaultAsset);
            switch (Path.GetExtension(assetPath).ToLowerInvariant())
            {
                case ".unity": return typeof(SceneAsset);
                case ".prefab": return typeof(GameObject);
                case ".mat": return typeof(Material);
                case ".shader": return typeof(Shader);
                case ".controller": return typeof(UnityEditor.Animations.AnimatorController);
                case ".anim": return typeof(AnimationClip);
                case ".png": case ".jpg": case ".tga": return typeof(Texture2D);
                default: return typeof(DefaultAsset);
            }
        }

        /// <summary>Whether a FindAssets word matches the asset at path.</summary>
        static bool Matches(string path, string word)
        {
            if (word.StartsWith("t:", StringComparison.OrdinalIgnoreCase))
            {
                var type = word.Substring(2);
                if (type.Equals("Scene", StringComparison.OrdinalIgnoreCase)) return path.EndsWith(".unity", StringComparison.Ordinal);
                if (type.Equals("Prefab", StringComparison.OrdinalIgnoreCase)) return path.EndsWith(".prefab", StringComparison.Ordinal);
                for (var t = GetMainAssetTypeAtPath(path); t != null; t = t.BaseType)
                    if (t.Name.Equals(type, StringComparison.OrdinalIgnoreCase)) return true;
                return false;
            }
            if (word.StartsWith("l:", StringComparison.OrdinalIgnoreCase))
                return Labels(path).Exists(l => l.Equals(word.Substring(2), StringComparison.OrdinalIgnoreCase));
            var name = path.Substring(path.LastIndexOf('/') + 1);
            if (!Directory.Exists(Full(path))) name = Path.GetFileNameWithoutExtension(name);
            return name.IndexOf(word, StringComparison.OrdinalIgnoreCase) >= 0;
        }

        /// <summary>The labels in the .meta of the asset at path.</summary>
        internal static List<string> Labels(string path)
        {
            var list = new List<string>();
            var meta = Full(path) + ".meta";
            if (!Under(path) || !File.Exists(meta)) return list;
            bool inLabels = false;
            foreach (var line in File.ReadAllLines(meta))
            {
                if (line == "labels:") { inLabels = true; continue; }
                if (inLabels && line.StartsWith("- ", StringComparison.Ordinal)) list.Add(line.Substring(2).Trim());
                else inLabels = false;
            }
            return list;
        }

        public static string[] GetLabels(UnityEngine.Object obj)
        {
            if (obj == null) throw new ArgumentNullException("obj");
            return Labels(GetAssetPath(obj)).ToArray();
        }

        public static void SetLabels(UnityEngine.Object obj, string[] labels)
        {
            if (obj == null) throw new ArgumentNullException("obj");
            var path = GetAssetPath(obj);
            if (path.Length == 0) return;
            EnsureMeta(path);
            var meta = Full(path) + ".meta";
            var kept = new List<string>();
            bool inLabels = false;
            foreach (var line in File.ReadAllLines(meta))
            {
                if (line == "labels:") { inLabels = true; continue; }
                if (inLabels && line.StartsWith("- ", StringComparison.Ordinal)) continue;
                inLabels = false;
                kept.Add(line);
            }
            if (labels != null && labels.Length > 0)
            {
                kept.Add("labels:");
                foreach (var l in labels) kept.Add("- " + l);
            }
            File.WriteAllText(meta, string.Join("\n", kept.ToArray()) + "\n");
        }

        /// <summary>What ImportAsset imported, in order.</summary>
        internal static readonly List<string> Imported = new List<string>();

        public static void ImportAsset(string path, ImportAssetOptions options)
        {
            if (!Present(path)) return;
            EnsureMeta(path);
            Imported.Add(path);
            if ((options & ImportAssetOptions.ImportRecursive) == 0 || !Directory.Exists(Full(path))) return;
            var entries = Directory.GetFileSystemEntries(Full(path), "*", SearchOption.AllDirectories);
            Array.Sort(entries, StringComparer.Ordinal);
            foreach (var f in entries)
                if (!f.EndsWith(".meta", StringComparison.Ordinal)) { var p = ProjectPath(f); EnsureMeta(p); Imported.Add(p); }
        }

        public static void ImportAsset(string path) { ImportAsset(path, ImportAssetOptions.Default); }

        public static string[] GetDependencies(string pathName, bool recursive)
        {
            return Present(pathName) && !Directory.Exists(Full(pathName)) ? new[] { pathName } : new string[0];
        }

    }
}
