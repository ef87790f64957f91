// Behavioural fake of materials (their shaders are in Shaders.cs). UnityCsReference, branch
// 2022.3 (the same members in 6000.0-6000.7): Runtime/Export/Shaders/Material.bindings.cs
// (constructors, shader, renderQueue, keywords, HasProperty) and Material.cs (the Get/Set
// pairs), Editor/Mono/EditorUtility.bindings.cs (SetDirty, IsDirty),
// Modules/AssetDatabase/Editor/ScriptBindings/AssetDatabase.bindings.cs (SaveAssetIfDirty).
//
// - A material keeps its values as Unity serializes them (YAML m_SavedProperties:
//   m_TexEnvs with m_Texture/m_Scale/m_Offset, m_Ints, m_Floats, m_Colors; m_ValidKeywords,
//   m_InvalidKeywords, m_CustomRenderQueue, m_Shader). new Material(shader) fills them with
//   the shader's defaults; assigning another shader adds the new shader's properties and
//   keeps the old values (the Inspector's "switch shader" keeps them, ScriptReference
//   Material.shader). SetVector and SetColor share m_Colors (Material.cs: SetVector calls
//   SetColorImpl). renderQueue reads the custom queue, or the shader's when it is -1
//   (GetActualRenderQueue); setting -1 follows the shader again.
// - EnableKeyword of a keyword the shader does not declare keeps it as an invalid keyword
//   (m_InvalidKeywords: it counts again when a shader that declares it is assigned);
//   shaderKeywords lists both, as the YAML does.
// - A material without a shader (the fake's `new Material()`, a shader asset deleted) draws
//   with Hidden/InternalErrorShader, Unity's magenta.
// - SetDirty marks an object; SaveAssetIfDirty writes a marked asset's file (SavedAssets records it).
// Not modelled: the int-id overloads, property blocks, GetTexturePropertyNames, material
// variants (parent, overrides).
using System;
using System.Collections.Generic;
using UnityEditor;
using UnityEngine.Rendering;

namespace UnityEngine
{
    // UnityCsReference: Runtime/Export/Shaders/Material.bindings.cs and Material.cs
    public partial class Material
    {
        /// <summary>A texture slot as m_TexEnvs stores it.</summary>
        internal struct TexEnv
        {
            internal Texture m_Texture;
            internal Vector2 m_Scale, m_Offset;
        }

        // The YAML's fields (a Material's "m_SavedProperties" and around it). Lists, not
        // dictionaries: Undo's snapshot copies lists (Undo.cs Snapshot), so a recorded state
        // keeps its own.
        internal Shader m_Shader;
        internal List<KeyValuePair<string, TexEnv>> m_TexEnvs = new List<KeyValuePair<string, TexEnv>>();
        internal List<KeyValuePair<string, int>> m_Ints = new List<KeyValuePair<string, int>>();
        internal List<KeyValuePair<string, float>> m_Floats = new List<KeyValuePair<string, float>>();
        internal List<KeyValuePair<string, Color>> m_Colors = new List<KeyValuePair<string, Color>>();
        internal List<string> m_ValidKeywords = new List<string>();
        internal List<string> m_InvalidKeywords = new List<string>();
        internal int m_CustomRenderQueue = -1;

        // Material.bindings.cs CreateWithShader([NotNull] Shader shader): null throws.
        public Material(Shader shader)
        {
            if (ReferenceEquals(shader, null)) throw new ArgumentNullException("shader");
            this.shader = shader;
        }

        // CreateWithMaterial([NotNull] Material source): a copy of its shader, values, keywords and queue.
        public Material(Material source)
        {
            if (ReferenceEquals(source, null)) throw new ArgumentNullException("source");
            m_Shader = source.m_Shader;
            m_TexEnvs = new List<KeyValuePair<string, TexEnv>>(source.m_TexEnvs);
            m_Ints = new List<KeyValuePair<string, int>>(source.m_Ints);
            m_Floats = new List<KeyValuePair<string, float>>(source.m_Floats);
            m_Colors = new List<KeyValuePair<string, Color>>(source.m_Colors);
            m_ValidKeywords = new List<string>(source.m_ValidKeywords);
            m_InvalidKeywords = new List<string>(source.m_InvalidKeywords);
            m_CustomRenderQueue = source.m_CustomRenderQueue;
            name = source.name;
        }

