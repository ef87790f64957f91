// Behavioural fake of the Project Settings assets (ProjectSettings/*.asset) as the Editor's
// settings pages reach them: AssetDatabase.LoadAllAssetsAtPath("ProjectSettings/X.asset")
// answers the one settings object of the file (UnityCsReference, branch 2022.3, the same in
// 6000.0-6000.7: Editor/Mono/Settings/Providers/AssetSettingsProvider.cs,
// CreateProviderFromAssetPath, which Editor/Mono/Inspector/PlayerSettingsEditor/
// PlayerSettingsEditor.cs ("Project/Player", ProjectSettings.asset), QualitySettingsEditor.cs
// (QualitySettings.asset), TagManagerInspector.cs (TagManager.asset),
// EditorSettingsInspector.cs (EditorSettings.asset) use; Modules/PhysicsEditor/
// PhysicsManagerInspector.cs reads DynamicsManager.asset), and a SerializedObject over it
// reads and writes its properties by the names of the file's YAML (Manual "Format of text
// serialized files"; the inspectors FindProperty them: "productName", "m_Gravity", "tags",
// "layers", "m_QualitySettings"…). AssetDatabase.SaveAssets writes a changed settings object
// to its file (ScriptReference AssetDatabase.SaveAssets: "Writes all unsaved asset changes to
// disk"); the fake writes "name: value" lines, not Unity's YAML.
// The Tag Manager's tags and layers are the ones GameObject.tag and LayerMask read (World.cs
// Tags, Serialized.cs Layers): a tag written here is a tag of the project.
// Only a few properties of each file are modelled, with Unity's defaults for a new project.
// Settings whose change does more than store a value have their API too, and the fake records
// what the API did besides: EditorSettings.serializationMode (Editor/Mono/EditorSettings.bindings.cs)
// reserializes the project's assets in the new mode, which a write of m_SerializationMode
// alone does not (EditorSettingsInspector.cs 2022.3 ~1104-1111 writes the property and then
// sets the API); PlayerSettings.colorSpace (Editor/Mono/PlayerSettings.bindings.cs) is the
// project's active colour space, which QualitySettings.activeColorSpace reads, and
// m_ActiveColorSpace is its serialized form (PlayerSettingsEditor.cs 2022.3 ~1837-1845 applies
// that property after asking, never in Play Mode).
using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using UnityEngine;

namespace UnityEditor
{
    /// <summary>An object of the fake that lists its own serialized properties
    /// (SerializedLayout.Slots asks it before laying out by type).</summary>
    internal interface ISerializedSlots
    {
        IEnumerable<SerializedLayout.Slot> Slots();
    }

    /// <summary>One level of ProjectSettings/QualitySettings.asset's m_QualitySettings.</summary>
    [Serializable]
    internal sealed class QualityLevel
    {
        public string name = "";
        public int pixelLightCount = 1;
        public float shadowDistance = 40;
        public int vSyncCount = 1;
        public int antiAliasing;
    }

    /// <summary>A ProjectSettings/*.asset object: its properties by name, in file order.</summary>
    internal sealed class SettingsAsset : UnityEngine.Object, ISerializedSlots
    {
        internal string File;
        internal bool Dirty;
        readonly List<SerializedLayout.Slot> slots = new List<SerializedLayout.Slot>();
        readonly Dictionary<string, object> values = new Dictionary<string, object>(StringComparer.Ordinal);

        internal SettingsAsset(string file, string className) { File = file; name = className; }

        /// <summary>A property whose value the asset keeps.</summary>
        internal SettingsAsset Value(string property, Type type, object initial)
        {
            values[property] = initial;
            return Bound(property, type, () => values[property], v => values[property] = v);
        }

        /// <summary>A property kept elsewhere in the fake (the Tag Manager's tags and layers).</summary>
        internal SettingsAsset Bound(string property, Type type, Func<object> get, Action<object> set)
        {
            slots.Add(new SerializedLayout.Slot
            {
                Name = property, Type = type,
                Get = o => get(),
                Set = (o, v) => { set(v); ((SettingsAsset)o).Dirty = true; },
            });
            return this;
        }

        public IEnumerable<SerializedLayout.Slot> Slots() { return slots; }

        internal object this[string property] { get { return FindSlot(property).Get(this); } }

        /// <summary>Sets a property as a settings API does: the value, and the asset dirty.</summary>
        internal void Set(string property, object value) { FindSlot(property).Set(this, value); }

        SerializedLayout.Slot FindSlot(string property)
        {
            foreach (var s in slots) if (s.Name == property) return s;
            throw new KeyNotFoundException(property);
        }

        /// <summary>The file's text as the fake saves it: "name: value" per property.</summary>
        internal string Text()
        {
            var b = new StringBuilder();
            foreach (var s in slots)
            {
                var v = s.Get(this);
                var list = v as System.Collections.IEnumerable;
                b.Append(s.Name).Append(": ").Append(v is string || list == null ? Convert.ToString(v, System.Globalization.CultureInfo.InvariantCulture) : "[" + string.Join(", ", Items(list)) + "]").Append('\n');
            }
            return b.ToString();
        }

        static IEnumerable<string> Items(System.Collections.IEnumerable list)
        {
            foreach (var x in list) yield return x is QualityLevel ? ((QualityLevel)x).name : Convert.ToString(x, System.Globalization.CultureInfo.InvariantCulture);
        }
    }

    // UnityCsReference: Editor/Mono/EditorSettings.bindings.cs
    public enum SerializationMode
    {
        Mixed = 0,
        ForceBinary = 1,
        ForceText = 2,
    }

