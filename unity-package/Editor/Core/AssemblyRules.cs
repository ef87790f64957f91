using System;
using System.Collections.Generic;
using System.Reflection;
using System.Reflection.Emit;

namespace UnityMcp.Core
{
    // The Restricted level's allowlist: the namespace, type and member rules AssemblyChecker decides by.
    public static partial class AssemblyChecker
    {
        static void DefineRules()
        {
            // ---- System: the core types, with what invokes, constructs by name or changes the process taken out ----
            Ns("System", sub: false);
            Block("System.Activator", Refl);
            Only("System.AppDomain", "get_CurrentDomain GetAssemblies get_FriendlyName get_BaseDirectory get_Id IsDefaultAppDomain", Load);
            Block("System.AppDomainSetup", Load);
            Block("System.AppDomainManager", Load);
            Deny("System.Environment", "SetEnvironmentVariable Exit FailFast set_CurrentDirectory set_ExitCode", ProcessState);
            Deny("System.Type", "InvokeMember GetTypeFromCLSID GetTypeFromProgID", Refl);
            Deny("System.Delegate", "CreateDelegate DynamicInvoke DynamicInvokeImpl", Refl);
            // A delegate's Target is the object of whoever subscribed (the package's own among them).
            Deny("System.Delegate", "get_Target", Reach);
            // BeginInvoke is declared on each delegate type; the walk up the base types finds this rule.
            Deny("System.MulticastDelegate", "BeginInvoke EndInvoke", Threads);
            Deny("System.Buffer", "MemoryCopy", Native);
            Deny("System.TypedReference", "MakeTypedReference SetTypedReference", Refl);
            Deny("System.RuntimeMethodHandle", "GetFunctionPointer", Native);
            // new Lazy<T>() without a factory constructs T by reflection.
            Deny("System.Lazy`1", ".ctor", Refl, TakesNoDelegate);

            Ns("System.Collections");
            Ns("System.Globalization");
            Ns("System.Numerics");
            Ns("System.Buffers");
            Ns("System.Text");
            Deny("System.Text.RegularExpressions.Regex", "CompileToAssembly", Files);

            Ns("System.Linq", sub: false);
            Block("System.Linq.ParallelEnumerable", Threads);
            // Queryable runs expression trees (compiled or interpreted): an invocation the IL does not show.
            Block("System.Linq.Queryable", Refl);
            Block("System.Linq.EnumerableQuery", Refl);
            Block("System.Linq.EnumerableQuery`1", Refl);
            Block("System.Linq.IQueryProvider", Refl);
            Ns("System.Linq.Expressions");
            Deny("System.Linq.Expressions.LambdaExpression", "Compile*", Refl);
            Deny("System.Linq.Expressions.Expression`1", "Compile*", Refl);

            // ---- reflection: reading metadata is allowed; invoking, constructing, getting or setting values is not ----
            Ns("System.Reflection", sub: false);
            Deny("System.Reflection.MethodBase", "Invoke", Refl);
            Deny("System.Reflection.MethodInfo", "Invoke CreateDelegate", Refl);
            Deny("System.Reflection.ConstructorInfo", "Invoke", Refl);
            Deny("System.Reflection.PropertyInfo", "GetValue SetValue", Refl);
            Deny("System.Reflection.FieldInfo", "GetValue SetValue GetValueDirect SetValueDirect", Refl);
            Deny("System.Reflection.EventInfo", "AddEventHandler RemoveEventHandler", Refl);
            Deny("System.Reflection.IReflect", "InvokeMember", Refl);
            Deny("System.Reflection.Assembly", "CreateInstance", Refl);
            // Reading attributes constructs them: their constructors are arbitrary code.
            const string attrs = "constructing attributes, whose constructors are arbitrary code (read GetCustomAttributesData() instead)";
            Deny("System.Reflection.MemberInfo", "GetCustomAttributes", attrs);
            Deny("System.Reflection.Assembly", "GetCustomAttributes", attrs);
            Deny("System.Reflection.Module", "GetCustomAttributes", attrs);
            Deny("System.Reflection.ParameterInfo", "GetCustomAttributes", attrs);
            Deny("System.Attribute", "GetCustomAttribute GetCustomAttributes", attrs);
            Block("System.Reflection.CustomAttributeExtensions", attrs);
            Deny("System.Reflection.Assembly", "Load* UnsafeLoadFrom ReflectionOnlyLoad* LoadModule", Load);
            Block("System.Reflection.Pointer", Native);
            Ns("System.Reflection.Emit", Refl);

            Ns("System.Runtime", sub: false, listed: true);
            Allow("System.Runtime.GCSettings", "System.Runtime.GCLatencyMode");
            Ns("System.Runtime.CompilerServices");
            Only("System.Runtime.CompilerServices.RuntimeHelpers", "InitializeArray GetHashCode GetObjectValue EnsureSufficientExecutionStack IsReferenceOrContainsReferences Equals", Refl);
            Block("System.Runtime.CompilerServices.Unsafe", Native);
            Block("System.Runtime.CompilerServices.CallSite", Dyn);
            Block("System.Runtime.CompilerServices.CallSite`1", Dyn);
            Block("System.Runtime.CompilerServices.CallSiteBinder", Dyn);
            Block("System.Runtime.CompilerServices.CallSiteHelpers", Dyn);
            Block("System.Runtime.CompilerServices.RuntimeOps", Refl);
            Block("System.Runtime.CompilerServices.ExecutionScope", Refl);
            Ns("System.Runtime.ExceptionServices");
            Ns("System.Runtime.Versioning");
            Ns("System.Runtime.Serialization", sub: false, listed: true);
            Allow("System.Runtime.Serialization.SerializationInfo", "System.Runtime.Serialization.StreamingContext",
                "System.Runtime.Serialization.StreamingContextStates", "System.Runtime.Serialization.ISerializable",
                "System.Runtime.Serialization.IDeserializationCallback", "System.Runtime.Serialization.SerializationException",
                "System.Runtime.Serialization.OnDeserializedAttribute", "System.Runtime.Serialization.OnDeserializingAttribute",
                "System.Runtime.Serialization.OnSerializedAttribute", "System.Runtime.Serialization.OnSerializingAttribute",
                "System.Runtime.Serialization.OptionalFieldAttribute", "System.Runtime.Serialization.DataContractAttribute",
                "System.Runtime.Serialization.DataMemberAttribute", "System.Runtime.Serialization.IgnoreDataMemberAttribute");
            Ns("System.Runtime.InteropServices", Native);
            Ns("System.Runtime.Remoting", Refl);
            Ns("System.Runtime.Loader", Load);

            // ---- threads: the code is the same checked code, but Restricted snippets run on the Editor's main thread ----
            Ns("System.Threading", sub: false);
            Only("System.Threading.Thread", "get_CurrentThread get_ManagedThreadId Sleep SpinWait Yield MemoryBarrier get_Name get_IsBackground get_IsAlive get_IsThreadPoolThread get_Priority get_ThreadState get_CurrentCulture set_CurrentCulture get_CurrentUICulture set_CurrentUICulture Join", Threads);
            // A snippet runs on the main thread, which nothing in the process can interrupt (no
            // thread abort in Unity's Mono for the main thread, and the Editor must keep running):
            // Thread.Sleep(-1) or a wait nobody signals would freeze the Editor until it is killed,
            // and unsaved work with it. Restricted snippets start no threads, so a wait here can
            // only be on the main thread itself. (A plain endless loop cannot be caught: see the docs.)
            Deny("System.Threading.Thread", "Sleep SpinWait Join", Blocking);
            Block("System.Threading.SpinWait", Blocking);
            Deny("System.Threading.WaitHandle", "WaitOne WaitAll WaitAny SignalAndWait", Blocking);
            Deny("System.Threading.Monitor", "Wait", Blocking);
            Deny("System.Threading.ManualResetEventSlim", "Wait", Blocking);
            Deny("System.Threading.SemaphoreSlim", "Wait", Blocking);
            Deny("System.Threading.CountdownEvent", "Wait", Blocking);
            Deny("System.Threading.Barrier", "SignalAndWait", Blocking);
            // A spin lock entered twice on one thread (without owner tracking) spins for good.
            Deny("System.Threading.SpinLock", "Enter TryEnter", Blocking);
            // EnsureInitialized(ref T) without a factory constructs T by reflection, as new Lazy<T>() does.
            Deny("System.Threading.LazyInitializer", "EnsureInitialized", Refl, TakesNoDelegate);
            Block("System.Threading.ThreadPool", Threads);
            Block("System.Threading.Timer", Threads);
            Block("System.Threading.RegisteredWaitHandle", Threads);
            Block("System.Threading.Overlapped", Native);
            Block("System.Threading.NativeOverlapped", Native);
            Ns("System.Threading.Tasks");
            Deny("System.Threading.Tasks.Task", "Run Start get_Factory", Threads);
            Deny("System.Threading.Tasks.Task`1", "Run Start get_Factory", Threads);
            Block("System.Threading.Tasks.TaskFactory", Threads);
            Block("System.Threading.Tasks.TaskFactory`1", Threads);
            Block("System.Threading.Tasks.Parallel", Threads);
            // Continuations and timers run snippet code on other threads after Execute returned.
            Deny("System.Threading.Tasks.Task", "ContinueWith ConfigureAwait", Threads);
            Deny("System.Threading.Tasks.Task", "Wait WaitAll WaitAny", Blocking);
            Deny("System.Threading.Tasks.Task`1", "ContinueWith ConfigureAwait", Threads);
            Deny("System.Threading.Tasks.ValueTask", "ConfigureAwait", Threads);
            Deny("System.Threading.Tasks.ValueTask`1", "ConfigureAwait", Threads);
            // A task's result waits for the task, on the main thread: refused even after a test of
            // IsCompleted, which the checker does not follow (await it in an async method instead).
            // The awaiters' GetResult is decided on the awaiter (ArgumentRules): the compiler's own
            // awaits call it once the task is done.
            Deny("System.Threading.Tasks.Task`1", "get_Result", Blocking);
            Deny("System.Threading.Tasks.ValueTask`1", "get_Result", Blocking);
            Deny("System.Threading.Tasks.TaskScheduler", "get_Default", Threads);
            Deny("System.Threading.CancellationTokenSource", "CancelAfter", Threads);
            Deny("System.Threading.CancellationTokenSource", ".ctor", Threads, HasParams);

            // ---- files: reading is allowed; nothing that writes, moves, deletes or changes attributes ----
            Ns("System.IO", sub: false, listed: true);
            Allow("System.IO.Path", "System.IO.Stream", "System.IO.MemoryStream", "System.IO.BufferedStream", "System.IO.StreamReader",
                "System.IO.StringReader", "System.IO.StringWriter", "System.IO.TextReader", "System.IO.TextWriter",
                "System.IO.BinaryReader", "System.IO.BinaryWriter", "System.IO.SearchOption", "System.IO.FileAttributes",
                "System.IO.FileMode", "System.IO.FileAccess", "System.IO.FileShare", "System.IO.SeekOrigin", "System.IO.DriveType",
                "System.IO.IOException", "System.IO.FileNotFoundException", "System.IO.DirectoryNotFoundException",
                "System.IO.PathTooLongException", "System.IO.EndOfStreamException", "System.IO.InvalidDataException",
                "System.IO.FileLoadException");
            Deny("System.IO.Path", "GetTempFileName", Files); // creates a file
            Only("System.IO.File", "Exists ReadAll* ReadLines OpenRead OpenText Get*", Files);
            Only("System.IO.Directory", "Exists Get* Enumerate*", Files);
            Only("System.IO.FileSystemInfo", "get_* Refresh", Files);
            Only("System.IO.FileInfo", ".ctor get_* OpenRead OpenText Refresh GetAccessControl", Files);
            Only("System.IO.DirectoryInfo", ".ctor get_* Get* Enumerate* Refresh", Files);
            Only("System.IO.DriveInfo", ".ctor get_* GetDrives", Files);
            // A FileStream comes from File.OpenRead (read-only); creating one opens for writing.
            Deny("System.IO.FileStream", ".ctor get_Handle get_SafeFileHandle", Files);
            Deny("System.IO.StreamWriter", ".ctor", Files, FirstParamIsString);
            Allow("System.IO.StreamWriter", "System.IO.FileStream");
            Ns("System.IO.Compression", Files);
            Ns("System.IO.IsolatedStorage", Files);
            Ns("System.IO.MemoryMappedFiles", Files);
            Ns("System.IO.Pipes", Net);
            Ns("System.IO.Ports", Net);

            Ns("System.Diagnostics", sub: false, listed: true);
            Allow("System.Diagnostics.Stopwatch", "System.Diagnostics.StackTrace", "System.Diagnostics.StackFrame",
                "System.Diagnostics.Debug", "System.Diagnostics.Trace", "System.Diagnostics.ConditionalAttribute",
                "System.Diagnostics.DebuggerHiddenAttribute", "System.Diagnostics.DebuggerStepThroughAttribute",
                "System.Diagnostics.DebuggerNonUserCodeAttribute", "System.Diagnostics.DebuggerDisplayAttribute",
                "System.Diagnostics.DebuggerBrowsableAttribute", "System.Diagnostics.DebuggerBrowsableState",
                "System.Diagnostics.DebuggableAttribute", "System.Diagnostics.DebuggerTypeProxyAttribute",
                "System.Diagnostics.DebuggerStepperBoundaryAttribute");
            Deny("System.Diagnostics.Debugger", "Launch", Proc);
            Block("System.Diagnostics.Process", Proc);
            Block("System.Diagnostics.ProcessStartInfo", Proc);
            Ns("System.Diagnostics.CodeAnalysis");
            Ns("System.Diagnostics.Contracts");

            Ns("System.ComponentModel", sub: false, listed: true);
            Allow("System.ComponentModel.DescriptionAttribute", "System.ComponentModel.DefaultValueAttribute",
                "System.ComponentModel.EditorBrowsableAttribute", "System.ComponentModel.EditorBrowsableState",
                "System.ComponentModel.BrowsableAttribute", "System.ComponentModel.CategoryAttribute",
                "System.ComponentModel.INotifyPropertyChanged", "System.ComponentModel.PropertyChangedEventArgs",
                "System.ComponentModel.PropertyChangedEventHandler", "System.ComponentModel.CancelEventArgs");

            Ns("System.Security", sub: false, listed: true);
            Allow("System.Security.SecurityException", "System.Security.SecureString", "System.Security.VerificationException");
            Block("System.Security.UnverifiableCodeAttribute", Native);
            // Hashes and random numbers; Create(string) constructs a type by name (CryptoConfig).
            DenyIn(Ns("System.Security.Cryptography", sub: false), "Create", Refl, FirstParamIsString);
            Block("System.Security.Cryptography.CryptoConfig", Refl);
            // Named key containers and DPAPI persist keys to files (Mono: ~/.config/.mono/keypairs).
            Block("System.Security.Cryptography.CspParameters", Files);
            Block("System.Security.Cryptography.ProtectedData", Files);
            Block("System.Security.Cryptography.ProtectedMemory", Files);

            Ns("System.Net", Net);
            Allow("System.Net.WebUtility"); // HTML and URL encoding, no network
            Ns("System.Web", Net);
            Ns("System.Dynamic", Dyn);
            // XML in memory: parsing and building; Load(string) may fetch a URL, Save writes.
            Ns("System.Xml.Linq");
            Deny("System.Xml.Linq.XDocument", "Load", Net, FirstParamIsString);
            Deny("System.Xml.Linq.XElement", "Load", Net, FirstParamIsString);
            Deny("System.Xml.Linq.XDocument", "Save WriteTo", Files);
            Deny("System.Xml.Linq.XElement", "Save WriteTo", Files);
            Deny("System.Xml.Linq.XStreamingElement", "Save WriteTo", Files);
            Ns("Microsoft.CSharp.RuntimeBinder", Dyn);
            Ns("Microsoft.CSharp", Load);
            Ns("System.CodeDom", Load);
            Ns("Mono.CSharp", Load);

            // ---- UnityEngine: broadly allowed ----
            Ns("UnityEngine");
            Ns("UnityEngine.Networking", Net);
            Ns("UnityEngine.Experimental.Networking", Net);
            Ns("UnityEngine.Analytics", Net);
            Ns("UnityEngine.Advertisements", Net);
            Ns("UnityEngine.Purchasing", Net);
            Ns("UnityEngine.Windows", Files);
            Ns("UnityEngine.WSA", Proc);
            Ns("UnityEngine.Android", Native);
            Ns("UnityEngine.LowLevel", Native);
            Ns("UnityEngine.Profiling.Memory", Files);
            Deny("UnityEngine.Application", "OpenURL", Proc);
            Deny("UnityEngine.Device.Application", "OpenURL", Proc); // forwards to Application.OpenURL
            Block("UnityEngine.Diagnostics.Utils", ProcessState);     // ForceCrash
            Deny("UnityEngine.PlayerPrefs", "Save DeleteAll", Files);
            Deny("UnityEngine.Video.VideoPlayer", "set_url", Net);
            // Construction from a runtime Type or name runs constructors, Awake and OnEnable of any
            // type (project, package, internal); the generic forms name the type in the IL.
            Deny("UnityEngine.ScriptableObject", "CreateInstance", Refl, FirstParamIsTypeOrString);
            Deny("UnityEngine.GameObject", "AddComponent", Refl, FirstParamIsTypeOrString);
            Deny("UnityEngine.JsonUtility", "FromJson", Refl, TwoParams);
            Deny("UnityEngine.Application", "CaptureScreenshot", Files);
            Only("UnityEngine.ScreenCapture", "CaptureScreenshotAsTexture CaptureScreenshotIntoRenderTexture", Files);
            Block("UnityEngine.Caching", Files);
            Deny("UnityEngine.AssetBundle", "RecompressAssetBundleAsync", Files);
            Deny("UnityEngine.Profiling.Profiler", "set_logFile set_enableBinaryLog", Files);
            Block("UnityEngine.WWW", Net);
            Block("UnityEngine.Ping", Net);
            // DestroyImmediate(obj, allowDestroyingAssets) can destroy assets for good; DestroyImmediate(obj) cannot.
            Deny("UnityEngine.Object", "DestroyImmediate", Files, TwoParams);
            // Calls by method name: what runs is not in the IL.
            Deny("UnityEngine.Component", "SendMessage SendMessageUpwards BroadcastMessage", Outside);
            Deny("UnityEngine.GameObject", "SendMessage SendMessageUpwards BroadcastMessage", Outside);
            Deny("UnityEngine.MonoBehaviour", "Invoke InvokeRepeating", Outside);
            Deny("UnityEngine.MonoBehaviour", "StartCoroutine", Outside, FirstParamIsString);
            // UnityEvent persistent listeners name their target method and type as strings.
            Deny("UnityEngine.Events.UnityEventBase", "Invoke", Refl);

            // ---- UnityEditor: broadly allowed, without what saves, writes, installs, builds or starts programs ----
            Ns("UnityEditor");
            Ns("UnityEditor.PackageManager", Install);
            Ns("UnityEditor.VersionControl", Files);
            Ns("UnityEditor.Build.Content", Files);
            Ns("UnityEditor.Build.Player", Files);
            Ns("UnityEditor.Build.Pipeline", Files);
            Ns("UnityEditor.Android", Proc);
            Ns("UnityEditor.iOS", Files);
            Ns("UnityEditor.OSXStandalone", Proc);
            Ns("UnityEditor.MPE", Proc);
            Ns("UnityEditor.Networking", Net);
            Ns("UnityEditor.Connect", Net);
            Ns("UnityEditor.Analytics", Net);
            Ns("UnityEditor.CrashReporting", Net);
            Ns("UnityEditor.Purchasing", Net);
            Ns("UnityEditor.Advertisements", Net);
            Ns("UnityEditor.Scripting", Load);
            Ns("UnityEditor.TestTools", Outside);
            Ns("UnityEditor.Events", Refl);
            // ImportAsset is what AssetImporter.SaveAndReimport does: it writes .meta files and, for
            // a plugin whose importer settings changed, loads its code into the Editor.
            Only("UnityEditor.AssetDatabase",
                "Get* Find* Load* Is* Contains AssetPathToGUID AssetPathExists GUIDToAssetPath GUIDFromAssetPath TryGet* " +
                "Refresh StartAssetEditing StopAssetEditing AllowAutoRefresh DisallowAutoRefresh " +
                "ReleaseCachedFileHandles ValidateMoveAsset CanOpenForEdit GenerateUniqueAssetPath add_* remove_*", Files);
            Deny("UnityEditor.AssetDatabase", "OpenAsset", Proc);
            Deny("UnityEditor.AssetDatabase", "ImportPackage ExportPackage", Install);
            Only("UnityEditor.FileUtil", "Get*", Files);
            Deny("UnityEditor.AssetImporter", "SaveAndReimport set_* Set*", Files);
            Deny("UnityEditor.PluginImporter", "set_* Set*", Install);
            Block("UnityEditor.BuildPlayerWindow", Files);                  // builds and runs a player
            Ns("UnityEditor.Search", Proc);                                  // opening items starts programs
            Ns("UnityEditor.SceneTemplate", Files);                          // creates assets, saves scenes
            Deny("UnityEditor.EditorJsonUtility", "FromJsonOverwrite", ProjectSettings); // any object, settings too
            Deny("UnityEditor.SceneManagement.PrefabStageUtility", "OpenPrefab", Files); // Prefab Mode auto-saves
            Block("UnityEditor.AI.NavMeshBuilder", Files);
            Ns("UnityEditor.Profiling.Memory", Files);
            Ns("UnityEditor.MemoryProfiler", Files);
            Deny("UnityEditor.EditorUserSettings", "SetConfigValue set_*", Files);
            // Synthetic UI events reach what the user could click (deleting assets without asking,
            // the unitymcp settings page).
            Deny("UnityEditor.EditorWindow", "SendEvent", Menu);
            Deny("UnityEngine.UIElements.CallbackEventHandler", "SendEvent", Menu);
            // The interface CallbackEventHandler implements (a call through it is decided as a call of
            // the class too: DeniedThroughInterface), and HandleEvent, which handles an event in place:
            // public virtual on CallbackEventHandler in 2022.3, the interface's alone from 6000.0
            // (UnityCsReference ModuleOverrides/com.unity.ui/Core/Events/EventHandler.cs; from 6000.0
            // Modules/UIElements/Core/Events/EventHandler.cs).
            Deny("UnityEngine.UIElements.CallbackEventHandler", "HandleEvent", Menu);
            Deny("UnityEngine.UIElements.IEventHandler", "SendEvent HandleEvent", Menu);
            Deny("UnityEditor.MonoImporter", "Set*", Files);
            Deny("UnityEditor.ScriptableSingleton`1", "Save", Files);
            Deny("UnityEditor.ProjectWindowUtil", "Create* StartNameEditingIfProjectWindowExists", Files);
            Deny("UnityEditor.Animations.AnimatorController", "CreateAnimatorControllerAtPath*", Files);
            Deny("UnityEditor.Lightmapping", "Bake* Clear*", Files);
            Block("UnityEditor.Media.MediaEncoder", Files);
            Deny("UnityEditor.SceneManagement.EditorSceneManager", "Save*", Files);
            Deny("UnityEditor.PrefabUtility", "Save* Apply* CreatePrefab CreateEmptyPrefab ReplacePrefab", Files);
            Block("UnityEditor.PrefabUtility+EditPrefabContentsScope", Files);
            Block("UnityEditor.BuildPipeline", Files);
            Block("UnityEditor.Compilation.AssemblyBuilder", Load);
            Block("UnityEditor.Unsupported", Files);
            Block("UnityEditor.EditorAnalytics", Net);
            Deny("UnityEditor.EditorUtility", "OpenWithDefaultApp RevealInFinder InvokeDiffTool SetCustomDiffTool", Proc);
            Deny("UnityEditor.EditorUtility", "CompileCSharp", Load);
            Deny("UnityEditor.EditorUtility", "ExtractOggFile CreateEmptyPrefab ReplacePrefab", Files);
            Deny("UnityEditor.Help", "BrowseURL ShowHelpPage ShowHelpForObject", Proc);
            Deny("UnityEditor.EditorApplication", "ExecuteMenuItem", Menu);
            Deny("UnityEditor.EditorApplication", "OpenProject", Proc);
            Deny("UnityEditor.EditorApplication", "Exit", ProcessState);
            Deny("UnityEditor.EditorApplication", "SaveScene SaveAssets SaveCurrentSceneIfUserWantsTo", Files);
            Deny("UnityEditor.PlayerSettings", "set_* Set*", ProjectSettings);
            Deny("UnityEditor.EditorSettings", "set_*", ProjectSettings);
            Deny("UnityEditor.EditorBuildSettings", "set_* Add* Remove*", ProjectSettings);
            Deny("UnityEditor.ShortcutManagement.IShortcutManager", "CreateProfile DeleteProfile RenameProfile RebindShortcut ClearShortcutOverride", Files);
            // Writing single keys is decided on the key (ArgumentRules.Keys).
            Deny("UnityEditor.EditorPrefs", "DeleteAll", Prefs);
            // Serialized writes are decided on the object written into (ArgumentRules.Serialized);
            // these hand out a SerializedObject made for whatever an editor or a bound UI shows
            // (the Project Settings window's among them: Editor/Mono/Inspector/Editor.cs,
            // Editor/Mono/UIElements/Bindings/SerializedPropertyBindingEvents.cs).
            Deny("UnityEditor.Editor", "get_serializedObject", ArgumentRules.Serialized);
            Deny("UnityEditor.UIElements.SerializedPropertyChangeEvent", "get_changedProperty", ArgumentRules.Serialized);
            Deny("UnityEditor.UIElements.SerializedObjectChangeEvent", "get_changedObject", ArgumentRules.Serialized);
            // Default presets live in ProjectSettings/PresetManager.asset (Modules/PresetsEditor/Public/Preset.bindings.cs).
            Deny("UnityEditor.Presets.Preset", "SetDefaultPresetsForType SetAsDefault RemoveFromDefault", ProjectSettings);
            // ProjectSettings/VersionControlSettings.asset; a mode starts that VCS's plugin (Editor/Mono/VersionControlSettings.bindings.cs).
            Deny("UnityEditor.VersionControlSettings", "set_*", ProjectSettings);

            Ns("UnityEditorInternal", sub: false, listed: true);
            Only("UnityEditorInternal.InternalEditorUtility", "get_tags get_layers get_isApplicationActive get_inBatchMode get_isHumanControllingUs ReadScreenPixel", Files);
            Allow("UnityEditorInternal.ComponentUtility", "UnityEditorInternal.ReorderableList");

            Ns("Unity.Mathematics");
            Ns("Unity.Profiling");
            Ns("Unity.Profiling.Memory", Files); // MemoryProfiler.TakeSnapshot(path)
            Ns("Unity.Collections", sub: false);
            Ns("Unity.Collections.LowLevel.Unsafe", Native);
            Ns("Unity.CodeEditor", Proc);
        }
    }
}
