using System;
using System.Collections.Generic;
using System.Reflection;
using System.Reflection.Emit;

namespace UnityMcp.Core
{
    /// <summary>The Restricted level enforced on what the compiler produced. Every method
    /// body of the compiled snippet (global methods, nested types, lambdas and closures,
    /// iterator and async state machines included) is read instruction by instruction, and
    /// every member and type it names — called, created, read, written, its address or
    /// token taken, cast to, boxed, used for a local, a catch, an array or a generic
    /// argument — is checked against an ALLOWLIST of namespaces and types, with a
    /// member-level denylist inside the allowed types for what writes files, installs,
    /// starts processes, invokes by reflection or changes settings, and rules on what a call
    /// is given (<see cref="ArgumentRules"/>: preference keys, the object serialized data is
    /// written into, the awaiter a result is taken from; read at the call, so those methods are
    /// never taken as delegates). A call through an interface is decided as a call of the
    /// platform classes that implement it. The snippet's own types
    /// are checked too: base types, interfaces, field and signature types, attributes, and
    /// native or extern declarations. Aliases, <c>using</c> tricks, line breaks, delegates
    /// and lambdas do not hide a call here, as they can from the syntax check. Nothing of
    /// the assembly runs before this check passes: reading its types, attributes (as data)
    /// and IL executes no code.
    ///
    /// <para>How a type is decided (<see cref="Classify"/>): types of the snippet's own
    /// assembly are allowed (their bodies are checked). Types of the unitymcp package
    /// (namespace or assembly UnityMcp*) are blocked. Types in the platform namespaces
    /// (System*, Microsoft*, Mono*, UnityEngine*, UnityEditor*, UnityEditorInternal*, Unity.*,
    /// Newtonsoft*) are decided by the rules below: a rule for the type itself (or its
    /// enclosing type) first, else the most specific namespace rule; a platform namespace
    /// without a rule is not on the allowlist. Any other type is project or package code:
    /// the snippet may name it (GetComponent&lt;T&gt;, typeof, casts, locals) and read or set
    /// its instance fields, but not call its methods, constructors or properties, write
    /// its static fields or take delegates out of it — that code can do anything.</para></summary>
    public static class AssemblyChecker
    {
        // Opcodes by value (one-byte, and 0xFE-prefixed two-byte).
        static readonly OpCode[] OneByte = new OpCode[0x100];
        static readonly OpCode[] TwoByte = new OpCode[0x100];

        // ---- why something is blocked (each reads "<why> is blocked at the Restricted security level") ----

        internal const string Proc = "starting processes or handing files and URLs to other programs";
        internal const string Files = "writing, moving or deleting files";
        internal const string Install = "installing or removing packages and code";
        internal const string ProjectSettings = "changing project settings (saved to ProjectSettings/)";
        internal const string Menu = "running menu commands (they save, build and install)";
        internal const string Net = "network access";
        internal const string Refl = "reflection-based invocation";
        internal const string Dyn = "reflection-based invocation (dynamic)";
        internal const string Load = "loading assemblies or compiling code";
        internal const string Native = "native code (P/Invoke, unsafe)";
        internal const string Level = "changing the unitymcp security level or settings";
        internal const string Threads = "starting threads";
        internal const string ProcessState = "changing the Editor process (environment variables, current directory, exit)";
        internal const string Prefs = "deleting every Editor preference (EditorPrefs.DeleteAll)";
        internal const string Blocking = "blocking the Editor's main thread with Thread.Sleep, SpinWait, Join, a wait or a task's result (a snippet runs there and " +
            "nothing can interrupt it: return and call again, or schedule the rest with EditorApplication.delayCall)";
        internal const string Outside = "calling project or package code (it is outside the Restricted allowlist)";
        internal const string Reach = "reaching other code's objects through a delegate's Target";
        internal const string Unverifiable = "unverifiable code";

        /// <summary>At most this many findings are listed; the rest are counted.</summary>
        const int MaxFindings = 40;

        // ---- the allowlist ----

        sealed class MemberDeny
        {
            public string[] Members;            // "Name", "Name*" (prefix), ".ctor"
            public string Why;
            public Func<MemberInfo, bool> When; // a further condition on the member, or null
        }

        sealed class Rule
        {
            public bool Sub;        // a namespace rule: also its sub-namespaces
            public bool Listed;     // a namespace rule: only the types that have a rule of their own
            public string Why;      // null: allowed; else everything here is blocked for this reason
            public string[] Only;   // a type rule: only these members are allowed (plus Object's)
            public string OnlyWhy;
            public readonly List<MemberDeny> Denies = new List<MemberDeny>();
        }

        static readonly Dictionary<string, Rule> NamespaceRules = new Dictionary<string, Rule>(StringComparer.Ordinal);
        static readonly Dictionary<string, Rule> TypeRules = new Dictionary<string, Rule>(StringComparer.Ordinal);

        /// <summary>First segments of the namespaces the rules decide; any other namespace is
        /// project or package code.</summary>
        static readonly HashSet<string> PlatformRoots = new HashSet<string>(StringComparer.Ordinal)
        {
            "System", "Microsoft", "Mono", "UnityEngine", "UnityEditor", "UnityEditorInternal", "UnityEngineInternal", "Unity", "Newtonsoft",
        };

