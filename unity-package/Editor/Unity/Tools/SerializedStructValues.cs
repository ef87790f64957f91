using System;
using System.Collections.Generic;
using System.Globalization;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>The property types read and written through their own typed accessors
    /// (UnityCsReference Editor/Mono/SerializedProperty.bindings.cs, public in 2022.3 and every
    /// 6000.x): integer vectors, RectInt and BoundsInt as {x, y, …} of whole numbers, Hash128
    /// as its 32 hex digits, and Gradient as {mode, colorKeys, alphaKeys}.</summary>
    public static partial class SerializedValues
    {
        /// <summary>Unity keeps at most 8 colour keys and 8 alpha keys in a Gradient (ScriptReference
        /// Gradient.SetKeys; the Gradient Editor refuses a ninth).</summary>
        const int MaxGradientKeys = 8;

        static readonly string[] RectIntFields = { "x", "y", "width", "height" };

        /// <summary>The value of a property of these types, or null for another type.</summary>
        static JToken ReadStruct(SerializedProperty p)
        {
            switch (p.propertyType)
            {
                case SerializedPropertyType.Vector2Int: var a = p.vector2IntValue; return IntAxes("xy", a.x, a.y);
                case SerializedPropertyType.Vector3Int: var b = p.vector3IntValue; return IntAxes("xyz", b.x, b.y, b.z);
                case SerializedPropertyType.RectInt:
                    var r = p.rectIntValue;
                    return new JObject { { "x", r.x }, { "y", r.y }, { "width", r.width }, { "height", r.height } };
                case SerializedPropertyType.BoundsInt:
                    var bi = p.boundsIntValue;
                    return new JObject { { "position", IntAxes("xyz", bi.position.x, bi.position.y, bi.position.z) }, { "size", IntAxes("xyz", bi.size.x, bi.size.y, bi.size.z) } };
                case SerializedPropertyType.Hash128: return p.hash128Value.ToString();
                case SerializedPropertyType.Gradient: return ReadGradient(p.gradientValue);
                case SerializedPropertyType.FixedBufferSize: return p.fixedBufferSize;
                default: return null;
            }
        }

        /// <summary>Writes a property of these types; false for another type.</summary>
        static bool WriteStruct(SerializedProperty p, JToken v)
        {
            switch (p.propertyType)
            {
                case SerializedPropertyType.Vector2Int:
                    var a = Ints(p, v, new[] { "x", "y" }, p.vector2IntValue.x, p.vector2IntValue.y);
                    p.vector2IntValue = new Vector2Int(a[0], a[1]);
                    return true;
                case SerializedPropertyType.Vector3Int:
                    var c = p.vector3IntValue;
                    var b = Ints(p, v, new[] { "x", "y", "z" }, c.x, c.y, c.z);
                    p.vector3IntValue = new Vector3Int(b[0], b[1], b[2]);
                    return true;
                case SerializedPropertyType.RectInt:
                    var cur = p.rectIntValue;
                    var r = Ints(p, v, RectIntFields, cur.x, cur.y, cur.width, cur.height);
                    p.rectIntValue = new RectInt(r[0], r[1], r[2], r[3]);
                    return true;
                case SerializedPropertyType.BoundsInt: WriteBoundsInt(p, v); return true;
                case SerializedPropertyType.Hash128:
                    var s = v.Type == JTokenType.String ? ((string)v).Trim() : null;
                    if (s == null || s.Length != 32 || !IsHex(s)) throw Bad(p, "is a Hash128: give its 32 hex digits as a string; got " + Show(v));
                    p.hash128Value = Hash128.Parse(s);
                    return true;
                case SerializedPropertyType.Gradient: p.gradientValue = GradientOf(p, v, p.gradientValue); return true;
                case SerializedPropertyType.FixedBufferSize:
                    throw Bad(p, "is the size of a fixed buffer, which its C# declaration sets; write its elements instead");
                default: return false;
            }
        }

        static JObject IntAxes(string names, params int[] v)
        {
            var o = new JObject();
            for (int i = 0; i < names.Length; i++) o[names[i].ToString()] = v[i];
            return o;
        }

        /// <summary>Whole numbers by name ({x, y}, any of them) or in order ([x, y]), the others kept.</summary>
        static int[] Ints(SerializedProperty p, JToken v, string[] names, params int[] current)
        {
            var result = (int[])current.Clone();
            var shape = "{" + string.Join(", ", names) + "} (any of them) or [" + string.Join(", ", names) + "] of whole numbers";
            var a = v as JArray;
            if (a != null)
            {
                if (a.Count != names.Length) throw Bad(p, "takes " + shape + "; got " + a.Count + " numbers");
                for (int i = 0; i < names.Length; i++) result[i] = (int)Whole(p, a[i], int.MinValue, int.MaxValue, "[" + i + "] as an int");
                return result;
            }
            var o = v as JObject;
            if (o == null) throw Bad(p, "takes " + shape + "; got " + Show(v));
            foreach (var prop in o.Properties())
            {
                int i = Array.IndexOf(names, prop.Name);
                if (i < 0) throw Bad(p, "has no \"" + prop.Name + "\"; it takes " + shape);
                result[i] = (int)Whole(p, prop.Value, int.MinValue, int.MaxValue, "." + prop.Name + " as an int");
            }
            return result;
        }

        static void WriteBoundsInt(SerializedProperty p, JToken v)
        {
            var o = v as JObject;
            if (o == null) throw Bad(p, "takes {position: {x, y, z}, size: {x, y, z}} (either); got " + Show(v));
            var cur = p.boundsIntValue;
            var pos = cur.position;
            var size = cur.size;
            var xyz = new[] { "x", "y", "z" };
            foreach (var prop in o.Properties())
            {
                if (prop.Name == "position") { var q = Ints(p, prop.Value, xyz, pos.x, pos.y, pos.z); pos = new Vector3Int(q[0], q[1], q[2]); }
                else if (prop.Name == "size") { var q = Ints(p, prop.Value, xyz, size.x, size.y, size.z); size = new Vector3Int(q[0], q[1], q[2]); }
                else throw Bad(p, "has no \"" + prop.Name + "\"; it takes {position, size}");
            }
            p.boundsIntValue = new BoundsInt(pos, size);
        }

        static bool IsHex(string s)
        {
            foreach (var ch in s)
                if (!Uri.IsHexDigit(ch)) return false;
            return true;
        }

        static JObject ReadGradient(Gradient g)
        {
            var colors = new JArray();
            foreach (var k in g.colorKeys)
                colors.Add(new JObject { { "color", new JObject { { "r", ValueJson.Float(k.color.r) }, { "g", ValueJson.Float(k.color.g) }, { "b", ValueJson.Float(k.color.b) } } }, { "time", ValueJson.Float(k.time) } });
            var alphas = new JArray();
            foreach (var k in g.alphaKeys)
                alphas.Add(new JObject { { "alpha", ValueJson.Float(k.alpha) }, { "time", ValueJson.Float(k.time) } });
            return new JObject { { "mode", g.mode.ToString() }, { "colorKeys", colors }, { "alphaKeys", alphas } };
        }

        /// <summary>A gradient from {mode?, colorKeys?, alphaKeys?}: what is given replaces that
        /// part whole, the rest is kept; times from 0 to 1, at most 8 keys of each kind.</summary>
        static Gradient GradientOf(SerializedProperty p, JToken v, Gradient current)
        {
            var o = v as JObject;
            if (o == null) throw Bad(p, "is a Gradient: give {mode, colorKeys: [{color, time}], alphaKeys: [{alpha, time}]} (any of them); got " + Show(v));
            var mode = current.mode;
            var colors = current.colorKeys;
            var alphas = current.alphaKeys;
            foreach (var prop in o.Properties())
            {
                switch (prop.Name)
                {
                    case "mode":
                        var names = Enum.GetNames(typeof(GradientMode));
                        var s = prop.Value.Type == JTokenType.String ? (string)prop.Value : null;
                        int i = s == null ? -1 : Array.FindIndex(names, n => string.Equals(n, s, StringComparison.OrdinalIgnoreCase));
                        if (i < 0) throw Bad(p, ".mode takes one of " + string.Join(", ", names) + "; got " + Show(prop.Value));
                        mode = (GradientMode)Enum.Parse(typeof(GradientMode), names[i]);
                        break;
                    case "colorKeys":
                        colors = Keys(p, prop.Value, "colorKeys", (k, where) => new GradientColorKey(ColorOf(p, Need(p, k, "color", where), new Color(1, 1, 1, 1)), Time(p, k, where)));
                        break;
                    case "alphaKeys":
                        alphas = Keys(p, prop.Value, "alphaKeys", (k, where) => new GradientAlphaKey(Unit(p, Need(p, k, "alpha", where), where + ".alpha"), Time(p, k, where)));
                        break;
                    default:
                        throw Bad(p, "has no \"" + prop.Name + "\"; a Gradient takes mode, colorKeys and alphaKeys");
                }
            }
            var g = new Gradient();
            g.SetKeys(colors, alphas);
            g.mode = mode;
            return g;
        }

        static T[] Keys<T>(SerializedProperty p, JToken v, string name, Func<JObject, string, T> key)
        {
            var a = v as JArray;
            if (a == null || a.Count == 0 || a.Count > MaxGradientKeys)
                throw Bad(p, "." + name + " takes 1 to " + MaxGradientKeys + " keys (Unity's limit); got " + (a == null ? Show(v) : a.Count + " keys"));
            var keys = new List<T>();
            for (int i = 0; i < a.Count; i++)
            {
                var where = "." + name + "[" + i + "]";
                var k = a[i] as JObject;
                if (k == null) throw Bad(p, where + " must be an object; got " + Show(a[i]));
                keys.Add(key(k, where));
            }
            return keys.ToArray();
        }

        static JToken Need(SerializedProperty p, JObject k, string field, string where)
        {
            foreach (var prop in k.Properties())
                if (prop.Name != field && prop.Name != "time") throw Bad(p, where + " has \"" + prop.Name + "\"; a key has " + field + " and time");
            var v = k[field];
            if (v == null) throw Bad(p, where + " needs " + field);
            return v;
        }

        static float Time(SerializedProperty p, JObject k, string where)
        {
            if (k["time"] == null) throw Bad(p, where + " needs time (0 to 1)");
            return Unit(p, k["time"], where + ".time");
        }

        static float Unit(SerializedProperty p, JToken v, string where)
        {
            double d = Number(p, v, where);
            if (d < 0 || d > 1) throw Bad(p, where + " must be from 0 to 1; got " + d.ToString(CultureInfo.InvariantCulture) + " (it is not clamped for you)");
            return (float)d;
        }
    }
}
