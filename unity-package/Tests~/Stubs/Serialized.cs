// Behavioural fake of SerializedObject / SerializedProperty (UnityCsReference
// Editor/Mono/SerializedObject.bindings.cs and Editor/Mono/SerializedProperty.bindings.cs,
// branch 2022.3; the same members in 6000.0-6000.7) and of the serialized layout they walk.
// A SerializedObject reads its target into a tree of properties when it is made (and on
// Update); setters change that tree only; ApplyModifiedProperties records Undo, then writes
// the changed top-level properties back into the object and answers whether anything changed
// (ScriptReference SerializedObject.ApplyModifiedProperties: "First Undo information is
// recorded, then each target object is brought in sync ... Returns true if any pending
// property changes were applied"). How an object is laid out as properties, and written
// back, is SerializedLayout.cs; SerializedProperty's typed values and arrays are
// SerializedPropertyValues.cs. This file also holds the UnityEngine types those properties
// carry (serialization attributes, LayerMask, AnimationCurve) and the Tag Manager's layers.

using System;
using System.Collections.Generic;
using UnityEngine;

namespace UnityEngine
{
    // UnityCsReference: Runtime/Export/Serialization/Serialization.cs
    public sealed partial class SerializeField : Attribute { }

    // UnityCsReference: Runtime/Export/Serialization/Serialization.cs
    [AttributeUsage(AttributeTargets.Field)]
    public sealed partial class SerializeReference : Attribute
    {
        public SerializeReference() { }
    }

    // UnityCsReference: Runtime/Export/Scripting/Attributes.cs
    public sealed class HideInInspector : Attribute { }

    // UnityCsReference: Runtime/Export/PropertyDrawer/PropertyAttribute.cs
    [AttributeUsage(AttributeTargets.Field, Inherited = true, AllowMultiple = false)]
    public abstract class PropertyAttribute : Attribute
    {
        public int order { get; set; }
    }

    // UnityCsReference: Runtime/Export/PropertyDrawer/PropertyAttribute.cs
    [AttributeUsage(AttributeTargets.Field, Inherited = true, AllowMultiple = false)]
    public sealed class RangeAttribute : PropertyAttribute
    {
        public readonly float min;
        public readonly float max;
        public RangeAttribute(float min, float max) { this.min = min; this.max = max; }
    }

    // UnityCsReference: Runtime/Export/Scripting/LayerMask.bindings.cs
    public struct LayerMask
    {
        private int m_Mask;
        public static implicit operator int(LayerMask mask) { return mask.m_Mask; }
        public static implicit operator LayerMask(int intVal) { LayerMask mask; mask.m_Mask = intVal; return mask; }
        public int value { get { return m_Mask; } set { m_Mask = value; } }
        // The Tag Manager's name of the layer, "" when it has none.
        public static string LayerToName(int layer) { return layer >= 0 && layer < 32 ? Layers.Names[layer] ?? "" : ""; }
        // The layer with that name, -1 when none has it.
        public static int NameToLayer(string layerName)
        {
            for (int i = 0; i < 32; i++) if (!string.IsNullOrEmpty(Layers.Names[i]) && Layers.Names[i] == layerName) return i;
            return -1;
        }
    }

    /// <summary>The Tag Manager's layers: Unity's built-in ones (Manual "Layers": Default,
    /// TransparentFX, Ignore Raycast, Water, UI at 0, 1, 2, 4, 5) and any a test names.</summary>
    internal static class Layers
    {
        internal static readonly string[] Names = new string[32];
        static Layers() { Reset(); }
        internal static void Reset()
        {
            for (int i = 0; i < 32; i++) Names[i] = "";
            Names[0] = "Default"; Names[1] = "TransparentFX"; Names[2] = "Ignore Raycast"; Names[4] = "Water"; Names[5] = "UI";
        }
    }

    // UnityCsReference: Runtime/Export/Animation/AnimationCurve.bindings.cs
    public struct Keyframe
    {
        float m_Time;
        float m_Value;
        float m_InTangent;
        float m_OutTangent;
        // The key's left and right tangent modes (AnimationUtility.Set/GetKey*TangentMode,
        // Animation.cs), kept in the key as the reference keeps them.
        int m_TangentMode;
        public Keyframe(float time, float value) { m_Time = time; m_Value = value; m_InTangent = 0; m_OutTangent = 0; m_TangentMode = 0; }
        public Keyframe(float time, float value, float inTangent, float outTangent) { m_Time = time; m_Value = value; m_InTangent = inTangent; m_OutTangent = outTangent; m_TangentMode = 0; }
        internal int tangentModeInternal { get { return m_TangentMode; } set { m_TangentMode = value; } }
        public float time { get { return m_Time; } set { m_Time = value; } }
        public float value { get { return m_Value; } set { m_Value = value; } }
        public float inTangent { get { return m_InTangent; } set { m_InTangent = value; } }
        public float outTangent { get { return m_OutTangent; } set { m_OutTangent = value; } }
    }