        /// <summary>Package assemblies (named Unity.*) whose UnityEngine/Unity namespaces count as
        /// platform API: Unity's runtime packages that editor scripting commonly drives. Every
        /// other Unity.* assembly (the packages' editor code among them), and Assembly-CSharp*,
        /// is package or project code even where it declares types in a Unity namespace.</summary>
        static readonly HashSet<string> PlatformPackages = new HashSet<string>(StringComparer.Ordinal)
        {
            "Unity.InputSystem", "Unity.Mathematics", "Unity.Timeline",
            "Unity.RenderPipelines.Core.Runtime", "Unity.RenderPipelines.Universal.Runtime", "Unity.RenderPipelines.HighDefinition.Runtime",
        };

        static Rule Ns(string ns, string why = null, bool sub = true, bool listed = false)
        {
            var r = new Rule { Sub = sub, Listed = listed, Why = why };
            NamespaceRules[ns] = r;
            return r;
        }

        static Rule TypeRule(string type)
        {
            Rule r;
            if (!TypeRules.TryGetValue(type, out r)) TypeRules[type] = r = new Rule();
            return r;
        }

        static void Allow(params string[] types) { foreach (var t in types) TypeRule(t); }
        static void Block(string type, string why) { TypeRule(type).Why = why; }

        static void Only(string type, string members, string why)
        {
            var r = TypeRule(type);
            r.Only = members.Split(' ');
            r.OnlyWhy = why;
        }

        static void DenyIn(Rule r, string members, string why, Func<MemberInfo, bool> when)
        {
            r.Denies.Add(new MemberDeny { Members = members.Split(' '), Why = why, When = when });
        }

        static void Deny(string type, string members, string why, Func<MemberInfo, bool> when = null)
        {
            DenyIn(TypeRule(type), members, why, when);
        }

        static bool FirstParamIsString(MemberInfo m)
        {
            var mb = m as MethodBase;
            if (mb == null) return false;
            var ps = mb.GetParameters();
            return ps.Length > 0 && ps[0].ParameterType == typeof(string);
        }

        static bool TakesNoDelegate(MemberInfo m)
        {
            var mb = m as MethodBase;
            if (mb == null) return false;
            foreach (var p in mb.GetParameters())
                if (typeof(Delegate).IsAssignableFrom(p.ParameterType)) return false;
            return true;
        }

        static bool HasParams(MemberInfo m)
        {
            var mb = m as MethodBase;
            return mb != null && mb.GetParameters().Length > 0;
        }

        // A runtime Type or a type name picks what gets constructed: not in the IL.
        static bool FirstParamIsTypeOrString(MemberInfo m)
        {
            var mb = m as MethodBase;
            if (mb == null) return false;
            var ps = mb.GetParameters();
            return ps.Length > 0 && (ps[0].ParameterType == typeof(Type) || ps[0].ParameterType == typeof(string));
        }

        static bool TwoParams(MemberInfo m)
        {
            var mb = m as MethodBase;
            return mb != null && mb.GetParameters().Length == 2;
        }

        static AssemblyChecker()
        {
            foreach (var f in typeof(OpCodes).GetFields(BindingFlags.Public | BindingFlags.Static))
            {
                var op = (OpCode)f.GetValue(null);
                var v = (ushort)op.Value;
                if (op.Size == 1) OneByte[v] = op;
                else TwoByte[v & 0xFF] = op;
            }
            DefineRules();
        }

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

        // ---- the check ----

        /// <summary>Lists what the compiled code may not do at the level, one entry per
        /// blocked member or type and place (empty when it may run). Disabled blocks
        /// everything, FullAccess nothing. Each entry names the member (Type.Member), the
        /// reason, and where (the snippet's type and method).</summary>
        public static List<string> Check(Assembly asm, SecurityLevel level)
        {
            List<string> found;
            if (SecurityChecker.Decided(level, out found)) return found;
            var names = new List<string>();
            foreach (var r in asm.GetReferencedAssemblies()) names.Add(r.Name);
            found.AddRange(SecurityChecker.CheckReferences(names, level));
            var s = new Scan { Own = asm, Found = found };
            Type[] types;
            try { types = asm.GetTypes(); }
            catch (ReflectionTypeLoadException e)
            {
                found.Add("the compiled code could not be inspected (" + e.LoaderExceptions.Length + " type(s) failed to load), so it is blocked at the Restricted security level");
                return found;
            }
            s.Attributes(asm.GetCustomAttributesData(), "the assembly");
            foreach (var mod in asm.GetModules())
            {
                s.Attributes(mod.GetCustomAttributesData(), "the module");
                // Global methods, a module initializer among them, live outside every type.
                foreach (var m in mod.GetMethods(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.Instance))
                    s.Method(null, m);
                foreach (var f in mod.GetFields(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.Instance))
                    s.UseType(f.FieldType, "<Module>", "declares a field of type ");
            }
            foreach (var t in types) s.Type(t);
            if (s.Dropped > 0)
                found.Add("… and " + s.Dropped + " more use(s) of blocked APIs in the compiled code (the first " + MaxFindings + " are listed)");
            return found;
        }

