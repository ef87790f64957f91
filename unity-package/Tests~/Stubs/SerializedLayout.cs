// The serialized layout behind the fake SerializedObject (Serialized.cs): how an object
// is read into properties and written back, and the UnityEngine types it serializes (the
// property tree's node is SerializedNode.cs).
//
// The layout follows Unity's:
// - scripts (Manual "Script serialization"): the fields of the base class first, each field
//   public or [SerializeField], not static, const, readonly or [NonSerialized]; of a
//   primitive, string, enum, Unity struct, UnityEngine.Object reference, [Serializable]
//   class or struct (nested 10 deep at most, "Serialization depth limit"), or an array or
//   List<T> of those. A null class is serialized as a new instance and a null array as an
//   empty one (the Manual: "no support for null for custom classes").
// - an array is "x" (type "vector") > "x.Array" (hidden) > "x.Array.size" (ArraySize) and
//   "x.Array.data[i]" (name "data", display name "Element i"), as Unity's property paths are
//   (UnityCsReference Editor/Mono/ScriptAttributeGUI/PropertyHandler.cs reads "isArray &&
//   propertyType != String": a string is an array too); growing an array copies its last
//   element into the new ones, as the Inspector's size field does.
// - Unity structs are compound properties with their serialized fields as children
//   (Vector3f x/y/z, Quaternionf x/y/z/w, ColorRGBA r/g/b/a, AABB m_Center/m_Extent), which
//   NextVisible(true) enters (Editor/Mono/EditorGUI.cs HasVisibleChildFields special-cases
//   them because hasVisibleChildren is true for them).
// - built-in components: the names of their YAML (Manual "Format of text serialized
//   files"; the Inspectors find them by name: Editor/Mono/Inspector/GameObjectInspector.cs
//   m_Name, m_IsActive, m_Layer, m_TagString, m_StaticEditorFlags; TransformInspector.cs
//   m_LocalPosition, m_LocalRotation, m_LocalScale, m_ConstrainProportionsScale (2022.3 and
//   6000.x alike); Rigidbody m_Mass, m_UseGravity; Collider m_IsTrigger, m_Enabled), only
//   those the fake's objects hold.
// - [SerializeReference] fields (ScriptReference SerializeReference: a field of a class,
//   abstract class or interface type, not a UnityEngine.Object; on an array or List<T> it
//   applies to the elements; the value may be null) are ManagedReference properties, type
//   "managedReference<Class>" ("managedReference<>" for null, what property drawers parse),
//   whose children are the fields of the instance's own class; assigning managedReferenceValue
//   lays the new instance's fields out at once (the ScriptReference example for
//   managedReferenceValue assigns `new Item()` and then edits its field through
//   FindPropertyRelative before applying).
// Integer vectors, RectInt, BoundsInt, Hash128 and Gradient: SerializedStructs.cs.
// Not modelled: fixed buffers, ExposedReference, m_Script, multi-object editing, strings' char children; of
// managed references: the hidden "references" registry, one instance shared by two fields,
// prefab overrides inside them, and new array elements (the fake copies the last one).
using System;
using System.Collections;
using System.Collections.Generic;
using System.Reflection;
using UnityEngine;

namespace UnityEngine
{
    // Bounds serializes as m_Center and m_Extent (Runtime/Export/Geometry/Bounds.cs keeps
    // m_Center and m_Extents); its stub's properties are placeholders, so the fake keeps the
    // values here.
    public partial struct Bounds
    {
        internal Vector3 m_Center;
        internal Vector3 m_Extents;
    }

    public sealed partial class GameObject
    {
        // GameObjectUtility.SetStaticEditorFlags' storage (YAML m_StaticEditorFlags).
        internal uint staticEditorFlags;
    }

    public partial class Transform
    {
        // The Inspector's constrained-scale toggle (YAML m_ConstrainProportionsScale).
        internal bool constrainProportionsScale;
    }
}

