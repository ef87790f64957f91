// Stubs of the Unity API that the Restricted level decides on what a call is given
// (Editor/Core/ArgumentRules.cs) and that its snippets (Tests~/Snippets) name: preference
// stores, serialized writers and where their objects come from, and what the input tools
// read of an Inspector. Every member exists with this signature in Unity; the comments cite
// its file in Unity-Technologies/UnityCsReference (branch 2022.3; the same in 6000.0,
// 6000.3, 6000.5 and 6000.7 unless noted); cmd/unitystubcheck checks them.
using System;
using UnityEngine;

namespace UnityEditor
{
    // SerializedObject and SerializedProperty: Serialized.cs (a behavioural fake).

    // UnityCsReference: Editor/Mono/EditorUtility.bindings.cs
    public sealed partial class EditorUtility
    {
        public static void CopySerialized(UnityEngine.Object source, UnityEngine.Object dest) { }
    }

    // AssetDatabase.GetAssetPath and LoadAllAssetsAtPath: Assets.cs (a behavioural fake).

    // UnityCsReference: Editor/Mono/Inspector/Editor.cs (Editor/Mono/Inspector/Editor.cs in 6000.x too)
    public partial class Editor : ScriptableObject
    {
        public UnityEngine.Object[] targets { get { throw new NotImplementedException(); } }
        public SerializedObject serializedObject { get { throw new NotImplementedException(); } }
    }

    // UnityCsReference: Editor/Mono/ActiveEditorTracker.bindings.cs
    public sealed class ActiveEditorTracker
    {
        public ActiveEditorTracker() { }
        public Editor[] activeEditors { get { throw new NotImplementedException(); } }
        public static ActiveEditorTracker sharedTracker { get { throw new NotImplementedException(); } }
    }

    // UnityCsReference: Editor/Mono/VersionControlSettings.bindings.cs
    public sealed class VersionControlSettings : UnityEngine.Object
    {
        private VersionControlSettings() { }
        public static string mode { get { throw new NotImplementedException(); } set { } }
    }
}

namespace UnityEditor.Presets
{
    // UnityCsReference: Modules/PresetsEditor/Public/Preset.bindings.cs
    public sealed class Preset : UnityEngine.Object
    {
        public Preset(UnityEngine.Object source) { }
        public bool ApplyTo(UnityEngine.Object target) { throw new NotImplementedException(); }
        public static void RemoveFromDefault(Preset preset) { }
    }
}

namespace UnityEditor.UIElements
{
    // UnityCsReference: Editor/Mono/UIElements/Bindings/SerializedPropertyBindingEvents.cs
    public sealed class SerializedPropertyChangeEvent : UnityEngine.UIElements.EventBase<SerializedPropertyChangeEvent>
    {
        public SerializedPropertyChangeEvent() { }
        public SerializedProperty changedProperty { get; set; }
    }

    // UnityCsReference: Editor/Mono/UIElements/Bindings/SerializedPropertyBindingEvents.cs
    public sealed class SerializedObjectChangeEvent : UnityEngine.UIElements.EventBase<SerializedObjectChangeEvent>
    {
        public SerializedObjectChangeEvent() { }
        public SerializedObject changedObject { get; set; }
    }
}

namespace UnityEngine.UIElements
{
    // UnityCsReference: ModuleOverrides/com.unity.ui/Core/Events/EventBase.cs (Modules/UIElements/Core/Events/EventBase.cs from 6000.0)
    public abstract class EventBase : IDisposable
    {
        protected EventBase() { }
        public abstract void Dispose();
    }

    // UnityCsReference: ModuleOverrides/com.unity.ui/Core/Events/EventBase.cs (Modules/UIElements/Core/Events/EventBase.cs from 6000.0)
    public abstract class EventBase<T> : EventBase where T : EventBase<T>, new()
    {
        protected EventBase() { }
        public sealed override void Dispose() { }
    }

    // UnityCsReference: ModuleOverrides/com.unity.ui/Core/Events/EventHandler.cs (Modules/UIElements/Core/Events/EventHandler.cs from 6000.0)
    public interface IEventHandler
    {
        void SendEvent(EventBase e);
        void HandleEvent(EventBase evt);
    }

    // UnityCsReference: ModuleOverrides/com.unity.ui/Core/Events/EventHandler.cs (Modules/UIElements/Core/Events/EventHandler.cs from 6000.0).
    // HandleEvent is public virtual (and obsolete) in 2022.3; from 6000.0 only the interface's, explicitly.
    public abstract class CallbackEventHandler : IEventHandler
    {
        public abstract void SendEvent(EventBase e);
        void IEventHandler.HandleEvent(EventBase evt) { }
#if !UNITY_6000_0_OR_NEWER
        [Obsolete("The virtual method CallbackEventHandler.HandleEvent is deprecated and will be removed in " +
            "a future release. Please override ExecuteDefaultAction instead.")]
        public virtual void HandleEvent(EventBase evt) { }
#endif
    }
}

namespace UnityEngine
{
    // UnityCsReference: Runtime/Export/PlayerPrefs/PlayerPrefs.bindings.cs
    public class PlayerPrefs
    {
        public static void SetInt(string key, int value) { }
        public static int GetInt(string key, int defaultValue) { return defaultValue; }
        public static void SetString(string key, string value) { }
        public static bool HasKey(string key) { throw new NotImplementedException(); }
        public static void DeleteKey(string key) { }
    }

    // UnityCsReference: Modules/JSONSerialize/Public/JsonUtility.bindings.cs
    public static class JsonUtility
    {
        public static string ToJson(object obj) { throw new NotImplementedException(); }
        public static void FromJsonOverwrite(string json, object objectToOverwrite) { }
    }
}