        /// <summary>The members and types a method body references (calls, fields, tokens,
        /// types), in IL order; for tests that look at what code does without running it.</summary>
        internal static List<MemberInfo> References(MethodBase m)
        {
            var r = new List<MemberInfo>();
            var body = m.GetMethodBody();
            var il = body == null ? null : body.GetILAsByteArray();
            if (il == null) return r;
            var t = m.DeclaringType;
            var typeArgs = t != null && t.IsGenericType ? t.GetGenericArguments() : null;
            var methodArgs = m.IsGenericMethod ? m.GetGenericArguments() : null;
            int i = 0;
            while (i < il.Length)
            {
                OpCode op;
                if (il[i] == 0xFE && i + 1 < il.Length) { op = TwoByte[il[i + 1]]; i += 2; }
                else { op = OneByte[il[i]]; i += 1; }
                if (op.Size == 0) throw new InvalidOperationException("unknown opcode in " + m.Name);
                if (op.OperandType == OperandType.InlineMethod || op.OperandType == OperandType.InlineField ||
                    op.OperandType == OperandType.InlineTok || op.OperandType == OperandType.InlineType)
                {
                    int token = BitConverter.ToInt32(il, i);
                    r.Add(op.OperandType == OperandType.InlineType
                        ? m.Module.ResolveType(token, typeArgs, methodArgs)
                        : m.Module.ResolveMember(token, typeArgs, methodArgs));
                }
                i += OperandSize(op.OperandType, il, i);
            }
            return r;
        }

        /// <summary>One assembly's check: where findings go, and what was said already.</summary>
        sealed class Scan
        {
            public Assembly Own;
            public List<string> Found;
            public int Dropped;
            int listed;
            readonly HashSet<string> seen = new HashSet<string>(StringComparer.Ordinal);

            public void Add(string what, string where, string why)
            {
                var line = "the compiled code " + what + " in " + where + " — " + why +
                    " is blocked at the Restricted security level (Project Settings > unitymcp > Security level: FullAccess allows it)";
                if (!seen.Add(line)) return;
                if (listed >= MaxFindings) { Dropped++; return; }
                listed++;
                Found.Add(line);
            }

            public bool UseType(Type t, string where, string what)
            {
                string subject, why;
                if (!CheckType(Own, t, out subject, out why)) return false;
                Add(what + subject, where, why);
                return true;
            }

            public void Attributes(IList<CustomAttributeData> attrs, string where, bool skipInterop = false)
            {
                foreach (var a in attrs)
                {
                    // DllImport, PreserveSig and the like show up here too; their method is reported once, as native.
                    if (a.AttributeType.Namespace == "System.Runtime.InteropServices" && skipInterop) continue;
                    if (UseType(a.AttributeType, where, "has the attribute ")) continue;
                    string subject, why;
                    if (a.Constructor != null && CheckMember(Own, a.Constructor, OpCodes.Newobj, out subject, out why))
                        Add("uses " + subject, where, why);
                    foreach (var arg in a.ConstructorArguments)
                        if (arg.Value is Type) UseType((Type)arg.Value, where, "names the type ");
                }
            }

            public void Type(Type t)
            {
                var where = WhereType(t);
                const BindingFlags all = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly;
                if (t.BaseType != null) UseType(t.BaseType, where, "derives from ");
                // Overlapping fields ([FieldOffset]) would let a reference of one type be read as
                // another, past every rule that trusts the IL's static types (ArgumentRules).
                if (t.IsExplicitLayout) Add("declares a type with explicit field layout (overlapping fields)", where, Native);
                // The interfaces the type adds (those of its base type were decided with it).
                var inherited = t.BaseType == null ? new Type[0] : t.BaseType.GetInterfaces();
                foreach (var i in t.GetInterfaces())
                    if (Array.IndexOf(inherited, i) < 0) UseType(i, where, "implements ");
                Attributes(t.GetCustomAttributesData(), where);
                foreach (var f in t.GetFields(all))
                {
                    UseType(f.FieldType, where, "declares a field of type ");
                    Attributes(f.GetCustomAttributesData(), where);
                }
                foreach (var p in t.GetProperties(all)) Attributes(p.GetCustomAttributesData(), where);
                foreach (var e in t.GetEvents(all)) Attributes(e.GetCustomAttributesData(), where);
                foreach (var m in t.GetMethods(all)) Method(t, m);
                foreach (var c in t.GetConstructors(all)) Method(t, c);
            }

