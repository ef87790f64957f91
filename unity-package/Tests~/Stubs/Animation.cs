// Behavioural fake of Unity's animation data: clips and their curves, Animator Controller
// parameters, and the Animator component's parameters in Play Mode. UnityCsReference, branch
// 2022.3 (the same members in 6000.0-6000.7): Modules/Animation/ScriptBindings/
// AnimationClip.bindings.cs, Motion.bindings.cs, RuntimeAnimatorController.bindings.cs,
// AnimatorControllerParameter.bindings.cs, Animator.bindings.cs; Editor/Mono/Animation/
// AnimationUtility.bindings.cs, EditorCurveBinding.bindings.cs, AnimationClipSettings.bindings.cs.
//
// - A clip holds one float curve per binding (path, type, property): SetEditorCurve replaces
//   the curve on an equal binding or adds one, and a null curve deletes it
//   (AnimationUtility.SetEditorCurve: CurveModifiedType.CurveDeleted when curve is null).
//   Its length runs from its earliest key to its latest (0 with no keys); frameRate is 60
//   until set. The curves are kept as key arrays never changed in place, so Undo's copy of
//   the clip (Undo.cs, Snapshot) brings them back.
// - The loop setting lives in the clip's AnimationClipSettings (loopTime), read and written
//   whole through AnimationUtility.Get/SetAnimationClipSettings, as the reference does.
// - A key keeps its left and right tangent modes (Keyframe.m_TangentMode, Serialized.cs);
//   setting one (AnimationUtility.SetKeyLeft/RightTangentMode) recomputes the tangents of the
//   key and its neighbours from their modes, as the native UpdateTangentsFromModeSurrounding
//   does: Constant holds the value (an infinite tangent), Linear points at the neighbour,
//   ClampedAuto follows Unity's clamped spline slope (ClampedAutoSlope below), Free keeps the
//   tangent given. SetEditorCurves sets several curves in one call.
// - A clip's animation events (AnimationEvent: time and function) are kept whole, read and
//   written through AnimationClip.events or AnimationUtility.Get/SetAnimationEvents.
// - A model file (FakeModels.Import) holds, as the model importer makes one, its clips as
//   sub-assets after a hidden "__preview__" clip per take that the Inspector's preview uses.
// - AnimationCurve and Keyframe are Serialized.cs's (a curve's keys are copied in and out).
// - AnimatorControllerParameter is [NativeAsStruct]: the controller stores copies (see
//   AnimationControllers.cs).
// - Animator: in Play Mode its parameters start at the controller's defaults; Set* changes
//   one, a Trigger is a bool SetTrigger sets and ResetTrigger clears. A name the controller
//   lacks is ignored with a warning, as Unity logs "Parameter 'x' does not exist." The values
//   live on the component, not in its serialized state (Unity discards them with Play Mode).
// Not modelled: evaluating curves, Auto tangents, weighted tangents, blend trees, humanoid
// motion, object-reference curves, the Animator's states at run time, a model's meshes (its
// main asset is a Mesh here; Unity's is the model's GameObject, which the fake keeps only in
// scenes and prefabs).
using System;
using System.Collections.Generic;
using UnityEngine;

namespace UnityEngine
{
    // UnityCsReference: Modules/Animation/ScriptBindings/Motion.bindings.cs
    public partial class Motion : Object
    {
        protected Motion() { }

        // averageDuration: a clip's length (the fake has no blend trees).
        public float averageDuration { get { Alive(); return AverageDuration(); } }
        internal virtual float AverageDuration() { return 0; }

        // legacy: whether the motion plays in the legacy Animation component only (an
        // Animator does not play a legacy clip).
        public bool legacy { get { Alive(); return IsLegacy(); } }
        internal virtual bool IsLegacy() { return false; }
    }

    // UnityCsReference: Modules/Animation/ScriptBindings/Animation.bindings.cs (a class the
    // native side copies in and out whole)
    public sealed class AnimationEvent
    {
        internal float m_Time;
        internal string m_FunctionName = "";

