// Stubs of the rendering API the screenshot tool uses to read a window's own buffer;
// files in Unity-Technologies/UnityCsReference, checked by cmd/unitystubcheck per version.
using System;

namespace UnityEngine
{
    // UnityCsReference: Runtime/Export/Graphics/GraphicsEnums.cs
    public enum RenderTextureFormat
    {
        ARGB32 = 0,
    }

    // UnityCsReference: Runtime/Export/Graphics/Texture.cs (GetTemporary) and
    // Runtime/Export/Graphics/Texture.bindings.cs (active, IsCreated, ReleaseTemporary)
    public partial class RenderTexture : Texture
    {
        protected internal RenderTexture() { }
        public static RenderTexture active { get { throw new NotImplementedException(); } set { } }
        public bool IsCreated() { throw new NotImplementedException(); }
        public static RenderTexture GetTemporary(int width, int height, int depthBuffer, RenderTextureFormat format) { throw new NotImplementedException(); }
        public static void ReleaseTemporary(RenderTexture temp) { }
    }

    // UnityCsReference: Runtime/Export/Shaders/Material.bindings.cs (class Material; its
    // members are in Materials.cs)
    public partial class Material : Object { }

    // UnityCsReference: Runtime/Export/Graphics/Graphics.cs (Blit)
    public partial class Graphics
    {
        public static void Blit(Texture source, RenderTexture dest) { }
        public static void Blit(Texture source, RenderTexture dest, Material mat) { }
    }

    // UnityCsReference: Runtime/Export/Geometry/Rect.cs
    public partial struct Rect
    {
        public Rect(float x, float y, float width, float height) { m_XMin = x; m_YMin = y; m_Width = width; m_Height = height; }
    }

    // UnityCsReference: Runtime/Export/Graphics/Texture.cs (ReadPixels, SetPixels32) and
    // Runtime/Export/Graphics/Texture.bindings.cs (GetPixels32)
    public sealed partial class Texture2D
    {
        public void ReadPixels(Rect source, int destX, int destY) { }
        public Color32[] GetPixels32() { throw new NotImplementedException(); }
        public void SetPixels32(Color32[] colors) { }
    }

    // UnityCsReference: Runtime/Export/SystemInfo/SystemInfo.bindings.cs (graphicsUVStartsAtTop)
    public sealed partial class SystemInfo
    {
        public static bool graphicsUVStartsAtTop { get { throw new NotImplementedException(); } }
    }

    // UnityCsReference: Runtime/Export/IMGUI/GUIElement.bindings.cs (RectOffset's edges)
    public partial class RectOffset
    {
        public int left { get { throw new NotImplementedException(); } set { } }
        public int top { get { throw new NotImplementedException(); } set { } }
        public int bottom { get { throw new NotImplementedException(); } set { } }
    }
}

namespace UnityEditor
{
    // UnityCsReference: Editor/Mono/EditorGUIUtility.cs (LoadRequired)
    public sealed partial class EditorGUIUtility
    {
        public static UnityEngine.Object LoadRequired(string path) { throw new NotImplementedException(); }
    }
}

namespace UnityEditorInternal
{
#if UNITY_6000_0_OR_NEWER
    // UnityCsReference: Editor/Mono/InternalEditorUtility.cs (CaptureEditorWindow, 6000.0 on)
    public partial class InternalEditorUtility
    {
        public static bool CaptureEditorWindow(UnityEditor.EditorWindow window, UnityEngine.RenderTexture rt) { throw new NotImplementedException(); }
    }
#endif
}