            public void Method(Type t, MethodBase m)
            {
                var where = Where(t, m);
                bool native = false;
                if ((m.Attributes & MethodAttributes.PinvokeImpl) != 0)
                {
                    Add("declares a native method (DllImport)", where, Native);
                    native = true;
                }
                var impl = m.GetMethodImplementationFlags();
                if ((impl & MethodImplAttributes.InternalCall) != 0 || (impl & MethodImplAttributes.CodeTypeMask) == MethodImplAttributes.Native ||
                    (impl & MethodImplAttributes.CodeTypeMask) == MethodImplAttributes.OPTIL)
                {
                    Add("declares a method the runtime implements (InternalCall)", where, Native);
                    native = true;
                }
                var mi = m as MethodInfo;
                if (mi != null) UseType(mi.ReturnType, where, "returns ");
                foreach (var p in m.GetParameters()) UseType(p.ParameterType, where, "takes a parameter of type ");
                Attributes(m.GetCustomAttributesData(), where, native);
                MethodBody body;
                try { body = m.GetMethodBody(); }
                catch (Exception) { body = null; }
                if (body == null)
                {
                    // Only abstract methods, interface members and the runtime's delegate methods have no body.
                    bool runtime = (impl & MethodImplAttributes.CodeTypeMask) == MethodImplAttributes.Runtime;
                    if (!m.IsAbstract && !runtime && !native)
                        Add("declares an extern method", where, Native);
                    return;
                }
                foreach (var l in body.LocalVariables)
                {
                    if (l.IsPinned) Add("pins memory for a pointer (fixed)", where, Native);
                    UseType(l.LocalType, where, "has a local of type ");
                }
                foreach (var c in body.ExceptionHandlingClauses)
                    if (c.Flags == ExceptionHandlingClauseOptions.Clause) UseType(c.CatchType, where, "catches ");
                Body(t, m, body, where);
            }

            void Body(Type t, MethodBase m, MethodBody body, string where)
            {
                var il = body.GetILAsByteArray();
                if (il == null) return;
                var typeArgs = t != null && t.IsGenericType ? t.GetGenericArguments() : null;
                var methodArgs = m.IsGenericMethod ? m.GetGenericArguments() : null;
                var targets = BranchTargets(il, body);
                if (targets == null)
                {
                    Add("has an instruction the checker does not know", where, Unverifiable);
                    return;
                }
                // The constant strings and static types on the evaluation stack (null: not
                // known), followed through branches and joins as far as straight C# output
                // needs: enough to see a literal preference key, or what an object is typed as
                // (ArgumentRules).
                var frame = new ArgumentRules.Frame(m, body);
                for (int k = 0; k < il.Length;)
                {
                    OpCode o;
                    if (il[k] == 0xFE && k + 1 < il.Length) { o = TwoByte[il[k + 1]]; k += 2; }
                    else { o = OneByte[il[k]]; k += 1; }
                    frame.Count(o, il, k);
                    k += OperandSize(o.OperandType, il, k);
                }
                var stack = new List<ArgumentRules.Value>();
                var pending = new Dictionary<int, List<ArgumentRules.Value>>();
                bool fellThrough = true;
                int i = 0;
                while (i < il.Length)
                {
                    int at = i;
                    if (targets.Contains(at))
                    {
                        List<ArgumentRules.Value> p;
                        bool has = pending.TryGetValue(at, out p);
                        if (has && fellThrough) stack = ArgumentRules.Merge(stack, p);
                        else if (has) stack = new List<ArgumentRules.Value>(p);
                        else if (!fellThrough) stack = new List<ArgumentRules.Value>();
                    }
                    OpCode op;
                    if (il[i] == 0xFE && i + 1 < il.Length) { op = TwoByte[il[i + 1]]; i += 2; }
                    else { op = OneByte[il[i]]; i += 1; }
                    int size = OperandSize(op.OperandType, il, i);
                    var v = op.Value;
                    if (v == OpCodes.Calli.Value) Add("calls through a function pointer (calli)", where, Native);
                    else if (v == OpCodes.Localloc.Value) Add("allocates stack memory (stackalloc)", where, Native);
                    else if (v == OpCodes.Cpblk.Value || v == OpCodes.Initblk.Value) Add("copies raw memory (cpblk/initblk)", where, Native);
                    MemberInfo target = null;
                    if (op.OperandType == OperandType.InlineMethod || op.OperandType == OperandType.InlineField ||
                        op.OperandType == OperandType.InlineTok || op.OperandType == OperandType.InlineType)
                    {
                        int token = BitConverter.ToInt32(il, i);
                        try
                        {
                            target = op.OperandType == OperandType.InlineType
                                ? m.Module.ResolveType(token, typeArgs, methodArgs)
                                : m.Module.ResolveMember(token, typeArgs, methodArgs);
                        }
                        catch (Exception) { }
                        if (target == null) Add("has a reference (" + op.Name + ") that could not be resolved, so it cannot be checked", where, Unverifiable);
                        else if (target is Type) UseType((Type)target, where, "uses the type ");
                        else
                        {
                            string subject, why;
                            if (CheckMember(Own, target, op, out subject, out why)) Add("uses " + subject, where, why);
                            // Arguments are what is on the stack at a call; a delegate or a handle
                            // (ldftn, ldvirtftn, ldtoken) is called later with others.
                            string what;
                            bool call = v == OpCodes.Call.Value || v == OpCodes.Callvirt.Value || v == OpCodes.Newobj.Value;
                            if (call ? ArgumentRules.Check(target, stack, frame, out what, out why) : ArgumentRules.CheckHandle(target, op, out what, out why))
                                Add(what, where, why);
                        }
                    }
                    string literal = null;
                    if (op.OperandType == OperandType.InlineString)
                    {
                        try { literal = m.Module.ResolveString(BitConverter.ToInt32(il, i)); }
                        catch (Exception) { }
                    }
                    ArgumentRules.Simulate(op, target, literal, il, i, stack, frame);
                    if (v == OpCodes.Leave.Value || v == OpCodes.Leave_S.Value) stack.Clear();
                    int next = i + size;
                    if (op.FlowControl == FlowControl.Branch || op.FlowControl == FlowControl.Cond_Branch)
                    {
                        foreach (var to in Jumps(op, il, i, next))
                        {
                            if (to <= at) continue;
                            List<ArgumentRules.Value> p;
                            pending[to] = pending.TryGetValue(to, out p) ? ArgumentRules.Merge(p, stack) : new List<ArgumentRules.Value>(stack);
                        }
                    }
                    fellThrough = !(op.FlowControl == FlowControl.Branch || op.FlowControl == FlowControl.Return ||
                        op.FlowControl == FlowControl.Throw || v == OpCodes.Endfinally.Value || v == OpCodes.Jmp.Value);
                    i = next;
                }
            }
        }

