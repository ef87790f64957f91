using System;
using System.IO;
using System.Reflection;

namespace UnityMcp.Core
{
    /// <summary>A capture's size in pixels.</summary>
    public struct PixelSize
    {
        public int Width, Height;

        public PixelSize(int width, int height)
        {
            Width = width;
            Height = height;
        }

        public override string ToString() { return Width + "x" + Height; }
    }

    /// <summary>The pixel geometry of a window capture. An editor window's position is in
    /// points; its backing buffer has pixelsPerPoint pixels per point (1.25, 1.5, 2 at
    /// 125/150/200 % display scaling), and Unity's native code rounds those sizes half away
    /// from zero (UnityCsReference: Editor/Mono/PlayModeView/PlayModeView.cs, targetSize), so
    /// a capture sized any other way is cropped or padded by a pixel.</summary>
    public static class CaptureGeometry
    {
        /// <summary>The buffer size of a window of widthPoints × heightPoints.</summary>
        public static PixelSize Native(double widthPoints, double heightPoints, double pixelsPerPoint)
        {
            if (!(pixelsPerPoint > 0) || double.IsInfinity(pixelsPerPoint))
                throw new ArgumentOutOfRangeException("pixelsPerPoint", pixelsPerPoint, "pixels per point must be a positive number");
            return new PixelSize(Round(widthPoints * pixelsPerPoint), Round(heightPoints * pixelsPerPoint));
        }

        /// <summary>The size after ResolutionScale (0.1–1): at least one pixel each way.</summary>
        public static PixelSize Scaled(PixelSize native, double scale)
        {
            if (!(scale >= 0.1 && scale <= 1.0))
                throw new ArgumentOutOfRangeException("scale", scale, "ResolutionScale must be between 0.1 and 1.0");
            return new PixelSize(Math.Max(1, Round(native.Width * scale)), Math.Max(1, Round(native.Height * scale)));
        }

        static int Round(double v) { return Math.Max(1, (int)Math.Round(v, MidpointRounding.AwayFromZero)); }

        /// <summary>Where a window's content is inside the view that hosts it, in points, as
        /// GUIView.GrabPixels takes a rectangle: from the view's bottom-left corner. That origin
        /// is what Unity's own captures assume: InternalEditorUtility.CaptureEditorWindow and
        /// CaptureSceneView (Editor/Mono/InternalEditorUtility.cs, 6000.0) grab
        /// Rect(0, 0, position.size) from a docked window's DockArea, which holds the tab strip
        /// on top, and get the content only if y counts up from the bottom (as ReadPixels'
        /// does). So the rectangle starts at the bottom border and ends below the tab strip.
        /// (Not seen in a running Editor here: if a capture shows the tab strip, this origin is
        /// the thing to check.) The content sits inside the view's border (HostView.borderSize). A docked window's
        /// view is a DockArea, whose border holds the tab strip on top (kTabHeight, plus
        /// kFloatingWindowTopBorderWidth in a floating window's top row) and a side and
        /// bottom border where it meets other views (DockArea.GetBorderSizeInternal); the
        /// window's root element is laid out at those margins
        /// (Modules/UIElementsEditor/WindowBackends/DefaultEditorWindowBackend.cs,
        /// UpdateStyleMargins) and its IMGUI drawn there (Editor/Mono/HostView.cs,
        /// InvokeOnGUI). The size is the window's own (EditorWindow.position), clamped to the
        /// view. UnityCsReference: Editor/Mono/GUI/DockArea.cs (UpdateViewRect).</summary>
        public static PointRect ContentInView(double viewWidth, double viewHeight, int borderLeft, int borderTop, int borderBottom, double contentWidth, double contentHeight)
        {
            double x = Math.Max(0, borderLeft), y = Math.Max(0, borderBottom);
            double w = Math.Min(contentWidth, viewWidth - x), h = Math.Min(contentHeight, viewHeight - y - Math.Max(0, borderTop));
            return new PointRect(x, y, Math.Max(0, w), Math.Max(0, h));
        }
    }

    /// <summary>A rectangle in points, origin top-left (IMGUI's).</summary>
    public struct PointRect
    {
        public double X, Y, Width, Height;

        public PointRect(double x, double y, double width, double height)
        {
            X = x;
            Y = y;
            Width = width;
            Height = height;
        }

