using System;
using System.Collections.Generic;
using System.Reflection;
using System.Text.RegularExpressions;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>inspect_list, inspect_read, inspect_write (isuzu's names): a GameObject's or a
    /// component's serialized properties by their Unity property paths ("m_LocalPosition.x",
    /// "items.Array.data[3]", "items.Array.size"), through SerializedObject as the Inspector
    /// reads and writes them, so a write is one undo step (<see cref="Authoring.Step"/>) and a
    /// prefab instance records it as an override. The target is object_path (or its older
    /// name game_object_path) or instance_id, plus component_type and component_index; without
    /// component_type the GameObject itself (m_Name, m_TagString, m_Layer, m_IsActive,
    /// m_StaticEditorFlags). Values are converted by <see cref="SerializedValues"/>.</summary>
    public static class InspectTools
    {
        const int MaxListed = 100000;

        public static void List(ToolCall call)
        {
            var target = Target.Of(call);
            bool full = Args.OneOf(call, "detail", "standard", "standard", "full") == "full";
            int offset = Args.Int(call, "offset", 0), limit = Args.Int(call, "limit", 100);
            if (offset < 0) throw new ToolException("invalid_params", "offset must be 0 or more; got " + offset);
            if (limit < 1 || limit > 500) throw new ToolException("invalid_params", "limit must be 1 to 500; got " + limit);
            using (var so = new SerializedObject(target.Obj))
            {
                // The Inspector's walk (GenericInspector: NextVisible(childrenAreExpanded)) with
                // nested structs always open and Unity structs (vectors, colours) given as one
                // value; "full" opens arrays too and adds the hidden properties (Next), marked.
                var visible = full ? Walk(so, true, true, null) : null;
                var page = new JArray();
                int total = Walk(so, full, !full, (it, n) =>
                {
                    if (n < offset || n >= offset + limit) return;
                    var e = Describe(it, target.Obj, full);
                    if (full) e["hidden"] = !visible.Contains(it.propertyPath);
                    page.Add(e);
                }).Count;
                var res = new JObject
                {
                    { "component", target.Bundle() },
                    { "total", total },
                    { "offset", offset },
                    { "properties", page },
                    { "next_offset", offset + page.Count < total ? (JToken)(offset + page.Count) : JValue.CreateNull() },
                };
                if (total >= MaxListed) res["truncated"] = "stopped after " + MaxListed + " properties";
                call.Reply(res);
            }
        }

        /// <summary>Walks the properties in order, nested structs entered (arrays too when
        /// <paramref name="arrays"/>), visible ones only or all but the "x.Array" levels; calls
        /// <paramref name="each"/> with each and its place; answers the paths walked.</summary>
        static HashSet<string> Walk(SerializedObject so, bool arrays, bool visibleOnly, Action<SerializedProperty, int> each)
        {
            var paths = new HashSet<string>();
            var it = so.GetIterator();
            bool enter = true;
            while (paths.Count < MaxListed && (visibleOnly ? it.NextVisible(enter) : it.Next(enter)))
            {
                // A [SerializeReference] field's value is read whole; "full" opens it too.
                enter = (it.propertyType == SerializedPropertyType.Generic && (!it.isArray || arrays)) || (arrays && it.propertyType == SerializedPropertyType.ManagedReference);
                if (!visibleOnly && it.propertyPath.EndsWith(".Array", StringComparison.Ordinal)) continue;
                if (each != null) each(it, paths.Count);
                paths.Add(it.propertyPath);
            }
            return paths;
        }

        static JObject Describe(SerializedProperty p, UnityEngine.Object obj, bool full)
        {
            var e = new JObject { { "path", p.propertyPath }, { "type", TypeOf(p) } };
            bool array = p.isArray && p.propertyType != SerializedPropertyType.String;
            if (array) { e["element_type"] = p.arrayElementType; e["size"] = p.arraySize; }
            else if (p.propertyType != SerializedPropertyType.Generic) e["value"] = SerializedValues.Read(p, obj);
            if (!full) return e;
            e["depth"] = p.depth;
            e["display_name"] = p.displayName;
            e["is_array"] = array;
            if (array) e["array_size"] = p.arraySize;
            if (array) return e;
            var children = new JArray();
            if (p.hasVisibleChildren) foreach (var c in SerializedValues.Children(p)) children.Add(c.name);
            e["children"] = children;
            return e;
        }

        /// <summary>The property's kind as an agent reads it: SerializedPropertyType's name,
        /// "Array", or the class name of a nested struct or class.</summary>
        internal static string TypeOf(SerializedProperty p)
        {
            if (p.propertyType != SerializedPropertyType.Generic) return p.propertyType.ToString();
            return p.isArray ? "Array" : p.type;
        }

        public static void Read(ToolCall call)
        {
            var target = Target.Of(call);
            var path = PathArg(call);
            using (var so = new SerializedObject(target.Obj))
            {
                var p = Find(so, path, target);
                var res = new JObject { { "component", target.Bundle() }, { "path", p.propertyPath }, { "type", TypeOf(p) }, { "value", SerializedValues.Read(p, target.Obj) } };
                Explain(p, target.Obj, res);
                call.Reply(res);
            }
        }

        /// <summary>What a value may be, where the type alone does not say: an enum's names,
        /// a reference's type, the classes a [SerializeReference] field takes.</summary>
        static void Explain(SerializedProperty p, UnityEngine.Object obj, JObject res)
        {
            if (p.propertyType == SerializedPropertyType.Enum)
            {
                res["index"] = p.enumValueIndex;
                res["options"] = new JArray(p.enumNames);
            }
            if (p.propertyType == SerializedPropertyType.ObjectReference) res["accepts"] = References.FieldType(p, obj).Name;
            if (p.propertyType == SerializedPropertyType.ManagedReference) ManagedReferences.Explain(p, obj, res);
        }

        public static void Write(ToolCall call)
        {
            var target = Target.Of(call);
            var path = PathArg(call);
            var value = call.Args["value"];
            if (value == null || value.Type == JTokenType.Undefined) throw new ToolException("invalid_params", "value is required (any JSON: a number, a name, {x, y, z}, a list, null for no reference…)");
            var so = new SerializedObject(target.Obj);
            try
            {
                var p = Find(so, path, target);
                Authoring.Step(call, "Set " + p.propertyPath + " of " + target.Label, () =>
                {
                    var previous = SerializedValues.Read(p, target.Obj);
                    SerializedValues.Write(p, value, target.Obj);
                    bool applied = so.ApplyModifiedProperties();
                    so.Update();
                    var after = so.FindProperty(path);
                    var now = SerializedValues.Read(after, target.Obj);
                    // The bundle after the write: m_Name or m_IsActive may have changed it.
                    var res = new JObject { { "component", target.Bundle() }, { "path", after.propertyPath }, { "type", TypeOf(after) }, { "value", now }, { "previous", previous } };
                    Explain(after, target.Obj, res);
                    res["changed"] = applied && !JToken.DeepEquals(previous, now);
                    return res;
                });
            }
            finally { so.Dispose(); }
        }

        static string PathArg(ToolCall call)
        {
            var path = Args.Str(call, "property_path", "").Trim();
            if (path.Length == 0) throw new ToolException("invalid_params", "property_path is required, e.g. \"m_LocalPosition\", \"speed\" or \"items.Array.data[0]\" (inspect_list lists them)");
            return path;
        }

        static readonly Regex Element = new Regex(@"^(.*)\.Array\.data\[(\d+)\]$");

        /// <summary>The property at <paramref name="path"/>, or not_found with the closest paths.</summary>
        static SerializedProperty Find(SerializedObject so, string path, Target target)
        {
            var p = so.FindProperty(path);
            if (p != null) return p;
            var m = Element.Match(path);
            if (m.Success)
            {
                var array = so.FindProperty(m.Groups[1].Value);
                if (array != null && array.isArray && array.propertyType != SerializedPropertyType.String)
                    throw new ToolException("not_found", path + " is past the end of " + array.propertyPath + ", which has " + array.arraySize + " element(s)" +
                        (array.arraySize > 0 ? " (0 to " + (array.arraySize - 1) + ")" : "") + "; set " + array.propertyPath + ".Array.size first, or write the whole array");
            }
            var near = HierarchyPath.Closest(AllPaths(so), path, 3);
            throw new ToolException("not_found", target.Label + " has no property \"" + path + "\"" + (near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "") + " (inspect_list lists them)");
        }

        /// <summary>Every property path of the object (project_settings suggests from them too).</summary>
        internal static IEnumerable<string> AllPaths(SerializedObject so)
        {
            var it = so.GetIterator();
            int n = 0;
            while (n++ < 20000 && it.Next(true))
                if (!it.propertyPath.EndsWith(".Array", StringComparison.Ordinal)) yield return it.propertyPath;
        }

        /// <summary>The object a call names: a GameObject, or one of its components.</summary>
        sealed class Target
        {
            public UnityEngine.Object Obj;
            public string Label;

            /// <summary>The identity bundle of the GameObject or component, as it is now.</summary>
            public JObject Bundle() { return Obj is Component ? ObjectAddress.Bundle((Component)Obj) : ObjectAddress.Bundle((GameObject)Obj); }

            public static Target Of(ToolCall call)
            {
                // game_object_path: isuzu's older inspect tools' name for object_path.
                string pathArg = "object_path";
                if (Args.Has(call, "game_object_path"))
                {
                    if (Args.Has(call, "object_path") && Args.Str(call, "object_path") != Args.Str(call, "game_object_path"))
                        throw new ToolException("invalid_params", "give object_path or game_object_path (its older name), not both");
                    if (!Args.Has(call, "object_path")) pathArg = "game_object_path";
                }
                var go = ObjectAddress.Resolve(call, pathArg, "instance_id", true);
                var typeName = Args.Str(call, "component_type", "").Trim();
                int index = Args.Int(call, "component_index", 0);
                if (typeName.Length == 0 && Args.Has(call, "instance_id"))
                {
                    // An id may name a component itself.
                    var c = ObjectIds.Find(Args.Str(call, "instance_id").Trim()) as Component;
                    if (c != null) return Of(c);
                }
                if (typeName.Length == 0 || typeName == "GameObject" || typeName == "UnityEngine.GameObject")
                    return new Target { Obj = go, Label = go.name };
                var type = ComponentTypes.Resolve(typeName, false);
                var matches = new List<Component>(go.GetComponents(type)).FindAll(c => c != null);
                if (matches.Count == 0)
                    throw new ToolException("not_found", go.name + " has no " + type.Name + " (nor a component derived from it); it has: " + string.Join(", ", ObjectAddress.ComponentNames(go).ToObject<string[]>()) +
                        " (omit component_type for the GameObject's own name, tag, layer and active state)");
                if (index < 0 || index >= matches.Count)
                    throw new ToolException("invalid_params", "component_index " + index + " is out of range: " + go.name + " has " + matches.Count + " " + type.Name + " component(s) (index 0 to " + (matches.Count - 1) + ")");
                return Of(matches[index]);
            }

            static Target Of(Component c)
            {
                return new Target { Obj = c, Label = c.GetType().Name + " on " + c.gameObject.name };
            }
        }
    }

    /// <summary>The C# field behind a property path of a script, for what Unity's
    /// SerializedProperty does not say: a [Range], an enum's [Flags], a reference's type. An
    /// array element ("items.Array.data[2]") has its array's field (Unity gives an array's
    /// attributes to its elements) and the element type. Below a [SerializeReference] field
    /// the fields are those of the class it holds now, as the SerializedObject has it (a new
    /// instance not yet applied included). Built-in components have none.</summary>
    public struct FieldPath
    {
        public FieldInfo Field;
        public Type Type;

        public static FieldPath Of(UnityEngine.Object target, string path, SerializedObject so = null)
        {
            var result = new FieldPath();
            if (target == null || target is GameObject) return result;
            var type = target.GetType();
            var segs = path.Split('.');
            var walked = "";
            for (int i = 0; i < segs.Length; i++)
            {
                if (segs[i] == "Array" && i + 1 < segs.Length)
                {
                    i++;
                    if (!segs[i].StartsWith("data[", StringComparison.Ordinal)) return new FieldPath();
                    type = type.IsArray ? type.GetElementType() : type.IsGenericType ? type.GetGenericArguments()[0] : null;
                    if (type == null) return new FieldPath();
                    result.Type = type;
                    walked += ".Array." + segs[i];
                }
                else
                {
                    FieldInfo f = null;
                    for (var t = type; t != null && f == null; t = t.BaseType)
                        f = t.GetField(segs[i], BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly);
                    if (f == null) return new FieldPath();
                    result.Field = f;
                    result.Type = type = f.FieldType;
                    walked = walked.Length == 0 ? segs[i] : walked + "." + segs[i];
                }
                if (so == null || i + 1 >= segs.Length) continue;
                var held = so.FindProperty(walked);
                if (held != null && held.propertyType == SerializedPropertyType.ManagedReference)
                {
                    type = ManagedReferences.TypeOf(held.managedReferenceFullTypename);
                    if (type == null) return new FieldPath();
                }
            }
            return result;
        }
    }
}