        /// <summary>Where a branch instruction may go.</summary>
        static List<int> Jumps(OpCode op, byte[] il, int operandAt, int next)
        {
            var r = new List<int>();
            if (op.OperandType == OperandType.ShortInlineBrTarget && operandAt < il.Length) r.Add(next + (sbyte)il[operandAt]);
            else if (op.OperandType == OperandType.InlineBrTarget && operandAt + 4 <= il.Length) r.Add(next + BitConverter.ToInt32(il, operandAt));
            else if (op.OperandType == OperandType.InlineSwitch && operandAt + 4 <= il.Length)
            {
                int n = BitConverter.ToInt32(il, operandAt);
                for (int k = 0; k < n && operandAt + 8 + 4 * k <= il.Length; k++) r.Add(next + BitConverter.ToInt32(il, operandAt + 4 + 4 * k));
            }
            return r;
        }

        // ---- members and types ----

        /// <summary>True when the member may not be used, with what it is and why.</summary>
        static bool CheckMember(Assembly own, MemberInfo m, OpCode op, out string subject, out string why)
        {
            subject = Describe(m);
            why = null;
            var dt = m.DeclaringType;
            if (dt == null)
            {
                if (m.Module.Assembly == own) return false;
                why = Outside;
                return true;
            }
            string argSubject;
            if (dt.IsGenericType && !dt.IsGenericTypeDefinition)
                foreach (var a in dt.GetGenericArguments())
                    if (CheckType(own, a, out argSubject, out why)) { subject = argSubject + " (a type argument of " + subject + ")"; return true; }
            var mb = m as MethodBase;
            if (mb != null && mb.IsGenericMethod && !mb.IsGenericMethodDefinition)
                foreach (var a in mb.GetGenericArguments())
                    if (CheckType(own, a, out argSubject, out why)) { subject = argSubject + " (a type argument of " + subject + ")"; return true; }
            if (PointerSignature(m)) { why = Native; return true; }
            var def = dt.IsGenericType && !dt.IsGenericTypeDefinition ? dt.GetGenericTypeDefinition() : dt;
            if (def.Assembly == own)
            {
                // The snippet's own code is checked body by body; a delegate's BeginInvoke has no body.
                if (typeof(MulticastDelegate).IsAssignableFrom(def) && (m.Name == "BeginInvoke" || m.Name == "EndInvoke")) { why = Threads; return true; }
                return false;
            }
            Rule rule;
            var kind = Classify(def, out why, out rule);
            if (kind == Kind.Blocked) return true;
            if (kind == Kind.Outside)
            {
                var f = m as FieldInfo;
                if (f == null) { why = Outside; return true; }
                var v = op.Value;
                if (v == OpCodes.Stsfld.Value || v == OpCodes.Ldsflda.Value) { why = Outside; return true; }
                if (typeof(Delegate).IsAssignableFrom(f.FieldType)) { why = Outside; return true; }
                return false;
            }
            var name = m is ConstructorInfo ? ".ctor" : m.Name;
            var nsRule = NamespaceRule(def.Namespace ?? "");
            if (nsRule != null && Denied(nsRule, m, name, out why)) return true;
            // A deny rule on the type or any base type (an override, or a member declared on each
            // subtype such as a delegate's BeginInvoke); it names the more specific reason.
            for (var c = def; c != null; c = c.BaseType)
            {
                var cdef = c.IsGenericType && !c.IsGenericTypeDefinition ? c.GetGenericTypeDefinition() : c;
                var r = RuleOf(cdef);
                if (r != null && Denied(r, m, name, out why)) return true;
            }
            var im = m as MethodInfo;
            if (def.IsInterface && im != null && DeniedThroughInterface(def, im, out why)) return true;
            if (rule != null && rule.Only != null && !MemberMatch(rule.Only, name) && !ObjectMember(name)) { why = rule.OnlyWhy; return true; }
            return false;
        }

