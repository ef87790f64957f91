// Behavioural fake of what a scene draws with: render pipelines and quality settings, the
// RenderSettings each scene carries, cameras, lights, renderers and meshes. UnityCsReference,
// branch 2022.3 (the same members in 6000.0-6000.7 unless noted):
// Runtime/Export/RenderPipeline/RenderPipelineAsset.cs (defaultShader, defaultMaterial),
// Runtime/Export/Graphics/GraphicsSettings.bindings.cs (currentRenderPipeline: the quality
// level's pipeline when it names one, else defaultRenderPipeline),
// Runtime/Export/Graphics/GraphicsManagers.bindings.cs (RenderSettings, QualitySettings),
// Runtime/Export/Camera/Camera.bindings.cs, Runtime/Export/Graphics/GraphicsComponents.bindings.cs
// (Light.type, MeshFilter.sharedMesh), Runtime/Export/Graphics/GraphicsRenderers.bindings.cs
// (Renderer, SkinnedMeshRenderer), Runtime/Export/Graphics/Mesh.bindings.cs and Mesh.cs,
// Runtime/Export/Math/Matrix4x4.cs, Editor/Mono/Unsupported.bindings.cs (GetRenderSettings).
//
// - RenderSettings are per scene (a .unity file's RenderSettings block); the static API reads
//   and writes the active scene's, and Unsupported.GetRenderSettings answers that scene's
//   object, which Undo records like any other. A scene starts with Unity's defaults for a new
//   scene: Default-Skybox (Skybox/Procedural), ambient from the skybox with the default
//   trilight colours, intensity 1, no fog (grey, exponential squared, density 0.01, linear
//   0-300), no sun, reflections from the skybox at 128, intensity 1, one bounce.
// - A Camera has the component's defaults (skybox clear, 60° field of view, clip 0.3-1000,
//   orthographic size 5, full viewport, culling everything, HDR and MSAA allowed) and renders
//   a 1920x1080 Game view unless it has a target texture. Its matrices are computed as Unity
//   documents them: worldToCameraMatrix is the inverse of the camera's position and rotation
//   with z negated (OpenGL convention), projectionMatrix Matrix4x4.Perspective or Ortho.
// - A mesh has vertices and sub-meshes, each with a topology and an index count; the
//   primitives' meshes have the built-in meshes' counts (Cube 24 vertices and 36 indices,
//   Sphere 515/2304, Capsule 550/2496, Cylinder 88/240, Plane 121/600, Quad 4/6).
// Not modelled: RenderSettings saved with a scene file (a reopened scene starts from the
// defaults), physical cameras, stereo, light colour and intensity.
using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using UnityEngine.Rendering;
using UnityEngine.SceneManagement;

namespace UnityEngine.Rendering
{
    // UnityCsReference: Runtime/Export/RenderPipeline/RenderPipelineAsset.cs (what the fake's
    // pipelines override; CreatePipeline is not modelled)
    public abstract partial class RenderPipelineAsset : ScriptableObject
    {
        public virtual Material defaultMaterial { get { return null; } }
        public virtual Shader defaultShader { get { return null; } }
    }

    // UnityCsReference: Runtime/Export/Graphics/GraphicsSettings.bindings.cs
    public sealed partial class GraphicsSettings : Object
    {
        private GraphicsSettings() { }
        public static RenderPipelineAsset currentRenderPipeline
        {
            get { return QualitySettings.renderPipeline != null ? QualitySettings.renderPipeline : defaultRenderPipeline; }
        }
        public static RenderPipelineAsset defaultRenderPipeline { get; set; }
    }

    // UnityCsReference: Runtime/Export/Graphics/GraphicsEnums.cs
    public enum AmbientMode
    {
        Skybox = 0,
        Trilight = 1,
        Flat = 3,
        Custom = 4,
    }

    // UnityCsReference: Runtime/Export/Graphics/GraphicsEnums.cs
    public enum DefaultReflectionMode
    {
        Skybox = 0,
        Custom = 1,
    }

    // UnityCsReference: Runtime/Export/Graphics/GraphicsEnums.cs (members used here)
    public enum GraphicsDeviceType
    {
        Direct3D11 = 2,
        Null = 4,
        Metal = 16,
        OpenGLCore = 17,
        Direct3D12 = 18,
        Vulkan = 21,
    }
}