        public AnimationEvent() { }

        public float time { get { return m_Time; } set { m_Time = value; } }
        public string functionName { get { return m_FunctionName; } set { m_FunctionName = value; } }

        internal AnimationEvent Copy() { return (AnimationEvent)MemberwiseClone(); }
    }

    // UnityCsReference: Modules/Animation/ScriptBindings/AnimationClip.bindings.cs
    public sealed class AnimationClip : Motion
    {
        // Curves by binding, in the order first written.
        internal List<KeyValuePair<UnityEditor.EditorCurveBinding, Keyframe[]>> curves = new List<KeyValuePair<UnityEditor.EditorCurveBinding, Keyframe[]>>();
        float rate = 60;
        bool isLegacy;
        AnimationEvent[] clipEvents = new AnimationEvent[0];
        internal UnityEditor.AnimationClipSettings settings = new UnityEditor.AnimationClipSettings();

        public AnimationClip() { }

        public float length
        {
            get
            {
                Alive();
                bool any = false;
                float start = 0, stop = 0;
                foreach (var c in curves)
                    foreach (var k in c.Value)
                    {
                        if (!any || k.time < start) start = k.time;
                        if (!any || k.time > stop) stop = k.time;
                        any = true;
                    }
                return any ? stop - start : 0;
            }
        }

        public float frameRate { get { Alive(); return rate; } set { Alive(); rate = value; } }

        // ClearCurves: every curve goes.
        public void ClearCurves() { Alive(); curves = new List<KeyValuePair<UnityEditor.EditorCurveBinding, Keyframe[]>>(); }

        public bool empty { get { Alive(); return curves.Count == 0; } }

        public new bool legacy { get { Alive(); return isLegacy; } set { Alive(); isLegacy = value; } }
        internal override bool IsLegacy() { return isLegacy; }

        // events: copies in and out, in time order (the native side sorts them).
        public AnimationEvent[] events
        {
            get { Alive(); return Array.ConvertAll(clipEvents, e => e.Copy()); }
            set
            {
                Alive();
                var sorted = new List<AnimationEvent>(Array.ConvertAll(value ?? new AnimationEvent[0], e => e.Copy()));
                sorted.Sort((a, b) => a.time.CompareTo(b.time));
                clipEvents = sorted.ToArray();
            }
        }

        internal override float AverageDuration() { return length; }
    }

    // UnityCsReference: Modules/Animation/ScriptBindings/RuntimeAnimatorController.bindings.cs
    public partial class RuntimeAnimatorController : Object
    {
        protected RuntimeAnimatorController() { }
    }

    // UnityCsReference: Modules/Animation/ScriptBindings/Animator.bindings.cs (enum AnimatorControllerParameterType)
    public enum AnimatorControllerParameterType
    {
        Float = 1,
        Int = 3,
        Bool = 4,
        Trigger = 9,
    }

    // UnityCsReference: Modules/Animation/ScriptBindings/AnimatorControllerParameter.bindings.cs
    public class AnimatorControllerParameter
    {
        internal string m_Name = "";
        internal AnimatorControllerParameterType m_Type;
        internal float m_DefaultFloat;
        internal int m_DefaultInt;
        internal bool m_DefaultBool;

        public string name { get { return m_Name; } set { m_Name = value; } }
        public AnimatorControllerParameterType type { get { return m_Type; } set { m_Type = value; } }
        public float defaultFloat { get { return m_DefaultFloat; } set { m_DefaultFloat = value; } }
        public int defaultInt { get { return m_DefaultInt; } set { m_DefaultInt = value; } }
        public bool defaultBool { get { return m_DefaultBool; } set { m_DefaultBool = value; } }