        /// <summary>A call through an interface runs whichever class implements it, so a member a
        /// rule denies on a platform class is denied through the interface method it implements:
        /// IEventHandler.SendEvent is CallbackEventHandler.SendEvent on a VisualElement,
        /// _AppDomain.Load is AppDomain.Load, ICustomAttributeProvider.GetCustomAttributes is
        /// MemberInfo's. The classes looked at are those with a rule, in the interface's assembly
        /// (where Unity and the runtime declare both).</summary>
        static bool DeniedThroughInterface(Type iface, MethodInfo m, out string why)
        {
            why = null;
            foreach (var impl in Implementers(iface))
            {
                Type implemented = null;
                foreach (var i in impl.GetInterfaces())
                    if (i == iface || (i.IsGenericType && i.GetGenericTypeDefinition() == iface)) { implemented = i; break; }
                if (implemented == null) continue;
                InterfaceMapping map;
                try { map = impl.GetInterfaceMap(implemented); }
                catch (Exception) { continue; }
                for (int k = 0; k < map.InterfaceMethods.Length; k++)
                {
                    var declared = map.InterfaceMethods[k];
                    if (declared.MetadataToken != m.MetadataToken || declared.Module != m.Module) continue;
                    var target = map.TargetMethods[k];
                    if (target == null) continue;
                    // An explicit implementation is named "Namespace.IFace.Member".
                    var name = target.Name.Substring(target.Name.LastIndexOf('.') + 1);
                    for (var c = target.DeclaringType; c != null; c = c.BaseType)
                    {
                        var r = RuleOf(c.IsGenericType && !c.IsGenericTypeDefinition ? c.GetGenericTypeDefinition() : c);
                        if (r == null) continue;
                        if (Denied(r, target, name, out why)) return true;
                        if (c == target.DeclaringType && r.Only != null && !MemberMatch(r.Only, name) && !ObjectMember(name)) { why = r.OnlyWhy; return true; }
                    }
                }
            }
            return false;
        }

        static readonly Dictionary<Type, List<Type>> implementers = new Dictionary<Type, List<Type>>();

        /// <summary>The classes with a deny or allow-only rule, in the interface's assembly, that
        /// implement it (cached: the rules do not change).</summary>
        static List<Type> Implementers(Type iface)
        {
            lock (implementers)
            {
                List<Type> r;
                if (implementers.TryGetValue(iface, out r)) return r;
                r = new List<Type>();
                foreach (var kv in TypeRules)
                {
                    if (kv.Value.Denies.Count == 0 && kv.Value.Only == null) continue;
                    Type t;
                    try { t = iface.Assembly.GetType(kv.Key, false); }
                    catch (Exception) { continue; }
                    if (t == null || t.IsInterface) continue;
                    foreach (var i in t.GetInterfaces())
                        if (i == iface || (i.IsGenericType && i.GetGenericTypeDefinition() == iface)) { r.Add(t); break; }
                }
                implementers[iface] = r;
                return r;
            }
        }

        static bool Denied(Rule r, MemberInfo m, string name, out string why)
        {
            why = null;
            foreach (var d in r.Denies)
            {
                if (!MemberMatch(d.Members, name)) continue;
                if (d.When != null && !d.When(m)) continue;
                why = d.Why;
                return true;
            }
            return false;
        }

        static bool ObjectMember(string name)
        {
            return name == "ToString" || name == "Equals" || name == "GetHashCode" || name == "GetType" || name == "Dispose";
        }

        /// <summary>True when the type may not be used, with what it is and why.</summary>
        static bool CheckType(Assembly own, Type t, out string subject, out string why)
        {
            subject = null;
            why = null;
            if (t == null || t.IsGenericParameter) return false;
            if (t.HasElementType)
            {
                if (t.IsPointer) { subject = "the pointer type " + TypeName(t); why = Native; return true; }
                return CheckType(own, t.GetElementType(), out subject, out why);
            }
            if (t.IsGenericType && !t.IsGenericTypeDefinition)
            {
                if (CheckType(own, t.GetGenericTypeDefinition(), out subject, out why)) return true;
                foreach (var a in t.GetGenericArguments())
                    if (CheckType(own, a, out subject, out why)) return true;
                return false;
            }
            if (t.Assembly == own) return false;
            Rule rule;
            if (Classify(t, out why, out rule) != Kind.Blocked) return false;
            subject = TypeName(t);
            return true;
        }

        static bool PointerSignature(MemberInfo m)
        {
            var f = m as FieldInfo;
            if (f != null) return HasPointer(f.FieldType);
            var mb = m as MethodBase;
            if (mb == null) return false;
            var mi = mb as MethodInfo;
            if (mi != null && HasPointer(mi.ReturnType)) return true;
            foreach (var p in mb.GetParameters())
                if (HasPointer(p.ParameterType)) return true;
            return false;
        }

        static bool HasPointer(Type t)
        {
            while (t != null && t.HasElementType)
            {
                if (t.IsPointer) return true;
                t = t.GetElementType();
            }
            return false;
        }

        enum Kind { Allowed, Blocked, Outside }

