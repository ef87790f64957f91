// Behavioural fake of the Package Manager's scripting API (UnityCsReference, branch 2022.3;
// the same members in 6000.0-6000.7 unless noted; cmd/unitystubcheck checks every declaration per
// version). CompilationPipeline.GetAssemblies and AssetDatabase.ExportPackage: ProjectFiles.cs.
//
// Package Manager (Modules/PackageManager/Editor/Managed: Client.cs, PackageManager.bindings.cs,
// Requests/Request.cs, ListRequest.cs, AddRequest.cs, RemoveRequest.cs, PackageInfo.cs,
// PackageCollection.cs, PackageSource.cs, StatusCode.cs, Error.cs, ErrorCode.cs):
// - every Client call starts an operation and answers a request at once; the operation runs
//   on its own (the UPM process) and completes on a later editor update, in the order started
//   (the fake: Upm.Ticks updates later). Request.IsCompleted / Status / Error / Result read its
//   state; Result is the request's result once it succeeded, default(T) before.
// - Add takes "name", "name@version" or a git URL; it fails with NotFound for a package or
//   version the registry does not have. Success writes the dependency to
//   Packages/manifest.json; Unity then imports the package and compiles its scripts, and the
//   domain reloads: the fake raises EditorApplication.isCompiling and notes the reload as
//   pending (Upm.ReloadPending) until a test simulates it. Adding what the project already
//   has at that version succeeds and changes nothing (no compile).
// - Remove takes a direct dependency's name; anything else fails (NotFound).
// - Resolve (PackageManager.bindings.cs: a synchronous call, no request) makes the project
//   match Packages/manifest.json: a dependency edited there behind the Package Manager is
//   taken up, with the compile and reload a change brings.
// - List(offlineMode, includeIndirectDependencies) answers the direct dependencies, and
//   theirs too when asked (isDirectDependency false).
// The registry is the fake's (Upm.Registry): packages, their versions and dependencies.
// Not modelled: scoped registries, embedded and local packages, progress events, Search,
// Embed, Pack.
using System;
using System.Collections;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Text;
using UnityEditor.PackageManager;
using UnityEditor.PackageManager.Requests;
using UnityEngine;

namespace UnityEditor.PackageManager
{
    // UnityCsReference: Modules/PackageManager/Editor/Managed/StatusCode.cs
    public enum StatusCode
    {
        InProgress,
        Success,
        Failure,
    }

    // UnityCsReference: Modules/PackageManager/Editor/Managed/ErrorCode.cs (6000.x adds
    // ConnectionError, not stubbed)
    public enum ErrorCode
    {
        Unknown,
        NotFound,
        Forbidden,
        InvalidParameter,
        Conflict,
        AggregateError,
    }

    // UnityCsReference: Modules/PackageManager/Editor/Managed/Error.cs
    public class Error
    {
        private ErrorCode m_ErrorCode;
        private string m_Message;
        private Error() { }
        internal Error(ErrorCode errorCode, string message) { m_ErrorCode = errorCode; m_Message = message; }
        public ErrorCode errorCode { get { return m_ErrorCode; } }
        public string message { get { return m_Message; } }
    }

    // UnityCsReference: Modules/PackageManager/Editor/Managed/PackageSource.cs
    public enum PackageSource
    {
        Unknown,
        Registry,
        BuiltIn,
        Embedded,
        Local,
        Git,
        LocalTarball,
    }

    // UnityCsReference: Modules/PackageManager/Editor/Managed/PackageInfo.cs
    public sealed partial class PackageInfo
    {
        internal PackageInfo() { }
        internal string fakeName = "", fakeVersion = "", fakeId = "";
        internal bool fakeDirect;
        internal PackageSource fakeSource;
        public string packageId { get { return fakeId; } }
        public bool isDirectDependency { get { return fakeDirect; } }
        public string version { get { return fakeVersion; } }
        public PackageSource source { get { return fakeSource; } }
        public string name { get { return fakeName; } }
        public string displayName { get { return fakeName; } }
        // FindForAssembly: the package an assembly's scripts are in; the fake's assemblies are
        // in none.
        public static PackageInfo FindForAssembly(Assembly assembly) { return null; }
    }