        public override string ToString() { return "(" + X + ", " + Y + ", " + Width + "x" + Height + ")"; }
    }

    /// <summary>What a capture reads.</summary>
    public enum CaptureSource
    {
        /// <summary>A view's buffer through GUIView.GrabPixels and the editor's capture
        /// material, which turns it upright itself (InternalEditorUtility.CaptureEditorWindow:
        /// "it will be flipped by the shader if necessary").</summary>
        WindowView,
        /// <summary>The Game view's render target (PlayModeView.m_TargetTexture).</summary>
        GameViewTarget,
    }

    /// <summary>Which way up a capture's pixels come back. Pixels read from a texture
    /// (Texture2D.ReadPixels, then GetPixels32) are rows of width, the row at texture v = 0
    /// first; for a texture Unity rendered into that is the image's bottom row, and
    /// EncodeToPNG writes the last row first, so the PNG is upright. The Game view's render
    /// target is rendered like a back buffer: where SystemInfo.graphicsUVStartsAtTop (Direct3D,
    /// Metal, Vulkan) v = 0 holds the image's top row, which is why Unity draws it flipped
    /// in the Game view (Editor/Mono/GameView/GameView.cs, deviceFlippedTargetInView) and the
    /// Device Simulator maps its top-left corner to UV (0, 0) only there
    /// (Modules/DeviceSimulatorEditor/VisualElements/DeviceView.cs, CreateScreenMesh).
    /// OpenGL stores it like any texture.</summary>
    public static class CaptureOrientation
    {
        /// <summary>Reports whether the pixels read back from source hold the image's top
        /// row first.</summary>
        public static bool TopRowFirst(CaptureSource source, bool graphicsUVStartsAtTop)
        {
            return source == CaptureSource.GameViewTarget && graphicsUVStartsAtTop;
        }

        /// <summary>Puts pixels read back (rows of width, height rows) in Texture2D order,
        /// the image's bottom row first, as EncodeToPNG expects: reverses the rows in place
        /// when topRowFirst, else leaves them. Returns whether it reversed them.</summary>
        public static bool ToTextureOrder<T>(T[] pixels, int width, int height, bool topRowFirst)
        {
            if (pixels == null) throw new ArgumentNullException("pixels");
            if (width < 0 || height < 0 || (long)width * height != pixels.Length)
                throw new ArgumentException("a " + width + "x" + height + " image has " + (long)width * height + " pixels, not " + pixels.Length);
            if (!topRowFirst) return false;
            var row = new T[width];
            for (int top = 0, bottom = height - 1; top < bottom; top++, bottom--)
            {
                Array.Copy(pixels, top * width, row, 0, width);
                Array.Copy(pixels, bottom * width, pixels, top * width, width);
                Array.Copy(row, 0, pixels, bottom * width, width);
            }
            return true;
        }
    }

    /// <summary>The Game view's two coordinate spaces. Its OnGUI (what input_pointer's
    /// events reach) takes points from the window's content top-left, its toolbar included;
    /// its render target (what a Game view capture shows) is in pixels from the target's
    /// top-left, drawn at targetInView inside the view below the toolbar, zoomed. Unity maps
    /// one to the other for the game's mouse as gamePixel = (windowPoint + gameMouseOffset)
    /// × gameMouseScale, where gameMouseOffset = −viewInWindow.position −
    /// targetInView.position and gameMouseScale = pixels per point / zoom
    /// (UnityCsReference: Editor/Mono/GameView/GameView.cs, OnGUI).</summary>
    public static class GameViewPoints
    {
        /// <summary>The window point (content points, as input_pointer takes them) of a
        /// render-target pixel (as a Game view capture at ResolutionScale 1 shows it).</summary>
        public static void FromTargetPixel(double pixelX, double pixelY, double offsetX, double offsetY, double scale, out double x, out double y)
        {
            if (!(scale > 0) || double.IsInfinity(scale))
                throw new ArgumentOutOfRangeException("scale", scale, "the Game view's mouse scale must be a positive number");
            x = pixelX / scale - offsetX;
            y = pixelY / scale - offsetY;
        }

        /// <summary>The render-target pixel under a window point (the inverse).</summary>
        public static void ToTargetPixel(double x, double y, double offsetX, double offsetY, double scale, out double pixelX, out double pixelY)
        {
            pixelX = (x + offsetX) * scale;
            pixelY = (y + offsetY) * scale;
        }
    }

