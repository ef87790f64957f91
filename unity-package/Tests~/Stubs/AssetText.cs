// The fake's serialized form of an asset's objects, which AssetStore (Assets.cs) writes into
// the asset's file: Unity writes each object of an asset file with its serialized fields
// (Manual "Script serialization", "Format of Text Serialized files"), so a file on disk says
// what its objects held when it was last saved, and a test can compare it with what they hold
// now (AssetStore.Text). The form is the fake's own, not Unity's YAML: every instance field of
// the object's class and its bases below UnityEngine.Object, by name, in declaration order; a
// reference to another Unity object by its type and name (Unity writes a fileID and GUID);
// arrays, lists and dictionaries (as lists of entries) element by element; other values as their invariant text.
// [NonSerialized] fields and delegates are left out, as Unity's serializer leaves them.
using System;
using System.Collections;
using System.Globalization;
using System.Reflection;
using System.Text;

namespace UnityEditor
{
    internal static class AssetText
    {
        /// <summary>Nested plain objects are written this deep at most (a cycle ends there).</summary>
        const int MaxDepth = 8;

        /// <summary>The object's serialized fields, "{name=value, …}".</summary>
        internal static string Of(UnityEngine.Object o)
        {
            var b = new StringBuilder();
            Fields(o, b, 0);
            return b.ToString();
        }

        static void Fields(object o, StringBuilder b, int depth)
        {
            b.Append('{');
            bool first = true;
            for (var t = o.GetType(); t != null && t != typeof(object) && t != typeof(UnityEngine.Object); t = t.BaseType)
                foreach (var f in t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly))
                {
                    if (f.IsNotSerialized || typeof(Delegate).IsAssignableFrom(f.FieldType)) continue;
                    if (!first) b.Append(", ");
                    first = false;
                    b.Append(f.Name).Append('=');
                    Value(f.GetValue(o), b, depth + 1);
                }
            b.Append('}');
        }

        static void Value(object v, StringBuilder b, int depth)
        {
            if (v == null) { b.Append('~'); return; }
            var asset = v as UnityEngine.Object;
            if (!ReferenceEquals(asset, null))
            {
                // By reference, as Unity writes one; a destroyed object is a missing reference.
                b.Append('&').Append(asset.GetType().Name).Append(' ').Append(asset.destroyed ? "(missing)" : asset.name);
                return;
            }
            var s = v as string;
            if (s != null) { b.Append('"').Append(s.Replace("\\", "\\\\").Replace("\"", "\\\"")).Append('"'); return; }
            if (v is Type) { b.Append(((Type)v).FullName); return; }
            if (v is float) { b.Append(((float)v).ToString("R", CultureInfo.InvariantCulture)); return; }
            if (v is double) { b.Append(((double)v).ToString("R", CultureInfo.InvariantCulture)); return; }
            if (v is IFormattable || v is bool || v is char) { b.Append(Convert.ToString(v, CultureInfo.InvariantCulture)); return; }
            if (depth > MaxDepth) { b.Append('…'); return; }
            // A dictionary is a list of its entries (each a DictionaryEntry of a key and a value).
            var list = v as IEnumerable;
            if (list != null)
            {
                b.Append('[');
                bool first = true;
                foreach (var e in list)
                {
                    if (!first) b.Append(", ");
                    first = false;
                    Value(e, b, depth + 1);
                }
                b.Append(']');
                return;
            }
            Fields(v, b, depth);
        }
    }
}
