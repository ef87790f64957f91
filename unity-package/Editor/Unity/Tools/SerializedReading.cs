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
    // Reading a property as JSON (SerializedValues.cs says how values map).
    public static partial class SerializedValues
    {
        // ---- reading ----

        public static JToken Read(SerializedProperty p, UnityEngine.Object target) { return Read(p, target, 0); }

        internal static JToken Read(SerializedProperty p, UnityEngine.Object target, int depth)
        {
            switch (p.propertyType)
            {
                case SerializedPropertyType.Integer:
                    return p.numericType == SerializedPropertyNumericType.UInt64 ? new JValue(p.ulongValue) : new JValue(p.longValue);
                case SerializedPropertyType.ArraySize: return p.intValue;
                case SerializedPropertyType.Boolean: return p.boolValue;
                case SerializedPropertyType.Float:
                    return p.numericType == SerializedPropertyNumericType.Double ? new JValue(p.doubleValue) : ValueJson.Float(p.floatValue);
                case SerializedPropertyType.String: return p.stringValue;
                case SerializedPropertyType.Character: return ((char)p.intValue).ToString();
                case SerializedPropertyType.Enum: return ReadEnum(p, target);
                case SerializedPropertyType.LayerMask: return LayerNames(p.intValue);
                case SerializedPropertyType.Color:
                    var c = p.colorValue;
                    return new JObject { { "r", ValueJson.Float(c.r) }, { "g", ValueJson.Float(c.g) }, { "b", ValueJson.Float(c.b) }, { "a", ValueJson.Float(c.a) } };
                case SerializedPropertyType.Vector2: var v2 = p.vector2Value; return Axes("xy", v2.x, v2.y);
                case SerializedPropertyType.Vector3: var v3 = p.vector3Value; return Axes("xyz", v3.x, v3.y, v3.z);
                case SerializedPropertyType.Vector4: var v4 = p.vector4Value; return Axes("xyzw", v4.x, v4.y, v4.z, v4.w);
                case SerializedPropertyType.Quaternion: var e = p.quaternionValue.eulerAngles; return Axes("xyz", e.x, e.y, e.z);
                // Rect and Bounds through their serialized fields (x, y, width, height;
                // m_Center, m_Extent), the same in every version.
                case SerializedPropertyType.Rect:
                    return new JObject { { "x", Child(p, "x") }, { "y", Child(p, "y") }, { "width", Child(p, "width") }, { "height", Child(p, "height") } };
                case SerializedPropertyType.Bounds:
                    var center = p.FindPropertyRelative("m_Center").vector3Value;
                    var extent = p.FindPropertyRelative("m_Extent").vector3Value;
                    return new JObject { { "center", Axes("xyz", center.x, center.y, center.z) }, { "size", Axes("xyz", extent.x * 2, extent.y * 2, extent.z * 2) } };
                case SerializedPropertyType.AnimationCurve:
                    var keys = new JArray();
                    foreach (var k in p.animationCurveValue.keys)
                        keys.Add(new JObject { { "time", ValueJson.Float(k.time) }, { "value", ValueJson.Float(k.value) }, { "inTangent", ValueJson.Float(k.inTangent) }, { "outTangent", ValueJson.Float(k.outTangent) } });
                    return new JObject { { "keys", keys } };
                case SerializedPropertyType.ObjectReference: return References.Bundle(p.objectReferenceValue);
                case SerializedPropertyType.Generic:
                case SerializedPropertyType.ManagedReference:
                    if (depth >= MaxDepth) return new JObject { { "$truncated", "deeper than " + MaxDepth + " levels; read " + p.propertyPath + " itself" } };
                    if (p.propertyType == SerializedPropertyType.ManagedReference) return ManagedReferences.Read(p, target, depth);
                    return p.isArray ? ReadArray(p, target, depth) : ReadChildren(p, target, depth);
                default:
                    return ReadStruct(p) ?? new JObject { { "$unsupported", p.propertyType.ToString() + " values are not readable by inspect_read" } };
            }
        }

        static JToken Child(SerializedProperty p, string name) { return ValueJson.Float(p.FindPropertyRelative(name).floatValue); }

        static JObject Axes(string names, params float[] v)
        {
            var o = new JObject();
            for (int i = 0; i < names.Length; i++) o[names[i].ToString()] = ValueJson.Float(v[i]);
            return o;
        }

        static JToken ReadArray(SerializedProperty p, UnityEngine.Object target, int depth)
        {
            int size = p.arraySize;
            var elements = new JArray();
            for (int i = 0; i < size && i < MaxElements; i++) elements.Add(Read(p.GetArrayElementAtIndex(i), target, depth + 1));
            var o = new JObject { { "size", size }, { "elements", elements } };
            if (size > MaxElements) o["truncated"] = "the first " + MaxElements + " of " + size + "; read " + p.propertyPath + ".Array.data[i] for others";
            return o;
        }

        static JToken ReadChildren(SerializedProperty p, UnityEngine.Object target, int depth)
        {
            var o = new JObject();
            foreach (var c in Children(p)) o[c.name] = Read(c, target, depth + 1);
            return o;
        }

        /// <summary>A property's direct children (visible ones, as the Inspector shows them).</summary>
        public static List<SerializedProperty> Children(SerializedProperty p)
        {
            var list = new List<SerializedProperty>();
            var it = p.Copy();
            int d = p.depth;
            if (!it.NextVisible(true)) return list;
            while (it.depth > d)
            {
                list.Add(it.Copy());
                if (!it.NextVisible(false)) break;
            }
            return list;
        }

        static JToken ReadEnum(SerializedProperty p, UnityEngine.Object target)
        {
            var type = FieldPath.Of(target, p.propertyPath, p.serializedObject).Type;
            if (type != null && type.IsEnum && type.IsDefined(typeof(FlagsAttribute), false))
            {
                // Unity keeps an enum in 32 bits (enumValueFlag is intValue).
                long bits = p.enumValueFlag & 0xFFFFFFFFL, covered = 0;
                var names = new JArray();
                foreach (var f in type.GetFields(BindingFlags.Public | BindingFlags.Static))
                {
                    long v = Convert.ToInt64(f.GetValue(null), CultureInfo.InvariantCulture) & 0xFFFFFFFFL;
                    if (v != 0 && (v & (v - 1)) == 0 && (bits & v) == v) { names.Add(f.Name); covered |= v; }
                }
                if ((bits & ~covered) != 0) names.Add(bits & ~covered);
                return names;
            }
            int index = p.enumValueIndex;
            return index >= 0 && index < p.enumNames.Length ? (JToken)p.enumNames[index] : p.longValue;
        }

        /// <summary>A layer mask as the names of its layers (a layer without a name as its
        /// number); every layer is "Everything".</summary>
        public static JToken LayerNames(int bits)
        {
            if (bits == -1) return new JArray("Everything");
            var a = new JArray();
            for (int i = 0; i < 32; i++)
            {
                if ((bits & (1 << i)) == 0) continue;
                var n = LayerMask.LayerToName(i);
                if (string.IsNullOrEmpty(n)) a.Add(i); else a.Add(n);
            }
            return a;
        }
    }
}