    // UnityCsReference: Runtime/Export/Animation/AnimationCurve.bindings.cs: keys are copied
    // in and out (GetKeys/SetKeys), as the native curve owns them.
    public class AnimationCurve : IEquatable<AnimationCurve>
    {
        Keyframe[] keyframes;
        public AnimationCurve(params Keyframe[] keys) { keyframes = keys == null ? new Keyframe[0] : (Keyframe[])keys.Clone(); }
        public AnimationCurve() : this(null) { }
        public Keyframe[] keys { get { return (Keyframe[])keyframes.Clone(); } set { keyframes = value == null ? new Keyframe[0] : (Keyframe[])value.Clone(); } }
        public int length { get { return keyframes.Length; } }
        public override bool Equals(object o) { return Equals(o as AnimationCurve); }
        public bool Equals(AnimationCurve other)
        {
            if (ReferenceEquals(other, null) || other.keyframes.Length != keyframes.Length) return false;
            for (int i = 0; i < keyframes.Length; i++) if (!keyframes[i].Equals(other.keyframes[i])) return false;
            return true;
        }
        public override int GetHashCode() { return keyframes.Length; }
    }
}

namespace UnityEditorInternal
{
    // UnityCsReference: Editor/Mono/InternalEditorUtility.bindings.cs
    public partial class InternalEditorUtility
    {
        // The Tag Manager's tags: Unity's built-in seven, then the project's.
        public static string[] tags
        {
            get
            {
                var all = new List<string> { "Untagged", "Respawn", "Finish", "EditorOnly", "MainCamera", "Player", "GameController" };
                all.AddRange(Tags.User);
                return all.FindAll(Tags.Defined).ToArray();
            }
        }

        // The names of the layers that have one, in layer order.
        public static string[] layers { get { return Array.FindAll(Layers.Names, n => !string.IsNullOrEmpty(n)); } }
    }
}

namespace UnityEditor
{
    // UnityCsReference: Editor/Mono/SerializedProperty.bindings.cs (the values of 2022.3;
    // 6000.x adds RenderingLayerMask and later ones after Hash128)
    public enum SerializedPropertyType
    {
        Generic = -1,
        Integer = 0,
        Boolean = 1,
        Float = 2,
        String = 3,
        Color = 4,
        ObjectReference = 5,
        LayerMask = 6,
        Enum = 7,
        Vector2 = 8,
        Vector3 = 9,
        Vector4 = 10,
        Rect = 11,
        ArraySize = 12,
        Character = 13,
        AnimationCurve = 14,
        Bounds = 15,
        Gradient = 16,
        Quaternion = 17,
        ExposedReference = 18,
        FixedBufferSize = 19,
        Vector2Int = 20,
        Vector3Int = 21,
        RectInt = 22,
        BoundsInt = 23,
        ManagedReference = 24,
        Hash128 = 25,
    }

    // UnityCsReference: Editor/Mono/SerializedProperty.bindings.cs
    public enum SerializedPropertyNumericType
    {
        Unknown = 0,
        Int8 = 1,
        UInt8 = 2,
        Int16 = 3,
        UInt16 = 4,
        Int32 = 5,
        UInt32 = 6,
        Int64 = 7,
        UInt64 = 8,
        Float = 100,
        Double = 101,
    }

    // UnityCsReference: Editor/Mono/SerializedObject.bindings.cs
    public class SerializedObject : IDisposable
    {
        readonly UnityEngine.Object target;
        internal SerializedNode root;
        bool modified;

        // A null object is refused (ArgumentException), as the native InternalCreate does.
        public SerializedObject(UnityEngine.Object obj)
        {
            if (obj == null) throw new ArgumentException("Object at index 0 is null");
            target = obj;
            root = SerializedLayout.Read(obj);
        }

        // Multi-object editing is not modelled: one object only.
        public SerializedObject(UnityEngine.Object[] objs) : this(One(objs)) { }

        static UnityEngine.Object One(UnityEngine.Object[] objs)
        {
            if (objs != null && objs.Length > 1) throw new NotImplementedException("the fake SerializedObject edits one object at a time");
            return objs != null && objs.Length == 1 ? objs[0] : null;
        }

        public UnityEngine.Object targetObject { get { return target; } }
        public bool hasModifiedProperties { get { return modified; } }
        public void Dispose() { }