namespace UnityEditor
{
    /// <summary>How the fake lays an object out as serialized properties, and writes them back.</summary>
    internal static partial class SerializedLayout
    {
        /// <summary>A top-level property and where its value lives in the object.</summary>
        internal sealed class Slot
        {
            internal string Name;
            internal Type Type;
            internal Func<UnityEngine.Object, object> Get;
            internal Action<UnityEngine.Object, object> Set;
            internal FieldInfo Field;
            internal bool Visible = true;
            internal string TypeName;
            internal SerializedPropertyNumericType? Numeric;
        }

        const int MaxNesting = 10;

        static Slot S<T>(string name, Func<T, object> get, Action<T, object> set, Type type) where T : UnityEngine.Object
        {
            return new Slot { Name = name, Type = type, Get = o => get((T)o), Set = (o, v) => set((T)o, v) };
        }

        static IEnumerable<Slot> Slots(UnityEngine.Object o)
        {
            // An object of the fake that lists its own properties (the Project Settings
            // assets, ProjectSettings.cs).
            var own = o as ISerializedSlots;
            if (own != null)
            {
                foreach (var s in own.Slots()) yield return s;
                yield break;
            }
            if (o is GameObject)
            {
                // Unity stores m_Layer and m_StaticEditorFlags as unsigned ints.
                yield return new Slot { Name = "m_Layer", Type = typeof(uint), Get = x => (uint)((GameObject)x).layer, Set = (x, v) => ((GameObject)x).layer = (int)(uint)v };
                yield return S<GameObject>("m_Name", g => g.name, (g, v) => g.name = (string)v, typeof(string));
                yield return S<GameObject>("m_TagString", g => g.tag, (g, v) => g.tag = (string)v, typeof(string));
                yield return S<GameObject>("m_StaticEditorFlags", g => g.staticEditorFlags, (g, v) => g.staticEditorFlags = (uint)v, typeof(uint));
                yield return S<GameObject>("m_IsActive", g => g.activeSelf, (g, v) => g.SetActive((bool)v), typeof(bool));
                yield break;
            }
            if (o is Transform)
            {
                yield return S<Transform>("m_LocalRotation", t => t.localRotation, (t, v) => t.localRotation = (Quaternion)v, typeof(Quaternion));
                yield return S<Transform>("m_LocalPosition", t => t.localPosition, (t, v) => t.localPosition = (Vector3)v, typeof(Vector3));
                yield return S<Transform>("m_LocalScale", t => t.localScale, (t, v) => t.localScale = (Vector3)v, typeof(Vector3));
                yield return S<Transform>("m_ConstrainProportionsScale", t => t.constrainProportionsScale, (t, v) => t.constrainProportionsScale = (bool)v, typeof(bool));
                yield break;
            }
            if (o is Rigidbody)
            {
                yield return S<Rigidbody>("m_Mass", r => r.mass, (r, v) => r.mass = (float)v, typeof(float));
                yield return S<Rigidbody>("m_UseGravity", r => r.useGravity, (r, v) => r.useGravity = (bool)v, typeof(bool));
                yield break;
            }
            if (o is Collider)
            {
                yield return S<Collider>("m_IsTrigger", c => c.isTrigger, (c, v) => c.isTrigger = (bool)v, typeof(bool));
                yield return S<Collider>("m_Enabled", c => c.enabled, (c, v) => c.enabled = (bool)v, typeof(bool));
                yield break;
            }
            if (o is MonoBehaviour)
            {
                // The enabled checkbox is drawn in the header, not as a field.
                var enabled = S<Behaviour>("m_Enabled", b => b.enabled, (b, v) => b.enabled = (bool)v, typeof(bool));
                enabled.Visible = false;
                yield return enabled;
                foreach (var f in Fields(o.GetType(), typeof(MonoBehaviour)))
                {
                    var field = f;
                    yield return new Slot { Name = f.Name, Type = f.FieldType, Get = x => field.GetValue(x), Set = (x, v) => field.SetValue(x, v), Field = f, Visible = !Attribute.IsDefined(f, typeof(HideInInspector)) };
                }
            }
        }

