// Behavioural fake of asset files that hold objects, over the project folder Scenes.cs keeps
// (a file and a .meta with its GUID per asset). UnityCsReference, branch 2022.3 (the same
// members in 6000.0-6000.7): Modules/AssetDatabase/Editor/ScriptBindings/AssetDatabase.bindings.cs
// (CreateAsset, AddObjectToAsset, LoadAssetAtPath, LoadMainAssetAtPath, LoadAllAssetsAtPath,
// GetAssetPath, IsMainAsset, IsSubAsset); ScriptReference AssetDatabase.CreateAsset; Manual
// "Asset metadata" and "Programming with the Asset Database" ("Accessing sub-assets").
//
// - An asset file holds a main object and any sub-assets added to it, in the order added; a
//   prefab file (PrefabStore) holds its hierarchy's GameObjects and components, root first.
//   On disk it says what its objects held when last written (AssetText.cs): on creation, on
//   AddObjectToAsset, and on SaveAssetIfDirty (Materials.cs) — not when Undo changes them.
// - CreateAsset stores the object as the main asset of a new file under Assets/ and names it
//   after the file (as the Prefab importer names a prefab's root; the Editor warns "Main
//   Object Name … does not match filename" when they differ). An asset already at the path is
//   deleted first, its objects destroyed and a new GUID given (ScriptReference CreateAsset:
//   "If an asset already exists at path it will be deleted prior to creating a new asset").
//   A missing folder is refused with the Editor's "Parent directory must exist before
//   creating asset at …" (Unity logs it; the fake throws so a caller that ignores it fails).
// - AddObjectToAsset adds a sub-asset; to an object that is no asset it is refused with the
//   Editor's "AddAssetToSameFile failed because the other asset is not persistent".
// - LoadAssetAtPath answers "the first asset object of type type at given path"
//   (ScriptReference), main asset first; LoadAllAssetsAtPath every object of the file.
// - A sprite sheet: a PNG that the TextureImporter imports in Sprite Mode Multiple holds a
//   Texture2D named after the file as its main asset and a Sprite sub-asset per rect (Manual
//   "Sprite Editor"); ImportSpriteSheet makes one, as the importer would.
// Refused loudly where Unity's own answer is not modelled (the fake's words, not Unity's):
// CreateAsset or AddObjectToAsset of an object that already is an asset, of a GameObject or
// Component (prefabs go through PrefabUtility), or to a path outside Assets/. Not modelled:
// DeleteAsset, importing other file types, asset objects in Undo, SetMainObject.
using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.CompilerServices;
using UnityEngine;

namespace UnityEngine
{
    // UnityCsReference: Runtime/2D/Common/ScriptBindings/Sprites.bindings.cs (private
    // constructor; Create; texture)
    public sealed partial class Sprite : Object
    {
        Texture2D sheet;
        private Sprite() { }

        // Sprite.Create: a sprite over a rect of the texture, not an asset until one holds it.
        public static Sprite Create(Texture2D texture, Rect rect, Vector2 pivot) { return new Sprite { sheet = texture }; }

        public Texture2D texture { get { Alive(); return sheet; } }
    }

    // UnityCsReference: Runtime/Export/Shaders/Material.bindings.cs. Unity makes a material
    // from a shader (new Material(Shader)); the fake has no shaders, so its tests make one here.
    public partial class Material
    {
        internal Material() { }
    }
}

namespace UnityEditor
{
    // UnityCsReference: Modules/AssetDatabase/Editor/ScriptBindings/AssetDatabase.bindings.cs
    public partial class AssetDatabase
    {
        public static void CreateAsset(UnityEngine.Object asset, string path)
        {
            if (ReferenceEquals(asset, null)) throw new ArgumentNullException("asset");
            AssetStore.Create(asset, path);
        }

        public static void AddObjectToAsset(UnityEngine.Object objectToAdd, string path)
        {
            if (ReferenceEquals(objectToAdd, null)) throw new ArgumentNullException("objectToAdd");
            var file = AssetStore.At(path);
            if (file == null) throw new ArgumentException("the fake holds no asset at \"" + path + "\" to add " + objectToAdd.name + " to");
            AssetStore.Add(objectToAdd, file);
        }

        public static void AddObjectToAsset(UnityEngine.Object objectToAdd, UnityEngine.Object assetObject)
        {
            if (ReferenceEquals(objectToAdd, null)) throw new ArgumentNullException("newAsset");
            if (ReferenceEquals(assetObject, null)) throw new ArgumentNullException("sameAssetFile");
            var file = AssetStore.Of(assetObject);
            if (file == null) throw new ArgumentException("AddAssetToSameFile failed because the other asset is not persistent");
            AssetStore.Add(objectToAdd, file);
        }