namespace UnityEngine
{
    // UnityCsReference: Runtime/Export/Graphics/GraphicsManagers.bindings.cs
    public sealed partial class QualitySettings : Object
    {
        private QualitySettings() { }
        // A new project's levels; desktop starts at Ultra.
        internal static readonly string[] Levels = { "Very Low", "Low", "Medium", "High", "Very High", "Ultra" };
        internal static int Level = 5;
        internal static ColorSpace FakeColorSpace = ColorSpace.Linear;
        public static RenderPipelineAsset renderPipeline { get; set; }
        public static string[] names { get { return (string[])Levels.Clone(); } }
        public static int GetQualityLevel() { return Level; }
        public static ColorSpace activeColorSpace { get { return FakeColorSpace; } }
        public static int antiAliasing { get; set; }
    }

    // UnityCsReference: Runtime/Export/Graphics/GraphicsEnums.cs
    public enum ColorSpace
    {
        Uninitialized = -1,
        Gamma = 0,
        Linear = 1,
    }

    // UnityCsReference: Runtime/Export/Graphics/GraphicsEnums.cs
    public enum FogMode
    {
        Linear = 1,
        Exponential = 2,
        ExponentialSquared = 3,
    }

    // UnityCsReference: Runtime/Export/Graphics/GraphicsEnums.cs (Area, obsolete from 6000.0, left out)
    public enum LightType
    {
        Spot = 0,
        Directional = 1,
        Point = 2,
        Rectangle = 3,
        Disc = 4,
    }

    // UnityCsReference: Runtime/Export/Graphics/GraphicsEnums.cs
    public enum CameraClearFlags
    {
        Skybox = 1,
        Color = 2,
        SolidColor = 2,
        Depth = 3,
        Nothing = 4,
    }

    // UnityCsReference: Runtime/Export/Graphics/GraphicsEnums.cs
    public enum MeshTopology
    {
        Triangles = 0,
        Quads = 2,
        Lines = 3,
        LineStrip = 4,
        Points = 5,
    }

    // UnityCsReference: Runtime/Export/Graphics/GraphicsManagers.bindings.cs (class RenderSettings)
    public sealed partial class RenderSettings : Object
    {
        // The fields of a scene's RenderSettings block (YAML names).
        internal bool m_Fog;
        internal Color m_FogColor = new Color(0.5f, 0.5f, 0.5f, 1);
        internal FogMode m_FogMode = FogMode.ExponentialSquared;
        internal float m_FogDensity = 0.01f, m_LinearFogStart, m_LinearFogEnd = 300;
        internal AmbientMode m_AmbientMode = AmbientMode.Skybox;
        internal Color m_AmbientSkyColor = new Color(0.212f, 0.227f, 0.259f, 1);
        internal Color m_AmbientEquatorColor = new Color(0.114f, 0.125f, 0.133f, 1);
        internal Color m_AmbientGroundColor = new Color(0.047f, 0.043f, 0.035f, 1);
        internal float m_AmbientIntensity = 1, m_ReflectionIntensity = 1;
        internal Material m_SkyboxMaterial;
        internal Light m_Sun;
        internal Texture m_CustomReflection;
        internal int m_ReflectionBounces = 1, m_DefaultReflectionResolution = 128;
        internal DefaultReflectionMode m_DefaultReflectionMode = DefaultReflectionMode.Skybox;

        private RenderSettings() { }

        static readonly ConditionalWeakTable<SceneData, RenderSettings> perScene = new ConditionalWeakTable<SceneData, RenderSettings>();
        static Material defaultSkybox;

        /// <summary>The active scene's settings (RenderSettings.GetRenderSettings, internal).</summary>
        internal static RenderSettings GetRenderSettings()
        {
            return perScene.GetValue(World.Active, _ =>
            {
                if (defaultSkybox == null) defaultSkybox = new Material(Shader.Find("Skybox/Procedural")) { name = "Default-Skybox", hideFlags = HideFlags.NotEditable };
                return new RenderSettings { name = "RenderSettings", m_SkyboxMaterial = defaultSkybox };
            });
        }

        internal static void FakeReset() { defaultSkybox = null; }

        static RenderSettings S { get { return GetRenderSettings(); } }