        public override bool Equals(object o)
        {
            var other = o as AnimatorControllerParameter;
            return other != null && m_Name == other.m_Name && m_Type == other.m_Type && m_DefaultFloat == other.m_DefaultFloat && m_DefaultInt == other.m_DefaultInt && m_DefaultBool == other.m_DefaultBool;
        }

        public override int GetHashCode() { return name.GetHashCode(); }

        /// <summary>A copy: the native side marshals the parameter by value.</summary>
        internal AnimatorControllerParameter Copy() { return (AnimatorControllerParameter)MemberwiseClone(); }
    }

    // UnityCsReference: Modules/Animation/ScriptBindings/Animator.bindings.cs
    public partial class Animator : Behaviour
    {
        RuntimeAnimatorController controller;
        // The running values (Play Mode only; Unity keeps them in the native Animator, not in
        // the component's serialized state).
        Dictionary<string, object> live;
        RuntimeAnimatorController liveFor;

        public RuntimeAnimatorController runtimeAnimatorController
        {
            get { Alive(); return controller; }
            set { Alive(); controller = value; }
        }

        // parameters: the controller's, once the Animator runs (Play Mode); none before.
        public AnimatorControllerParameter[] parameters
        {
            get
            {
                var c = controller as UnityEditor.Animations.AnimatorController;
                return UnityEditor.EditorApplication.isPlaying && c != null ? c.parameters : new AnimatorControllerParameter[0];
            }
        }

        public float GetFloat(string name) { object v = Value(name, AnimatorControllerParameterType.Float); return v is float ? (float)v : 0; }
        public void SetFloat(string name, float value) { Put(name, AnimatorControllerParameterType.Float, value); }
        public bool GetBool(string name) { object v = Value(name, AnimatorControllerParameterType.Bool); return v is bool && (bool)v; }
        public void SetBool(string name, bool value) { Put(name, AnimatorControllerParameterType.Bool, value); }
        public int GetInteger(string name) { object v = Value(name, AnimatorControllerParameterType.Int); return v is int ? (int)v : 0; }
        public void SetInteger(string name, int value) { Put(name, AnimatorControllerParameterType.Int, value); }
        public void SetTrigger(string name) { Put(name, AnimatorControllerParameterType.Trigger, true); }
        public void ResetTrigger(string name) { Put(name, AnimatorControllerParameterType.Trigger, false); }

        /// <summary>What Unity warns about a parameter call it ignores, newest last.</summary>
        internal static readonly List<string> Warnings = new List<string>();

        Dictionary<string, object> Live()
        {
            if (live != null && ReferenceEquals(liveFor, controller)) return live;
            live = new Dictionary<string, object>(StringComparer.Ordinal);
            liveFor = controller;
            foreach (var p in parameters)
                live[p.name] = p.type == AnimatorControllerParameterType.Float ? (object)p.defaultFloat : p.type == AnimatorControllerParameterType.Int ? (object)p.defaultInt : p.defaultBool;
            return live;
        }

        AnimatorControllerParameter Find(string name)
        {
            foreach (var p in parameters) if (p.name == name) return p;
            Warnings.Add("Parameter '" + name + "' does not exist.");
            return null;
        }

        object Value(string name, AnimatorControllerParameterType asked)
        {
            Alive();
            var p = Find(name);
            if (p == null) return null;
            // A Bool read answers a Trigger too (both are bools underneath).
            bool boolish = (asked == AnimatorControllerParameterType.Bool || asked == AnimatorControllerParameterType.Trigger) &&
                (p.type == AnimatorControllerParameterType.Bool || p.type == AnimatorControllerParameterType.Trigger);
            if (p.type != asked && !boolish) { Warnings.Add("Parameter type mismatch for '" + name + "'."); return null; }
            return Live()[name];
        }

        void Put(string name, AnimatorControllerParameterType asked, object value)
        {
            Alive();
            var p = Find(name);
            if (p == null) return;
            bool ok = p.type == asked || (asked == AnimatorControllerParameterType.Bool && p.type == AnimatorControllerParameterType.Trigger);
            if (!ok) { Warnings.Add("Parameter type mismatch for '" + name + "'."); return; }
            Live()[name] = value;
        }
    }
}