        /// <summary>The serialized fields of a script or [Serializable] type, base class first.</summary>
        static List<FieldInfo> Fields(Type type, Type stop)
        {
            var chain = new List<Type>();
            for (var t = type; t != null && t != stop && t != typeof(object) && t != typeof(ValueType); t = t.BaseType) chain.Insert(0, t);
            var list = new List<FieldInfo>();
            foreach (var t in chain)
                foreach (var f in t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly))
                {
                    if (f.IsInitOnly || f.IsLiteral || f.IsNotSerialized) continue;
                    bool byReference = Attribute.IsDefined(f, typeof(SerializeReference));
                    if (!f.IsPublic && !Attribute.IsDefined(f, typeof(SerializeField)) && !byReference) continue;
                    if (byReference ? Referable(f.FieldType) : Serializable(f.FieldType, true)) list.Add(f);
                }
            return list;
        }

        static readonly Dictionary<Type, KeyValuePair<string, SerializedPropertyNumericType>> Ints = new Dictionary<Type, KeyValuePair<string, SerializedPropertyNumericType>>
        {
            { typeof(sbyte), new KeyValuePair<string, SerializedPropertyNumericType>("SInt8", SerializedPropertyNumericType.Int8) },
            { typeof(byte), new KeyValuePair<string, SerializedPropertyNumericType>("UInt8", SerializedPropertyNumericType.UInt8) },
            { typeof(short), new KeyValuePair<string, SerializedPropertyNumericType>("SInt16", SerializedPropertyNumericType.Int16) },
            { typeof(ushort), new KeyValuePair<string, SerializedPropertyNumericType>("UInt16", SerializedPropertyNumericType.UInt16) },
            { typeof(int), new KeyValuePair<string, SerializedPropertyNumericType>("int", SerializedPropertyNumericType.Int32) },
            { typeof(uint), new KeyValuePair<string, SerializedPropertyNumericType>("unsigned int", SerializedPropertyNumericType.UInt32) },
            { typeof(long), new KeyValuePair<string, SerializedPropertyNumericType>("SInt64", SerializedPropertyNumericType.Int64) },
            { typeof(ulong), new KeyValuePair<string, SerializedPropertyNumericType>("UInt64", SerializedPropertyNumericType.UInt64) },
        };

        /// <summary>Whether a [SerializeReference] field of this type holds managed references:
        /// a class, abstract class or interface (System.Object too) that is no UnityEngine.Object
        /// nor string, or a one-dimensional array or List of one.</summary>
        static bool Referable(Type t)
        {
            var e = ElementOf(t);
            if (e != null && (ElementOf(e) != null || (t.IsArray && t.GetArrayRank() != 1))) return false;
            var x = e ?? t;
            return (x.IsClass || x.IsInterface) && x != typeof(string) && !typeof(UnityEngine.Object).IsAssignableFrom(x);
        }

        /// <summary>Whether the property (a field or an element of one) holds a managed reference.</summary>
        internal static bool Managed(FieldInfo field, Type t) { return field != null && ElementOf(t) == null && Attribute.IsDefined(field, typeof(SerializeReference)); }

        static bool IsList(Type t) { return t.IsGenericType && t.GetGenericTypeDefinition() == typeof(List<>); }

        static Type ElementOf(Type t) { return t.IsArray ? t.GetElementType() : IsList(t) ? t.GetGenericArguments()[0] : null; }

        static bool Custom(Type t)
        {
            return (t.IsClass || (t.IsValueType && !t.IsPrimitive && !t.IsEnum)) && !t.IsAbstract && !t.IsGenericTypeDefinition &&
                t.IsSerializable && !typeof(UnityEngine.Object).IsAssignableFrom(t) && !(t.Namespace ?? "").StartsWith("System", StringComparison.Ordinal);
        }