        public Shader shader
        {
            get
            {
                Alive();
                if (m_Shader != null) return m_Shader;
                return Shader.Find("Hidden/InternalErrorShader");
            }
            set
            {
                Alive();
                if (value == null) return;
                m_Shader = value;
                foreach (var p in value.properties) AddDefault(p);
                // Keywords are valid for the shader that declares them; the others wait.
                var all = new List<string>(m_ValidKeywords);
                all.AddRange(m_InvalidKeywords);
                m_ValidKeywords = all.FindAll(k => value.keywords.Contains(k));
                m_InvalidKeywords = all.FindAll(k => !value.keywords.Contains(k));
            }
        }

        void AddDefault(Shader.Property p)
        {
            switch (p.Type)
            {
                case ShaderPropertyType.Color:
                case ShaderPropertyType.Vector:
                    if (Index(m_Colors, p.Name) < 0) m_Colors.Add(new KeyValuePair<string, Color>(p.Name, p.Default));
                    break;
                case ShaderPropertyType.Float:
                case ShaderPropertyType.Range:
                    if (Index(m_Floats, p.Name) < 0) m_Floats.Add(new KeyValuePair<string, float>(p.Name, p.Default.r));
                    break;
                case ShaderPropertyType.Int:
                    if (Index(m_Ints, p.Name) < 0) m_Ints.Add(new KeyValuePair<string, int>(p.Name, p.Int));
                    break;
                case ShaderPropertyType.Texture:
                    if (Index(m_TexEnvs, p.Name) < 0) m_TexEnvs.Add(new KeyValuePair<string, TexEnv>(p.Name, new TexEnv { m_Scale = new Vector2(1, 1), m_Offset = new Vector2(0, 0) }));
                    break;
            }
        }

        static int Index<T>(List<KeyValuePair<string, T>> list, string key) { return list.FindIndex(kv => kv.Key == key); }

        static T Get<T>(List<KeyValuePair<string, T>> list, string key, T none)
        {
            int i = Index(list, key);
            return i >= 0 ? list[i].Value : none;
        }

        static void Put<T>(List<KeyValuePair<string, T>> list, string key, T value)
        {
            int i = Index(list, key);
            if (i >= 0) list[i] = new KeyValuePair<string, T>(key, value);
            else list.Add(new KeyValuePair<string, T>(key, value));
        }

        // HasProperty: whether the material's shader has the property.
        public bool HasProperty(string name) { return shader.FindPropertyIndex(name) >= 0; }

        public int renderQueue
        {
            get { Alive(); return m_CustomRenderQueue >= 0 ? m_CustomRenderQueue : shader.renderQueue; }
            set { Alive(); m_CustomRenderQueue = value < 0 ? -1 : value; }
        }

        public int passCount { get { return shader.passCount; } }

        public float GetFloat(string name) { Alive(); return Get(m_Floats, name, 0f); }
        public void SetFloat(string name, float value) { Alive(); Put(m_Floats, name, value); }
        public int GetInteger(string name) { Alive(); return Get(m_Ints, name, 0); }
        public void SetInteger(string name, int value) { Alive(); Put(m_Ints, name, value); }
        public Color GetColor(string name) { Alive(); return Get(m_Colors, name, new Color(0, 0, 0, 0)); }
        public void SetColor(string name, Color value) { Alive(); Put(m_Colors, name, value); }
        public Vector4 GetVector(string name) { var c = GetColor(name); return new Vector4 { x = c.r, y = c.g, z = c.b, w = c.a }; }
        public void SetVector(string name, Vector4 value) { SetColor(name, new Color(value.x, value.y, value.z, value.w)); }

        public Texture GetTexture(string name) { Alive(); return Get(m_TexEnvs, name, default(TexEnv)).m_Texture; }
        public void SetTexture(string name, Texture value) { Alive(); var t = Env(name); t.m_Texture = value; Put(m_TexEnvs, name, t); }
        public Vector2 GetTextureScale(string name) { Alive(); return Env(name).m_Scale; }
        public void SetTextureScale(string name, Vector2 value) { Alive(); var t = Env(name); t.m_Scale = value; Put(m_TexEnvs, name, t); }
        public Vector2 GetTextureOffset(string name) { Alive(); return Env(name).m_Offset; }
        public void SetTextureOffset(string name, Vector2 value) { Alive(); var t = Env(name); t.m_Offset = value; Put(m_TexEnvs, name, t); }

