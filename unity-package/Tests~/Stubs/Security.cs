// Stubs of the Unity API that the security snippets (Tests~/Snippets) and McpSettings call:
// editor APIs that write, install or start programs (the Restricted level blocks them) and
// ordinary editor scripting (it allows); the Package Manager's Client.Add, which the
// Restricted level blocks, is in Project.cs with its behaviour. Every member exists with this
// signature in Unity; the comments cite its file in Unity-Technologies/UnityCsReference
// (branch 2022.3; the same in 6000.0, 6000.3, 6000.5 and 6000.7 unless noted); cmd/unitystubcheck
// checks them.
using System;
using UnityEngine;

namespace UnityEditor
{
    // UnityCsReference: Editor/Mono/EditorPrefs.bindings.cs
    public sealed partial class EditorPrefs
    {
        public static void SetInt(string key, int value) { }
        public static bool HasKey(string key) { throw new NotImplementedException(); }
        public static void DeleteKey(string key) { }
        public static void DeleteAll() { }
    }

    // UnityCsReference: Modules/AssetDatabase/Editor/ScriptBindings/AssetDatabase.bindings.cs
    // (CopyAsset; CreateAsset is in Assets.cs, GUIDToAssetPath in Scenes.cs, LoadAssetAtPath<T>
    // in Prefabs.cs)
    public partial class AssetDatabase
    {
        public static bool CopyAsset(string path, string newPath) { throw new NotImplementedException(); }
    }

    // UnityCsReference: Editor/Mono/FileUtil.bindings.cs
    public partial class FileUtil
    {
        public static bool DeleteFileOrDirectory(string path) { throw new NotImplementedException(); }
    }

    // UnityCsReference: Editor/Mono/EditorUtility.bindings.cs
    public sealed partial class EditorUtility
    {
        public static void OpenWithDefaultApp(string fileName) { }
    }

    // UnityCsReference: Editor/Mono/EditorApplication.bindings.cs
    public sealed partial class EditorApplication
    {
        public static bool ExecuteMenuItem(string menuItemPath) { throw new NotImplementedException(); }
    }
}

namespace UnityEngine
{
    // UnityCsReference: Runtime/Export/Serialization/Serialization.cs
    public interface ISerializationCallbackReceiver
    {
        void OnBeforeSerialize();
        void OnAfterDeserialize();
    }

    // UnityCsReference: Runtime/Export/Application/Application.bindings.cs
    public partial class Application
    {
        public static void OpenURL(string url) { }
    }

    // UnityCsReference: Modules/ScreenCapture/ScriptBindings/ScreenCapture.bindings.cs
    public static class ScreenCapture
    {
        public static void CaptureScreenshot(string filename) { }
    }
}