    // UnityCsReference: Modules/PackageManager/Editor/Managed/PackageCollection.cs
    public class PackageCollection : IEnumerable<PackageInfo>
    {
        private PackageInfo[] m_PackageList;
        private Error m_Error;
        private PackageCollection() { }
        internal PackageCollection(IEnumerable<PackageInfo> packages, Error error) { m_PackageList = new List<PackageInfo>(packages ?? new PackageInfo[0]).ToArray(); m_Error = error; }
        IEnumerator<PackageInfo> IEnumerable<PackageInfo>.GetEnumerator() { return ((IEnumerable<PackageInfo>)m_PackageList).GetEnumerator(); }
        IEnumerator IEnumerable.GetEnumerator() { return m_PackageList.GetEnumerator(); }
        public Error error { get { return m_Error; } }
    }

    // UnityCsReference: Modules/PackageManager/Editor/Managed/Client.cs (List, Add, Remove) and
    // PackageManager.bindings.cs (Resolve)
    public static partial class Client
    {
        public static ListRequest List(bool offlineMode, bool includeIndirectDependencies) { return Upm.Start(new ListRequest(), r => Upm.List(r, includeIndirectDependencies)); }
        public static ListRequest List(bool offlineMode) { return List(offlineMode, false); }
        public static ListRequest List() { return List(false, false); }

        public static AddRequest Add(string identifier)
        {
            if (string.IsNullOrWhiteSpace(identifier)) throw new ArgumentException("Package identifier cannot be null, empty or whitespace", "identifier");
            return Upm.Start(new AddRequest(), r => Upm.Add(r, identifier.Trim()));
        }

        public static RemoveRequest Remove(string packageName)
        {
            if (string.IsNullOrWhiteSpace(packageName)) throw new ArgumentException("Package name cannot be null, empty or whitespace", "packageName");
            return Upm.Start(new RemoveRequest(packageName), r => Upm.Remove(r, packageName.Trim()));
        }

        public static void Resolve() { Upm.Resolve(); }
    }

    /// <summary>The fake's Package Manager: its registry, the project's dependencies (as
    /// Packages/manifest.json holds them) and the operations in flight.</summary>
    internal static class Upm
    {
        internal sealed class Package
        {
            internal string Name, Git;
            internal string[] Versions;
            internal string[] Dependencies = new string[0];
            internal bool BuiltIn;
        }

        /// <summary>The registry: what Add can find, by name.</summary>
        internal static readonly Dictionary<string, Package> Registry = new Dictionary<string, Package>(StringComparer.Ordinal);
        /// <summary>The project's direct dependencies: name → version (or git URL).</summary>
        internal static readonly SortedDictionary<string, string> Direct = new SortedDictionary<string, string>(StringComparer.Ordinal);
        /// <summary>A change that Unity follows with a compile and a domain reload happened.</summary>
        internal static bool ReloadPending;
        /// <summary>Editor updates an operation takes.</summary>
        internal static int Ticks = 3;

        sealed class Op { internal Request Request; internal int Left; internal Action<Request> Complete; }
        static readonly List<Op> ops = new List<Op>();
        static bool hooked;

        /// <summary>A new project: a registry of a few packages, a manifest with two of them.</summary>
        internal static void Reset()
        {
            Registry.Clear();
            Direct.Clear();
            ops.Clear();
            ReloadPending = false;
            Ticks = 3;
            Define("com.unity.modules.director", new[] { "1.0.0" }, true);
            Define("com.unity.modules.audio", new[] { "1.0.0" }, true);
            Define("com.unity.timeline", new[] { "1.7.6", "1.8.7" }, false, "com.unity.modules.director", "com.unity.modules.audio");
            Define("com.unity.test-framework", new[] { "1.1.33", "1.4.6" }, false);
            Define("com.unity.inputsystem", new[] { "1.11.2" }, false);
            Registry["com.unity.inputsystem"].Git = "https://github.com/Unity-Technologies/InputSystem.git";
            Direct["com.unity.test-framework"] = "1.1.33";
            Direct["com.unity.modules.audio"] = "1.0.0";
            WriteManifest();
        }