        TexEnv Env(string name)
        {
            int i = Index(m_TexEnvs, name);
            return i >= 0 ? m_TexEnvs[i].Value : new TexEnv { m_Scale = new Vector2(1, 1), m_Offset = new Vector2(0, 0) };
        }

        public void EnableKeyword(string keyword)
        {
            Alive();
            if (m_ValidKeywords.Contains(keyword) || m_InvalidKeywords.Contains(keyword)) return;
            if (shader.keywords.Contains(keyword)) m_ValidKeywords.Add(keyword);
            else m_InvalidKeywords.Add(keyword);
        }

        public void DisableKeyword(string keyword)
        {
            Alive();
            m_ValidKeywords.Remove(keyword);
            m_InvalidKeywords.Remove(keyword);
        }

        public bool IsKeywordEnabled(string keyword) { Alive(); return m_ValidKeywords.Contains(keyword) || m_InvalidKeywords.Contains(keyword); }

        public string[] shaderKeywords
        {
            get
            {
                Alive();
                var all = new List<string>(m_ValidKeywords);
                all.AddRange(m_InvalidKeywords);
                return all.ToArray();
            }
            set
            {
                Alive();
                m_ValidKeywords = new List<string>();
                m_InvalidKeywords = new List<string>();
                foreach (var k in value ?? new string[0]) EnableKeyword(k);
            }
        }

        // Material.GetDefaultMaterial (internal): what a new renderer draws with, the render
        // pipeline's default material (RenderPipelineAsset.defaultMaterial), or the built-in
        // pipeline's Default-Material (Standard).
        static Material defaultMaterial;
        internal static Material GetDefaultMaterial()
        {
            var pipeline = GraphicsSettings.currentRenderPipeline;
            if (pipeline != null && pipeline.defaultMaterial != null) return pipeline.defaultMaterial;
            // Built-in resources are read-only (HideFlags.NotEditable).
            if (defaultMaterial == null) defaultMaterial = new Material(Shader.Find("Standard")) { name = "Default-Material", hideFlags = HideFlags.NotEditable };
            return defaultMaterial;
        }

        internal static void FakeReset() { defaultMaterial = null; }
    }
}

namespace UnityEditor
{
    // UnityCsReference: Editor/Mono/EditorUtility.bindings.cs (SetDirty, IsDirty)
    public sealed partial class EditorUtility
    {
        /// <summary>Objects marked dirty and not saved since.</summary>
        internal static readonly HashSet<UnityEngine.Object> Dirty = new HashSet<UnityEngine.Object>();

        // SetDirty([NotNull] Object target)
        public static void SetDirty(UnityEngine.Object target)
        {
            if (ReferenceEquals(target, null)) throw new ArgumentNullException("target");
            Dirty.Add(target);
        }

        public static bool IsDirty(UnityEngine.Object target) { return !ReferenceEquals(target, null) && Dirty.Contains(target); }
    }

    // UnityCsReference: Modules/AssetDatabase/Editor/ScriptBindings/AssetDatabase.bindings.cs (SaveAssetIfDirty)
    public partial class AssetDatabase
    {
        /// <summary>The assets SaveAssetIfDirty wrote, in order.</summary>
        internal static readonly List<string> SavedAssets = new List<string>();

        // SaveAssetIfDirty(Object): writes the object's asset file when it is dirty (the
        // file AssetStore keeps is written again with what its objects hold now).
        public static void SaveAssetIfDirty(UnityEngine.Object obj)
        {
            if (obj == null || !EditorUtility.Dirty.Contains(obj)) return;
            var path = GetAssetPath(obj);
            if (path.Length == 0) return;
            EditorUtility.Dirty.Remove(obj);
            SavedAssets.Add(path);
            var file = AssetStore.At(path);
            if (file != null) AssetStore.Write(file);
        }
    }
}
