// Behavioural fake of shaders and their compiler messages. UnityCsReference, branch 2022.3
// (the same members in 6000.0-6000.7): Runtime/Export/Shaders/Shader.bindings.cs (Find,
// isSupported, renderQueue, passCount, subshaderCount, keywordSpace; a private constructor),
// Runtime/Export/Shaders/ShaderProperties.cs (GetPropertyCount, FindPropertyIndex,
// GetPropertyName/Type/Description/Flags, the default and range getters, which throw
// ArgumentOutOfRangeException for a bad index and ArgumentException for the wrong type),
// Runtime/Export/Shaders/LocalKeywordSpace.bindings.cs, Editor/Mono/ShaderUtil.bindings.cs
// and ShaderUtil.cs (ShaderMessage, GetShaderMessageCount, GetShaderMessages, ShaderHasError,
// GetAllShaderInfo), Editor/Mono/Graphics/ShaderCompilerData.cs (the message enums).
//
// - A shader declares properties (ShaderLab's Properties block: name, display name, type,
//   flags, default, a Range's limits), keywords (its keyword space) and a render queue;
//   the fake's shaders are defined by the tests (Shader.Fake…), plus Unity's built-in ones
//   every project has (Standard, Unlit/Color, Unlit/Texture, Skybox/Procedural,
//   Hidden/InternalErrorShader; their properties as the built-in shader sources declare
//   them, a subset). A shader with compile errors is not supported.
// - ShaderUtil's messages are those a test gives the shader (Shader.FakeMessage), as the
//   shader compiler would report them on import.
// Not modelled: passes' names and tags, variants, the int-id overloads.
using System;
using System.Collections.Generic;
using UnityEditor;
using UnityEditor.Rendering;
using UnityEngine;
using UnityEngine.Rendering;

namespace UnityEngine.Rendering
{
    // UnityCsReference: Runtime/Export/Shaders/ShaderProperties.cs
    public enum ShaderPropertyType
    {
        Color,
        Vector,
        Float,
        Range,
        Texture,
        Int,
    }

    // UnityCsReference: Runtime/Export/Shaders/ShaderProperties.cs (6000.x adds Vector2, Vector3)
    [Flags]
    public enum ShaderPropertyFlags
    {
        None = 0,
        HideInInspector = 1 << 0,
        PerRendererData = 1 << 1,
        NoScaleOffset = 1 << 2,
        Normal = 1 << 3,
        HDR = 1 << 4,
        Gamma = 1 << 5,
        NonModifiableTextureData = 1 << 6,
        MainTexture = 1 << 7,
        MainColor = 1 << 8,
    }

    // UnityCsReference: Runtime/Export/Shaders/LocalKeywordSpace.bindings.cs
    public readonly struct LocalKeywordSpace : IEquatable<LocalKeywordSpace>
    {
        readonly Shader owner;
        internal LocalKeywordSpace(Shader owner) { this.owner = owner; }
        public string[] keywordNames { get { return owner == null ? new string[0] : owner.keywords.ToArray(); } }
        public uint keywordCount { get { return (uint)keywordNames.Length; } }
        public override bool Equals(object o) { return o is LocalKeywordSpace && Equals((LocalKeywordSpace)o); }
        public bool Equals(LocalKeywordSpace rhs) { return ReferenceEquals(owner, rhs.owner); }
        public static bool operator ==(LocalKeywordSpace lhs, LocalKeywordSpace rhs) { return lhs.Equals(rhs); }
        public static bool operator !=(LocalKeywordSpace lhs, LocalKeywordSpace rhs) { return !(lhs == rhs); }
        public override int GetHashCode() { return owner == null ? 0 : owner.GetHashCode(); }
    }
}

namespace UnityEngine
{
    // UnityCsReference: Runtime/Export/Shaders/Shader.bindings.cs, ShaderProperties.cs
    public sealed partial class Shader : Object
    {
        /// <summary>One entry of a shader's Properties block.</summary>
        internal sealed class Property
        {
            internal string Name, Description, Texture = "white";
            internal ShaderPropertyType Type;
            internal ShaderPropertyFlags Flags;
            internal Color Default;
            internal float Min, Max;
            internal int Int;
        }