namespace UnityEditor
{
    // UnityCsReference: Editor/Mono/Animation/EditorCurveBinding.bindings.cs
    public struct EditorCurveBinding : IEquatable<EditorCurveBinding>
    {
        public string path;
        private Type m_type;
        public string propertyName;
        private int m_isPPtrCurve;

        public Type type { get { return m_type; } set { m_type = value; } }
        public bool isPPtrCurve { get { return m_isPPtrCurve != 0; } }

        public static EditorCurveBinding FloatCurve(string inPath, Type inType, string inPropertyName)
        {
            return new EditorCurveBinding { path = inPath, m_type = inType, propertyName = inPropertyName };
        }

        // ==: same path, type, property and kind (the reference also compares class ids, which
        // the fake does not keep).
        public static bool operator ==(EditorCurveBinding lhs, EditorCurveBinding rhs)
        {
            return lhs.m_isPPtrCurve == rhs.m_isPPtrCurve && lhs.path == rhs.path && lhs.type == rhs.type && lhs.propertyName == rhs.propertyName;
        }

        public static bool operator !=(EditorCurveBinding lhs, EditorCurveBinding rhs) { return !(lhs == rhs); }
        public override int GetHashCode() { return string.Format("{0}:{1}:{2}", path, type == null ? "" : type.Name, propertyName).GetHashCode(); }
        public override bool Equals(object other) { return other is EditorCurveBinding && Equals((EditorCurveBinding)other); }
        public bool Equals(EditorCurveBinding other) { return this == other; }
    }

    // UnityCsReference: Editor/Mono/Animation/AnimationClipSettings.bindings.cs ([NativeAsStruct]:
    // read and written whole)
    public class AnimationClipSettings
    {
        public bool loopTime;
        public bool loopBlend;
        public float startTime;
        public float stopTime;

        internal AnimationClipSettings Copy() { return (AnimationClipSettings)MemberwiseClone(); }
    }

    // UnityCsReference: Editor/Mono/Animation/AnimationUtility.bindings.cs
    public partial class AnimationUtility
    {
        public static EditorCurveBinding[] GetCurveBindings(AnimationClip clip)
        {
            if (clip == null) throw new ArgumentNullException("clip");
            return clip.curves.ConvertAll(c => c.Key).ToArray();
        }

        public static AnimationCurve GetEditorCurve(AnimationClip clip, EditorCurveBinding binding)
        {
            if (clip == null) throw new ArgumentNullException("clip");
            foreach (var c in clip.curves) if (c.Key == binding) return new AnimationCurve(c.Value);
            return null;
        }

        // SetEditorCurve: the curve on an equal binding is replaced (kept in its place), a new
        // one added last; a null curve deletes the binding's curve. The clip keeps a copy.
        public static void SetEditorCurve(AnimationClip clip, EditorCurveBinding binding, AnimationCurve curve)
        {
            if (clip == null) throw new ArgumentNullException("clip");
            if (binding.type == null || binding.propertyName == null || binding.path == null)
                throw new ArgumentException("the fake's SetEditorCurve takes a binding with a path, a type and a property name");
            var next = new List<KeyValuePair<EditorCurveBinding, Keyframe[]>>(clip.curves);
            int at = next.FindIndex(c => c.Key == binding);
            if (curve == null)
            {
                if (at >= 0) next.RemoveAt(at);
            }
            else if (at >= 0) next[at] = new KeyValuePair<EditorCurveBinding, Keyframe[]>(binding, curve.keys);
            else next.Add(new KeyValuePair<EditorCurveBinding, Keyframe[]>(binding, curve.keys));
            clip.curves = next;
        }