        public static UnityEngine.Object LoadAssetAtPath(string assetPath, Type type)
        {
            if (type == null) throw new ArgumentNullException("type");
            foreach (var o in AssetStore.Contents(assetPath)) if (type.IsInstanceOfType(o)) return o;
            return null;
        }

        public static UnityEngine.Object LoadMainAssetAtPath(string assetPath)
        {
            var all = AssetStore.Contents(assetPath);
            return all.Length > 0 ? all[0] : null;
        }

        // A ProjectSettings/*.asset path answers its settings object (ProjectSettings.cs).
        public static UnityEngine.Object[] LoadAllAssetsAtPath(string assetPath)
        {
            var settings = ProjectSettingsStore.At(assetPath);
            return settings != null ? new UnityEngine.Object[] { settings } : AssetStore.Contents(assetPath);
        }

        // GetAssetPath: "" for an object that no asset file holds (a scene object, a new one).
        public static string GetAssetPath(UnityEngine.Object assetObject)
        {
            if (assetObject == null) return "";
            var file = AssetStore.Of(assetObject);
            return file != null ? file.Path : PrefabStore.PathOf(assetObject) ?? "";
        }

        // IsMainAsset / IsSubAsset read obj.GetInstanceID() (GetEntityId() from 6000.3): a
        // null object throws NullReferenceException.
        public static bool IsMainAsset(UnityEngine.Object obj)
        {
            if (ReferenceEquals(obj, null)) throw new NullReferenceException();
            var all = AssetStore.Contents(GetAssetPath(obj));
            return all.Length > 0 && ReferenceEquals(all[0], obj);
        }

        public static bool IsSubAsset(UnityEngine.Object obj)
        {
            if (ReferenceEquals(obj, null)) throw new NullReferenceException();
            return GetAssetPath(obj).Length > 0 && !IsMainAsset(obj);
        }
    }

    internal static partial class PrefabStore
    {
        /// <summary>The path of the prefab asset whose hierarchy holds the object, or null.</summary>
        internal static string PathOf(UnityEngine.Object o)
        {
            var go = o as GameObject ?? (o is Component ? ((Component)o).owner : null);
            if (go == null || go.destroyed) return null;
            var a = AssetOfRoot(go.transform.root.gameObject);
            return a != null ? a.Path : null;
        }
    }

    /// <summary>The fake's asset files (prefabs aside: PrefabStore keeps those).</summary>
    internal static class AssetStore
    {
        internal sealed class File
        {
            internal string Path, Guid;
            /// <summary>The main asset first, then the sub-assets in the order they were added.</summary>
            internal readonly List<UnityEngine.Object> Objects = new List<UnityEngine.Object>();
        }

        sealed class Same : IEqualityComparer<UnityEngine.Object>
        {
            // By reference: UnityEngine.Object's == makes every destroyed object equal.
            public bool Equals(UnityEngine.Object a, UnityEngine.Object b) { return ReferenceEquals(a, b); }
            public int GetHashCode(UnityEngine.Object o) { return RuntimeHelpers.GetHashCode(o); }
        }

        static readonly Dictionary<string, File> byPath = new Dictionary<string, File>(StringComparer.Ordinal);
        static readonly Dictionary<UnityEngine.Object, File> byObject = new Dictionary<UnityEngine.Object, File>(new Same());

        /// <summary>A new project: no asset is known.</summary>
        internal static void Reset()
        {
            byPath.Clear();
            byObject.Clear();
        }

        /// <summary>The live file at a path: still on disk with the GUID it was made with (a new
        /// project, or a file deleted behind the AssetDatabase, forgets it).</summary>
        internal static File At(string path)
        {
            File f;
            if (string.IsNullOrEmpty(path) || !byPath.TryGetValue(path, out f)) return null;
            if (!string.IsNullOrEmpty(Application.dataPath) && System.IO.File.Exists(AssetDatabase.Full(path)) && AssetDatabase.AssetPathToGUID(path) == f.Guid) return f;
            Forget(f);
            return null;
        }

        internal static File Of(UnityEngine.Object o)
        {
            File f;
            return !ReferenceEquals(o, null) && !o.destroyed && byObject.TryGetValue(o, out f) && At(f.Path) == f ? f : null;
        }

        /// <summary>What an asset file holds, main asset first (a prefab's hierarchy too); none
        /// for a path that holds no asset the fake knows.</summary>
        internal static UnityEngine.Object[] Contents(string path)
        {
            var f = At(path);
            if (f != null) return f.Objects.FindAll(o => !o.destroyed).ToArray();
            var prefab = PrefabStore.At(path);
            return prefab != null ? PrefabStore.Objects(prefab.Root).ToArray() : new UnityEngine.Object[0];
        }

