// SerializedProperty's typed values and arrays (the rest of the fake SerializedProperty is Serialized.cs).
using System;
using System.Collections.Generic;
using UnityEngine;

namespace UnityEditor
{
    public partial class SerializedProperty
    {
        // ---- values ----

        void Need(params SerializedPropertyType[] kinds)
        {
            if (Array.IndexOf(kinds, N.Kind) < 0) throw new InvalidOperationException(N.Path + " is " + N.Kind + ": type is not a supported " + string.Join("/", Array.ConvertAll(kinds, k => k.ToString())) + " value");
        }

        void Set(SerializedNode n, object v)
        {
            if (Equals(n.Value, v)) return;
            n.Value = v;
            owner.Changed(n);
        }

        long Long()
        {
            Need(SerializedPropertyType.Integer, SerializedPropertyType.ArraySize, SerializedPropertyType.Enum, SerializedPropertyType.LayerMask, SerializedPropertyType.Character);
            return (long)N.Value;
        }

        void SetLong(long v)
        {
            Need(SerializedPropertyType.Integer, SerializedPropertyType.ArraySize, SerializedPropertyType.Enum, SerializedPropertyType.LayerMask, SerializedPropertyType.Character);
            // Setting "x.Array.size" resizes the array.
            if (N.Kind == SerializedPropertyType.ArraySize) { Resize(N.Parent.Parent, (int)v); return; }
            // The value lands in the field's own width, as the serialized data has it.
            Set(N, SerializedLayout.Wrap(v, N.Numeric));
        }

        public int intValue { get { return unchecked((int)Long()); } set { SetLong(value); } }
        public long longValue { get { return Long(); } set { SetLong(value); } }
        public uint uintValue { get { return unchecked((uint)Long()); } set { SetLong(value); } }
        public ulong ulongValue { get { return unchecked((ulong)Long()); } set { SetLong(unchecked((long)value)); } }

        public bool boolValue
        {
            get { Need(SerializedPropertyType.Boolean); return (bool)N.Value; }
            set { Need(SerializedPropertyType.Boolean); Set(N, value); }
        }

        public float floatValue
        {
            get { Need(SerializedPropertyType.Float); return (float)(double)N.Value; }
            set { Need(SerializedPropertyType.Float); Set(N, (double)value); }
        }

        public double doubleValue
        {
            get { Need(SerializedPropertyType.Float); return (double)N.Value; }
            set { Need(SerializedPropertyType.Float); Set(N, N.Numeric == SerializedPropertyNumericType.Double ? value : (double)(float)value); }
        }

        public string stringValue
        {
            get { Need(SerializedPropertyType.String); return (string)N.Value; }
            set { Need(SerializedPropertyType.String); Set(N, value ?? ""); }
        }

        public UnityEngine.Object objectReferenceValue
        {
            get { Need(SerializedPropertyType.ObjectReference); var o = (UnityEngine.Object)N.Value; return o == null ? null : o; }
            set
            {
                Need(SerializedPropertyType.ObjectReference);
                // Unity checks the reference against the field's type natively (the Inspector's
                // ObjectField never offers one that does not fit); the fake refuses loudly.
                if (value != null && !N.ClrType.IsInstanceOfType(value))
                    throw new ArgumentException(value.GetType().Name + " does not fit " + N.Path + " (" + N.ClrType.Name + ")");
                Set(N, value == null ? null : value);
            }
        }

        // managedReferenceValue: the instance a [SerializeReference] field holds. Setting one
        // that derives from UnityEngine.Object, or that the field's type does not take, throws
        // InvalidOperationException with the bindings' messages; the property then holds the
        // new instance, laid out with its class's fields.
        public object managedReferenceValue
        {
            get
            {
                if (N.Kind != SerializedPropertyType.ManagedReference) throw new InvalidOperationException("managedReferenceValue is only available on fields with the [SerializeReference] attribute");
                return N.Value;
            }
            set
            {
                if (N.Kind != SerializedPropertyType.ManagedReference) throw new InvalidOperationException("Attempting to set the managed reference value on a SerializedProperty that is set to a '" + type + "'");
                if (value != null)
                {
                    var valueType = value.GetType();
                    if (value is UnityEngine.Object) throw new InvalidOperationException("Cannot assign an object deriving from UnityEngine.Object to a managed reference. This is not supported.");
                    if (!N.ClrType.IsAssignableFrom(valueType))
                        throw new InvalidOperationException("Cannot assign an object of type '" + valueType.Name + "' to a managed reference with a base type of '" + N.ClrType.Name + "': types are not compatible");
                }
                SerializedLayout.Refill(N, value);
                owner.Changed(N);
            }
        }

        // managedReferenceFullTypename: the held instance's class as "<assembly> <namespace.class>"
        // (nested classes with '/'); "" for null (ScriptReference: "'null' references return
        // an empty type string"). managedReferenceFieldTypename: the field's own type, alike.
        public string managedReferenceFullTypename
        {
            get
            {
                if (N.Kind != SerializedPropertyType.ManagedReference) throw new InvalidOperationException("Attempting to get the managed reference full typename on a SerializedProperty that is set to a '" + type + "'");
                return N.Value == null ? "" : TypeName(N.Value.GetType());
            }
        }