        internal readonly List<Property> properties = new List<Property>();
        internal readonly List<string> keywords = new List<string>();
        internal readonly List<ShaderMessage> messages = new List<ShaderMessage>();
        internal int queue = 2000, passes = 1, subshaders = 1;
        /// <summary>Built in, or from a package: Shader.Find sees it without an asset under Assets/.</summary>
        internal bool resident;

        private Shader() { }

        /// <summary>The shaders the Editor can find: built-in and package ones, and those
        /// imported from the project's .shader files.</summary>
        internal static readonly List<Shader> Known = new List<Shader>();

        /// <summary>A shader named as its Shader "…" declaration names it, known to
        /// Shader.Find at once (a built-in or a package's); give it an asset with FakeImport.</summary>
        internal static Shader Fake(string shaderName)
        {
            var s = new Shader { resident = true };
            s.name = shaderName;
            Known.Add(s);
            return s;
        }

        /// <summary>A .shader file under Assets/ the ShaderImporter imported: the asset's object
        /// keeps the name its source declares, not the file's.</summary>
        internal Shader FakeImport(string path)
        {
            var declared = name;
            resident = false;
            AssetStore.Create(this, path);
            name = declared;
            return this;
        }

        internal Shader FakeColor(string n, string description, float r, float g, float b, float a, ShaderPropertyFlags flags = ShaderPropertyFlags.None)
        { return Add(n, description, ShaderPropertyType.Color, flags, new Color(r, g, b, a)); }
        internal Shader FakeVector(string n, string description, float x, float y, float z, float w)
        { return Add(n, description, ShaderPropertyType.Vector, ShaderPropertyFlags.None, new Color(x, y, z, w)); }
        internal Shader FakeFloat(string n, string description, float value, ShaderPropertyFlags flags = ShaderPropertyFlags.None)
        { return Add(n, description, ShaderPropertyType.Float, flags, new Color(value, 0, 0, 0)); }
        internal Shader FakeRange(string n, string description, float value, float min, float max, ShaderPropertyFlags flags = ShaderPropertyFlags.None)
        {
            Add(n, description, ShaderPropertyType.Range, flags, new Color(value, min, max, 0));
            properties[properties.Count - 1].Min = min;
            properties[properties.Count - 1].Max = max;
            return this;
        }
        internal Shader FakeInt(string n, string description, int value)
        {
            Add(n, description, ShaderPropertyType.Int, ShaderPropertyFlags.None, new Color(value, 0, 0, 0));
            properties[properties.Count - 1].Int = value;
            return this;
        }
        internal Shader FakeTexture(string n, string description, string defaultTexture, ShaderPropertyFlags flags = ShaderPropertyFlags.None)
        {
            Add(n, description, ShaderPropertyType.Texture, flags, default(Color));
            properties[properties.Count - 1].Texture = defaultTexture;
            return this;
        }
        internal Shader FakeKeywords(params string[] names) { keywords.AddRange(names); return this; }
        internal Shader FakeQueue(int q) { queue = q; return this; }
        internal Shader FakePasses(int subshaderCount, int passCount) { subshaders = subshaderCount; passes = passCount; return this; }

        /// <summary>A compiler message, as importing the shader's source would report it.</summary>
        internal Shader FakeMessage(string text, ShaderCompilerMessageSeverity severity, string file, int line)
        {
            messages.Add(new ShaderMessage(text, severity, file, line, ShaderCompilerPlatform.D3D));
            return this;
        }

        Shader Add(string n, string description, ShaderPropertyType type, ShaderPropertyFlags flags, Color def)
        {
            properties.Add(new Property { Name = n, Description = description, Type = type, Flags = flags, Default = def });
            return this;
        }

        /// <summary>A shader Shader.Find may answer: not destroyed, and built in or still an asset.</summary>
        internal bool Findable { get { return !destroyed && (resident || AssetDatabase.GetAssetPath(this).Length > 0); } }

        // Shader.Find: the shader of that name the Editor knows, or null.
        public static Shader Find(string name)
        {
            foreach (var s in Known) if (s.Findable && s.name == name) return s;
            return null;
        }

        // A shader with compile errors is not supported: it draws with the error shader.
        public bool isSupported { get { Alive(); return !messages.Exists(m => m.severity == ShaderCompilerMessageSeverity.Error); } }
        public int renderQueue { get { Alive(); return queue; } }
        public int passCount { get { Alive(); return passes; } }
        public int subshaderCount { get { Alive(); return subshaders; } }
        public LocalKeywordSpace keywordSpace { get { Alive(); return new LocalKeywordSpace(this); } }

