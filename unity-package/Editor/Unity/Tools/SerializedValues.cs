using System;
using System.Collections.Generic;
using System.Globalization;
using System.Reflection;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>A serialized property's value as JSON and back, for inspect_read/_write/_list.
    /// Reads answer typed values (numbers, names for enums, flags and layers, {x, y, z} for
    /// vectors, euler angles for quaternions, identity bundles for references — see
    /// <see cref="References"/> — and {"$type", fields…} for [SerializeReference] fields — see
    /// <see cref="ManagedReferences"/>). Writes go
    /// through the property's own setters, so the SerializedObject records them for Undo and
    /// prefab overrides as the Inspector's do; a value that does not fit — wrong JSON type,
    /// out of the field's range or [Range], not a whole number for an integer, an unknown
    /// name, a reference of the wrong type — is refused with what would fit, never clamped.
    /// Nothing reaches the object until the caller applies the SerializedObject, so a refusal
    /// half-way through an array or struct leaves the object as it was.</summary>
    public static partial class SerializedValues
    {
        /// <summary>How many elements of an array a read shows.</summary>
        public const int MaxElements = 100;
        /// <summary>The largest array size a write may ask for.</summary>
        public const int MaxArraySize = 100000;
        const int MaxDepth = 12;

        // ---- writing ----

        /// <summary>Sets the property to <paramref name="v"/> through the SerializedProperty,
        /// or throws a <see cref="ToolException"/> saying why it does not fit.</summary>
        public static void Write(SerializedProperty p, JToken v, UnityEngine.Object target)
        {
            if (v == null) throw Bad(p, "needs a value");
            switch (p.propertyType)
            {
                case SerializedPropertyType.Integer: WriteInteger(p, v, target); return;
                case SerializedPropertyType.ArraySize:
                    p.intValue = (int)Whole(p, v, 0, MaxArraySize, "an array size");
                    return;
                case SerializedPropertyType.Boolean:
                    if (v.Type != JTokenType.Boolean) throw Bad(p, "is a bool: give true or false; got " + Show(v));
                    p.boolValue = (bool)v;
                    return;
                case SerializedPropertyType.Float: WriteFloat(p, v, target); return;
                case SerializedPropertyType.String:
                    if (v.Type != JTokenType.String) throw Bad(p, "is a string; got " + Show(v));
                    if (target is GameObject && p.propertyPath == "m_TagString" && Array.IndexOf(UnityEditorInternal.InternalEditorUtility.tags, (string)v) < 0)
                        throw Bad(p, "\"" + (string)v + "\" is not a tag of this project; its tags are " + string.Join(", ", UnityEditorInternal.InternalEditorUtility.tags) + " (add one in Project Settings > Tags and Layers)");
                    p.stringValue = (string)v;
                    return;
                case SerializedPropertyType.Character:
                    if (v.Type != JTokenType.String || ((string)v).Length != 1) throw Bad(p, "is a char: give a one-character string; got " + Show(v));
                    p.intValue = ((string)v)[0];
                    return;
                case SerializedPropertyType.Enum: WriteEnum(p, v, target); return;
                case SerializedPropertyType.LayerMask: p.intValue = Mask(p, v); return;
                case SerializedPropertyType.Color: p.colorValue = ColorOf(p, v, p.colorValue); return;
                case SerializedPropertyType.Vector2:
                    var v2 = Floats(p, v, "xy", p.vector2Value.x, p.vector2Value.y);
                    p.vector2Value = new Vector2(v2[0], v2[1]);
                    return;
                case SerializedPropertyType.Vector3:
                    var v3 = Floats(p, v, "xyz", p.vector3Value.x, p.vector3Value.y, p.vector3Value.z);
                    p.vector3Value = new Vector3(v3[0], v3[1], v3[2]);
                    return;
                case SerializedPropertyType.Vector4:
                    var c4 = p.vector4Value;
                    var v4 = Floats(p, v, "xyzw", c4.x, c4.y, c4.z, c4.w);
                    p.vector4Value = new Vector4 { x = v4[0], y = v4[1], z = v4[2], w = v4[3] };
                    return;
                case SerializedPropertyType.Quaternion: WriteRotation(p, v); return;
                case SerializedPropertyType.Rect:
                    var r = Floats(p, v, new[] { "x", "y", "width", "height" }, F(p, "x"), F(p, "y"), F(p, "width"), F(p, "height"));
                    p.FindPropertyRelative("x").floatValue = r[0];
                    p.FindPropertyRelative("y").floatValue = r[1];
                    p.FindPropertyRelative("width").floatValue = r[2];
                    p.FindPropertyRelative("height").floatValue = r[3];
                    return;
                case SerializedPropertyType.Bounds: WriteBounds(p, v); return;
                case SerializedPropertyType.AnimationCurve: p.animationCurveValue = Curve(p, v); return;
                case SerializedPropertyType.ObjectReference: p.objectReferenceValue = References.Resolve(p, v, target); return;
                case SerializedPropertyType.ManagedReference: ManagedReferences.Write(p, v, target); return;
                case SerializedPropertyType.Generic:
                    if (p.isArray) WriteArray(p, v, target); else WriteChildren(p, v, target);
                    return;
                default:
                    if (WriteStruct(p, v)) return;
                    throw new ToolException("not_supported", p.propertyPath + " is a " + p.propertyType + " property, which inspect_write cannot set");
            }
        }

        internal static ToolException Bad(SerializedProperty p, string why)
        {
            // "offset.y must be…", "numbers[2] …": a part of the value follows the path directly.
            bool part = why.StartsWith(".", StringComparison.Ordinal) || why.StartsWith("[", StringComparison.Ordinal);
            return new ToolException("invalid_params", p.propertyPath + (part ? "" : " ") + why);
        }

        internal static string Show(JToken v) { return v.ToString(Formatting.None); }

        static float F(SerializedProperty p, string child) { return p.FindPropertyRelative(child).floatValue; }

        /// <summary>A whole number within [min, max]; 3.0 is 3, 1.5 is refused.</summary>
        static decimal Whole(SerializedProperty p, JToken v, decimal min, decimal max, string what)
        {
            decimal d;
            if (v.Type == JTokenType.Integer)
            {
                if (!decimal.TryParse(v.ToString(Formatting.None), NumberStyles.Integer, CultureInfo.InvariantCulture, out d))
                    throw Bad(p, "takes " + what + " from " + Text(min) + " to " + Text(max) + "; got " + Show(v));
            }
            else if (v.Type == JTokenType.Float)
            {
                double x = (double)v;
                if (Math.Floor(x) != x) throw Bad(p, "takes " + what + ", a whole number; got " + Show(v) + " (it is not rounded for you)");
                if (Math.Abs(x) > 1e19) throw Bad(p, "takes " + what + " from " + Text(min) + " to " + Text(max) + "; got " + Show(v));
                d = (decimal)x;
            }
            else throw Bad(p, "takes " + what + " (a whole number); got " + Show(v));
            if (d < min || d > max) throw Bad(p, "takes " + what + " from " + Text(min) + " to " + Text(max) + "; got " + Show(v) + " (it is not clamped for you)");
            return d;
        }

        static string Text(decimal d) { return d.ToString(CultureInfo.InvariantCulture); }

        static void WriteInteger(SerializedProperty p, JToken v, UnityEngine.Object target)
        {
            // A GameObject's layer: 0..31, or a layer's name.
            if (target is GameObject && p.propertyPath == "m_Layer")
            {
                if (v.Type == JTokenType.String)
                {
                    int layer = LayerMask.NameToLayer((string)v);
                    if (layer < 0) throw Bad(p, "\"" + (string)v + "\" is not a layer of this project; its layers are " + string.Join(", ", UnityEditorInternal.InternalEditorUtility.layers));
                    p.intValue = layer;
                    return;
                }
                p.intValue = (int)Whole(p, v, 0, 31, "a layer number");
                return;
            }
            var field = FieldPath.Of(target, p.propertyPath, p.serializedObject);
            decimal min, max;
            string what = Range(p.numericType, field.Type, out min, out max);
            var range = field.Field != null ? (RangeAttribute)Attribute.GetCustomAttribute(field.Field, typeof(RangeAttribute)) : null;
            if (range != null)
            {
                min = Math.Max(min, (decimal)Math.Ceiling(range.min));
                max = Math.Min(max, (decimal)Math.Floor(range.max));
                what += " in its [Range(" + range.min.ToString(CultureInfo.InvariantCulture) + ", " + range.max.ToString(CultureInfo.InvariantCulture) + ")]";
            }
            var d = Whole(p, v, min, max, what);
            if (p.numericType == SerializedPropertyNumericType.UInt64) p.ulongValue = (ulong)d;
            else p.longValue = (long)d;
        }

        /// <summary>The range of an integer field, from Unity's numeric type or the C# field.</summary>
        static string Range(SerializedPropertyNumericType n, Type t, out decimal min, out decimal max)
        {
            if (n == SerializedPropertyNumericType.Unknown && t != null)
            {
                if (t == typeof(sbyte)) n = SerializedPropertyNumericType.Int8;
                else if (t == typeof(byte)) n = SerializedPropertyNumericType.UInt8;
                else if (t == typeof(short)) n = SerializedPropertyNumericType.Int16;
                else if (t == typeof(ushort)) n = SerializedPropertyNumericType.UInt16;
                else if (t == typeof(int)) n = SerializedPropertyNumericType.Int32;
                else if (t == typeof(uint)) n = SerializedPropertyNumericType.UInt32;
                else if (t == typeof(ulong)) n = SerializedPropertyNumericType.UInt64;
            }
            switch (n)
            {
                case SerializedPropertyNumericType.Int8: min = sbyte.MinValue; max = sbyte.MaxValue; return "an sbyte";
                case SerializedPropertyNumericType.UInt8: min = byte.MinValue; max = byte.MaxValue; return "a byte";
                case SerializedPropertyNumericType.Int16: min = short.MinValue; max = short.MaxValue; return "a short";
                case SerializedPropertyNumericType.UInt16: min = ushort.MinValue; max = ushort.MaxValue; return "a ushort";
                case SerializedPropertyNumericType.Int32: min = int.MinValue; max = int.MaxValue; return "an int";
                case SerializedPropertyNumericType.UInt32: min = uint.MinValue; max = uint.MaxValue; return "a uint";
                case SerializedPropertyNumericType.UInt64: min = ulong.MinValue; max = ulong.MaxValue; return "a ulong";
                default: min = long.MinValue; max = long.MaxValue; return "a long";
            }
        }

        static double Number(SerializedProperty p, JToken v, string where)
        {
            if (v.Type != JTokenType.Integer && v.Type != JTokenType.Float) throw Bad(p, (where.Length > 0 ? where + " " : "") + "must be a number; got " + Show(v));
            double d = (double)v;
            if (double.IsNaN(d) || double.IsInfinity(d) || Math.Abs(d) > float.MaxValue)
                throw Bad(p, (where.Length > 0 ? where + " " : "") + "is out of a float's range; got " + Show(v));
            return d;
        }

        static void WriteFloat(SerializedProperty p, JToken v, UnityEngine.Object target)
        {
            bool isDouble = p.numericType == SerializedPropertyNumericType.Double;
            if (v.Type != JTokenType.Integer && v.Type != JTokenType.Float) throw Bad(p, "is a " + (isDouble ? "double" : "float") + ": give a number; got " + Show(v));
            double d = (double)v;
            if (double.IsNaN(d) || double.IsInfinity(d) || (!isDouble && Math.Abs(d) > float.MaxValue))
                throw Bad(p, "is out of a " + (isDouble ? "double" : "float") + "'s range; got " + Show(v));
            var field = FieldPath.Of(target, p.propertyPath, p.serializedObject).Field;
            var range = field != null ? (RangeAttribute)Attribute.GetCustomAttribute(field, typeof(RangeAttribute)) : null;
            if (range != null && (d < range.min || d > range.max))
                throw Bad(p, "has [Range(" + range.min.ToString(CultureInfo.InvariantCulture) + ", " + range.max.ToString(CultureInfo.InvariantCulture) + ")]; got " + Show(v) + " (it is not clamped for you)");
            if (isDouble) p.doubleValue = d; else p.floatValue = (float)d;
        }

        static void WriteEnum(SerializedProperty p, JToken v, UnityEngine.Object target)
        {
            var names = p.enumNames;
            var type = FieldPath.Of(target, p.propertyPath, p.serializedObject).Type;
            if (type != null && type.IsEnum && type.IsDefined(typeof(FlagsAttribute), false))
            {
                // Flags: a list of names (or one name), or the bits as a number.
                if (v.Type == JTokenType.Integer) { p.enumValueFlag = unchecked((int)(long)Whole(p, v, int.MinValue, uint.MaxValue, "the flags' bits")); return; }
                var list = v.Type == JTokenType.String ? new JArray(v) : v as JArray;
                if (list == null) throw Bad(p, "is a set of flags: give a list of names from " + string.Join(", ", names) + "; got " + Show(v));
                long bits = 0;
                foreach (var item in list)
                {
                    int i = item.Type == JTokenType.String ? NameIndex(names, (string)item) : -1;
                    if (i < 0) throw Bad(p, "has no flag " + Show(item) + "; its flags are " + string.Join(", ", names));
                    bits |= Convert.ToInt64(Enum.Parse(type, names[i]), CultureInfo.InvariantCulture);
                }
                p.enumValueFlag = unchecked((int)bits);
                return;
            }
            if (v.Type == JTokenType.String)
            {
                int i = NameIndex(names, (string)v);
                if (i < 0) i = NameIndex(p.enumDisplayNames, (string)v);
                if (i < 0) throw Bad(p, "has no value \"" + (string)v + "\"; it is one of " + string.Join(", ", names));
                p.enumValueIndex = i;
                return;
            }
            if (v.Type == JTokenType.Integer || v.Type == JTokenType.Float)
            {
                p.enumValueIndex = (int)Whole(p, v, 0, names.Length - 1, "an index into its values (" + string.Join(", ", names) + ")");
                return;
            }
            throw Bad(p, "is an enum: give one of " + string.Join(", ", names) + " (or its index); got " + Show(v));
        }

        static int NameIndex(string[] names, string name)
        {
            for (int i = 0; i < names.Length; i++) if (string.Equals(names[i], name.Trim(), StringComparison.OrdinalIgnoreCase)) return i;
            return -1;
        }

        /// <summary>A layer mask from layer names or numbers, "Everything"/"Nothing", or the bits.</summary>
        static int Mask(SerializedProperty p, JToken v)
        {
            if (v.Type == JTokenType.Integer) return unchecked((int)(long)Whole(p, v, int.MinValue, uint.MaxValue, "the mask's bits"));
            var list = v.Type == JTokenType.String ? new JArray(v) : v as JArray;
            if (list == null) throw Bad(p, "is a layer mask: give a list of layer names; got " + Show(v));
            int bits = 0;
            foreach (var item in list)
            {
                if (item.Type == JTokenType.Integer)
                {
                    bits |= 1 << (int)Whole(p, item, 0, 31, "layer numbers");
                    continue;
                }
                var name = item.Type == JTokenType.String ? (string)item : "";
                if (string.Equals(name, "Everything", StringComparison.OrdinalIgnoreCase)) { bits = -1; continue; }
                if (string.Equals(name, "Nothing", StringComparison.OrdinalIgnoreCase)) continue;
                int layer = LayerMask.NameToLayer(name);
                if (layer < 0) throw Bad(p, "has no layer " + Show(item) + "; the project's layers are " + string.Join(", ", UnityEditorInternal.InternalEditorUtility.layers));
                bits |= 1 << layer;
            }
            return bits;
        }

        /// <summary>Numbers for named axes: {x, y} (any of them; the rest keep their values) or [x, y].</summary>
        static float[] Floats(SerializedProperty p, JToken v, string axes, params float[] current)
        {
            var names = new string[axes.Length];
            for (int i = 0; i < axes.Length; i++) names[i] = axes[i].ToString();
            return Floats(p, v, names, current);
        }

        static float[] Floats(SerializedProperty p, JToken v, string[] names, params float[] current)
        {
            var result = (float[])current.Clone();
            var shape = "{" + string.Join(", ", names) + "} (any of them) or [" + string.Join(", ", names) + "]";
            var a = v as JArray;
            if (a != null)
            {
                if (a.Count != names.Length) throw Bad(p, "takes " + shape + "; got " + a.Count + " numbers");
                for (int i = 0; i < names.Length; i++) result[i] = (float)Number(p, a[i], "[" + i + "]");
                return result;
            }
            var o = v as JObject;
            if (o == null) throw Bad(p, "takes " + shape + "; got " + Show(v));
            foreach (var prop in o.Properties())
            {
                int i = Array.IndexOf(names, prop.Name);
                if (i < 0) throw Bad(p, "has no \"" + prop.Name + "\"; it takes " + shape);
                result[i] = (float)Number(p, prop.Value, "." + prop.Name);
            }
            return result;
        }

        static Color ColorOf(SerializedProperty p, JToken v, Color current)
        {
            if (v.Type == JTokenType.String)
            {
                var s = ((string)v).Trim().TrimStart('#');
                uint rgba;
                if ((s.Length != 6 && s.Length != 8) || !uint.TryParse(s, NumberStyles.HexNumber, CultureInfo.InvariantCulture, out rgba))
                    throw Bad(p, "takes a colour as \"#RRGGBB\" or \"#RRGGBBAA\", {r, g, b, a} or [r, g, b(, a)] (0 to 1); got " + Show(v));
                if (s.Length == 6) rgba = (rgba << 8) | 0xFF;
                return new Color((rgba >> 24) / 255f, ((rgba >> 16) & 0xFF) / 255f, ((rgba >> 8) & 0xFF) / 255f, (rgba & 0xFF) / 255f);
            }
            var a = v as JArray;
            if (a != null && a.Count == 3) a = new JArray(a[0], a[1], a[2], 1);
            var c = Floats(p, a ?? v, "rgba", current.r, current.g, current.b, current.a);
            return new Color(c[0], c[1], c[2], c[3]);
        }

        /// <summary>A rotation as euler angles in degrees ({x, y, z}, any of them, or [x, y, z]),
        /// or a quaternion {x, y, z, w} / [x, y, z, w].</summary>
        static void WriteRotation(SerializedProperty p, JToken v)
        {
            var o = v as JObject;
            var a = v as JArray;
            if ((o != null && o["w"] != null) || (a != null && a.Count == 4))
            {
                if (o != null && o.Count != 4) throw Bad(p, "takes a quaternion as all of {x, y, z, w}, or euler angles as {x, y, z}");
                var q = Floats(p, v, "xyzw", 0, 0, 0, 1);
                p.quaternionValue = new Quaternion(q[0], q[1], q[2], q[3]);
                return;
            }
            var e = p.quaternionValue.eulerAngles;
            var d = Floats(p, v, "xyz", e.x, e.y, e.z);
            p.quaternionValue = Quaternion.Euler(d[0], d[1], d[2]);
        }

        static void WriteBounds(SerializedProperty p, JToken v)
        {
            var o = v as JObject;
            if (o == null) throw Bad(p, "takes {center: {x, y, z}, size: {x, y, z}} (either)");
            var center = p.FindPropertyRelative("m_Center");
            var extent = p.FindPropertyRelative("m_Extent");
            foreach (var prop in o.Properties())
            {
                if (prop.Name == "center")
                {
                    var c = Floats(p, prop.Value, "xyz", center.vector3Value.x, center.vector3Value.y, center.vector3Value.z);
                    center.vector3Value = new Vector3(c[0], c[1], c[2]);
                }
                else if (prop.Name == "size")
                {
                    var e = extent.vector3Value;
                    var s = Floats(p, prop.Value, "xyz", e.x * 2, e.y * 2, e.z * 2);
                    extent.vector3Value = new Vector3(s[0] / 2, s[1] / 2, s[2] / 2);
                }
                else throw Bad(p, "has no \"" + prop.Name + "\"; it takes {center, size}");
            }
        }

        static AnimationCurve Curve(SerializedProperty p, JToken v)
        {
            var keys = v is JObject ? v["keys"] as JArray : v as JArray;
            if (keys == null) throw Bad(p, "takes {keys: [{time, value, inTangent, outTangent}, …]}; got " + Show(v));
            var list = new List<Keyframe>();
            for (int i = 0; i < keys.Count; i++)
            {
                var k = keys[i] as JObject;
                if (k == null || k["time"] == null || k["value"] == null) throw Bad(p, "key " + i + " needs time and value; got " + Show(keys[i]));
                foreach (var prop in k.Properties())
                    if (prop.Name != "time" && prop.Name != "value" && prop.Name != "inTangent" && prop.Name != "outTangent")
                        throw Bad(p, "key " + i + " has \"" + prop.Name + "\"; a key has time, value, inTangent and outTangent");
                list.Add(new Keyframe((float)Number(p, k["time"], "key " + i + " time"), (float)Number(p, k["value"], "key " + i + " value"),
                    k["inTangent"] != null ? (float)Number(p, k["inTangent"], "key " + i + " inTangent") : 0f,
                    k["outTangent"] != null ? (float)Number(p, k["outTangent"], "key " + i + " outTangent") : 0f));
            }
            return new AnimationCurve(list.ToArray());
        }

        /// <summary>A struct or class: the fields given are set, the others kept.</summary>
        static void WriteChildren(SerializedProperty p, JToken v, UnityEngine.Object target)
        {
            var o = v as JObject;
            var names = Children(p).ConvertAll(c => c.name);
            if (o == null) throw Bad(p, "is a " + p.type + ": give an object of its fields (" + string.Join(", ", names.ToArray()) + "); got " + Show(v));
            foreach (var prop in o.Properties())
            {
                var child = names.Contains(prop.Name) ? p.FindPropertyRelative(prop.Name) : null;
                if (child == null)
                {
                    var near = HierarchyPath.Closest(names, prop.Name, 3);
                    throw Bad(p, "has no field \"" + prop.Name + "\"" + (near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "") + " (its fields: " + string.Join(", ", names.ToArray()) + ")");
                }
                Write(child, prop.Value, target);
            }
        }
    }
}
