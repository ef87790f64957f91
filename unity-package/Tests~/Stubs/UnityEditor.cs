// Stubs of the UnityEditor API the adapters use (Unity 2022.3 / 6). Every member exists
// in Unity; the comments cite its file in Unity-Technologies/UnityCsReference (branch 2022.3); cmd/unitystubcheck checks
// every declaration against each supported version's branch.
using System;
using System.Collections;
using System.Collections.Generic;
using System.Reflection;
using UnityEngine;

namespace UnityEditor
{
    // UnityCsReference: Editor/Mono/EditorAssemblies.cs
    [AttributeUsage(AttributeTargets.Class)]
    public class InitializeOnLoadAttribute : Attribute { }

    // UnityCsReference: Editor/Mono/EditorApplication.cs
    public enum PlayModeStateChange
    {
        EnteredEditMode,
        ExitingEditMode,
        EnteredPlayMode,
        ExitingPlayMode,
    }

    // UnityCsReference: Editor/Mono/EditorApplication.cs
    public enum PauseState
    {
        Paused,
        Unpaused,
    }

    // UnityCsReference: Editor/Mono/EditorApplication.cs (CallbackFunction, update, quitting,
    // playModeStateChanged, pauseStateChanged) and Editor/Mono/EditorApplication.bindings.cs
    // (isPlaying, isPaused, isCompiling, timeSinceStartup, QueuePlayerLoopUpdate)
    public sealed partial class EditorApplication
    {
        public delegate void CallbackFunction();
        public static CallbackFunction update;
        public static event Action quitting { add { } remove { } }
        public static bool isCompiling { get { return FakeCompiling; } }
        internal static bool FakeCompiling;
        public static void QueuePlayerLoopUpdate() { }
    }

    // UnityCsReference: Editor/Mono/AssemblyReloadEvents.cs
    public static class AssemblyReloadEvents
    {
        public delegate void AssemblyReloadCallback();
        public static event AssemblyReloadCallback beforeAssemblyReload { add { } remove { } }
    }

    // UnityCsReference: Editor/Mono/EditorGUIUtility.bindings.cs (class SessionState)
    // Values live for the Editor session, across domain reloads (the fake's Reset clears them).
    public class SessionState
    {
        internal static readonly Dictionary<string, object> Values = new Dictionary<string, object>();
        public static void SetString(string key, string value) { Values[key] = value; }
        public static string GetString(string key, string defaultValue) { object v; return Values.TryGetValue(key, out v) && v is string ? (string)v : defaultValue; }
        public static void EraseString(string key) { Values.Remove(key); }
        public static void SetBool(string key, bool value) { Values[key] = value; }
        public static bool GetBool(string key, bool defaultValue) { object v; return Values.TryGetValue(key, out v) && v is bool ? (bool)v : defaultValue; }
    }

    // UnityCsReference: Editor/Mono/EditorPrefs.bindings.cs
    public sealed partial class EditorPrefs
    {
        public static int GetInt(string key, int defaultValue) { return defaultValue; }
        public static string GetString(string key, string defaultValue) { return defaultValue; }
        public static void SetString(string key, string value) { }
        public static bool GetBool(string key, bool defaultValue) { return defaultValue; }
        public static void SetBool(string key, bool value) { }
    }

    // UnityCsReference: Editor/Mono/PlayerSettings.bindings.cs
    public sealed partial class PlayerSettings : UnityEngine.Object
    {
        private PlayerSettings() { }
        public static string productName { get { throw new NotImplementedException(); } set { } }
    }

    // UnityCsReference: Modules/AssetDatabase/Editor/ScriptBindings/AssetDatabase.bindings.cs
    public partial class AssetDatabase
    {
        // SaveAssets: writes unsaved changes to disk; the fake's are the Project Settings
        // objects' (ProjectSettings.cs) and the dirty asset objects' (ProjectFiles.cs).
        public static void SaveAssets() { ProjectSettingsStore.Save(); SaveDirtyAssets(); }
    }

    // UnityCsReference: Editor/Mono/AssetPostprocessor.cs (OnPostprocessAllAssets is a
    // message found by reflection: Editor/Mono/AssetPostprocessor.cs, GetCallbacks)
    public partial class AssetPostprocessor { }