        /// <summary>Whether Unity serializes a field of this type (arrays of arrays it does not).</summary>
        static bool Serializable(Type t, bool allowArray)
        {
            if (t == typeof(bool) || t == typeof(float) || t == typeof(double) || t == typeof(string) || t == typeof(char) || Ints.ContainsKey(t) || t.IsEnum) return true;
            if (t == typeof(Vector2) || t == typeof(Vector3) || t == typeof(Vector4) || t == typeof(Quaternion) || t == typeof(Color) || t == typeof(Bounds) || t == typeof(Rect) || t == typeof(LayerMask) || t == typeof(AnimationCurve)) return true;
            if (StructType(t)) return true;
            if (typeof(UnityEngine.Object).IsAssignableFrom(t)) return true;
            var e = ElementOf(t);
            if (e != null) return allowArray && (t.IsArray ? t.GetArrayRank() == 1 : true) && Serializable(e, false);
            return Custom(t);
        }

        internal static SerializedNode Read(UnityEngine.Object o)
        {
            var root = new SerializedNode { Name = "Base", Depth = -1, TypeName = o.GetType().Name, Visible = false };
            foreach (var s in Slots(o))
            {
                var n = Build(s.Name, s.Name, s.Type, s.Get(o), s.Field, 0, 0);
                if (n == null) continue;
                n.Slot = s;
                n.Visible = s.Visible;
                if (s.Name == "m_Layer" || s.Name == "m_StaticEditorFlags") n.TypeName = "unsigned int";
                root.Add(n);
            }
            return root;
        }

        static SerializedNode Leaf(SerializedNode n, SerializedPropertyType kind, string typeName, object value)
        {
            n.Kind = kind;
            n.TypeName = typeName;
            n.Value = value;
            return n;
        }