        // SetEditorCurves: each curve set as SetEditorCurve sets it (the reference calls
        // SetEditorCurveNoSync per binding, then syncs once).
        public static void SetEditorCurves(AnimationClip clip, EditorCurveBinding[] bindings, AnimationCurve[] curves)
        {
            if (bindings == null) throw new ArgumentNullException("bindings", "bindings must be non-null");
            if (curves == null) throw new ArgumentNullException("curves", "curves must be non-null");
            if (bindings.Length != curves.Length) throw new InvalidOperationException("bindings and curves must be of equal length");
            for (int i = 0; i < bindings.Length; i++) SetEditorCurve(clip, bindings[i], curves[i]);
        }

        public static AnimationEvent[] GetAnimationEvents(AnimationClip clip)
        {
            if (clip == null) throw new ArgumentNullException("clip");
            return clip.events;
        }

        public static void SetAnimationEvents(AnimationClip clip, AnimationEvent[] events)
        {
            if (clip == null) throw new ArgumentNullException("clip");
            if (events == null) throw new ArgumentNullException("events");
            clip.events = events;
        }

        public static AnimationClipSettings GetAnimationClipSettings(AnimationClip clip)
        {
            if (clip == null) throw new ArgumentNullException("clip");
            return clip.settings.Copy();
        }

        public static void SetAnimationClipSettings(AnimationClip clip, AnimationClipSettings srcClipInfo)
        {
            if (clip == null) throw new ArgumentNullException("clip");
            if (srcClipInfo == null) throw new ArgumentNullException("srcClipInfo");
            clip.settings = srcClipInfo.Copy();
        }
    }

    // UnityCsReference: Editor/Mono/Animation/AnimationUtility.bindings.cs (TangentMode, the
    // Get/SetKey*TangentMode pair; the tangents they compute are native)
    public partial class AnimationUtility
    {
        public enum TangentMode
        {
            Free = 0,
            Auto = 1,
            Linear = 2,
            Constant = 3,
            ClampedAuto = 4,
        }

        // The fake's layout of the modes in Keyframe.m_TangentMode: left in bits 1-4, right
        // in bits 5-8 (bit 0 would be "broken", which the fake does not keep).
        const int LeftShift = 1, RightShift = 5, ModeBits = 15;

        public static TangentMode GetKeyLeftTangentMode(AnimationCurve curve, int index) { return (TangentMode)((Key(curve, index).tangentModeInternal >> LeftShift) & ModeBits); }
        public static TangentMode GetKeyRightTangentMode(AnimationCurve curve, int index) { return (TangentMode)((Key(curve, index).tangentModeInternal >> RightShift) & ModeBits); }
        public static void SetKeyLeftTangentMode(AnimationCurve curve, int index, TangentMode tangentMode) { SetMode(curve, index, LeftShift, tangentMode); }
        public static void SetKeyRightTangentMode(AnimationCurve curve, int index, TangentMode tangentMode) { SetMode(curve, index, RightShift, tangentMode); }

        static Keyframe Key(AnimationCurve curve, int index)
        {
            if (curve == null) throw new ArgumentNullException("curve");
            if (index < 0 || index >= curve.length) throw new ArgumentException("Index out of bounds.");
            return curve.keys[index];
        }

        static void SetMode(AnimationCurve curve, int index, int shift, TangentMode mode)
        {
            if (mode == TangentMode.Auto) throw new NotSupportedException("the fake does not compute Auto tangents (ClampedAuto, Linear, Constant and Free it does)");
            Key(curve, index);
            var keys = curve.keys;
            keys[index].tangentModeInternal = (keys[index].tangentModeInternal & ~(ModeBits << shift)) | ((int)mode << shift);
            // UpdateTangentsFromModeSurrounding: the key and its neighbours follow their modes.
            for (int i = Math.Max(0, index - 1); i <= Math.Min(keys.Length - 1, index + 1); i++)
            {
                var left = (TangentMode)((keys[i].tangentModeInternal >> LeftShift) & ModeBits);
                var right = (TangentMode)((keys[i].tangentModeInternal >> RightShift) & ModeBits);
                keys[i].inTangent = Tangent(keys, i, left, -1, keys[i].inTangent);
                keys[i].outTangent = Tangent(keys, i, right, 1, keys[i].outTangent);
            }
            curve.keys = keys;
        }