        public static bool fog { get { return S.m_Fog; } set { S.m_Fog = value; } }
        public static float fogStartDistance { get { return S.m_LinearFogStart; } set { S.m_LinearFogStart = value; } }
        public static float fogEndDistance { get { return S.m_LinearFogEnd; } set { S.m_LinearFogEnd = value; } }
        public static FogMode fogMode { get { return S.m_FogMode; } set { S.m_FogMode = value; } }
        public static Color fogColor { get { return S.m_FogColor; } set { S.m_FogColor = value; } }
        public static float fogDensity { get { return S.m_FogDensity; } set { S.m_FogDensity = value; } }
        public static AmbientMode ambientMode { get { return S.m_AmbientMode; } set { S.m_AmbientMode = value; } }
        public static Color ambientSkyColor { get { return S.m_AmbientSkyColor; } set { S.m_AmbientSkyColor = value; } }
        public static Color ambientEquatorColor { get { return S.m_AmbientEquatorColor; } set { S.m_AmbientEquatorColor = value; } }
        public static Color ambientGroundColor { get { return S.m_AmbientGroundColor; } set { S.m_AmbientGroundColor = value; } }
        public static float ambientIntensity { get { return S.m_AmbientIntensity; } set { S.m_AmbientIntensity = value; } }
        // [NativeProperty("AmbientSkyColor")]: ambientLight is the sky colour.
        public static Color ambientLight { get { return S.m_AmbientSkyColor; } set { S.m_AmbientSkyColor = value; } }
        public static Material skybox { get { return S.m_SkyboxMaterial; } set { S.m_SkyboxMaterial = value; } }
        public static Light sun { get { return S.m_Sun; } set { S.m_Sun = value; } }
        public static Texture customReflectionTexture { get { return S.m_CustomReflection; } set { S.m_CustomReflection = value; } }
        public static float reflectionIntensity { get { return S.m_ReflectionIntensity; } set { S.m_ReflectionIntensity = value; } }
        public static int reflectionBounces { get { return S.m_ReflectionBounces; } set { S.m_ReflectionBounces = value; } }
        public static DefaultReflectionMode defaultReflectionMode { get { return S.m_DefaultReflectionMode; } set { S.m_DefaultReflectionMode = value; } }
        public static int defaultReflectionResolution { get { return S.m_DefaultReflectionResolution; } set { S.m_DefaultReflectionResolution = value; } }
    }

    // UnityCsReference: Runtime/Export/Math/Matrix4x4.cs (fields and indexers)
    public partial struct Matrix4x4
    {
        public float m00, m10, m20, m30, m01, m11, m21, m31, m02, m12, m22, m32, m03, m13, m23, m33;

        public float this[int row, int column] { get { return this[row + column * 4]; } set { this[row + column * 4] = value; } }

        // Column-major, as Matrix4x4.cs stores it.
        public float this[int index]
        {
            get
            {
                switch (index)
                {
                    case 0: return m00; case 1: return m10; case 2: return m20; case 3: return m30;
                    case 4: return m01; case 5: return m11; case 6: return m21; case 7: return m31;
                    case 8: return m02; case 9: return m12; case 10: return m22; case 11: return m32;
                    case 12: return m03; case 13: return m13; case 14: return m23; case 15: return m33;
                    default: throw new IndexOutOfRangeException("Invalid matrix index!");
                }
            }
            set
            {
                switch (index)
                {
                    case 0: m00 = value; break; case 1: m10 = value; break; case 2: m20 = value; break; case 3: m30 = value; break;
                    case 4: m01 = value; break; case 5: m11 = value; break; case 6: m21 = value; break; case 7: m31 = value; break;
                    case 8: m02 = value; break; case 9: m12 = value; break; case 10: m22 = value; break; case 11: m32 = value; break;
                    case 12: m03 = value; break; case 13: m13 = value; break; case 14: m23 = value; break; case 15: m33 = value; break;
                    default: throw new IndexOutOfRangeException("Invalid matrix index!");
                }
            }
        }
    }

    // UnityCsReference: Runtime/Export/Camera/Camera.bindings.cs
    public sealed partial class Camera
    {
        internal const int GameViewWidth = 1920, GameViewHeight = 1080;
        float near = 0.3f, far = 1000, fov = 60, size = 5, depthValue;
        float? aspectOverride;
        Matrix4x4? viewOverride, projectionOverride;
        Color background = new Color(0.19215687f, 0.3019608f, 0.4745098f, 0);