        /// <summary>Decides a (non-generic-instance) type: allowed (with the rule of its
        /// members, if any), blocked (why), or project/package code.</summary>
        static Kind Classify(Type t, out string why, out Rule rule)
        {
            why = null;
            rule = null;
            var ns = t.Namespace ?? "";
            var asmName = t.Assembly.GetName().Name ?? "";
            if (ns == "UnityMcp" || ns.StartsWith("UnityMcp.", StringComparison.Ordinal) || asmName.StartsWith("UnityMcp", StringComparison.Ordinal))
            {
                why = Level;
                return Kind.Blocked;
            }
            var dot = ns.IndexOf('.');
            var root = dot < 0 ? ns : ns.Substring(0, dot);
            if (!PlatformRoots.Contains(root)) return Kind.Outside;
            rule = RuleOf(t);
            if (rule != null)
            {
                if (rule.Why != null) { why = rule.Why; return Kind.Blocked; }
            }
            else
            {
                var nsRule = NamespaceRule(ns);
                if (nsRule != null && nsRule.Why != null) { why = nsRule.Why; return Kind.Blocked; }
                if (nsRule == null || nsRule.Listed)
                {
                    why = "code outside the Restricted allowlist (" + (ns.Length == 0 ? TypeName(t) : ns) + ")";
                    return Kind.Blocked;
                }
            }
            if (asmName.StartsWith("Assembly-CSharp", StringComparison.Ordinal) ||
                (asmName.StartsWith("Unity.", StringComparison.Ordinal) && !PlatformPackages.Contains(asmName)))
                return Kind.Outside;
            return Kind.Allowed;
        }

        /// <summary>The rule of a type: its own, else its enclosing type's.</summary>
        static Rule RuleOf(Type t)
        {
            for (var c = t; c != null; c = c.DeclaringType)
            {
                var name = c.FullName;
                Rule r;
                if (name != null && TypeRules.TryGetValue(name, out r)) return r;
            }
            return null;
        }

        /// <summary>The namespace's own rule, else the nearest enclosing namespace rule that
        /// covers its sub-namespaces.</summary>
        static Rule NamespaceRule(string ns)
        {
            Rule r;
            if (NamespaceRules.TryGetValue(ns, out r)) return r;
            for (var n = ns; ;)
            {
                var dot = n.LastIndexOf('.');
                if (dot < 0) return null;
                n = n.Substring(0, dot);
                if (NamespaceRules.TryGetValue(n, out r) && r.Sub) return r;
            }
        }

        static bool MemberMatch(string[] members, string name)
        {
            if (members == null) return true;
            foreach (var p in members)
            {
                if (p.EndsWith("*", StringComparison.Ordinal) ? name.StartsWith(p.Substring(0, p.Length - 1), StringComparison.Ordinal) : name == p)
                    return true;
            }
            return false;
        }

        /// <summary>Offsets where control arrives from elsewhere (branch targets, handlers), or
        /// null when the IL has an instruction the checker does not know.</summary>
        static HashSet<int> BranchTargets(byte[] il, MethodBody body)
        {
            var t = new HashSet<int>();
            foreach (var c in body.ExceptionHandlingClauses)
            {
                t.Add(c.HandlerOffset);
                t.Add(c.TryOffset);
                if (c.Flags == ExceptionHandlingClauseOptions.Filter) t.Add(c.FilterOffset);
            }
            int i = 0;
            while (i < il.Length)
            {
                OpCode op;
                if (il[i] == 0xFE && i + 1 < il.Length) { op = TwoByte[il[i + 1]]; i += 2; }
                else { op = OneByte[il[i]]; i += 1; }
                if (op.Size == 0) return null;
                int size = OperandSize(op.OperandType, il, i);
                int next = i + size;
                foreach (var to in Jumps(op, il, i, next)) t.Add(to);
                i = next;
            }
            return t;
        }

        static int OperandSize(OperandType type, byte[] il, int at)
        {
            switch (type)
            {
                case OperandType.InlineNone: return 0;
                case OperandType.ShortInlineBrTarget:
                case OperandType.ShortInlineI:
                case OperandType.ShortInlineVar: return 1;
                case OperandType.InlineVar: return 2;
                case OperandType.InlineI8:
                case OperandType.InlineR: return 8;
                case OperandType.InlineSwitch: return at + 4 <= il.Length ? 4 + 4 * BitConverter.ToInt32(il, at) : 4;
                default: return 4;
            }
        }

        // ---- names ----

        /// <summary>Namespace.Type.Member, "new Namespace.Type" for a constructor, "Type.Prop (set)" for an accessor.</summary>
        internal static string Describe(MemberInfo m)
        {
            var dt = m.DeclaringType;
            if (m is ConstructorInfo) return "new " + (dt == null ? m.Name : TypeName(dt));
            var name = m.Name;
            var mb = m as MethodBase;
            if (mb != null && mb.IsSpecialName)
            {
                if (name.StartsWith("get_", StringComparison.Ordinal)) name = name.Substring(4) + " (get)";
                else if (name.StartsWith("set_", StringComparison.Ordinal)) name = name.Substring(4) + " (set)";
                else if (name.StartsWith("add_", StringComparison.Ordinal)) name = name.Substring(4) + " (event add)";
                else if (name.StartsWith("remove_", StringComparison.Ordinal)) name = name.Substring(7) + " (event remove)";
            }
            if (mb != null && mb.IsGenericMethod) name += "<" + TypeList(mb.GetGenericArguments()) + ">";
            return (dt == null ? "" : TypeName(dt) + ".") + name;
        }