    // UnityCsReference: Editor/Mono/EditorUtility.bindings.cs
    public sealed partial class EditorUtility
    {
#if UNITY_6000_5_OR_NEWER
        [Obsolete("InstanceIDToObject(int) is obsolete. Use EditorUtility.EntityIdToObject instead.", true)]
#elif UNITY_6000_3_OR_NEWER
        [Obsolete("InstanceIDToObject(int) is obsolete. Use EditorUtility.EntityIdToObject instead.")]
#endif
        public static UnityEngine.Object InstanceIDToObject(int instanceID) { return World.Find(instanceID); }
#if UNITY_6000_3_OR_NEWER
        public static UnityEngine.Object EntityIdToObject(EntityId entityId) { return World.Find(entityId.Id); }
#endif
        public static void RevealInFinder(string path) { }
    }

    // UnityCsReference: Editor/Mono/TypeCache.cs
    public static partial class TypeCache
    {
        public static MethodCollection GetMethodsWithAttribute<T>() where T : Attribute { throw new NotImplementedException(); }

        // UnityCsReference: Editor/Mono/TypeCache.cs (struct MethodCollection : IList<MethodInfo>, IList)
        public struct MethodCollection : IEnumerable<MethodInfo>
        {
            public int Count { get { throw new NotImplementedException(); } }
            public Enumerator GetEnumerator() { throw new NotImplementedException(); }
            IEnumerator<MethodInfo> IEnumerable<MethodInfo>.GetEnumerator() { throw new NotImplementedException(); }
            IEnumerator IEnumerable.GetEnumerator() { throw new NotImplementedException(); }

            public struct Enumerator : IEnumerator<MethodInfo>
            {
                public MethodInfo Current { get { throw new NotImplementedException(); } }
                public bool MoveNext() { throw new NotImplementedException(); }
                public void Dispose() { }
                object IEnumerator.Current { get { throw new NotImplementedException(); } }
                void IEnumerator.Reset() { }
            }
        }
    }

    // UnityCsReference: Editor/Mono/EditorWindow.cs
    public partial class EditorWindow : ScriptableObject
    {
        public static EditorWindow focusedWindow { get { throw new NotImplementedException(); } }
        public GUIContent titleContent { get { throw new NotImplementedException(); } set { } }
        public Rect position { get { throw new NotImplementedException(); } set { } }
        public bool hasFocus { get { throw new NotImplementedException(); } }
        public void Focus() { }
        public void Repaint() { }
        public bool SendEvent(Event e) { throw new NotImplementedException(); }
    }

    // UnityCsReference: Editor/Mono/ProjectWindow/SearchableEditorWindow.cs
    public class SearchableEditorWindow : EditorWindow { }

    // UnityCsReference: Editor/Mono/SceneView/SceneView.cs
    public partial class SceneView : SearchableEditorWindow
    {
        public static SceneView lastActiveSceneView { get { throw new NotImplementedException(); } }
        public static event Action<SceneView> duringSceneGui { add { } remove { } }
        public Camera camera { get { throw new NotImplementedException(); } }
        public Vector3 pivot { get { throw new NotImplementedException(); } set { } }
    }

    // UnityCsReference: Editor/Mono/Handles.cs
    public sealed partial class Handles
    {
        public static Vector2 GetMainGameViewSize() { throw new NotImplementedException(); }
    }

    // UnityCsReference: Editor/Mono/EditorGUIUtility.cs (pixelsPerPoint, singleLineHeight) and
    // Editor/Mono/EditorGUIUtility.bindings.cs (systemCopyBuffer)
    public sealed partial class EditorGUIUtility : GUIUtility
    {
        public static float pixelsPerPoint { get { throw new NotImplementedException(); } }
        public static float singleLineHeight { get { throw new NotImplementedException(); } }
        public new static string systemCopyBuffer { get { throw new NotImplementedException(); } set { } }
    }

    // UnityCsReference: Editor/Mono/EditorGUIUtility.bindings.cs
    public enum MessageType
    {
        None = 0,
        Info = 1,
        Warning = 2,
        Error = 3,
    }

    // UnityCsReference: Editor/Mono/GUI/EditorStyles.cs
    public sealed class EditorStyles
    {
        public static GUIStyle boldLabel { get { throw new NotImplementedException(); } }
        public static GUIStyle textField { get { throw new NotImplementedException(); } }
    }

    // UnityCsReference: Editor/Mono/EditorGUILayout.cs
    public sealed partial class EditorGUILayout
    {
        public static void LabelField(string label, GUIStyle style, params GUILayoutOption[] options) { }
        public static void LabelField(string label, string label2, params GUILayoutOption[] options) { }
        public static bool Toggle(string label, bool value, params GUILayoutOption[] options) { throw new NotImplementedException(); }
        public static string TextField(string label, string text, params GUILayoutOption[] options) { throw new NotImplementedException(); }
        public static void SelectableLabel(string text, GUIStyle style, params GUILayoutOption[] options) { }
        public static Enum EnumPopup(string label, Enum selected, params GUILayoutOption[] options) { throw new NotImplementedException(); }
        public static void HelpBox(string message, MessageType type) { }
        public static void Space() { }
    }