        public int GetPropertyCount() { Alive(); return properties.Count; }
        public int FindPropertyIndex(string propertyName) { Alive(); return properties.FindIndex(p => p.Name == propertyName); }

        // ShaderProperties.cs CheckPropertyIndex: ArgumentOutOfRangeException("propertyIndex").
        Property At(int propertyIndex)
        {
            Alive();
            if (propertyIndex < 0 || propertyIndex >= properties.Count) throw new ArgumentOutOfRangeException("propertyIndex");
            return properties[propertyIndex];
        }

        public string GetPropertyName(int propertyIndex) { return At(propertyIndex).Name; }
        public ShaderPropertyType GetPropertyType(int propertyIndex) { return At(propertyIndex).Type; }
        public string GetPropertyDescription(int propertyIndex) { return At(propertyIndex).Description; }
        public ShaderPropertyFlags GetPropertyFlags(int propertyIndex) { return At(propertyIndex).Flags; }

        public float GetPropertyDefaultFloatValue(int propertyIndex)
        {
            var p = At(propertyIndex);
            if (p.Type != ShaderPropertyType.Float && p.Type != ShaderPropertyType.Range) throw new ArgumentException("Property type is not Float or Range.");
            return p.Default.r;
        }

        public Vector4 GetPropertyDefaultVectorValue(int propertyIndex)
        {
            var p = At(propertyIndex);
            if (p.Type != ShaderPropertyType.Color && p.Type != ShaderPropertyType.Vector) throw new ArgumentException("Property type is not Color or Vector.");
            return new Vector4 { x = p.Default.r, y = p.Default.g, z = p.Default.b, w = p.Default.a };
        }

        public Vector2 GetPropertyRangeLimits(int propertyIndex)
        {
            var p = At(propertyIndex);
            if (p.Type != ShaderPropertyType.Range) throw new ArgumentException("Property type is not Range.");
            return new Vector2(p.Min, p.Max);
        }

        public int GetPropertyDefaultIntValue(int propertyIndex)
        {
            var p = At(propertyIndex);
            if (p.Type != ShaderPropertyType.Int) throw new ArgumentException("Property type is not Int.");
            return p.Int;
        }

        public string GetPropertyTextureDefaultName(int propertyIndex)
        {
            var p = At(propertyIndex);
            if (p.Type != ShaderPropertyType.Texture) throw new ArgumentException("Property type is not a Texture.");
            return p.Texture;
        }

        /// <summary>Unity's built-in shaders (every project has them; Manual "Built-in shaders").</summary>
        internal static void FakeBuiltins()
        {
            Known.Clear();
            Fake("Standard").FakePasses(2, 5)
                .FakeColor("_Color", "Color", 1, 1, 1, 1, ShaderPropertyFlags.MainColor)
                .FakeTexture("_MainTex", "Albedo", "white", ShaderPropertyFlags.MainTexture)
                .FakeRange("_Cutoff", "Alpha Cutoff", 0.5f, 0, 1)
                .FakeRange("_Glossiness", "Smoothness", 0.5f, 0, 1)
                .FakeRange("_Metallic", "Metallic", 0, 0, 1, ShaderPropertyFlags.Gamma)
                .FakeFloat("_BumpScale", "Scale", 1)
                .FakeTexture("_BumpMap", "Normal Map", "bump", ShaderPropertyFlags.Normal)
                .FakeColor("_EmissionColor", "Color", 0, 0, 0, 1, ShaderPropertyFlags.HDR)
                .FakeTexture("_EmissionMap", "Emission", "white")
                .FakeFloat("_Mode", "__mode", 0, ShaderPropertyFlags.HideInInspector)
                .FakeKeywords("_NORMALMAP", "_ALPHATEST_ON", "_ALPHABLEND_ON", "_EMISSION", "_METALLICGLOSSMAP");
            Fake("Unlit/Color").FakeColor("_Color", "Main Color", 1, 1, 1, 1);
            Fake("Unlit/Texture").FakeTexture("_MainTex", "Base (RGB)", "white");
            Fake("Skybox/Procedural").FakeQueue(1000)
                .FakeRange("_SunSize", "Sun Size", 0.04f, 0, 1)
                .FakeRange("_AtmosphereThickness", "Atmosphere Thickness", 1, 0, 5)
                .FakeColor("_SkyTint", "Sky Tint", 0.5f, 0.5f, 0.5f, 1)
                .FakeRange("_Exposure", "Exposure", 1.3f, 0, 8);
            Fake("Hidden/InternalErrorShader");
        }
    }
}