        static SerializedNode Build(string name, string path, Type t, object v, FieldInfo field, int depth, int nesting)
        {
            var n = new SerializedNode { Name = name, Path = path, Depth = depth, ClrType = t, Field = field, Nesting = nesting };
            KeyValuePair<string, SerializedPropertyNumericType> num;
            if (Managed(field, t)) { Refill(n, v); return n; }
            if (t == typeof(bool)) return Leaf(n, SerializedPropertyType.Boolean, "bool", v != null && (bool)v);
            if (Ints.TryGetValue(t, out num)) { n.Numeric = num.Value; return Leaf(n, SerializedPropertyType.Integer, num.Key, ToLong(v ?? Activator.CreateInstance(t))); }
            if (t == typeof(char)) { n.Numeric = SerializedPropertyNumericType.UInt16; return Leaf(n, SerializedPropertyType.Character, "char", (long)(v == null ? 0 : (char)v)); }
            if (t == typeof(float)) { n.Numeric = SerializedPropertyNumericType.Float; return Leaf(n, SerializedPropertyType.Float, "float", (double)(v == null ? 0f : (float)v)); }
            if (t == typeof(double)) { n.Numeric = SerializedPropertyNumericType.Double; return Leaf(n, SerializedPropertyType.Float, "double", v == null ? 0.0 : (double)v); }
            if (t == typeof(string)) { n.IsArray = true; return Leaf(n, SerializedPropertyType.String, "string", (string)v ?? ""); }
            if (t.IsEnum) return Leaf(n, SerializedPropertyType.Enum, "Enum", ToLong(v ?? Activator.CreateInstance(t)));
            if (t == typeof(LayerMask)) { n.Numeric = SerializedPropertyNumericType.UInt32; return Leaf(n, SerializedPropertyType.LayerMask, "BitField", (long)(uint)(v == null ? 0 : ((LayerMask)v).value)); }
            if (t == typeof(AnimationCurve)) return Leaf(n, SerializedPropertyType.AnimationCurve, "AnimationCurve", v == null ? new Keyframe[0] : ((AnimationCurve)v).keys);
            if (StructType(t)) return BuildStruct(n, t, v);
            if (typeof(UnityEngine.Object).IsAssignableFrom(t))
            {
                // Script fields name their type with '$' (PPtr<$Rigidbody>), built-in ones without.
                var o = v as UnityEngine.Object;
                return Leaf(n, SerializedPropertyType.ObjectReference, "PPtr<" + (field != null ? "$" : "") + t.Name + ">", o == null ? null : o);
            }
            if (t == typeof(Vector2)) { var x = v == null ? default(Vector2) : (Vector2)v; return Floats(n, SerializedPropertyType.Vector2, "Vector2f", "xy", x.x, x.y); }
            if (t == typeof(Vector3)) { var x = v == null ? default(Vector3) : (Vector3)v; return Floats(n, SerializedPropertyType.Vector3, "Vector3f", "xyz", x.x, x.y, x.z); }
            if (t == typeof(Vector4)) { var x = v == null ? default(Vector4) : (Vector4)v; return Floats(n, SerializedPropertyType.Vector4, "Vector4f", "xyzw", x.x, x.y, x.z, x.w); }
            if (t == typeof(Quaternion)) { var x = v == null ? default(Quaternion) : (Quaternion)v; return Floats(n, SerializedPropertyType.Quaternion, "Quaternionf", "xyzw", x.x, x.y, x.z, x.w); }
            if (t == typeof(Color)) { var x = v == null ? default(Color) : (Color)v; return Floats(n, SerializedPropertyType.Color, "ColorRGBA", "rgba", x.r, x.g, x.b, x.a); }
            if (t == typeof(Rect))
            {
                // Rect serializes as x, y, width, height ("Rectf" in the Inspector's type strings).
                var r = v == null ? default(Rect) : (Rect)v;
                n.Kind = SerializedPropertyType.Rect;
                n.TypeName = "Rectf";
                var names = new[] { "x", "y", "width", "height" };
                var values = new[] { r.x, r.y, r.width, r.height };
                for (int i = 0; i < 4; i++)
                    n.Add(new SerializedNode { Name = names[i], Path = n.Path + "." + names[i], Depth = n.Depth + 1, Kind = SerializedPropertyType.Float, TypeName = "float", Numeric = SerializedPropertyNumericType.Float, Value = (double)values[i] });
                return n;
            }
            if (t == typeof(Bounds))
            {
                var b = v == null ? default(Bounds) : (Bounds)v;
                n.Kind = SerializedPropertyType.Bounds;
                n.TypeName = "AABB";
                n.Add(Build("m_Center", path + ".m_Center", typeof(Vector3), b.m_Center, null, depth + 1, nesting));
                n.Add(Build("m_Extent", path + ".m_Extent", typeof(Vector3), b.m_Extents, null, depth + 1, nesting));
                return n;
            }
            var element = ElementOf(t);
            if (element != null)
            {
                n.IsArray = true;
                n.TypeName = "vector";
                n.ElementType = element;
                var level = n.Add(new SerializedNode { Name = "Array", Path = path + ".Array", Depth = depth + 1, TypeName = "Array", IsArray = true, Visible = false, PassThrough = true });
                var items = v as IList ?? new object[0];
                level.Add(new SerializedNode { Name = "size", Path = path + ".Array.size", Depth = depth + 2, Kind = SerializedPropertyType.ArraySize, TypeName = "int", Numeric = SerializedPropertyNumericType.Int32, Value = (long)items.Count });
                for (int i = 0; i < items.Count; i++) level.Add(Element(n, i, items[i]));
                return n;
            }
            if (!Custom(t) || nesting >= MaxNesting) return null;
            n.TypeName = t.Name;
            var obj = v ?? Default(t);
            foreach (var f in Fields(t, null))
            {
                var c = Build(f.Name, path + "." + f.Name, f.FieldType, f.GetValue(obj), f, depth + 1, nesting + 1);
                if (c == null) continue;
                c.Visible = !Attribute.IsDefined(f, typeof(HideInInspector));
                n.Add(c);
            }
            return n;
        }