        /// <summary>A move keeps the loaded objects, now at the new path (a folder's move takes
        /// every asset under it).</summary>
        internal static void Moved(string oldPath, string newPath)
        {
            foreach (var f in new List<File>(byPath.Values))
            {
                var to = AssetDatabase.MovedPath(f.Path, oldPath, newPath);
                if (to == null) continue;
                byPath.Remove(f.Path);
                f.Path = to;
                byPath[to] = f;
            }
        }

        static void Forget(File f)
        {
            byPath.Remove(f.Path);
            foreach (var o in f.Objects) byObject.Remove(o);
        }

        static void Storable(UnityEngine.Object o, string verb)
        {
            if (o.destroyed) throw new ArgumentException("the object to " + verb + " has been destroyed");
            if (o is GameObject || o is Component) throw new ArgumentException("the fake does not " + verb + " a " + o.GetType().Name + " (save prefabs with PrefabUtility)");
            var path = AssetDatabase.GetAssetPath(o);
            if (path.Length > 0) throw new ArgumentException(o.name + " is already an asset, in " + path + "; the fake does not move objects between files");
        }

        internal static void Create(UnityEngine.Object asset, string path)
        {
            Storable(asset, "create an asset of");
            if (string.IsNullOrEmpty(path) || !path.StartsWith("Assets/", StringComparison.Ordinal) || System.IO.Path.GetExtension(path).Length < 2)
                throw new ArgumentException("the fake creates assets at a path under Assets/ with an extension; got \"" + path + "\"");
            var full = AssetDatabase.Full(path);
            if (!Directory.Exists(System.IO.Path.GetDirectoryName(full))) throw new ArgumentException("Parent directory must exist before creating asset at " + path + ".");
            if (Directory.Exists(full)) throw new ArgumentException("the fake does not create an asset over the folder " + path);
            // An asset already there is deleted first: its objects go, and so does its GUID.
            var old = At(path);
            if (old != null)
            {
                Forget(old);
                foreach (var o in old.Objects) o.Kill();
            }
            if (System.IO.File.Exists(full)) System.IO.File.Delete(full);
            if (System.IO.File.Exists(full + ".meta")) System.IO.File.Delete(full + ".meta");
            asset.name = System.IO.Path.GetFileNameWithoutExtension(path);
            var f = new File { Path = path };
            f.Objects.Add(asset);
            byPath[path] = f;
            byObject[asset] = f;
            Write(f);
        }

        internal static void Add(UnityEngine.Object o, File f)
        {
            Storable(o, "add to an asset");
            f.Objects.Add(o);
            byObject[o] = f;
            Write(f);
        }

        /// <summary>A sprite sheet as the TextureImporter makes one of a PNG in Sprite Mode
        /// Multiple: a Texture2D named after the file, and a Sprite sub-asset per name.</summary>
        internal static Texture2D ImportSpriteSheet(string path, params string[] sprites)
        {
            var full = AssetDatabase.Full(path);
            if (!Directory.Exists(System.IO.Path.GetDirectoryName(full))) throw new ArgumentException("no folder for " + path);
            var texture = new Texture2D(64, 64, TextureFormat.RGBA32, false) { name = System.IO.Path.GetFileNameWithoutExtension(path) };
            var f = new File { Path = path };
            f.Objects.Add(texture);
            foreach (var name in sprites)
            {
                var s = Sprite.Create(texture, new Rect(0, 0, 16, 16), new Vector2(0.5f, 0.5f));
                s.name = name;
                f.Objects.Add(s);
            }
            var old = At(path);
            if (old != null) Forget(old);
            byPath[path] = f;
            foreach (var o in f.Objects) byObject[o] = f;
            Write(f);
            return texture;
        }

        /// <summary>Writes the file (in the fake's own form, not Unity's YAML) and its .meta.</summary>
        internal static void Write(File f)
        {
            System.IO.File.WriteAllText(AssetDatabase.Full(f.Path), Text(f));
            f.Guid = AssetDatabase.EnsureMeta(f.Path);
        }

        /// <summary>What the file holds when written now: each live object's type, name and
        /// serialized fields (AssetText), as Unity writes an asset's objects with their state.
        /// A destroyed sub-asset (DestroyImmediate(o, true), or an undone creation) is left
        /// out, as Unity writes only live objects; it stays listed, so a redo that brings it
        /// back finds it in its file again.</summary>
        internal static string Text(File f)
        {
            var lines = new List<string>();
            foreach (var o in f.Objects) if (!o.destroyed) lines.Add(o.GetType().Name + " " + o.name + " " + AssetText.Of(o));
            return "%YAML 1.1 (unitymcp fake asset: " + string.Join("; ", lines.ToArray()) + ")\n";
        }
    }
}
