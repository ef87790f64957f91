// The fake's integer vectors, RectInt, BoundsInt, Hash128 and Gradient: the UnityEngine types
// and how the fake's SerializedObject (Serialized.cs, SerializedLayout.cs) lays them out and
// reads them back through SerializedProperty's typed accessors
// (Editor/Mono/SerializedProperty.bindings.cs: vector2IntValue, vector3IntValue, rectIntValue,
// boundsIntValue, hash128Value, gradientValue, fixedBufferSize; public in 2022.3 and 6000.x).
using System;
using System.Globalization;
using System.Text;
using UnityEngine;

namespace UnityEngine
{
    // UnityCsReference: Runtime/Export/Geometry/RectInt.cs (m_XMin, m_YMin, m_Width, m_Height).
    public struct RectInt
    {
        int m_XMin, m_YMin, m_Width, m_Height;
        public RectInt(int xMin, int yMin, int width, int height) { m_XMin = xMin; m_YMin = yMin; m_Width = width; m_Height = height; }
        public int x { get { return m_XMin; } set { m_XMin = value; } }
        public int y { get { return m_YMin; } set { m_YMin = value; } }
        public int width { get { return m_Width; } set { m_Width = value; } }
        public int height { get { return m_Height; } set { m_Height = value; } }
    }

    // UnityCsReference: Runtime/Export/Geometry/BoundsInt.cs (m_Position, m_Size).
    public struct BoundsInt
    {
        Vector3Int m_Position, m_Size;
        public BoundsInt(Vector3Int position, Vector3Int size) { m_Position = position; m_Size = size; }
        public Vector3Int position { get { return m_Position; } set { m_Position = value; } }
        public Vector3Int size { get { return m_Size; } set { m_Size = value; } }
    }

    // UnityCsReference: Runtime/Export/Hashing/Hash128.bindings.cs: two ulongs (u64_0, u64_1);
    // ToString and Parse are native (Hash128ToString): 32 lowercase hex digits, the 16 bytes in
    // memory order, and Parse(ToString()) is the same hash.
    public struct Hash128
    {
        internal ulong u64_0, u64_1;
        public Hash128(ulong u64_0, ulong u64_1) { this.u64_0 = u64_0; this.u64_1 = u64_1; }
        public bool isValid { get { return u64_0 != 0 || u64_1 != 0; } }

        public override string ToString()
        {
            var b = new StringBuilder(32);
            foreach (var u in new[] { u64_0, u64_1 })
                for (int i = 0; i < 8; i++) b.Append(((u >> (8 * i)) & 0xFF).ToString("x2", CultureInfo.InvariantCulture));
            return b.ToString();
        }

        public static Hash128 Parse(string hashString)
        {
            var h = new Hash128();
            for (int i = 0; i < 16 && 2 * i + 2 <= hashString.Length; i++)
            {
                ulong b = ulong.Parse(hashString.Substring(2 * i, 2), NumberStyles.HexNumber, CultureInfo.InvariantCulture);
                if (i < 8) h.u64_0 |= b << (8 * i); else h.u64_1 |= b << (8 * (i - 8));
            }
            return h;
        }
    }

    // UnityCsReference: Runtime/Export/Math/Gradient.bindings.cs.
    public struct GradientColorKey
    {
        public GradientColorKey(Color col, float time) { color = col; this.time = time; }
        public Color color;
        public float time;
    }

    public struct GradientAlphaKey
    {
        public GradientAlphaKey(float alpha, float time) { this.alpha = alpha; this.time = time; }
        public float alpha;
        public float time;
    }

    public enum GradientMode
    {
        Blend = 0,
        Fixed = 1,
        PerceptualBlend = 2,
    }

    // A new Gradient blends white to white, opaque (the native default: two colour keys and two
    // alpha keys at 0 and 1). colorKeys/alphaKeys answer copies; Equals compares the keys and
    // the mode (Gradient.bindings.cs Equals: "colorKeys, alphaKeys, mode").
    public class Gradient
    {
        GradientColorKey[] m_Colors = { new GradientColorKey(new Color(1, 1, 1, 1), 0), new GradientColorKey(new Color(1, 1, 1, 1), 1) };
        GradientAlphaKey[] m_Alphas = { new GradientAlphaKey(1, 0), new GradientAlphaKey(1, 1) };