        /// <summary>The tangent on one side (-1 left, 1 right) of key i in a mode.</summary>
        static float Tangent(Keyframe[] k, int i, TangentMode mode, int side, float given)
        {
            switch (mode)
            {
                case TangentMode.Constant: return float.PositiveInfinity;
                case TangentMode.Linear:
                    int j = i + side;
                    return j < 0 || j >= k.Length ? given : Slope(k[j].value - k[i].value, k[j].time - k[i].time);
                case TangentMode.ClampedAuto: return ClampedAutoSlope(k, i);
                default: return given;
            }
        }

        /// <summary>Unity's Clamped Auto slope at key i. The native code is not in
        /// UnityCsReference; Unity Technologies' Live Capture package computes the same in C#
        /// (com.unity.live-capture, Runtime/Core/Curves/AnimationCurveUtility.cs,
        /// UpdateTangents, bias 0.5), and this follows it: flat at the first and last key and
        /// where the curve turns (the neighbours' secants differ in sign or one is flat);
        /// elsewhere the slope between the neighbours, scaled down as the key nears either
        /// neighbour's value (within the outer quarters of the rise), which keeps the curve
        /// from overshooting a key next to a steep one.</summary>
        internal static float ClampedAutoSlope(Keyframe[] k, int i)
        {
            if (i <= 0 || i >= k.Length - 1) return 0;
            float dx1 = k[i].time - k[i - 1].time, dy1 = k[i].value - k[i - 1].value;
            float dx2 = k[i + 1].time - k[i].time, dy2 = k[i + 1].value - k[i].value;
            float m1 = Slope(dy1, dx1), m2 = Slope(dy2, dx2);
            if (!(m1 > 0 && m2 > 0) && !(m1 < 0 && m2 < 0)) return 0;
            float dy = dy1 + dy2, m = Slope(dy, dx1 + dx2);
            float low = dy * 0.25f, high = dy * 0.75f;
            if (Math.Abs(dy1) >= Math.Abs(high)) return (1 - Slope(dy1 - high, low)) * m;
            if (Math.Abs(dy1) < Math.Abs(low)) return Slope(dy1, low) * m;
            return m;
        }

        // SafeDeltaDivide: 0 over a step of no width.
        static float Slope(float dy, float dx) { return Math.Abs(dx) > 0.00001f ? dy / dx : 0; }
    }
}

namespace UnityEditor
{
    /// <summary>Model files with animation, as the model importer leaves them for the
    /// AssetDatabase: the model's clips are sub-assets, and before them a "__preview__" clip
    /// per take that the importer keeps for the Inspector's preview, which
    /// LoadAllAssetsAtPath lists like the rest.</summary>
    internal static class FakeModels
    {
        /// <summary>A model at path (e.g. Assets/Models/Hero.fbx) whose one take holds the
        /// named clips; answers them in order.</summary>
        internal static AnimationClip[] Import(string path, params string[] clips)
        {
            System.IO.Directory.CreateDirectory(System.IO.Path.GetDirectoryName(AssetDatabase.Full(path)));
            AssetDatabase.CreateAsset(new Mesh(), path);
            AssetDatabase.AddObjectToAsset(new AnimationClip { name = "__preview__Take 001" }, path);
            var made = new AnimationClip[clips.Length];
            for (int i = 0; i < clips.Length; i++)
            {
                made[i] = new AnimationClip { name = clips[i] };
                AssetDatabase.AddObjectToAsset(made[i], path);
            }
            return made;
        }
    }
}