        static string TypeList(Type[] ts)
        {
            var parts = new string[ts.Length];
            for (int k = 0; k < ts.Length; k++) parts[k] = TypeName(ts[k]);
            return string.Join(", ", parts);
        }

        internal static string TypeName(Type t)
        {
            if (t.HasElementType)
            {
                var e = TypeName(t.GetElementType());
                return t.IsArray ? e + "[]" : t.IsPointer ? e + "*" : e + "&";
            }
            if (t.IsGenericParameter) return t.Name;
            var s = (string.IsNullOrEmpty(t.Namespace) ? "" : t.Namespace + ".") + DisplayType(t);
            if (t.IsGenericType && !t.IsGenericTypeDefinition) s += "<" + TypeList(t.GetGenericArguments()) + ">";
            return s;
        }

        /// <summary>A type's name without namespace and generic arity, nested types joined by '.'.</summary>
        static string DisplayType(Type t)
        {
            var s = Plain(t.Name);
            for (var c = t.DeclaringType; c != null; c = c.DeclaringType) s = Plain(c.Name) + "." + s;
            return s;
        }

        static string Plain(string name)
        {
            var tick = name.IndexOf('`');
            return tick < 0 ? name : name.Substring(0, tick);
        }

        /// <summary>Where a method is, as the snippet's author wrote it: the enclosing type and
        /// method that a lambda, closure, iterator or async state machine came from
        /// ("Snippet_x.Execute (in a lambda)").</summary>
        static string Where(Type t, MethodBase m)
        {
            if (t == null) return "<Module>." + m.Name;
            string kind = null;
            string origin = Origin(m.Name, ref kind);
            var c = t;
            while (c.DeclaringType != null && c.Name.StartsWith("<", StringComparison.Ordinal))
            {
                string k = null;
                var o = Origin(c.Name, ref k);
                if (c.Name.IndexOf("Iterator", StringComparison.Ordinal) >= 0 || (typeof(System.Collections.IEnumerator).IsAssignableFrom(c) && c.Name.IndexOf("d__", StringComparison.Ordinal) >= 0)) k = "an iterator";
                else if (c.Name.IndexOf("async", StringComparison.Ordinal) >= 0 || HasInterface(c, "System.Runtime.CompilerServices.IAsyncStateMachine")) k = "an async method";
                else if (k == null) k = "a lambda";
                if (kind == null) kind = k;
                if (origin == null || origin.Length == 0 || origin.StartsWith("<", StringComparison.Ordinal) || IsStateMachineMethod(m.Name)) origin = o;
                c = c.DeclaringType;
            }
            if (string.IsNullOrEmpty(origin)) origin = m.Name;
            if (origin == ".ctor") origin = "constructor";
            else if (origin == ".cctor") origin = "static constructor";
            return DisplayType(c) + "." + origin + (kind == null ? "" : " (in " + kind + ")");
        }

        /// <summary>Where a type is: its own name, or for a compiler-generated type the method
        /// it was generated for.</summary>
        static string WhereType(Type t)
        {
            if (t.DeclaringType == null || !t.Name.StartsWith("<", StringComparison.Ordinal)) return DisplayType(t);
            string kind = null;
            var origin = Origin(t.Name, ref kind);
            var c = t;
            while (c.DeclaringType != null && c.Name.StartsWith("<", StringComparison.Ordinal)) c = c.DeclaringType;
            return DisplayType(c) + "." + (string.IsNullOrEmpty(origin) ? t.Name : origin) + " (in generated code)";
        }

        static bool IsStateMachineMethod(string name)
        {
            return name == "MoveNext" || name == "SetStateMachine" || name == "Dispose" || name == "Reset" || name == ".ctor" ||
                name.IndexOf("get_Current", StringComparison.Ordinal) >= 0 || name.IndexOf("GetEnumerator", StringComparison.Ordinal) >= 0;
        }

        static bool HasInterface(Type t, string full)
        {
            foreach (var i in t.GetInterfaces()) if (i.FullName == full) return true;
            return false;
        }

        /// <summary>The source method a compiler-generated name comes from ("&lt;Execute&gt;m__0":
        /// "Execute"), and what kind of generated code it is; the name itself otherwise.</summary>
        static string Origin(string name, ref string kind)
        {
            if (!name.StartsWith("<", StringComparison.Ordinal)) return name;
            var close = name.IndexOf('>');
            if (close < 0) return name;
            var inner = name.Substring(1, close - 1);
            var rest = name.Substring(close + 1);
            if (rest.StartsWith("g__", StringComparison.Ordinal)) kind = "a local function";
            else if (rest.StartsWith("m__", StringComparison.Ordinal) || rest.StartsWith("b__", StringComparison.Ordinal)) kind = "a lambda";
            return inner;
        }
    }
}
