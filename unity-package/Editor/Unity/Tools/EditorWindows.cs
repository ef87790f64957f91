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
        /// events (the tab bar of a docked window). Read from the internal m_Parent view's
        /// screenPosition (UnityCsReference: Editor/Mono/EditorWindow.cs, Editor/Mono/View.cs);
        /// known=false when that is unavailable.</summary>
        public static Vector2 ContentOffset(EditorWindow w, out bool known)
        {
            known = false;
            try
            {
                var parent = HostView(w, "the window geometry");
                if (parent == null) return Vector2.zero;
                // unityapi:reflects UnityEditor.View::screenPosition public property Rect get
                var p = parent.GetType().GetProperty("screenPosition", BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic);
                if (p == null || p.PropertyType != typeof(Rect)) return Vector2.zero;
                var sp = (Rect)p.GetValue(parent, null);
                var pos = w.position;
                known = true;
                return new Vector2(pos.x - sp.x, pos.y - sp.y);
            }
            catch (Exception) { return Vector2.zero; }
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
        /// desktop, renders the same. The window must be shown; see <see cref="Prepare"/>.</summary>
        public static Texture2D Read(EditorWindow w, float scale)
        {
            RenderTexture grabbed = null, target = null;
            var previous = RenderTexture.active;
            try
            {
                var source = GameTarget(w);
                if (source == null)
                {
                    var native = CaptureGeometry.Native(w.position.width, w.position.height, PixelsPerPoint(w));
                    grabbed = RenderTexture.GetTemporary(native.Width, native.Height, 0, RenderTextureFormat.ARGB32);
                    Grab(w, grabbed);
                    source = grabbed;
                }
                var size = CaptureGeometry.Scaled(new PixelSize(source.width, source.height), scale);
                target = RenderTexture.GetTemporary(size.Width, size.Height, 0, RenderTextureFormat.ARGB32);
                Graphics.Blit(source, target); // a bilinear resize when scaled
                RenderTexture.active = target;
                // RGB: Unity draws these buffers without alpha blending (GameView.cs), and a
                // camera's background alpha is often 0, which would make the PNG transparent.
                var tex = new Texture2D(size.Width, size.Height, TextureFormat.RGB24, false);
                tex.ReadPixels(new Rect(0, 0, size.Width, size.Height), 0, 0);
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

        /// <summary>Renders the window's view into rt (sized in pixels).</summary>
        static void Grab(EditorWindow w, RenderTexture rt)
        {
#if UNITY_6000_0_OR_NEWER
            // Unity 6: the public InternalEditorUtility.CaptureEditorWindow grabs the view's
            // framebuffer and blits it upright; it needs the window focused (Prepare).
            if (!UnityEditorInternal.InternalEditorUtility.CaptureEditorWindow(w, rt))
                throw new ToolException("capture_failed", "Unity could not render the window \"" + Title(w) + "\": it must have focus and did not take it; is it minimized or on another desktop?");
#else
            // 2022.3 has no public capture: do what Unity 6's CaptureEditorWindow does, through
            // the internal view: GUIView.GrabPixels(rt, rect in points), then a blit with the
            // editor's capture material, which flips the image where the graphics API needs it.
            var parent = HostView(w, "the window capture");
            if (parent == null)
                throw new ToolException("capture_failed", "the window \"" + Title(w) + "\" is not shown in any view; open or dock it, then try again");
            // unityapi:reflects UnityEditor.GUIView::GrabPixels internal method (RenderTexture,Rect) void
            var grab = InternalApi.Method(parent.GetType(), "GrabPixels", new[] { typeof(RenderTexture), typeof(Rect) }, "the window capture");
            var raw = RenderTexture.GetTemporary(rt.width, rt.height, 0, RenderTextureFormat.ARGB32);
            try
            {
                grab.Invoke(parent, new object[] { raw, new Rect(0, 0, w.position.width, w.position.height) });
                var upright = EditorGUIUtility.LoadRequired("SceneView/BlitSceneViewCapture.mat") as Material;
                if (upright != null) Graphics.Blit(raw, rt, upright);
                else Graphics.Blit(raw, rt);
            }
            finally
            {
                RenderTexture.ReleaseTemporary(raw);
            }
#endif
        }

        /// <summary>Writes a PNG and frees the texture; returns the file size.</summary>
        public static long SavePng(Texture2D tex, string path)
        {
            try
            {
                var bytes = tex.EncodeToPNG();
                Directory.CreateDirectory(Path.GetDirectoryName(path));
                File.WriteAllBytes(path, bytes);
                OwnerOnly.File(path);
                return bytes.LongLength;
            }
            finally
            {
                UnityEngine.Object.DestroyImmediate(tex);
            }
        }

        /// <summary>Frame steps that bring a window to the front and let it repaint.</summary>
        public static IEnumerable<object> Prepare(EditorWindow w)
        {
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
            try { w = ResolveView(view); }
            catch (ToolException e) { return new JObject { { "error", e.Code }, { "message", e.Message } }; }
            var tex = Read(w, 1f);
            var res = new JObject { { "view", view.ToLowerInvariant() }, { "width", tex.width }, { "height", tex.height } };
            if (string.IsNullOrEmpty(savePath))
            {
                UnityEngine.Object.DestroyImmediate(tex);
                res["note"] = "pass capture_path to save the capture to a file";
                return res;
            }
            string full;
            try { full = ProjectPaths.Resolve(savePath, "capture_path"); }
            catch (ToolException e)
            {
                UnityEngine.Object.DestroyImmediate(tex);
                return new JObject { { "error", e.Code }, { "message", e.Message } };
            }
            res["bytes"] = SavePng(tex, full);
            res["path"] = full;
            res["note"] = "saved";
            return res;
        }
    }
}