        internal static void Define(string name, string[] versions, bool builtIn, params string[] deps)
        {
            Registry[name] = new Package { Name = name, Versions = versions, BuiltIn = builtIn, Dependencies = deps };
        }

        internal static T Start<T>(T request, Action<T> complete) where T : Request
        {
            if (!hooked) { hooked = true; EditorApplication.update += Tick; }
            request.fakeStatus = StatusCode.InProgress;
            ops.Add(new Op { Request = request, Left = Ticks, Complete = r => complete((T)r) });
            return request;
        }

        // One editor update: operations complete in the order they started.
        static void Tick()
        {
            while (ops.Count > 0 && --ops[0].Left <= 0)
            {
                var op = ops[0];
                ops.RemoveAt(0);
                op.Complete(op.Request);
            }
        }

        static void Fail(Request r, ErrorCode code, string message)
        {
            r.fakeError = new Error(code, message);
            r.fakeStatus = StatusCode.Failure;
        }

        static PackageInfo Info(string name, string version, bool direct)
        {
            Package p;
            Registry.TryGetValue(name, out p);
            var git = p != null && version == p.Git;
            var source = git ? PackageSource.Git : p != null && p.BuiltIn ? PackageSource.BuiltIn : PackageSource.Registry;
            var shown = git ? p.Versions[p.Versions.Length - 1] : version;
            return new PackageInfo { fakeName = name, fakeVersion = shown, fakeId = name + "@" + version, fakeDirect = direct, fakeSource = source };
        }

        internal static void List(ListRequest r, bool indirect)
        {
            var all = new List<PackageInfo>();
            var seen = new HashSet<string>();
            foreach (var kv in Direct) { all.Add(Info(kv.Key, kv.Value, true)); seen.Add(kv.Key); }
            if (indirect)
                foreach (var kv in Direct)
                {
                    Package p;
                    if (!Registry.TryGetValue(kv.Key, out p)) continue;
                    foreach (var d in p.Dependencies)
                        if (seen.Add(d)) all.Add(Info(d, Registry[d].Versions[0], false));
                }
            r.fakeResult = new PackageCollection(all, null);
            r.fakeStatus = StatusCode.Success;
        }

        internal static void Add(AddRequest r, string id)
        {
            string name = id, version = null;
            foreach (var p in Registry.Values)
                if (p.Git != null && p.Git == id) { name = p.Name; version = id; }
            int at = id.IndexOf('@');
            if (version == null && at > 0) { name = id.Substring(0, at); version = id.Substring(at + 1); }
            Package pkg;
            if (!Registry.TryGetValue(name, out pkg))
            {
                Fail(r, ErrorCode.NotFound, "Unable to add package [" + id + "]: Package [" + name + "] cannot be found");
                return;
            }
            if (version == null) version = pkg.Versions[pkg.Versions.Length - 1];
            if (version != pkg.Git && Array.IndexOf(pkg.Versions, version) < 0)
            {
                Fail(r, ErrorCode.NotFound, "Unable to add package [" + id + "]: Package [" + name + "@" + version + "] cannot be found");
                return;
            }
            string had;
            bool changed = !Direct.TryGetValue(name, out had) || had != version;
            Direct[name] = version;
            if (changed) Changed();
            r.fakeResult = Info(name, version, true);
            r.fakeStatus = StatusCode.Success;
        }

        internal static void Remove(RemoveRequest r, string name)
        {
            if (!Direct.Remove(name))
            {
                Fail(r, ErrorCode.NotFound, "Unable to remove package [" + name + "]: it is not a direct dependency of the project");
                return;
            }
            Changed();
            r.fakeStatus = StatusCode.Success;
        }