        public float nearClipPlane { get { return near; } set { near = value; } }
        public float farClipPlane { get { return far; } set { far = value; } }
        public float fieldOfView { get { return fov; } set { fov = value; } }
        public bool allowHDR { get; set; } = true;
        public bool allowMSAA { get; set; } = true;
        public float orthographicSize { get { return size; } set { size = value; } }
        public bool orthographic { get; set; }
        public float depth { get { return depthValue; } set { depthValue = value; } }
        public float aspect { get { return aspectOverride ?? (float)pixelWidth / pixelHeight; } set { aspectOverride = value; } }
        public int cullingMask { get; set; } = -1;
        public Color backgroundColor { get { return background; } set { background = value; } }
        public CameraClearFlags clearFlags { get; set; } = CameraClearFlags.Skybox;
        public Rect rect { get; set; } = new Rect(0, 0, 1, 1);
        public int pixelWidth { get { return (int)Math.Round(GameViewWidth * rect.width); } }
        public int pixelHeight { get { return (int)Math.Round(GameViewHeight * rect.height); } }
        public RenderTexture targetTexture { get; set; }

        public Matrix4x4 worldToCameraMatrix
        {
            get
            {
                if (viewOverride.HasValue) return viewOverride.Value;
                // The camera's world rotation and position inverted, z negated.
                var t = transform;
                var inv = Quaternion.Inverse(t.rotation);
                var m = new Matrix4x4 { m33 = 1 };
                var axes = new[] { inv * new Vector3(1, 0, 0), inv * new Vector3(0, 1, 0), inv * new Vector3(0, 0, 1) };
                var p = inv * (Vector3.zero - t.position);
                for (int c = 0; c < 3; c++) { m[0, c] = axes[c].x; m[1, c] = axes[c].y; m[2, c] = -axes[c].z; }
                m[0, 3] = p.x; m[1, 3] = p.y; m[2, 3] = -p.z;
                return m;
            }
            set { viewOverride = value; }
        }

        public Matrix4x4 projectionMatrix
        {
            get
            {
                if (projectionOverride.HasValue) return projectionOverride.Value;
                var m = new Matrix4x4();
                if (orthographic)
                {
                    // Matrix4x4.Ortho(-size*aspect, size*aspect, -size, size, near, far)
                    float w = size * aspect, h = size;
                    m.m00 = 1 / w; m.m11 = 1 / h; m.m22 = -2 / (far - near); m.m23 = -(far + near) / (far - near); m.m33 = 1;
                    return m;
                }
                // Matrix4x4.Perspective(fov, aspect, near, far)
                float cot = 1 / (float)Math.Tan(fov * Math.PI / 360);
                m.m00 = cot / aspect; m.m11 = cot; m.m22 = (far + near) / (near - far); m.m23 = 2 * far * near / (near - far); m.m32 = -1;
                return m;
            }
            set { projectionOverride = value; }
        }
    }

    // UnityCsReference: Runtime/Export/Graphics/GraphicsComponents.bindings.cs (type; in
    // Light.bindings.cs from 6000.0). A new Light component is a point light.
    public sealed partial class Light
    {
        public LightType type { get; set; } = LightType.Point;
    }

    // UnityCsReference: Runtime/Export/Graphics/GraphicsRenderers.bindings.cs
    public partial class Renderer
    {
        internal Material[] m_Materials = new Material[0];
        bool on = true;
        public bool enabled { get { Alive(); return on; } set { Alive(); on = value; } }
        // sharedMaterial: the first slot; setting it makes that the only slot.
        public Material sharedMaterial
        {
            get { Alive(); return m_Materials.Length > 0 ? m_Materials[0] : null; }
            set { Alive(); m_Materials = new[] { value }; }
        }
        public Material[] sharedMaterials
        {
            get { Alive(); return (Material[])m_Materials.Clone(); }
            set { Alive(); m_Materials = value == null ? new Material[0] : (Material[])value.Clone(); }
        }
    }

    // UnityCsReference: Runtime/Export/Graphics/GraphicsRenderers.bindings.cs
    public partial class SkinnedMeshRenderer : Renderer
    {
        public Mesh sharedMesh { get; set; }
    }

    // UnityCsReference: Runtime/Export/Graphics/GraphicsComponents.bindings.cs
    public sealed partial class MeshFilter
    {
        internal Mesh m_Mesh;
        public Mesh sharedMesh { get { Alive(); return m_Mesh; } set { Alive(); m_Mesh = value; } }
    }

