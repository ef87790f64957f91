using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;

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

        /// <summary>Offset (points) of the window's content inside the view that receives its
        /// events (the tab bar of a docked window). Read from the internal m_Parent view's
        /// screenPosition (UnityCsReference: Editor/Mono/EditorWindow.cs, Editor/Mono/View.cs);
        /// known=false when that is unavailable.</summary>
        public static Vector2 ContentOffset(EditorWindow w, out bool known)
        {
            known = false;
            try
            {
                var f = typeof(EditorWindow).GetField("m_Parent", BindingFlags.Instance | BindingFlags.NonPublic | BindingFlags.Public);
                var parent = f != null ? f.GetValue(w) : null;
                if (parent == null) return Vector2.zero;
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

        /// <summary>Reads the window's content pixels from the screen (as Unity's own
        /// screenshot menu does: InternalEditorUtility.ReadScreenPixel over the window's
        /// screen rect). The window must be visible and painted; see <see cref="Prepare"/>.</summary>
        public static Texture2D Read(EditorWindow w, float scale)
        {
            var r = w.position;
            int width = Mathf.Max(1, (int)r.width), height = Mathf.Max(1, (int)r.height);
            var pixels = UnityEditorInternal.InternalEditorUtility.ReadScreenPixel(new Vector2(r.x, r.y), width, height);
            if (scale < 0.999f)
            {
                int sw = Mathf.Max(1, Mathf.RoundToInt(width * scale)), sh = Mathf.Max(1, Mathf.RoundToInt(height * scale));
                pixels = Resample(pixels, width, height, sw, sh);
                width = sw;
                height = sh;
            }
            var tex = new Texture2D(width, height, TextureFormat.RGBA32, false);
            tex.SetPixels(pixels);
            tex.Apply(false);
            return tex;
        }

        /// <summary>Box-filter downscale of a row-major (bottom row first) pixel block.</summary>
        static Color[] Resample(Color[] src, int w, int h, int nw, int nh)
        {
            var dst = new Color[nw * nh];
            float sx = (float)w / nw, sy = (float)h / nh;
            for (int y = 0; y < nh; y++)
            {
                int y0 = (int)(y * sy), y1 = Mathf.Min(h, Mathf.Max(y0 + 1, (int)((y + 1) * sy)));
                for (int x = 0; x < nw; x++)
                {
                    int x0 = (int)(x * sx), x1 = Mathf.Min(w, Mathf.Max(x0 + 1, (int)((x + 1) * sx)));
                    float r = 0, g = 0, b = 0, a = 0;
                    int n = 0;
                    for (int yy = y0; yy < y1; yy++)
                    {
                        for (int xx = x0; xx < x1; xx++)
                        {
                            var c = src[yy * w + xx];
                            r += c.r; g += c.g; b += c.b; a += c.a;
                            n++;
                        }
                    }
                    dst[y * nw + x] = n > 0 ? new Color(r / n, g / n, b / n, a / n) : Color.black;
                }
            }
            return dst;
        }

        /// <summary>Writes a PNG and frees the texture; returns the file size.</summary>
        public static long SavePng(Texture2D tex, string path)
        {
            try
            {
                var bytes = tex.EncodeToPNG();
                Directory.CreateDirectory(Path.GetDirectoryName(path));
                File.WriteAllBytes(path, bytes);
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
