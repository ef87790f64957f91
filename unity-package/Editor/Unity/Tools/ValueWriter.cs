using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.Reflection;
using Newtonsoft.Json.Linq;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>Turns a value into JSON the way reflect_read shows it: Unity math types as
    /// {x,y,z…}, Color {r,g,b,a}, Unity objects as {name,type,instanceId}, lists and
    /// dictionaries up to maxItems, other objects as their fields and argument-less
    /// properties down to a depth. Never calls methods (property getters only).</summary>
    public sealed class ValueWriter
    {
        readonly int maxDepth;
        readonly int maxItems;
        readonly HashSet<object> visiting = new HashSet<object>(ReferenceComparer.Instance);

        public ValueWriter(int maxDepth, int maxItems)
        {
            this.maxDepth = maxDepth;
            this.maxItems = maxItems;
        }

        public JToken Write(object v) { return Write(v, maxDepth); }

        public JToken Write(object v, int depth)
        {
            if (v == null) return JValue.CreateNull();
            var uo = v as UnityEngine.Object;
            if (!ReferenceEquals(uo, null))
            {
                if (uo == null) return JValue.CreateNull(); // destroyed
                return new JObject { { "name", uo.name }, { "type", uo.GetType().Name }, { "instanceId", ObjectIds.Of(uo) } };
            }
            if (v is string) return new JValue((string)v);
            if (v is bool) return new JValue((bool)v);
            if (v is char) return new JValue(v.ToString());
            if (v is float)
            {
                var f = (float)v;
                return float.IsNaN(f) || float.IsInfinity(f) ? new JValue(f.ToString(CultureInfo.InvariantCulture)) : F(f);
            }
            if (v is double)
            {
                var d = (double)v;
                return double.IsNaN(d) || double.IsInfinity(d) ? new JValue(d.ToString(CultureInfo.InvariantCulture)) : new JValue(d);
            }
            if (v is int || v is long || v is short || v is byte || v is sbyte || v is ushort || v is uint) return new JValue(Convert.ToInt64(v, CultureInfo.InvariantCulture));
            if (v is ulong) return new JValue((ulong)v);
            if (v is decimal) return new JValue((decimal)v);
            if (v is Enum) return new JValue(v.ToString());
            if (v is DateTime) return new JValue(((DateTime)v).ToString("o", CultureInfo.InvariantCulture));
            if (v is TimeSpan || v is Guid) return new JValue(v.ToString());
            if (v is Type) return new JValue(((Type)v).FullName);
            if (v is JToken) return ((JToken)v).DeepClone();

            if (v is Vector2) { var x = (Vector2)v; return new JObject { { "x", F(x.x) }, { "y", F(x.y) } }; }
            if (v is Vector3) { var x = (Vector3)v; return new JObject { { "x", F(x.x) }, { "y", F(x.y) }, { "z", F(x.z) } }; }
            if (v is Vector4) { var x = (Vector4)v; return new JObject { { "x", F(x.x) }, { "y", F(x.y) }, { "z", F(x.z) }, { "w", F(x.w) } }; }
            if (v is Vector2Int) { var x = (Vector2Int)v; return new JObject { { "x", x.x }, { "y", x.y } }; }
            if (v is Vector3Int) { var x = (Vector3Int)v; return new JObject { { "x", x.x }, { "y", x.y }, { "z", x.z } }; }
            if (v is Quaternion) { var x = (Quaternion)v; return new JObject { { "x", F(x.x) }, { "y", F(x.y) }, { "z", F(x.z) }, { "w", F(x.w) } }; }
            if (v is Color) { var x = (Color)v; return new JObject { { "r", F(x.r) }, { "g", F(x.g) }, { "b", F(x.b) }, { "a", F(x.a) } }; }
            if (v is Color32) { var x = (Color32)v; return new JObject { { "r", x.r }, { "g", x.g }, { "b", x.b }, { "a", x.a } }; }
            if (v is Rect) { var x = (Rect)v; return new JObject { { "x", F(x.x) }, { "y", F(x.y) }, { "width", F(x.width) }, { "height", F(x.height) } }; }
            if (v is Bounds) { var x = (Bounds)v; return new JObject { { "center", Write(x.center, 1) }, { "size", Write(x.size, 1) } }; }

            var type = v.GetType();
            if (depth <= 0) return new JValue(Summary(v));
            if (type.IsClass && !visiting.Add(v)) return new JValue("(cycle) " + type.Name);
            try
            {
                var dict = v as IDictionary;
                if (dict != null)
                {
                    var o = new JObject();
                    int n = 0;
                    foreach (DictionaryEntry e in dict)
                    {
                        if (n++ >= maxItems) { o["…"] = (dict.Count - maxItems) + " more"; break; }
                        o[Convert.ToString(e.Key, CultureInfo.InvariantCulture) ?? "null"] = Write(e.Value, depth - 1);
                    }
                    return o;
                }
                var en = v as IEnumerable;
                if (en != null)
                {
                    var a = new JArray();
                    int n = 0;
                    foreach (var item in en)
                    {
                        if (n++ >= maxItems) { a.Add("… (more than " + maxItems + " items)"); break; }
                        a.Add(Write(item, depth - 1));
                    }
                    return a;
                }
                var obj = new JObject();
                foreach (var m in Members(type, BindingFlags.Public | BindingFlags.Instance))
                {
                    if (obj.Property(m.Name) != null) continue;
                    var why = SideEffectGetters.Why(m as PropertyInfo);
                    if (why != null) { obj[m.Name] = "(not read: " + why + ")"; continue; }
                    try { obj[m.Name] = Write(Read(m, v), depth - 1); }
                    catch (Exception e) { obj[m.Name] = "(error: " + e.GetBaseException().Message + ")"; }
                }
                return obj;
            }
            finally
            {
                if (type.IsClass) visiting.Remove(v);
            }
        }

        /// <summary>A float as the shortest decimal that reads back as it (0.1f → 0.1, not 0.100000001490116).</summary>
        static JToken F(float f)
        {
            if (float.IsNaN(f) || float.IsInfinity(f)) return new JValue(f.ToString(CultureInfo.InvariantCulture));
            return new JValue(double.Parse(f.ToString("R", CultureInfo.InvariantCulture), CultureInfo.InvariantCulture));
        }

        static string Summary(object v)
        {
            var col = v as ICollection;
            if (col != null) return v.GetType().Name + " (" + col.Count + " items)";
            try { return v.ToString(); }
            catch (Exception) { return v.GetType().FullName; }
        }

        /// <summary>Readable members of a type: fields, then argument-less properties that
        /// are not obsolete (base classes included). Getters with side effects are listed too;
        /// <see cref="Read"/> refuses them.</summary>
        public static IEnumerable<MemberInfo> Members(Type type, BindingFlags flags)
        {
            foreach (var f in type.GetFields(flags))
            {
                if (f.IsDefined(typeof(ObsoleteAttribute), true) || f.Name.Contains("<")) continue;
                yield return f;
            }
            foreach (var p in type.GetProperties(flags))
            {
                if (!p.CanRead || p.GetIndexParameters().Length > 0 || p.IsDefined(typeof(ObsoleteAttribute), true)) continue;
                yield return p;
            }
        }

        /// <summary>A field's or property's value. A getter with side effects
        /// (<see cref="SideEffectGetters"/>: Renderer.material, MeshFilter.mesh, Collider.material…)
        /// is not called: a ToolException says why and what to read instead.</summary>
        public static object Read(MemberInfo m, object target)
        {
            var f = m as FieldInfo;
            if (f != null) return f.GetValue(target);
            var p = (PropertyInfo)m;
            var why = SideEffectGetters.Why(p);
            if (why != null) throw new ToolException("invalid_params", "not reading " + p.DeclaringType.Name + "." + p.Name + ": " + why);
            return p.GetValue(target, null);
        }

        sealed class ReferenceComparer : IEqualityComparer<object>
        {
            public static readonly ReferenceComparer Instance = new ReferenceComparer();
            public new bool Equals(object a, object b) { return ReferenceEquals(a, b); }
            public int GetHashCode(object o) { return System.Runtime.CompilerServices.RuntimeHelpers.GetHashCode(o); }
        }
    }
}