        // An iterator before the first property: the first Next/NextVisible must enter children.
        public SerializedProperty GetIterator() { return new SerializedProperty(this, root); }

        public SerializedProperty FindProperty(string propertyPath)
        {
            var n = root.Find(propertyPath ?? "");
            return n == null || n == root ? null : new SerializedProperty(this, n);
        }

        // Update: reads the object again; pending changes are dropped.
        public void Update()
        {
            root = SerializedLayout.Read(target);
            modified = false;
        }

        public bool ApplyModifiedProperties()
        {
            if (!modified) return false;
            Undo.RecordObject(target, "Modified Properties");
            foreach (var n in root.Children)
                if (n.Dirty) n.Slot.Set(target, SerializedLayout.ToClr(n, n.Slot.Type));
            root = SerializedLayout.Read(target);
            modified = false;
            return true;
        }

        // ApplyModifiedPropertiesWithoutUndo: the same write-back, no Undo record (the
        // Project Settings writes, which Undo does not take back).
        public bool ApplyModifiedPropertiesWithoutUndo()
        {
            if (!modified) return false;
            foreach (var n in root.Children)
                if (n.Dirty) n.Slot.Set(target, SerializedLayout.ToClr(n, n.Slot.Type));
            root = SerializedLayout.Read(target);
            modified = false;
            return true;
        }

        /// <summary>A value changed: its top-level property is written back on apply.</summary>
        internal void Changed(SerializedNode n)
        {
            while (n.Parent != null && n.Parent != root) n = n.Parent;
            n.Dirty = true;
            modified = true;
        }
    }

    // UnityCsReference: Editor/Mono/SerializedProperty.bindings.cs. A wrong accessor for the
    // property's type (intValue of a string…) makes Unity log "type is not a supported … value"
    // and return junk; the fake throws, so an adapter that reads a value the wrong way fails.
    public partial class SerializedProperty : IDisposable
    {
        readonly SerializedObject owner;
        SerializedNode node;

        internal SerializedProperty() { }
        internal SerializedProperty(SerializedObject owner, SerializedNode node) { this.owner = owner; this.node = node; }

        public SerializedObject serializedObject { get { return owner; } }
        public void Dispose() { }

        SerializedNode N { get { if (node == null) throw new InvalidOperationException("The operation is not possible when moved past all properties (Next returned false)"); return node; } }

        public string propertyPath { get { return N.Path; } }
        public string name { get { return N.Name; } }
        public string displayName { get { return N.DisplayName; } }
        public string type { get { return N.TypeName; } }
        public string arrayElementType { get { return N.IsArray && N.Kind != SerializedPropertyType.String ? SerializedLayout.Element(N, 0, SerializedLayout.Blank(N)).TypeName : ""; } }
        public int depth { get { return N.Depth; } }
        public SerializedPropertyType propertyType { get { return N.Kind; } }
        public SerializedPropertyNumericType numericType { get { return N.Numeric; } }
        public bool isArray { get { return N.IsArray; } }
        public bool hasChildren { get { return N.Children.Count > 0; } }
        public bool hasVisibleChildren { get { return N.FirstVisibleChild() != null; } }
        public bool editable { get { return true; } }

        public SerializedProperty Copy() { return new SerializedProperty(owner, node); }

        public SerializedProperty FindPropertyRelative(string relativePropertyPath)
        {
            var n = N.Find(N.Path.Length == 0 ? relativePropertyPath : N.Path + "." + relativePropertyPath);
            return n == null ? null : new SerializedProperty(owner, n);
        }

        public SerializedProperty GetArrayElementAtIndex(int index)
        {
            if (!N.IsArray || N.Kind == SerializedPropertyType.String) return null;
            var e = Elements(N);
            return index >= 0 && index < e.Count ? new SerializedProperty(owner, e[index]) : null;
        }

        // Next: pre-order, in the order of serialization; false (and past the end) after the last.
        public bool Next(bool enterChildren) { return Move(enterChildren, false); }

        // NextVisible: the same over visible properties; the hidden "Array" level is passed
        // through to its size and elements.
        public bool NextVisible(bool enterChildren) { return Move(enterChildren, true); }

        bool Move(bool enter, bool visible)
        {
            var n = N;
            var c = enter && n.Children.Count > 0 && (!visible || n.FirstVisibleChild() != null) ? n.Children[0] : SerializedNode.After(n);
            while (c != null && visible && !c.Visible)
                c = c.PassThrough && c.Children.Count > 0 ? c.Children[0] : SerializedNode.After(c);
            node = c;
            return c != null;
        }
    }
}