namespace UnityEditor.Rendering
{
    // UnityCsReference: Editor/Mono/Graphics/ShaderCompilerData.cs (members used here)
    public enum ShaderCompilerPlatform
    {
        None = 0,
        D3D = 4,
        GLES3x = 9,
        Metal = 14,
        OpenGLCore = 15,
        Vulkan = 18,
    }

    // UnityCsReference: Editor/Mono/Graphics/ShaderCompilerData.cs
    public enum ShaderCompilerMessageSeverity
    {
        Error,
        Warning,
    }
}

namespace UnityEditor
{
    // UnityCsReference: Editor/Mono/ShaderUtil.bindings.cs
    public struct ShaderMessage : IEquatable<ShaderMessage>
    {
        public ShaderMessage(string msg, ShaderCompilerMessageSeverity sev = ShaderCompilerMessageSeverity.Error) : this(msg, sev, string.Empty, 0, ShaderCompilerPlatform.None) { }

        // The native side fills in file, line and platform; the fake's tests through this.
        internal ShaderMessage(string msg, ShaderCompilerMessageSeverity sev, string file, int line, ShaderCompilerPlatform platform)
        {
            message = msg;
            messageDetails = string.Empty;
            this.file = file;
            this.line = line;
            this.platform = platform;
            severity = sev;
        }

        public string message { get; }
        public string messageDetails { get; }
        public string file { get; }
        public int line { get; }
        public ShaderCompilerPlatform platform { get; }
        public ShaderCompilerMessageSeverity severity { get; }

        public bool Equals(ShaderMessage other) { return message == other.message && file == other.file && line == other.line && platform == other.platform && severity == other.severity; }
        public override bool Equals(object obj) { return obj is ShaderMessage && Equals((ShaderMessage)obj); }
        public override int GetHashCode() { return (message ?? "").GetHashCode() ^ line; }
        public static bool operator ==(ShaderMessage left, ShaderMessage right) { return left.Equals(right); }
        public static bool operator !=(ShaderMessage left, ShaderMessage right) { return !left.Equals(right); }
    }

    // UnityCsReference: Editor/Mono/ShaderUtil.bindings.cs (struct ShaderInfo)
    public struct ShaderInfo
    {
        internal string m_Name;
        internal bool m_Supported, m_HasErrors, m_HasWarnings;
        public string name { get { return m_Name; } }
        public bool supported { get { return m_Supported; } }
        public bool hasErrors { get { return m_HasErrors; } }
        public bool hasWarnings { get { return m_HasWarnings; } }
    }

    // UnityCsReference: Editor/Mono/ShaderUtil.bindings.cs and Editor/Mono/ShaderUtil.cs
    public sealed partial class ShaderUtil
    {
        // [NotNull] Shader s: null throws.
        public static int GetShaderMessageCount(Shader s)
        {
            if (ReferenceEquals(s, null)) throw new ArgumentNullException("s");
            return s.messages.Count;
        }

        public static ShaderMessage[] GetShaderMessages(Shader s)
        {
            if (ReferenceEquals(s, null)) throw new ArgumentNullException("s");
            return s.messages.ToArray();
        }

        public static bool ShaderHasError(Shader shader) { return Array.Exists(GetShaderMessages(shader), m => m.severity == ShaderCompilerMessageSeverity.Error); }

        // GetAllShaderInfo: every shader the Editor knows (the Inspector's shader menu).
        public static ShaderInfo[] GetAllShaderInfo()
        {
            var list = new List<ShaderInfo>();
            foreach (var s in Shader.Known)
            {
                if (!s.Findable) continue;
                list.Add(new ShaderInfo
                {
                    m_Name = s.name, m_Supported = s.isSupported, m_HasErrors = ShaderHasError(s),
                    m_HasWarnings = s.messages.Exists(m => m.severity == ShaderCompilerMessageSeverity.Warning),
                });
            }
            return list.ToArray();
        }
    }
}