        /// <summary>Lays a managed reference out anew for the instance it holds (null: none).</summary>
        internal static void Refill(SerializedNode n, object v)
        {
            n.Kind = SerializedPropertyType.ManagedReference;
            n.TypeName = "managedReference<" + (v == null ? "" : v.GetType().Name) + ">";
            n.Value = v;
            n.Children.Clear();
            if (v == null || n.Nesting >= MaxNesting) return;
            foreach (var f in Fields(v.GetType(), null))
            {
                var c = Build(f.Name, n.Path + "." + f.Name, f.FieldType, f.GetValue(v), f, n.Depth + 1, n.Nesting + 1);
                if (c == null) continue;
                c.Visible = !Attribute.IsDefined(f, typeof(HideInInspector));
                n.Add(c);
            }
        }

        /// <summary>What a new element of an array is made from when it has none to copy:
        /// nothing for managed references, the type's default otherwise.</summary>
        internal static object Blank(SerializedNode array) { return Managed(array.Field, array.ElementType) ? null : Default(array.ElementType); }

        internal static SerializedNode Element(SerializedNode array, int i, object value)
        {
            return Build("data", array.Path + ".Array.data[" + i + "]", array.ElementType, value, array.Field, array.Depth + 2, array.Nesting);
        }

        static SerializedNode Floats(SerializedNode n, SerializedPropertyType kind, string typeName, string axes, params float[] values)
        {
            n.Kind = kind;
            n.TypeName = typeName;
            for (int i = 0; i < axes.Length; i++)
                n.Add(new SerializedNode { Name = axes[i].ToString(), Path = n.Path + "." + axes[i], Depth = n.Depth + 1, Kind = SerializedPropertyType.Float, TypeName = "float", Numeric = SerializedPropertyNumericType.Float, Value = (double)values[i] });
            return n;
        }

        /// <summary>The CLR value a property's tree stands for, new objects throughout (so Undo's
        /// snapshot of the old ones stays as it was).</summary>
        internal static object ToClr(SerializedNode n, Type t)
        {
            var st = StructToClr(n);
            if (st != null) return st;
            switch (n.Kind)
            {
                case SerializedPropertyType.Boolean: return (bool)n.Value;
                case SerializedPropertyType.Integer: return FromLong((long)n.Value, t);
                case SerializedPropertyType.Character: return unchecked((char)(long)n.Value);
                case SerializedPropertyType.Float: return t == typeof(double) ? (object)(double)n.Value : (float)(double)n.Value;
                case SerializedPropertyType.String: return (string)n.Value;
                case SerializedPropertyType.Enum: return Enum.ToObject(t, (long)n.Value);
                case SerializedPropertyType.LayerMask: return (LayerMask)unchecked((int)(long)n.Value);
                case SerializedPropertyType.AnimationCurve: return new AnimationCurve((Keyframe[])n.Value);
                case SerializedPropertyType.ObjectReference: return n.Value;
                case SerializedPropertyType.Vector2: return new Vector2(F(n, 0), F(n, 1));
                case SerializedPropertyType.Vector3: return new Vector3(F(n, 0), F(n, 1), F(n, 2));
                case SerializedPropertyType.Vector4: return new Vector4 { x = F(n, 0), y = F(n, 1), z = F(n, 2), w = F(n, 3) };
                case SerializedPropertyType.Quaternion: return new Quaternion(F(n, 0), F(n, 1), F(n, 2), F(n, 3));
                case SerializedPropertyType.Color: return new Color(F(n, 0), F(n, 1), F(n, 2), F(n, 3));
                case SerializedPropertyType.Rect: return new Rect(F(n, 0), F(n, 1), F(n, 2), F(n, 3));
                case SerializedPropertyType.Bounds: return new Bounds { m_Center = (Vector3)ToClr(n.Children[0], typeof(Vector3)), m_Extents = (Vector3)ToClr(n.Children[1], typeof(Vector3)) };
                case SerializedPropertyType.ManagedReference:
                    // A new instance of the class the property holds now, with its fields.
                    if (n.Value == null) return null;
                    var instance = Activator.CreateInstance(n.Value.GetType(), true);
                    foreach (var c in n.Children) c.Field.SetValue(instance, ToClr(c, c.Field.FieldType));
                    return instance;
            }
            if (n.IsArray)
            {
                var items = n.Children[0].Children;
                var e = ElementOf(t);
                var array = Array.CreateInstance(e, items.Count - 1);
                for (int i = 1; i < items.Count; i++) array.SetValue(ToClr(items[i], e), i - 1);
                if (t.IsArray) return array;
                var list = (IList)Activator.CreateInstance(t);
                foreach (var x in array) list.Add(x);
                return list;
            }
            var obj = Default(t);
            foreach (var c in n.Children) c.Field.SetValue(obj, ToClr(c, c.Field.FieldType));
            return obj;
        }

