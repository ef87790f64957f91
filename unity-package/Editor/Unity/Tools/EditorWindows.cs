using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>Finding editor windows, their geometry, and reading their pixels.</summary>
    public static class EditorWindows
    {
        /// <summary>Every open EditorWindow.</summary>
        public static EditorWindow[] All() { return Resources.FindObjectsOfTypeAll<EditorWindow>(); }

        public static string Title(EditorWindow w)
        {
            var c = w.titleContent;
            return c != null && !string.IsNullOrEmpty(c.text) ? c.text : w.GetType().Name;
        }

        static readonly Dictionary<string, string> ViewTypes = new Dictionary<string, string>
        {
            { "scene", "SceneView" }, { "scene_view_window", "SceneView" },
            { "game", "GameView" }, { "game_view_window", "GameView" },
            { "inspector", "InspectorWindow" }, { "hierarchy", "SceneHierarchyWindow" },
            { "project", "ProjectBrowser" }, { "console", "ConsoleWindow" },
        };

        /// <summary>Resolves a view argument: scene, game, inspector, hierarchy, project,
        /// console, or window:&lt;title substring&gt;.</summary>
        public static EditorWindow ResolveView(string view)
        {
            var v = (view ?? "").Trim();
            var lower = v.ToLowerInvariant();
            var all = All();
            if (lower.StartsWith("window:", StringComparison.Ordinal))
            {
                var want = v.Substring(7).Trim();
                foreach (var w in all) if (string.Equals(Title(w), want, StringComparison.OrdinalIgnoreCase)) return w;
                foreach (var w in all) if (Title(w).IndexOf(want, StringComparison.OrdinalIgnoreCase) >= 0) return w;
                throw NotFound(view);
            }
            string typeName;
            if (!ViewTypes.TryGetValue(lower, out typeName))
                throw new ToolException("invalid_params", "unknown view \"" + view + "\"; views: scene, game, inspector, hierarchy, project, console, window:<title>");
            if (typeName == "SceneView" && SceneView.lastActiveSceneView != null) return SceneView.lastActiveSceneView;
            EditorWindow best = null;
            foreach (var w in all)
            {
                if (w.GetType().Name != typeName) continue;
                if (best == null || w.hasFocus) best = w;
            }
            if (best == null) throw NotFound(view);
            return best;
        }

        static ToolException NotFound(string view)
        {
            var titles = new List<string>();
            foreach (var w in All()) titles.Add(Title(w));
            return new ToolException("window_not_found", "no open window matches view \"" + view + "\"; open windows: " + string.Join(", ", titles.ToArray()));
        }

        /// <summary>The internal view the window is shown in (EditorWindow.m_Parent, a
        /// HostView), or null when it is shown in none; InvalidOperationException when this
        /// Unity has no such field (InternalApi).</summary>
        static object HostView(EditorWindow w, string purpose)
        {
            // unityapi:reflects UnityEditor.EditorWindow::m_Parent internal field HostView
            return InternalApi.Field(typeof(EditorWindow), "m_Parent", purpose).GetValue(w);
        }

        /// <summary>Offset (points) of the window's content inside the view that receives its
        /// events and is captured: the view's border (HostView.borderSize; a docked window's
        /// tab strip and side borders), where Unity lays the window's content out
        /// (<see cref="CaptureGeometry.ContentInView"/>). Where that internal is missing, the
        /// window's position less the view's screenPosition (UnityCsReference:
        /// Editor/Mono/EditorWindow.cs, Editor/Mono/View.cs); known=false when neither is
        /// available.</summary>
        public static Vector2 ContentOffset(EditorWindow w, out bool known)
        {
            known = false;
            try
            {
                var parent = HostView(w, "the window geometry");
                if (parent == null) return Vector2.zero;
                RectOffset border;
                if (TryBorder(parent, out border))
                {
                    known = true;
                    return new Vector2(border.left, border.top);
                }
                Rect sp;
                if (!TryScreenPosition(parent, out sp)) return Vector2.zero;
                var pos = w.position;
                known = true;
                return new Vector2(pos.x - sp.x, pos.y - sp.y);
            }
            catch (Exception) { return Vector2.zero; }
        }

        /// <summary>The view's border (internal HostView.borderSize: DockArea.GetBorderSize,
        /// UnityCsReference: Editor/Mono/HostView.cs, Editor/Mono/GUI/DockArea.cs).</summary>
        static bool TryBorder(object view, out RectOffset border)
        {
            border = null;
            try
            {
                // unityapi:reflects UnityEditor.HostView::borderSize internal property RectOffset get
                border = InternalApi.Property(view.GetType(), "borderSize", typeof(RectOffset), "the window geometry").GetValue(view, null) as RectOffset;
            }
            catch (InvalidOperationException) { }
            return border != null;
        }

        /// <summary>The view's rectangle on screen, in points (View.screenPosition).</summary>
        static bool TryScreenPosition(object view, out Rect rect)
        {
            rect = default(Rect);
            // unityapi:reflects UnityEditor.View::screenPosition public property Rect get
            var p = view.GetType().GetProperty("screenPosition", BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic);
            if (p == null || p.PropertyType != typeof(Rect)) return false;
            rect = (Rect)p.GetValue(view, null);
            return true;
        }

        /// <summary>Geometry fields shared by the input tools' results.</summary>
        public static void Describe(EditorWindow w, JObject into)
        {
            bool known;
            var off = ContentOffset(w, out known);
            var pos = w.position;
            into["window"] = Title(w);
            into["contentOffset"] = new JArray(off.x, off.y);
            into["contentOffsetKnown"] = known;
            into["pixelsPerPoint"] = EditorGUIUtility.pixelsPerPoint;
            into["windowSize"] = new JArray(pos.width, pos.height);
        }

        /// <summary>Renders the window's own buffer into a texture at its pixel size
        /// (position in points × pixelsPerPoint, so 125 %/150 %/200 % display scaling gives the
        /// whole window at full resolution), then scaled by <paramref name="scale"/>. The
        /// Game view is read from its render texture (the game's own resolution). Nothing
        /// is read from the screen: a window behind another application, or on another
        /// desktop, renders the same. The window must be shown; see <see cref="Prepare"/>.
        /// The texture is upright (its first row the image's bottom, as EncodeToPNG expects),
        /// whichever way up the graphics API stores the source: see
        /// <see cref="CaptureOrientation"/>.</summary>
        public static Texture2D Read(EditorWindow w, float scale)
        {
            RenderTexture grabbed = null, target = null;
            var previous = RenderTexture.active;
            try
            {
                var source = GameTarget(w);
                var from = CaptureSource.GameViewTarget;
                if (source == null)
                {
                    grabbed = GrabContent(w);
                    source = grabbed;
                    from = CaptureSource.WindowView;
                }
                var size = CaptureGeometry.Scaled(new PixelSize(source.width, source.height), scale);
                target = RenderTexture.GetTemporary(size.Width, size.Height, 0, RenderTextureFormat.ARGB32);
                Graphics.Blit(source, target); // a bilinear resize when scaled; keeps the rows' order
                RenderTexture.active = target;
                // RGB: Unity draws these buffers without alpha blending (GameView.cs), and a
                // camera's background alpha is often 0, which would make the PNG transparent.
                var tex = new Texture2D(size.Width, size.Height, TextureFormat.RGB24, false);
                tex.ReadPixels(new Rect(0, 0, size.Width, size.Height), 0, 0);
                // The Game view's target is stored top row first on Direct3D, Metal and Vulkan
                // (GameView.cs draws it flipped there, deviceFlippedTargetInView): turn it.
                if (CaptureOrientation.TopRowFirst(from, SystemInfo.graphicsUVStartsAtTop))
                {
                    var pixels = tex.GetPixels32();
                    CaptureOrientation.ToTextureOrder(pixels, size.Width, size.Height, true);
                    tex.SetPixels32(pixels);
                }
                tex.Apply(false);
                return tex;
            }
            catch (InvalidOperationException e) // InternalApi: this Unity lacks an internal member
            {
                throw new ToolException("unsupported_unity", "cannot capture \"" + Title(w) + "\": " + e.Message);
            }
            finally
            {
                RenderTexture.active = previous;
                if (target != null) RenderTexture.ReleaseTemporary(target);
                if (grabbed != null) RenderTexture.ReleaseTemporary(grabbed);
            }
        }

        /// <summary>Pixels per point of the view the window is in: its own backing scale
        /// (GUIView.GetBackingScaleFactor), which differs per monitor; outside OnGUI
        /// EditorGUIUtility.pixelsPerPoint is that of whichever view painted last
        /// (GUIUtility.bindings.cs), the fallback when the internal is absent.</summary>
        static float PixelsPerPoint(EditorWindow w)
        {
            try
            {
                // unityapi:reflects UnityEditor.GUIView::GetBackingScaleFactor internal method () float
                var parent = HostView(w, "the window capture");
                if (parent != null)
                {
                    var scale = (float)InternalApi.Method(parent.GetType(), "GetBackingScaleFactor", Type.EmptyTypes, "the window capture").Invoke(parent, null);
                    if (scale > 0) return scale;
                }
            }
            catch (Exception) { }
            return EditorGUIUtility.pixelsPerPoint;
        }

        /// <summary>The Game view's render texture (what its cameras rendered), or null
        /// for other windows and before the Game view has rendered once.</summary>
        static RenderTexture GameTarget(EditorWindow w)
        {
            if (w.GetType().Name != "GameView") return null;
            // unityapi:reflects UnityEditor.PlayModeView::m_TargetTexture private field RenderTexture
            var rt = InternalApi.Field(w.GetType(), "m_TargetTexture", "the Game view capture").GetValue(w) as RenderTexture;
            return rt != null && rt.IsCreated() ? rt : null;
        }

        /// <summary>The window's content, rendered from its view into a temporary texture
        /// (the caller releases it) at its pixel size. GUIView.GrabPixels takes a rectangle in
        /// the view's points from its bottom-left corner, as Unity's own CaptureEditorWindow
        /// assumes; the view of a docked window is its DockArea, tab strip included, so the
        /// content's rectangle inside its borders is grabbed
        /// (<see cref="CaptureGeometry.ContentInView"/>). Then a blit with the editor's capture
        /// material, which flips the image where the graphics API needs it, as
        /// CaptureEditorWindow does.</summary>
        static RenderTexture GrabContent(EditorWindow w)
        {
            var parent = HostView(w, "the window capture");
            if (parent == null)
                throw new ToolException("capture_failed", "the window \"" + Title(w) + "\" is not shown in any view; open or dock it, then try again");
            MethodInfo grab;
            RectOffset border;
            Rect view;
            try
            {
                // unityapi:reflects UnityEditor.GUIView::GrabPixels internal method (RenderTexture,Rect) void
                grab = InternalApi.Method(parent.GetType(), "GrabPixels", new[] { typeof(RenderTexture), typeof(Rect) }, "the window capture");
                if (!TryBorder(parent, out border) || !TryScreenPosition(parent, out view))
                    throw new InvalidOperationException("this Unity's host view has no borderSize or screenPosition, which the window capture needs");
            }
            catch (InvalidOperationException)
            {
#if UNITY_6000_0_OR_NEWER
                // A Unity whose internals moved: its public capture, which needs the window
                // focused (Prepare) and includes a docked window's tab strip.
                var whole = CaptureGeometry.Native(w.position.width, w.position.height, PixelsPerPoint(w));
                var rt = RenderTexture.GetTemporary(whole.Width, whole.Height, 0, RenderTextureFormat.ARGB32);
                if (UnityEditorInternal.InternalEditorUtility.CaptureEditorWindow(w, rt)) return rt;
                RenderTexture.ReleaseTemporary(rt);
                throw new ToolException("capture_failed", "Unity could not render the window \"" + Title(w) + "\": it must have focus and did not take it; is it minimized or on another desktop?");
#else
                throw;
#endif
            }
            var content = CaptureGeometry.ContentInView(view.width, view.height, border.left, border.top, border.bottom, w.position.width, w.position.height);
            if (content.Width <= 0 || content.Height <= 0)
                throw new ToolException("capture_failed", "the window \"" + Title(w) + "\" has no visible content (" + content + " points inside its view); make it larger, then try again");
            var native = CaptureGeometry.Native(content.Width, content.Height, PixelsPerPoint(w));
            var raw = RenderTexture.GetTemporary(native.Width, native.Height, 0, RenderTextureFormat.ARGB32);
            var upright = RenderTexture.GetTemporary(native.Width, native.Height, 0, RenderTextureFormat.ARGB32);
            try
            {
                grab.Invoke(parent, new object[] { raw, new Rect((float)content.X, (float)content.Y, (float)content.Width, (float)content.Height) });
                var material = EditorGUIUtility.LoadRequired("SceneView/BlitSceneViewCapture.mat") as Material;
                if (material != null) Graphics.Blit(raw, upright, material);
                else Graphics.Blit(raw, upright);
                var done = upright;
                upright = null;
                return done;
            }
            finally
            {
                RenderTexture.ReleaseTemporary(raw);
                if (upright != null) RenderTexture.ReleaseTemporary(upright);
            }
        }

        /// <summary>The Game view window point (content points, what input_pointer sends) of a
        /// pixel of its render target (what a Game view capture at ResolutionScale 1 shows,
        /// from its top-left): <see cref="GameViewPoints"/> over the view's own
        /// gameMouseOffset and gameMouseScale (UnityCsReference: Editor/Mono/GameView/GameView.cs).</summary>
        public static Vector2 GamePixelToPoint(EditorWindow w, Vector2 pixel)
        {
            if (w.GetType().Name != "GameView")
                throw new ToolException("invalid_params", "game_pixels applies to the Game view only, and \"" + Title(w) + "\" is not one; give window points instead");
            try
            {
                // unityapi:reflects UnityEditor.GameView::gameMouseOffset private property Vector2 get
                var offset = (Vector2)InternalApi.Property(w.GetType(), "gameMouseOffset", typeof(Vector2), "game_pixels").GetValue(w, null);
                // unityapi:reflects UnityEditor.GameView::gameMouseScale private property float get
                var scale = (float)InternalApi.Property(w.GetType(), "gameMouseScale", typeof(float), "game_pixels").GetValue(w, null);
                double x, y;
                GameViewPoints.FromTargetPixel(pixel.x, pixel.y, offset.x, offset.y, scale, out x, out y);
                return new Vector2((float)x, (float)y);
            }
            catch (InvalidOperationException e)
            {
                throw new ToolException("unsupported_unity", "cannot map Game view pixels to window points: " + e.Message + "; give window points instead");
            }
            catch (ArgumentOutOfRangeException e)
            {
                throw new ToolException("capture_failed", "the Game view has not laid itself out yet (" + e.Message + "); show it once, then try again");
            }
        }

        /// <summary>Writes a PNG and frees the texture; returns the file size.</summary>
        public static long SavePng(Texture2D tex, string path)
        {
            try
            {
                var bytes = tex.EncodeToPNG();
                Directory.CreateDirectory(Path.GetDirectoryName(path));
                // CreateNew: a capture never replaces a file, nor writes through a symbolic
                // link put there since the path was checked (O_EXCL).
                using (var f = new FileStream(path, FileMode.CreateNew, FileAccess.Write))
                    f.Write(bytes, 0, bytes.Length);
                OwnerOnly.File(path);
                return bytes.LongLength;
            }
            catch (IOException e)
            {
                throw new ToolException("capture_failed", "cannot write the capture to " + path + ": " + e.Message + "; give a new file name inside " + ProjectPaths.OutputRoot);
            }
            finally
            {
                UnityEngine.Object.DestroyImmediate(tex);
            }
        }

        /// <summary>Frame steps that bring a window to the front and let it repaint.</summary>
        public static IEnumerable<object> Prepare(EditorWindow w)
        {
            // In Edit Mode, one player-loop update before the capture, so that [ExecuteAlways]
            // scripts and UI canvases are current (EditorApplication.QueuePlayerLoopUpdate's
            // documented effect); in Play Mode the player loop runs on every update anyway.
            if (!EditorApplication.isPlaying) EditorApplication.QueuePlayerLoopUpdate();
            w.Focus();
            w.Repaint();
            yield return null;
            w.Repaint();
            yield return null;
            yield return null;
            // Editor ticks are not repaints: paint the view now, so that its buffer holds this
            // window and not the tab that was in front a moment ago.
            RepaintNow(w);
        }

        static void RepaintNow(EditorWindow w)
        {
            try
            {
                // unityapi:reflects UnityEditor.EditorWindow::RepaintImmediately internal method () void
                InternalApi.Method(typeof(EditorWindow), "RepaintImmediately", Type.EmptyTypes, "the window capture").Invoke(w, null);
            }
            catch (Exception) { } // an older or newer Unity without it: the ticks above remain
        }

        /// <summary>Captures a view to a PNG (input_replay then_capture): {view, width, height, path?, bytes?, note?} or {error, message}.</summary>
        public static JObject CaptureTo(string view, string savePath)
        {
            EditorWindow w;
            string full = null;
            try
            {
                w = ResolveView(view);
                // Only a new .png inside the project's output folder (ProjectPaths.CaptureFile).
                if (!string.IsNullOrEmpty(savePath)) full = ProjectPaths.CaptureFile(savePath, "capture_path");
            }
            catch (ToolException e) { return new JObject { { "error", e.Code }, { "message", e.Message } }; }
            var tex = Read(w, 1f);
            var res = new JObject { { "view", view.ToLowerInvariant() }, { "width", tex.width }, { "height", tex.height } };
            if (full == null)
            {
                UnityEngine.Object.DestroyImmediate(tex);
                res["note"] = "pass capture_path to save the capture to a file";
                return res;
            }
            try { res["bytes"] = SavePng(tex, full); }
            catch (ToolException e) { return new JObject { { "error", e.Code }, { "message", e.Message } }; }
            res["path"] = full;
            res["note"] = "saved";
            return res;
        }
    }
}