    /// <summary>What is at a path, for <see cref="CapturePaths"/>.</summary>
    public enum PathKind
    {
        Missing,
        File,
        Directory,
        /// <summary>A symbolic link or junction (a reparse point), wherever it leads.</summary>
        Link,
    }

    /// <summary>Where captures may be written: only new .png files inside the project's
    /// output folder (.uloop/outputs). A path is relative to that folder or absolute inside
    /// it; ".." is refused outright, as is any symbolic link (or junction) between the
    /// project folder and the file (it could lead anywhere; the check does not follow it),
    /// and a file that exists already (a capture never replaces a file).</summary>
    public static class CapturePaths
    {
        /// <summary>The full path of a new capture file p (argument arg) inside outputs,
        /// which is inside root (the project folder). ArgumentException says why not.</summary>
        public static string File(string root, string outputs, string p, string arg, bool ignoreCase, Func<string, PathKind> probe)
        {
            if (string.IsNullOrEmpty(p) || p.Trim().Length == 0)
                throw new ArgumentException(arg + " is empty; give a file name ending in .png (relative to " + outputs + ")");
            if (!string.Equals(Path.GetExtension(p.TrimEnd()), ".png", StringComparison.OrdinalIgnoreCase))
                throw new ArgumentException(arg + " \"" + p + "\" is not a .png file; captures are written as PNG only: give a name ending in .png");
            var full = Inside(root, outputs, p, arg, ignoreCase, probe);
            var kind = probe(full);
            if (kind != PathKind.Missing)
                throw new ArgumentException(arg + " \"" + p + "\": " + full + " exists already" + (kind == PathKind.Link ? " (a symbolic link)" : "") + "; a capture never replaces a file: give a new name");
            return full;
        }

        /// <summary>The full path of a folder p (argument arg) inside outputs for captures to
        /// be written in (it may exist; created by the caller).</summary>
        public static string Directory(string root, string outputs, string p, string arg, bool ignoreCase, Func<string, PathKind> probe)
        {
            if (string.IsNullOrEmpty(p) || p.Trim().Length == 0)
                throw new ArgumentException(arg + " is empty; give a folder inside " + outputs);
            var full = Inside(root, outputs, p, arg, ignoreCase, probe);
            var kind = probe(full);
            if (kind == PathKind.File)
                throw new ArgumentException(arg + " \"" + p + "\": " + full + " is a file, not a folder; give a folder inside " + outputs);
            if (kind == PathKind.Link)
                throw new ArgumentException(arg + " \"" + p + "\": " + full + " is a symbolic link, which could lead out of the output folder; give a folder without links inside " + outputs);
            return full;
        }

        /// <summary>stem.png in dir, or stem_2.png, stem_3.png… when that exists.</summary>
        public static string NewName(string dir, string stem, Func<string, PathKind> probe)
        {
            for (int i = 1; i <= 1000; i++)
            {
                var name = stem + (i == 1 ? "" : "_" + i) + ".png";
                if (probe(Path.Combine(dir, name)) == PathKind.Missing) return name;
            }
            throw new IOException("no free file name like " + stem + ".png in " + dir + "; remove old captures there");
        }

        /// <summary>What is at path on this machine's file system (a symbolic link is
        /// reported as one, dangling or not).</summary>
        public static PathKind Probe(string path)
        {
            try
            {
                var a = System.IO.File.GetAttributes(path);
                if ((a & FileAttributes.ReparsePoint) != 0) return PathKind.Link;
                return (a & FileAttributes.Directory) != 0 ? PathKind.Directory : PathKind.File;
            }
            catch (FileNotFoundException) { return PathKind.Missing; }
            catch (DirectoryNotFoundException) { return PathKind.Missing; }
        }

