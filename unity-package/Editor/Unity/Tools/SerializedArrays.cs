using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using UnityEditor;

namespace UnityMcp.Editor.Tools
{
    /// <summary>Writing arrays: whole, resized, or one element inserted or deleted.</summary>
    public static partial class SerializedValues
    {
        /// <summary>An array: a JSON array replaces its elements (the size follows); {size}
        /// resizes it; {size, elements} (what a read gives) does both; {insert: i, value}
        /// puts a new element at i and {delete: i} takes element i out, the others moving
        /// up or down (<see cref="InsertOrDelete"/>).</summary>
        static void WriteArray(SerializedProperty p, JToken v, UnityEngine.Object target)
        {
            var items = v as JArray;
            var o = v as JObject;
            if (o != null && (o["insert"] != null || o["delete"] != null))
            {
                InsertOrDelete(p, o, target);
                return;
            }
            if (o != null)
            {
                foreach (var prop in o.Properties())
                    if (prop.Name != "size" && prop.Name != "elements") throw Bad(p, "is an array: give its elements as a list, or {size} to resize it; got \"" + prop.Name + "\"");
                items = o["elements"] as JArray;
                if (o["elements"] != null && items == null) throw Bad(p, "elements must be a list; got " + Show(o["elements"]));
                if (o["size"] != null)
                {
                    int size = (int)Whole(p, o["size"], 0, MaxArraySize, "an array size");
                    if (items != null && items.Count != size) throw Bad(p, "size " + size + " and " + items.Count + " elements disagree; give one of them");
                    if (items == null) { p.arraySize = size; return; }
                }
            }
            if (items == null) throw Bad(p, "is an array: give its elements as a list (the size follows), or {size: n}; got " + Show(v));
            if (items.Count > MaxArraySize) throw Bad(p, "takes at most " + MaxArraySize + " elements here; got " + items.Count);
            p.arraySize = items.Count;
            for (int i = 0; i < items.Count; i++) Write(p.GetArrayElementAtIndex(i), items[i], target);
        }

        /// <summary>{insert: i, value} or {delete: i}. The elements after i move by one, each
        /// copied through the same JSON a read gives and a write takes, so any element type
        /// moves as it is (InsertArrayElementAtIndex's and DeleteArrayElementAtIndex's values are
        /// native and not documented: "What is the value of the element when it hasn't been set
        /// yet?", Editor/Mono/SerializedProperty.bindings.cs). An element too large to copy whole
        /// (a read would cut it) is refused rather than shortened.</summary>
        static void InsertOrDelete(SerializedProperty p, JObject o, UnityEngine.Object target)
        {
            foreach (var prop in o.Properties())
                if (prop.Name != "insert" && prop.Name != "delete" && prop.Name != "value") throw Bad(p, "takes {insert: i, value} or {delete: i}; got \"" + prop.Name + "\"");
            if (o["insert"] != null && o["delete"] != null) throw Bad(p, "takes insert or delete, not both");
            int size = p.arraySize;
            bool insert = o["insert"] != null;
            if (!insert && size == 0) throw Bad(p, "is empty: there is no element to delete");
            int at = (int)Whole(p, insert ? o["insert"] : o["delete"], 0, insert ? size : size - 1, "an element index");
            if (insert && o["value"] == null) throw Bad(p, "insert needs value: the new element, as a read of " + p.propertyPath + ".Array.data[i] shows one");
            if (!insert && o["value"] != null) throw Bad(p, "delete takes no value");
            var moving = new List<JToken>();
            for (int k = at + (insert ? 0 : 1); k < size; k++)
            {
                var e = Read(p.GetArrayElementAtIndex(k), target, 0);
                if (e.ToString(Newtonsoft.Json.Formatting.None).Contains("\"truncated\""))
                    throw Bad(p, "element " + k + " is too large to move whole; give the whole array instead");
                moving.Add(e);
            }
            p.arraySize = insert ? size + 1 : size - 1;
            int to = insert ? at + 1 : at;
            foreach (var e in moving) Write(p.GetArrayElementAtIndex(to++), e, target);
            if (insert) Write(p.GetArrayElementAtIndex(at), o["value"], target);
        }
    }
}