        public string managedReferenceFieldTypename
        {
            get
            {
                if (N.Kind != SerializedPropertyType.ManagedReference) throw new InvalidOperationException("Attempting to get the managed reference full typename on a SerializedProperty that is set to a '" + type + "'");
                return TypeName(N.ClrType);
            }
        }

        static string TypeName(Type t) { return t.Assembly.GetName().Name + " " + t.FullName.Replace("+", "/"); }

        // enumNames: the enum's names in declaration order; enumValueIndex: the place of the
        // value among them, -1 when it matches none (e.g. a combination of flags).
        public string[] enumNames { get { Need(SerializedPropertyType.Enum); return SerializedLayout.EnumNames(N.ClrType); } }
        public string[] enumDisplayNames { get { return Array.ConvertAll(enumNames, SerializedNode.Nicify); } }

        public int enumValueIndex
        {
            get { Need(SerializedPropertyType.Enum); return Array.IndexOf(SerializedLayout.EnumValues(N.ClrType), (long)N.Value); }
            set
            {
                Need(SerializedPropertyType.Enum);
                var values = SerializedLayout.EnumValues(N.ClrType);
                if (value >= 0 && value < values.Length) Set(N, values[value]);
            }
        }

        public int enumValueFlag { get { return intValue; } set { intValue = value; } }

        public Color colorValue
        {
            get { Need(SerializedPropertyType.Color); return new Color(F(0), F(1), F(2), F(3)); }
            set { Need(SerializedPropertyType.Color); SetF(value.r, value.g, value.b, value.a); }
        }

        public Vector2 vector2Value
        {
            get { Need(SerializedPropertyType.Vector2); return new Vector2(F(0), F(1)); }
            set { Need(SerializedPropertyType.Vector2); SetF(value.x, value.y); }
        }

        public Vector3 vector3Value
        {
            get { Need(SerializedPropertyType.Vector3); return new Vector3(F(0), F(1), F(2)); }
            set { Need(SerializedPropertyType.Vector3); SetF(value.x, value.y, value.z); }
        }

        public Vector4 vector4Value
        {
            get { Need(SerializedPropertyType.Vector4); return new Vector4 { x = F(0), y = F(1), z = F(2), w = F(3) }; }
            set { Need(SerializedPropertyType.Vector4); SetF(value.x, value.y, value.z, value.w); }
        }

        public Quaternion quaternionValue
        {
            get { Need(SerializedPropertyType.Quaternion); return new Quaternion(F(0), F(1), F(2), F(3)); }
            set { Need(SerializedPropertyType.Quaternion); SetF(value.x, value.y, value.z, value.w); }
        }

        public AnimationCurve animationCurveValue
        {
            get { Need(SerializedPropertyType.AnimationCurve); return new AnimationCurve((Keyframe[])N.Value); }
            set
            {
                Need(SerializedPropertyType.AnimationCurve);
                var keys = value == null ? new Keyframe[0] : value.keys;
                if (!new AnimationCurve(keys).Equals(new AnimationCurve((Keyframe[])N.Value))) { N.Value = keys; owner.Changed(N); }
            }
        }

        float F(int i) { return (float)(double)N.Children[i].Value; }

        void SetF(params float[] v)
        {
            for (int i = 0; i < v.Length; i++) Set(N.Children[i], (double)v[i]);
        }

        // ---- arrays ----

        public int arraySize
        {
            get
            {
                if (!N.IsArray) throw new InvalidOperationException(N.Path + " is not an array");
                return N.Kind == SerializedPropertyType.String ? ((string)N.Value).Length : Elements(N).Count;
            }
            set
            {
                if (!N.IsArray || N.Kind == SerializedPropertyType.String) throw new InvalidOperationException(N.Path + " is not an array");
                Resize(N, value);
            }
        }

        static List<SerializedNode> Elements(SerializedNode array)
        {
            var list = array.Children[0].Children;
            return list.GetRange(1, list.Count - 1);
        }

        void Resize(SerializedNode array, int size)
        {
            if (size < 0) throw new ArgumentException("Array size must be 0 or more");
            var level = array.Children[0];
            int count = level.Children.Count - 1;
            if (size == count) return;
            if (size < count) level.Children.RemoveRange(1 + size, count - size);
            else
            {
                // New elements copy the last one (the Inspector's size field does the same).
                var last = count > 0 ? SerializedLayout.ToClr(level.Children[count], array.ElementType) : SerializedLayout.Blank(array);
                for (int i = count; i < size; i++)
                {
                    var e = SerializedLayout.Element(array, i, SerializedLayout.Copy(last));
                    e.Parent = level;
                    level.Children.Add(e);
                }
            }
            level.Children[0].Value = (long)size;
            owner.Changed(array);
        }
    }
}
