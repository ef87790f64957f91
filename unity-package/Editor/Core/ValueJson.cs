using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using Newtonsoft.Json.Linq;

namespace UnityMcp.Core
{
    /// <summary>Turns a value into JSON without running its code: primitives as JSON values,
    /// lists and dictionaries up to maxItems (only those <see cref="ReadRules.MayEnumerate"/>
    /// allows), other objects as the members <see cref="ReadRules.Members"/> allows, down to a
    /// depth. Never calls a method, nor a getter of script code; ToString only where
    /// <see cref="ReadRules.MayCallToString"/> allows. The adapter's shaper renders what it
    /// knows first (Unity's structs as {x,y,z}, a UnityEngine.Object as a reference).</summary>
    public sealed class ValueJson
    {
        /// <summary>Renders a value the caller knows, or returns null to leave it to the writer.</summary>
        public delegate JToken Shaper(object value, ValueJson writer);

        readonly int maxDepth;
        readonly int maxItems;
        readonly Shaper shape;
        readonly Func<Type, bool> isEngine;
        readonly HashSet<object> visiting = new HashSet<object>(ReferenceComparer.Instance);

        public ValueJson(int maxDepth, int maxItems, Shaper shape = null, Func<Type, bool> isEngine = null)
        {
            this.maxDepth = maxDepth;
            this.maxItems = maxItems;
            this.shape = shape;
            this.isEngine = isEngine ?? ReadRules.IsEngineType;
        }

        /// <summary>A value read from an object, a type or a path (reflect_read,
        /// find-game-objects), down to maxDepth.</summary>
        public JToken Write(object v) { return Write(v, maxDepth); }

        /// <summary>A value code returned (execute_code, a [McpTool]'s result): as
        /// <see cref="Write(object)"/>, except that a returned query or iterator
        /// (<c>return lights.Select(l =&gt; l.name);</c>) is enumerated — that finishes the
        /// computation the code returned on purpose; its items follow the read rules.</summary>
        public JToken WriteResult(object v)
        {
            if (v == null || v is string || v is IDictionary || v is JToken || !(v is IEnumerable)) return Write(v, maxDepth);
            if (shape != null)
            {
                var s = shape(v, this);
                if (s != null) return s;
            }
            if (ReadRules.MayEnumerate(v.GetType(), isEngine) || maxDepth <= 0) return Write(v, maxDepth);
            var a = new JArray();
            int n = 0;
            foreach (var item in (IEnumerable)v)
            {
                if (n++ >= maxItems) { a.Add("… (more than " + maxItems + " items)"); break; }
                a.Add(Write(item, maxDepth - 1));
            }
            return a;
        }

        /// <summary>A value read from a member, depth levels deep: nothing that runs script
        /// code is called (see the class summary).</summary>
        public JToken Write(object v, int depth)
        {
            if (v == null) return JValue.CreateNull();
            if (shape != null)
            {
                var s = shape(v, this);
                if (s != null) return s;
            }
            if (v is string) return new JValue((string)v);
            if (v is bool) return new JValue((bool)v);
            if (v is char) return new JValue(v.ToString());
            if (v is float) return Float((float)v);
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
            if (v is TimeSpan || v is Guid) return new JValue(((IFormattable)v).ToString(null, CultureInfo.InvariantCulture));
            if (v is Type) return new JValue(((Type)v).FullName);
            if (v is JToken) return ((JToken)v).DeepClone();

            var type = v.GetType();
            if (depth <= 0) return new JValue(Summary(v));
            if (type.IsClass && !visiting.Add(v)) return new JValue("(cycle) " + type.Name);
            try
            {
                bool enumerable = ReadRules.MayEnumerate(type, isEngine);
                var dict = v as IDictionary;
                if (dict != null && enumerable)
                {
                    var o = new JObject();
                    int n = 0;
                    foreach (DictionaryEntry e in dict)
                    {
                        if (n >= maxItems) { o["…"] = (dict.Count - maxItems) + " more"; break; }
                        o[Key(e.Key, n)] = Write(e.Value, depth - 1);
                        n++;
                    }
                    return o;
                }
                var en = v as IEnumerable;
                if (en != null && enumerable)
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
                var members = ReadRules.Members(type, false, null, isEngine);
                bool any = false;
                var obj = new JObject();
                foreach (var m in members)
                {
                    if (m.Via == ReadVia.NotCalled) continue;
                    any = true;
                    if (m.Via == ReadVia.Refused) { obj[m.Name] = "(not read: " + m.Why + ")"; continue; }
                    try { obj[m.Name] = Write(m.Read(v), depth - 1); }
                    catch (Exception e) { obj[m.Name] = "(error: " + e.GetBaseException().Message + ")"; }
                }
                // Nothing to show but getters (an iterator, a .NET object like Version or
                // Uri): its text where that runs no script code, else its type.
                return any ? (JToken)obj : new JValue(Summary(v));
            }
            finally
            {
                if (type.IsClass) visiting.Remove(v);
            }
        }

        /// <summary>A float as the shortest decimal that reads back as it (0.1f → 0.1, not
        /// 0.100000001490116); NaN and infinities as text.</summary>
        public static JToken Float(float f)
        {
            if (float.IsNaN(f) || float.IsInfinity(f)) return new JValue(f.ToString(CultureInfo.InvariantCulture));
            return new JValue(double.Parse(f.ToString("R", CultureInfo.InvariantCulture), CultureInfo.InvariantCulture));
        }

        /// <summary>A one-line summary past the depth: "List`1 (3 items)" for a collection,
        /// else the value's ToString where <see cref="ReadRules.MayCallToString"/> allows, else
        /// its type's full name.</summary>
        public string Summary(object v)
        {
            var type = v.GetType();
            var col = v as ICollection;
            if (col != null && ReadRules.MayEnumerate(type, isEngine))
            {
                try { return type.Name + " (" + col.Count + " items)"; }
                catch (Exception) { return type.FullName; }
            }
            if (!ReadRules.MayCallToString(type, isEngine)) return type.FullName;
            try { return Text(v) ?? type.FullName; }
            catch (Exception) { return type.FullName; }
        }

        // The culture-independent text of a value whose ToString MayCallToString allowed.
        static string Text(object v)
        {
            var f = v as IFormattable;
            return f != null ? f.ToString(null, CultureInfo.InvariantCulture) : v.ToString();
        }

        // A dictionary key as a JSON property name: its text where that runs no script code,
        // else its type and position.
        string Key(object key, int index)
        {
            if (key == null) return "null";
            if (ReadRules.MayCallToString(key.GetType(), isEngine))
            {
                try { return Text(key) ?? "null"; }
                catch (Exception) { }
            }
            return key.GetType().Name + " #" + index.ToString(CultureInfo.InvariantCulture);
        }

        sealed class ReferenceComparer : IEqualityComparer<object>
        {
            public static readonly ReferenceComparer Instance = new ReferenceComparer();
            public new bool Equals(object a, object b) { return ReferenceEquals(a, b); }
            public int GetHashCode(object o) { return System.Runtime.CompilerServices.RuntimeHelpers.GetHashCode(o); }
        }
    }
}