        public GradientColorKey[] colorKeys { get { return (GradientColorKey[])m_Colors.Clone(); } set { m_Colors = (GradientColorKey[])value.Clone(); } }
        public GradientAlphaKey[] alphaKeys { get { return (GradientAlphaKey[])m_Alphas.Clone(); } set { m_Alphas = (GradientAlphaKey[])value.Clone(); } }
        public GradientMode mode { get; set; }

        public void SetKeys(GradientColorKey[] colorKeys, GradientAlphaKey[] alphaKeys)
        {
            m_Colors = (GradientColorKey[])colorKeys.Clone();
            m_Alphas = (GradientAlphaKey[])alphaKeys.Clone();
        }

        internal Gradient Copy()
        {
            var g = new Gradient();
            g.SetKeys(m_Colors, m_Alphas);
            g.mode = mode;
            return g;
        }

        public override bool Equals(object o)
        {
            var g = o as Gradient;
            if (g == null || g.mode != mode || g.m_Colors.Length != m_Colors.Length || g.m_Alphas.Length != m_Alphas.Length) return false;
            for (int i = 0; i < m_Colors.Length; i++)
                if (!g.m_Colors[i].Equals(m_Colors[i])) return false;
            for (int i = 0; i < m_Alphas.Length; i++)
                if (!g.m_Alphas[i].Equals(m_Alphas[i])) return false;
            return true;
        }

        public override int GetHashCode() { return m_Colors.Length * 31 + m_Alphas.Length; }
    }
}

namespace UnityEditor
{
    internal static partial class SerializedLayout
    {
        // Vector2Int/Vector3Int/RectInt are compound properties of int fields, BoundsInt of two
        // Vector3Int (m_Position, m_Size), as their C# fields are; Hash128 and Gradient are
        // leaves the accessors read and write whole.
        static bool StructType(Type t)
        {
            return t == typeof(Vector2Int) || t == typeof(Vector3Int) || t == typeof(RectInt) || t == typeof(BoundsInt) || t == typeof(Hash128) || t == typeof(Gradient);
        }

        static SerializedNode BuildStruct(SerializedNode n, Type t, object v)
        {
            if (t == typeof(Vector2Int)) { var x = v == null ? default(Vector2Int) : (Vector2Int)v; return IntsNode(n, SerializedPropertyType.Vector2Int, "Vector2Int", new[] { "x", "y" }, x.x, x.y); }
            if (t == typeof(Vector3Int)) { var x = v == null ? default(Vector3Int) : (Vector3Int)v; return IntsNode(n, SerializedPropertyType.Vector3Int, "Vector3Int", new[] { "x", "y", "z" }, x.x, x.y, x.z); }
            if (t == typeof(RectInt)) { var x = v == null ? default(RectInt) : (RectInt)v; return IntsNode(n, SerializedPropertyType.RectInt, "RectInt", new[] { "x", "y", "width", "height" }, x.x, x.y, x.width, x.height); }
            if (t == typeof(BoundsInt))
            {
                var b = v == null ? default(BoundsInt) : (BoundsInt)v;
                n.Kind = SerializedPropertyType.BoundsInt;
                n.TypeName = "BoundsInt";
                n.Add(BuildStruct(new SerializedNode { Name = "m_Position", Path = n.Path + ".m_Position", Depth = n.Depth + 1, ClrType = typeof(Vector3Int) }, typeof(Vector3Int), b.position));
                n.Add(BuildStruct(new SerializedNode { Name = "m_Size", Path = n.Path + ".m_Size", Depth = n.Depth + 1, ClrType = typeof(Vector3Int) }, typeof(Vector3Int), b.size));
                return n;
            }
            if (t == typeof(Hash128)) return Leaf(n, SerializedPropertyType.Hash128, "Hash128", v == null ? default(Hash128) : (Hash128)v);
            if (t == typeof(Gradient)) return Leaf(n, SerializedPropertyType.Gradient, "Gradient", v == null ? new Gradient() : ((Gradient)v).Copy());
            return null;
        }

