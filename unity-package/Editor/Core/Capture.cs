using System;
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