    // UnityCsReference: Runtime/Export/Graphics/Mesh.bindings.cs and Mesh.cs
    public sealed partial class Mesh : Object
    {
        internal int vertices;
        internal List<KeyValuePair<MeshTopology, uint>> submeshes = new List<KeyValuePair<MeshTopology, uint>> { new KeyValuePair<MeshTopology, uint>(MeshTopology.Triangles, 0) };

        public Mesh() { }

        /// <summary>A mesh with these counts (what importing a model would give).</summary>
        internal static Mesh Fake(string name, int vertexCount, params KeyValuePair<MeshTopology, uint>[] parts)
        {
            var m = new Mesh { name = name, vertices = vertexCount };
            m.submeshes = new List<KeyValuePair<MeshTopology, uint>>(parts);
            return m;
        }

        internal static Mesh Triangles(string name, int vertexCount, uint indices) { return Fake(name, vertexCount, new KeyValuePair<MeshTopology, uint>(MeshTopology.Triangles, indices)); }

        /// <summary>The built-in mesh of a primitive (Library/unity default resources).</summary>
        internal static Mesh Primitive(PrimitiveType type)
        {
            switch (type)
            {
                case PrimitiveType.Cube: return Triangles("Cube", 24, 36);
                case PrimitiveType.Sphere: return Triangles("Sphere", 515, 2304);
                case PrimitiveType.Capsule: return Triangles("Capsule", 550, 2496);
                case PrimitiveType.Cylinder: return Triangles("Cylinder", 88, 240);
                case PrimitiveType.Plane: return Triangles("Plane", 121, 600);
                default: return Triangles("Quad", 4, 6);
            }
        }

        public int vertexCount { get { Alive(); return vertices; } }
        public int subMeshCount
        {
            get { Alive(); return submeshes.Count; }
            set
            {
                Alive();
                while (submeshes.Count > value) submeshes.RemoveAt(submeshes.Count - 1);
                while (submeshes.Count < value) submeshes.Add(new KeyValuePair<MeshTopology, uint>(MeshTopology.Triangles, 0));
            }
        }

        // Mesh.cs GetIndexCount / GetTopology: "Failed getting … submesh index is out of bounds".
        public UInt32 GetIndexCount(int submesh) { return Part(submesh).Value; }
        public MeshTopology GetTopology(int submesh) { return Part(submesh).Key; }

        KeyValuePair<MeshTopology, uint> Part(int submesh)
        {
            Alive();
            if (submesh < 0 || submesh >= submeshes.Count) throw new IndexOutOfRangeException("Specified sub mesh is out of range. Must be greater or equal to 0 and less than subMeshCount.");
            return submeshes[submesh];
        }
    }

    // UnityCsReference: Runtime/Export/SystemInfo/SystemInfo.bindings.cs (graphicsDeviceType,
    // graphicsDeviceName): an Editor started with -nographics has the Null device.
    public sealed partial class SystemInfo
    {
        internal static GraphicsDeviceType FakeDevice = GraphicsDeviceType.Null;
        public static string graphicsDeviceName { get { return FakeDevice == GraphicsDeviceType.Null ? "Null Device" : FakeDevice.ToString(); } }
        public static GraphicsDeviceType graphicsDeviceType { get { return FakeDevice; } }
    }

    /// <summary>Resets what the rendering fake keeps between tests (World.Reset calls it).</summary>
    internal static class RenderingFake
    {
        internal static void Reset()
        {
            Shader.FakeBuiltins();
            Material.FakeReset();
            RenderSettings.FakeReset();
            GraphicsSettings.defaultRenderPipeline = null;
            QualitySettings.renderPipeline = null;
            QualitySettings.Level = 5;
            QualitySettings.FakeColorSpace = ColorSpace.Linear;
            QualitySettings.antiAliasing = 2;
            SystemInfo.FakeDevice = GraphicsDeviceType.Null;
            UnityEditor.EditorUtility.Dirty.Clear();
            UnityEditor.AssetDatabase.SavedAssets.Clear();
        }
    }
}

namespace UnityEditor
{
    // UnityCsReference: Editor/Mono/Unsupported.bindings.cs (GetRenderSettings)
    public static partial class Unsupported
    {
        public static UnityEngine.Object GetRenderSettings() { return UnityEngine.RenderSettings.GetRenderSettings(); }
    }
}