        static SerializedNode IntsNode(SerializedNode n, SerializedPropertyType kind, string typeName, string[] names, params int[] values)
        {
            n.Kind = kind;
            n.TypeName = typeName;
            for (int i = 0; i < names.Length; i++)
                n.Add(new SerializedNode { Name = names[i], Path = n.Path + "." + names[i], Depth = n.Depth + 1, Kind = SerializedPropertyType.Integer, TypeName = "int", Numeric = SerializedPropertyNumericType.Int32, Value = (long)values[i] });
            return n;
        }

        internal static int Int(SerializedNode n, int i) { return (int)(long)n.Children[i].Value; }

        /// <summary>The value of one of these properties, or null for another kind.</summary>
        static object StructToClr(SerializedNode n)
        {
            switch (n.Kind)
            {
                case SerializedPropertyType.Vector2Int: return new Vector2Int(Int(n, 0), Int(n, 1));
                case SerializedPropertyType.Vector3Int: return new Vector3Int(Int(n, 0), Int(n, 1), Int(n, 2));
                case SerializedPropertyType.RectInt: return new RectInt(Int(n, 0), Int(n, 1), Int(n, 2), Int(n, 3));
                case SerializedPropertyType.BoundsInt: return new BoundsInt((Vector3Int)StructToClr(n.Children[0]), (Vector3Int)StructToClr(n.Children[1]));
                case SerializedPropertyType.Hash128: return (Hash128)n.Value;
                case SerializedPropertyType.Gradient: return ((Gradient)n.Value).Copy();
                default: return null;
            }
        }
    }

    public partial class SerializedProperty
    {
        public Vector2Int vector2IntValue
        {
            get { Need(SerializedPropertyType.Vector2Int); return new Vector2Int(SerializedLayout.Int(N, 0), SerializedLayout.Int(N, 1)); }
            set { Need(SerializedPropertyType.Vector2Int); SetInts(N, value.x, value.y); }
        }

        public Vector3Int vector3IntValue
        {
            get { Need(SerializedPropertyType.Vector3Int); return new Vector3Int(SerializedLayout.Int(N, 0), SerializedLayout.Int(N, 1), SerializedLayout.Int(N, 2)); }
            set { Need(SerializedPropertyType.Vector3Int); SetInts(N, value.x, value.y, value.z); }
        }

        public RectInt rectIntValue
        {
            get { Need(SerializedPropertyType.RectInt); return new RectInt(SerializedLayout.Int(N, 0), SerializedLayout.Int(N, 1), SerializedLayout.Int(N, 2), SerializedLayout.Int(N, 3)); }
            set { Need(SerializedPropertyType.RectInt); SetInts(N, value.x, value.y, value.width, value.height); }
        }

        public BoundsInt boundsIntValue
        {
            get
            {
                Need(SerializedPropertyType.BoundsInt);
                var p = N.Children[0];
                var s = N.Children[1];
                return new BoundsInt(new Vector3Int(SerializedLayout.Int(p, 0), SerializedLayout.Int(p, 1), SerializedLayout.Int(p, 2)), new Vector3Int(SerializedLayout.Int(s, 0), SerializedLayout.Int(s, 1), SerializedLayout.Int(s, 2)));
            }
            set
            {
                Need(SerializedPropertyType.BoundsInt);
                SetInts(N.Children[0], value.position.x, value.position.y, value.position.z);
                SetInts(N.Children[1], value.size.x, value.size.y, value.size.z);
            }
        }

        public Hash128 hash128Value
        {
            get { Need(SerializedPropertyType.Hash128); return (Hash128)N.Value; }
            set { Need(SerializedPropertyType.Hash128); Set(N, value); }
        }

        // The getter answers a new Gradient and the setter copies (the native accessors marshal).
        public Gradient gradientValue
        {
            get { Need(SerializedPropertyType.Gradient); return ((Gradient)N.Value).Copy(); }
            set { Need(SerializedPropertyType.Gradient); Set(N, value == null ? new Gradient() : value.Copy()); }
        }

        // The fake lays out no fixed buffers (C# `fixed` fields), so this is only ever the
        // accessor's refusal of another property type.
        public int fixedBufferSize
        {
            get { Need(SerializedPropertyType.FixedBufferSize); return N.Children.Count; }
        }

        void SetInts(SerializedNode n, params int[] v)
        {
            for (int i = 0; i < v.Length; i++) Set(n.Children[i], (long)v[i]);
        }
    }
}