        internal static void Resolve()
        {
            var onDisk = ReadManifest();
            if (onDisk == null) return;
            bool same = onDisk.Count == Direct.Count;
            foreach (var kv in onDisk) { string v; same &= Direct.TryGetValue(kv.Key, out v) && v == kv.Value; }
            if (same) return;
            Direct.Clear();
            foreach (var kv in onDisk) Direct[kv.Key] = kv.Value;
            Changed();
        }

        // The manifest changes on disk; Unity imports, compiles, then reloads the domain.
        static void Changed()
        {
            WriteManifest();
            ReloadPending = true;
            EditorApplication.FakeCompiling = true;
        }

        static string ManifestPath { get { return Path.Combine(Path.GetDirectoryName(Application.dataPath), "Packages", "manifest.json"); } }

        static void WriteManifest()
        {
            if (string.IsNullOrEmpty(Application.dataPath)) return;
            var b = new StringBuilder("{\n  \"dependencies\": {\n");
            int i = 0;
            foreach (var kv in Direct) b.Append("    \"").Append(kv.Key).Append("\": \"").Append(kv.Value).Append(++i < Direct.Count ? "\",\n" : "\"\n");
            b.Append("  }\n}\n");
            Directory.CreateDirectory(Path.GetDirectoryName(ManifestPath));
            File.WriteAllText(ManifestPath, b.ToString());
        }

        /// <summary>The dependencies Packages/manifest.json lists (the fake writes one per line).</summary>
        static Dictionary<string, string> ReadManifest()
        {
            if (string.IsNullOrEmpty(Application.dataPath) || !File.Exists(ManifestPath)) return null;
            var deps = new Dictionary<string, string>(StringComparer.Ordinal);
            foreach (var line in File.ReadAllLines(ManifestPath))
            {
                var parts = line.Trim().TrimEnd(',').Split(new[] { "\": \"" }, StringSplitOptions.None);
                if (parts.Length == 2) deps[parts[0].Trim('"')] = parts[1].Trim('"');
            }
            return deps;
        }
    }
}

namespace UnityEditor.PackageManager.Requests
{
    // UnityCsReference: Modules/PackageManager/Editor/Managed/Requests/Request.cs
    public abstract partial class Request : ISerializationCallbackReceiver
    {
        internal StatusCode fakeStatus = StatusCode.InProgress;
        internal Error fakeError;
        internal Request() { }
        public StatusCode Status { get { return fakeStatus; } }
        public bool IsCompleted { get { return fakeStatus != StatusCode.InProgress; } }
        public Error Error { get { return fakeError; } }
        void ISerializationCallbackReceiver.OnBeforeSerialize() { }
        void ISerializationCallbackReceiver.OnAfterDeserialize() { }
    }

    // UnityCsReference: Modules/PackageManager/Editor/Managed/Requests/Request.cs
    public abstract class Request<T> : Request
    {
        internal T fakeResult;
        internal Request() { }
        protected abstract T GetResult();
        public T Result { get { return Status == StatusCode.Success ? GetResult() : default(T); } }
    }

    // UnityCsReference: Modules/PackageManager/Editor/Managed/Requests/ListRequest.cs
    public sealed partial class ListRequest : Request<PackageCollection>
    {
        internal ListRequest() { }
        protected override PackageCollection GetResult() { return fakeResult; }
    }

    // UnityCsReference: Modules/PackageManager/Editor/Managed/Requests/AddRequest.cs
    public sealed partial class AddRequest : Request<PackageInfo>
    {
        internal AddRequest() { }
        protected override PackageInfo GetResult() { return fakeResult; }
    }

    // UnityCsReference: Modules/PackageManager/Editor/Managed/Requests/RemoveRequest.cs
    public sealed class RemoveRequest : Request
    {
        private string m_PackageIdOrName;
        private RemoveRequest() { }
        internal RemoveRequest(string packageName) { m_PackageIdOrName = packageName; }
        public string PackageIdOrName { get { return m_PackageIdOrName; } }
    }
}