    // UnityCsReference: Editor/Mono/Settings/SettingsProvider.cs
    public enum SettingsScope
    {
        User,
        Project,
    }

    // UnityCsReference: Editor/Mono/Settings/SettingsProvider.cs
    public class SettingsProvider
    {
        public SettingsProvider(string path, SettingsScope scopes, IEnumerable<string> keywords = null) { }
        public string label { get { throw new NotImplementedException(); } set { } }
        public Action<string> guiHandler { get; set; }
    }

    // UnityCsReference: Editor/Mono/Settings/SettingsProviderAttribute.cs
    [AttributeUsage(AttributeTargets.Method)]
    public sealed class SettingsProviderAttribute : Attribute { }
}

namespace UnityEngine
{
    // UnityCsReference: Modules/IMGUI/GUIUtility.cs (class) and Modules/IMGUI/GUIUtility.bindings.cs (systemCopyBuffer)
    public partial class GUIUtility
    {
        public static string systemCopyBuffer { get { throw new NotImplementedException(); } set { } }
    }
}

namespace UnityEditorInternal
{
    // UnityCsReference: Editor/Mono/InternalEditorUtility.bindings.cs
    public partial class InternalEditorUtility
    {
    }
}

namespace UnityEditor.Compilation
{
    // UnityCsReference: Editor/Mono/Scripting/ScriptCompilation/CompilerMessage.cs
    public enum CompilerMessageType
    {
        Error = 0,
        Warning = 1,
        Info = 2,
    }

    // UnityCsReference: Editor/Mono/Scripting/ScriptCompilation/CompilerMessage.cs
    public struct CompilerMessage
    {
        public string message;
        public string file;
        public int line;
        public int column;
        public CompilerMessageType type;
    }

    // UnityCsReference: Editor/Mono/Scripting/ScriptCompilation/CompilationPipeline.cs
    [Flags]
    public enum RequestScriptCompilationOptions
    {
        None,
        CleanBuildCache,
    }

    // UnityCsReference: Editor/Mono/Scripting/ScriptCompilation/CompilationPipeline.cs
    public static partial class CompilationPipeline
    {
        public static event Action<object> compilationStarted;
        public static event Action<object> compilationFinished;
        public static event Action<string, CompilerMessage[]> assemblyCompilationFinished;
        public static void RequestScriptCompilation() { }
        public static void RequestScriptCompilation(RequestScriptCompilationOptions options) { }
    }

    // UnityCsReference: Editor/Mono/Scripting/ScriptCompilation/AssemblyBuilder.cs
    public enum AssemblyBuilderStatus
    {
        NotStarted = 0,
        IsCompiling = 1,
        Finished = 2,
    }

    // UnityCsReference: Editor/Mono/Scripting/ScriptCompilation/AssemblyBuilder.cs
    [Flags]
    public enum AssemblyBuilderFlags
    {
        None = 0,
        EditorAssembly = 1,
        DevelopmentBuild = 2,
    }

    // UnityCsReference: Editor/Mono/Scripting/ScriptCompilation/AssemblyBuilder.cs
    [Flags]
    public enum ReferencesOptions
    {
        None = 0,
        UseEngineModules = 1,
    }

    // UnityCsReference: Editor/Mono/Scripting/ScriptCompilation/AssemblyBuilder.cs
    // (marked [Obsolete] from Unity 6000.0 on; still present and working there)
#if UNITY_6000_0_OR_NEWER
    [Obsolete("This feature is being deprecated and will be removed in the future. Similar functionality can be achieved using the Roslyn compiler", false)]
#endif
    public partial class AssemblyBuilder
    {
        public AssemblyBuilder(string assemblyPath, params string[] scriptPaths) { }
        public event Action<string, CompilerMessage[]> buildFinished;
        public string[] additionalReferences { get; set; }
        public ReferencesOptions referencesOptions { get; set; }
        public AssemblyBuilderFlags flags { get; set; }
        public string[] defaultReferences { get { throw new NotImplementedException(); } }
        public bool Build() { throw new NotImplementedException(); }
        public AssemblyBuilderStatus status { get { throw new NotImplementedException(); } }
    }
}