        static string Inside(string root, string outputs, string p, string arg, bool ignoreCase, Func<string, PathKind> probe)
        {
            foreach (var part in p.Split('/', '\\'))
            {
                if (part.Trim() == "..")
                    throw new ArgumentException(arg + " \"" + p + "\" contains \"..\"; give a path inside " + outputs + " without it");
            }
            string full;
            try { full = Path.GetFullPath(Path.IsPathRooted(p) ? p : Path.Combine(outputs, p)); }
            catch (Exception e) when (e is ArgumentException || e is NotSupportedException || e is PathTooLongException)
            {
                throw new ArgumentException(arg + " \"" + p + "\" is not a valid path (" + e.Message + "); give a path inside " + outputs);
            }
            var rootFull = Trim(Path.GetFullPath(root));
            var outFull = Trim(Path.GetFullPath(outputs));
            if (!Under(outFull, full, ignoreCase))
                throw new ArgumentException(arg + " \"" + p + "\" leaves the output folder " + outputs + "; captures are only written inside it: give a path relative to it");
            if (!Under(rootFull, outFull, ignoreCase))
                throw new ArgumentException("the output folder " + outputs + " is not inside the project folder " + root);
            // Every existing folder on the way below the project folder: no links (they could
            // lead out). The last step is the caller's (File, Directory).
            var rest = full.Substring(rootFull.Length).TrimStart(Path.DirectorySeparatorChar, Path.AltDirectorySeparatorChar);
            var parts = rest.Split(new[] { Path.DirectorySeparatorChar, Path.AltDirectorySeparatorChar }, StringSplitOptions.RemoveEmptyEntries);
            var at = rootFull;
            for (int i = 0; i < parts.Length - 1; i++)
            {
                at = Path.Combine(at, parts[i]);
                var kind = probe(at);
                if (kind == PathKind.Link)
                    throw new ArgumentException(arg + " \"" + p + "\" goes through the symbolic link " + at + ", which could lead out of the output folder; give a path without links inside " + outputs);
                if (kind == PathKind.Missing) break; // nothing below exists yet
                if (kind == PathKind.File)
                    throw new ArgumentException(arg + " \"" + p + "\": " + at + " is a file, not a folder");
            }
            return full;
        }

        static string Trim(string p) { return p.TrimEnd(Path.DirectorySeparatorChar, Path.AltDirectorySeparatorChar); }

        /// <summary>Reports whether full is dir or below it.</summary>
        static bool Under(string dir, string full, bool ignoreCase)
        {
            var cmp = ignoreCase ? StringComparison.OrdinalIgnoreCase : StringComparison.Ordinal;
            full = Trim(full);
            return full.Equals(dir, cmp) || full.StartsWith(dir + Path.DirectorySeparatorChar, cmp) || full.StartsWith(dir + Path.AltDirectorySeparatorChar, cmp);
        }
    }

    /// <summary>Members of Unity's internal API, found by reflection with an error that
    /// says which member of which type this Unity lacks (when Unity renames an internal,
    /// the tool fails with that, never with a NullReferenceException).</summary>
    public static class InternalApi
    {
        const BindingFlags Instance = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic;

        /// <summary>The instance field name of type (or a base type).</summary>
        public static FieldInfo Field(Type type, string name, string purpose)
        {
            for (var t = type; t != null; t = t.BaseType)
            {
                var f = t.GetField(name, Instance | BindingFlags.DeclaredOnly);
                if (f != null) return f;
            }
            throw Missing(type, name, "field", purpose);
        }

        /// <summary>The instance property name of type (or a base type), of type propertyType
        /// (or a type derived from it), with a getter.</summary>
        public static PropertyInfo Property(Type type, string name, Type propertyType, string purpose)
        {
            for (var t = type; t != null; t = t.BaseType)
            {
                var p = t.GetProperty(name, Instance | BindingFlags.DeclaredOnly);
                if (p != null && p.GetGetMethod(true) != null && propertyType.IsAssignableFrom(p.PropertyType)) return p;
            }
            throw Missing(type, name + " (" + propertyType.Name + ")", "property", purpose);
        }

        /// <summary>The instance method name(parameters) of type (or a base type).</summary>
        public static MethodInfo Method(Type type, string name, Type[] parameters, string purpose)
        {
            var m = type.GetMethod(name, Instance, null, parameters, null);
            if (m != null) return m;
            var sig = new string[parameters.Length];
            for (int i = 0; i < parameters.Length; i++) sig[i] = parameters[i].Name;
            throw Missing(type, name + "(" + string.Join(", ", sig) + ")", "method", purpose);
        }

        static InvalidOperationException Missing(Type type, string member, string kind, string purpose)
        {
            return new InvalidOperationException("this Unity's " + type.FullName + " has no " + kind + " " + member +
                ", which " + purpose + " needs; update the unitymcp package or report the Unity version");
        }
    }
}