    // UnityCsReference: Editor/Mono/EditorSettings.bindings.cs (serializationMode)
    public sealed class EditorSettings : UnityEngine.Object
    {
        private EditorSettings() { }

        public static SerializationMode serializationMode
        {
            get { return (SerializationMode)(int)ProjectSettingsStore.At("ProjectSettings/EditorSettings.asset")["m_SerializationMode"]; }
            set
            {
                var a = ProjectSettingsStore.At("ProjectSettings/EditorSettings.asset");
                if ((int)a["m_SerializationMode"] == (int)value) return;
                a.Set("m_SerializationMode", (int)value);
                ProjectSettingsStore.Reserialized.Add(value);
            }
        }
    }

    // UnityCsReference: Editor/Mono/PlayerSettings.bindings.cs (colorSpace)
    public sealed partial class PlayerSettings
    {
        public static ColorSpace colorSpace
        {
            get { return QualitySettings.FakeColorSpace; }
            set
            {
                ProjectSettingsStore.At("ProjectSettings/ProjectSettings.asset").Set("m_ActiveColorSpace", (int)value);
                ProjectSettingsStore.ColorSpaceSets.Add(value);
            }
        }
    }

    /// <summary>The project's settings assets, by project path.</summary>
    internal static class ProjectSettingsStore
    {
        static readonly Dictionary<string, SettingsAsset> assets = new Dictionary<string, SettingsAsset>(StringComparer.Ordinal);
        /// <summary>The modes EditorSettings.serializationMode reserialized the assets in.</summary>
        internal static readonly List<SerializationMode> Reserialized = new List<SerializationMode>();
        /// <summary>The colour spaces set through PlayerSettings.colorSpace.</summary>
        internal static readonly List<ColorSpace> ColorSpaceSets = new List<ColorSpace>();

        /// <summary>A new project's settings (Unity's defaults for the properties modelled).</summary>
        internal static void Reset()
        {
            assets.Clear();
            Reserialized.Clear();
            ColorSpaceSets.Clear();
            QualitySettings.FakeColorSpace = ColorSpace.Linear;
            Add(new SettingsAsset("ProjectSettings/ProjectSettings.asset", "PlayerSettings")
                .Value("companyName", typeof(string), "DefaultCompany")
                .Value("productName", typeof(string), "My project")
                .Value("defaultScreenWidth", typeof(int), 1920)
                .Value("defaultScreenHeight", typeof(int), 1080)
                .Value("runInBackground", typeof(bool), true)
                .Value("bundleVersion", typeof(string), "0.1")
                .Bound("m_ActiveColorSpace", typeof(int), () => (int)QualitySettings.FakeColorSpace, v => QualitySettings.FakeColorSpace = (ColorSpace)(int)v)
                .Value("scriptingDefineSymbols", typeof(string), "")
                .Value("activeInputHandler", typeof(int), 0));
            Add(new SettingsAsset("ProjectSettings/QualitySettings.asset", "QualitySettings")
                .Value("m_CurrentQuality", typeof(int), 1)
                .Value("m_QualitySettings", typeof(List<QualityLevel>), new List<QualityLevel> { new QualityLevel { name = "Low", pixelLightCount = 0, shadowDistance = 20, vSyncCount = 0 }, new QualityLevel { name = "High", pixelLightCount = 2, shadowDistance = 40, antiAliasing = 2 } }));
            Add(new SettingsAsset("ProjectSettings/DynamicsManager.asset", "PhysicsManager")
                .Value("m_Gravity", typeof(Vector3), new Vector3(0, -9.81f, 0))
                .Value("m_BounceThreshold", typeof(float), 2f)
                .Value("m_DefaultSolverIterations", typeof(int), 6)
                .Value("m_QueriesHitTriggers", typeof(bool), true)
                .Value("m_AutoSyncTransforms", typeof(bool), false));
            Add(new SettingsAsset("ProjectSettings/TagManager.asset", "TagManager")
                .Bound("tags", typeof(List<string>), () => new List<string>(Tags.User), v => { Tags.User.Clear(); Tags.User.AddRange((List<string>)v); })
                .Bound("layers", typeof(string[]), () => (string[])Layers.Names.Clone(), v => { var a = (string[])v; for (int i = 0; i < 32; i++) Layers.Names[i] = i < a.Length ? a[i] ?? "" : ""; }));
            Add(new SettingsAsset("ProjectSettings/EditorSettings.asset", "EditorSettings")
                .Value("m_SerializationMode", typeof(int), 2)
                .Value("m_EnterPlayModeOptionsEnabled", typeof(bool), false)
                .Value("m_EnterPlayModeOptions", typeof(int), 3));
        }

        static void Add(SettingsAsset a) { assets[a.File] = a; }

        /// <summary>The settings object at a project path, or null.</summary>
        internal static SettingsAsset At(string path)
        {
            if (assets.Count == 0) Reset();
            SettingsAsset a;
            return path != null && assets.TryGetValue(path, out a) ? a : null;
        }

        /// <summary>SaveAssets: each changed settings object to its file.</summary>
        internal static void Save()
        {
            if (string.IsNullOrEmpty(Application.dataPath)) return;
            var root = Path.GetDirectoryName(Application.dataPath);
            foreach (var a in assets.Values)
            {
                if (!a.Dirty) continue;
                var full = Path.Combine(root, a.File);
                Directory.CreateDirectory(Path.GetDirectoryName(full));
                System.IO.File.WriteAllText(full, a.Text());
                a.Dirty = false;
            }
        }
    }
}