        static float F(SerializedNode n, int i) { return (float)(double)n.Children[i].Value; }

        /// <summary>A new value of a type, as Unity makes one for a null field or a new array element.</summary>
        internal static object Default(Type t)
        {
            if (t == typeof(string)) return "";
            if (t.IsValueType) return Activator.CreateInstance(t);
            if (typeof(UnityEngine.Object).IsAssignableFrom(t)) return null;
            if (t == typeof(AnimationCurve)) return new AnimationCurve();
            if (t.IsArray) return Array.CreateInstance(t.GetElementType(), 0);
            return Activator.CreateInstance(t, true);
        }

        /// <summary>A copy of a CLR value built by ToClr, so two elements never share an object.</summary>
        internal static object Copy(object v)
        {
            if (v == null || v is string || v.GetType().IsValueType || v is UnityEngine.Object) return v;
            if (v is AnimationCurve) return new AnimationCurve(((AnimationCurve)v).keys);
            var t = v.GetType();
            if (v is IList)
            {
                var src = (IList)v;
                var dst = t.IsArray ? (IList)Array.CreateInstance(t.GetElementType(), src.Count) : (IList)Activator.CreateInstance(t);
                for (int i = 0; i < src.Count; i++) { if (t.IsArray) dst[i] = Copy(src[i]); else dst.Add(Copy(src[i])); }
                return dst;
            }
            var o = Activator.CreateInstance(t, true);
            foreach (var f in t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic)) f.SetValue(o, Copy(f.GetValue(v)));
            return o;
        }

        static long ToLong(object v)
        {
            if (v is Enum) v = Convert.ChangeType(v, Enum.GetUnderlyingType(v.GetType()));
            return v is ulong ? unchecked((long)(ulong)v) : Convert.ToInt64(v);
        }

        static object FromLong(long v, Type t)
        {
            unchecked
            {
                if (t == typeof(sbyte)) return (sbyte)v;
                if (t == typeof(byte)) return (byte)v;
                if (t == typeof(short)) return (short)v;
                if (t == typeof(ushort)) return (ushort)v;
                if (t == typeof(int)) return (int)v;
                if (t == typeof(uint)) return (uint)v;
                if (t == typeof(ulong)) return (ulong)v;
                return v;
            }
        }

        /// <summary>A value cut to the width of its field (the serialized data has that width).</summary>
        internal static long Wrap(long v, SerializedPropertyNumericType t)
        {
            unchecked
            {
                switch (t)
                {
                    case SerializedPropertyNumericType.Int8: return (sbyte)v;
                    case SerializedPropertyNumericType.UInt8: return (byte)v;
                    case SerializedPropertyNumericType.Int16: return (short)v;
                    case SerializedPropertyNumericType.UInt16: return (ushort)v;
                    case SerializedPropertyNumericType.Int32: return (int)v;
                    case SerializedPropertyNumericType.UInt32: return (uint)v;
                    default: return v;
                }
            }
        }

        static FieldInfo[] EnumFields(Type t) { return t.GetFields(BindingFlags.Public | BindingFlags.Static); }
        internal static string[] EnumNames(Type t) { return Array.ConvertAll(EnumFields(t), f => f.Name); }
        internal static long[] EnumValues(Type t) { return Array.ConvertAll(EnumFields(t), f => ToLong(f.GetValue(null))); }
    }
}
