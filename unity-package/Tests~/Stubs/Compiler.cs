// Stubs of the Unity API that compiling snippets (ScriptCompiler) and the scene tools'
// Prefab Stage / DontDestroyOnLoad walk use. Every member exists with this signature in
// UnityCsReference branches 2022.3, 6000.0, 6000.3, 6000.5 and 6000.7; each comment names its file.
using System;
using UnityEngine;
using UnityEngine.SceneManagement;

namespace UnityEditor
{
    // UnityCsReference: Editor/Mono/EditorApplication.bindings.cs (applicationContentsPath)
    // and Editor/Mono/EditorApplication.cs (delayCall)
    public sealed partial class EditorApplication
    {
        public static string applicationContentsPath { get { throw new NotImplementedException(); } }
        public static CallbackFunction delayCall;
    }

    // UnityCsReference: Editor/Mono/EditorUserBuildSettings.bindings.cs
    public partial class EditorUserBuildSettings : UnityEngine.Object
    {
        private EditorUserBuildSettings() {}
        public static string[] activeScriptCompilationDefines { get { throw new NotImplementedException(); } }
    }
}

namespace UnityEditor.Compilation
{
    // UnityCsReference: Editor/Mono/Scripting/ScriptCompilation/CompilationPipeline.cs
    public static partial class CompilationPipeline
    {
        [Flags]
        public enum PrecompiledAssemblySources
        {
            UserAssembly = 1 << 0,
            UnityEngine = 1 << 1,
            UnityEditor = 1 << 2,
            SystemAssembly = 1 << 3,
            UnityAssembly = 1 << 4,
            All = ~0
        }

        public static string[] GetPrecompiledAssemblyPaths(PrecompiledAssemblySources precompiledAssemblySources) { throw new NotImplementedException(); }
    }
}

namespace UnityEditor.SceneManagement
{
    // UnityCsReference: Editor/Mono/SceneManagement/StageManager/Stage.cs
    public abstract class Stage : ScriptableObject
    {
        public virtual string assetPath { get { throw new NotImplementedException(); } }
    }

    // UnityCsReference: Editor/Mono/SceneManagement/StageManager/PreviewSceneStage.cs
    public abstract class PreviewSceneStage : Stage
    {
        protected PreviewSceneStage() { }
        public Scene scene { get { throw new NotImplementedException(); } protected set { } }
    }

    // UnityCsReference: Editor/Mono/SceneManagement/StageManager/PrefabStage/PrefabStage.cs
    public sealed partial class PrefabStage : PreviewSceneStage
    {
        private PrefabStage() { }
        public GameObject prefabContentsRoot { get { throw new NotImplementedException(); } }
        public override string assetPath { get { throw new NotImplementedException(); } }
        public void ClearDirtiness() { throw new NotImplementedException(); }
    }

    // UnityCsReference: Editor/Mono/SceneManagement/StageManager/PrefabStage/PrefabStageUtility.cs
    public static class PrefabStageUtility
    {
        public static PrefabStage GetCurrentPrefabStage() { return null; }
    }
}

namespace UnityEngine
{
    // UnityCsReference: Runtime/Export/Scripting/UnityEngineObject.bindings.cs
    public partial class Object
    {
        // Object.DontDestroyOnLoad: Play Mode only; a root object moves to the
        // DontDestroyOnLoad scene, which SceneManager does not list.
        public static void DontDestroyOnLoad(Object target)
        {
            var go = target as GameObject ?? (target is Component ? ((Component)target).gameObject : null);
            if (go == null || !UnityEditor.EditorApplication.isPlaying || go.transform.parent != null) return;
            if (World.DontDestroy == null) { var s = SceneManagement.SceneData.New("", "DontDestroyOnLoad"); World.DontDestroy = SceneManagement.SceneData.Of(s); }
            go.transform.Detach();
            go.transform.Restore(new object[] { null, World.DontDestroy.roots.Count, go.transform.localPosition, go.transform.localRotation, go.transform.localScale, World.DontDestroy });
        }
    }
}
