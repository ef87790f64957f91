using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.PackageManager;
using UnityEditor.PackageManager.Requests;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>project_packages: the Package Manager's Client (UnityCsReference
    /// Modules/PackageManager/Editor/Managed/Client.cs). list reads the project's packages
    /// (offline: no registry round trip), its direct dependencies first and theirs after, at
    /// most limit of them with the total. add, remove and resolve change what the project
    /// depends on; Unity then imports, compiles and reloads the domain, which ends this
    /// domain's statics and its editor-update routines. So the call is held in
    /// <see cref="SpanningCalls"/> like a test run (<see cref="TestTools"/>): when the request
    /// completes and a compile follows, the answer is deferred to the hello after the reload
    /// (as compile's WaitForDomainReload does, <see cref="CompileTool"/>); when the reload
    /// comes first (the request object dies with the domain), the next domain lists the
    /// packages and answers from what the project has then (<see cref="RestoreAfterReload"/>).
    /// A change that needs no compile (the package already at that version) is answered at
    /// once. One change runs at a time.</summary>
    public static class ProjectPackages
    {
        const string Tool = "project_packages";
        /// <summary>How long after a completed change a compile may take to start (Unity
        /// imports the package first), and how long a compile that ends without a reload
        /// (script errors) is waited for.</summary>
        const double CompileStartSeconds = 10, ReloadSeconds = 30;

        static SpanningCalls store;
        static string running; // the change in flight in this domain, by callId

        /// <summary>Where changes are held across reloads: <see cref="McpBridge.Spanning"/>,
        /// unless a host without the bridge (the headless fake) gives its own.</summary>
        public static SpanningCalls Spanning
        {
            get { return store ?? McpBridge.Spanning; }
            set { store = value; }
        }

        public static void Invoke(ToolCall call)
        {
            var action = Args.OneOf(call, "action", "list", "list", "add", "remove", "resolve");
            var package = Args.Str(call, "package", "").Trim();
            if (action == "list")
            {
                var request = Client.List(true, true);
                Frames.Run(call, ListWhenDone(call, request, Math.Max(1, Math.Min(1000, Args.Int(call, "limit", 100)))));
                return;
            }
            if (running != null && Spanning.IsHeld(running))
                throw new ToolException("busy", "another project_packages change is running; wait for its answer, then call again");
            if (action != "resolve")
            {
                if (package.Length == 0) throw new ToolException("invalid_params", "action \"" + action + "\" needs package, e.g. \"com.unity.timeline\"");
                if (package.Length > 500 || package.IndexOfAny(new[] { '\n', '\r', '"', ' ' }) >= 0)
                    throw new ToolException("invalid_params", "package \"" + package + "\" is not a package name, name@version or URL");
                if (action == "remove" && package.IndexOf('@') >= 0)
                    throw new ToolException("invalid_params", "remove takes the package's name, not a version: \"" + package.Substring(0, package.IndexOf('@')) + "\"");
                if (!Args.Bool(call, "confirm", false))
                    throw new ToolException("confirmation_required", action + " " + package + " changes Packages/manifest.json and reloads the scripts: pass confirm: true");
            }
            var data = new JObject { { "action", action }, { "package", package } };
            Request change = null;
            if (action == "add") change = Client.Add(package);
            else if (action == "remove") change = Client.Remove(package);
            else Client.Resolve(); // synchronous: no request to watch
            Spanning.Hold(call, data);
            running = call.CallId;
            Frames.Run(call, Watch(call, change, data), e => running = null);
        }

        static IEnumerable<object> ListWhenDone(ToolCall call, ListRequest request, int limit)
        {
            while (!request.IsCompleted) yield return new WaitSeconds(0.1);
            if (request.Status != StatusCode.Success)
            {
                call.Fail("editor_error", "the Package Manager could not list the packages: " + Message(request));
                yield break;
            }
            var all = new List<PackageInfo>(request.Result);
            // What the manifest names first, then what they bring; each by name.
            all.Sort((a, b) => a.isDirectDependency != b.isDirectDependency ? (a.isDirectDependency ? -1 : 1) : string.CompareOrdinal(a.name, b.name));
            var list = new JArray();
            int direct = 0;
            foreach (var p in all)
            {
                if (p.isDirectDependency) direct++;
                if (list.Count < limit) list.Add(Describe(p));
            }
            call.Reply(new JObject { { "total", all.Count }, { "direct", direct }, { "packages", list }, { "truncated", list.Count < all.Count } });
        }

        static JObject Describe(PackageInfo p)
        {
            return new JObject { { "name", p.name }, { "version", p.version }, { "source", p.source.ToString() }, { "direct", p.isDirectDependency } };
        }

        static string Message(Request r)
        {
            return r.Error != null ? r.Error.message + " (" + r.Error.errorCode + ")" : "no reason given";
        }

        /// <summary>In the requesting domain: the request to its end, then the compile it
        /// brings. The answer goes through the held call, so it reaches the daemon from this
        /// domain or, deferred, from the hello after the reload.</summary>
        static IEnumerable<object> Watch(ToolCall call, Request change, JObject data)
        {
            try
            {
                var id = call.CallId;
                JObject result = new JObject { { "action", (string)data["action"] } };
                if (change != null)
                {
                    while (!change.IsCompleted) yield return new WaitSeconds(0.1);
                    if (change.Status != StatusCode.Success)
                    {
                        Spanning.Fail(id, "package_error", data["action"] + " " + data["package"] + " failed: " + Message(change) + "; nothing changed (project_packages lists what the project has)");
                        yield break;
                    }
                    var added = change as AddRequest;
                    result["package"] = added != null && added.Result != null ? Describe(added.Result) : new JObject { { "name", (string)data["package"] } };
                }
                // Unity imports what changed, then compiles; the reload follows the compile.
                var until = Frames.Now + CompileStartSeconds;
                while (!EditorApplication.isCompiling && Frames.Now < until) yield return new WaitSeconds(0.1);
                if (!EditorApplication.isCompiling)
                {
                    result["reloaded"] = false;
                    result["note"] = "no script changed, so no domain reload";
                    Spanning.Answer(id, result);
                    yield break;
                }
                result["reloaded"] = true;
                Spanning.Defer(call, result);
                // Still here after the compile and a while: no reload came (script errors, or
                // something holds reloads back). Take the answer back and give it now.
                while (EditorApplication.isCompiling) yield return new WaitSeconds(0.1);
                var deadline = Frames.Now + ReloadSeconds;
                while (Frames.Now < deadline) yield return new WaitSeconds(0.1);
                var kept = Spanning.Take(id) as JObject;
                if (kept == null) yield break; // a hello delivered it already
                kept["reloaded"] = false;
                kept["note"] = EditorUtility.scriptCompilationFailed
                    ? "the scripts do not compile after this change, so the domain did not reload; get-logs shows the errors"
                    : "the scripts compiled but no domain reload came within " + ReloadSeconds + " s";
                call.Reply(kept);
            }
            finally { if (running == call.CallId) running = null; }
        }

        /// <summary>In a new domain: a change whose request the reload cut off is answered from
        /// the packages the project has now (the Package Manager finishes an operation on its
        /// own, outside the domain). McpBridge's load calls this through
        /// <see cref="ProjectPackagesReload"/>.</summary>
        public static void RestoreAfterReload()
        {
            running = null;
            var held = Spanning.Running(Tool);
            if (held.Count == 0) return;
            Frames.Run(null, Settle(held, Client.List(true, false)));
        }

        static IEnumerable<object> Settle(List<KeyValuePair<string, JObject>> held, ListRequest request)
        {
            while (!request.IsCompleted) yield return new WaitSeconds(0.1);
            var now = new Dictionary<string, PackageInfo>(StringComparer.Ordinal);
            if (request.Status == StatusCode.Success)
                foreach (var p in request.Result) now[p.name] = p;
            foreach (var kv in held)
            {
                var action = kv.Value != null ? (string)kv.Value["action"] : null;
                var package = kv.Value != null ? (string)kv.Value["package"] ?? "" : "";
                if (request.Status != StatusCode.Success)
                {
                    Spanning.Fail(kv.Key, "interrupted_by_reload", "a domain reload came before the Package Manager answered, and listing the packages failed (" + Message(request) + "); call project_packages to see what the project has");
                    continue;
                }
                var found = Find(now, package);
                var result = new JObject { { "action", action }, { "reloaded", true } };
                if (action == "resolve" || (action == "add" && found != null) || (action == "remove" && found == null))
                {
                    if (found != null) result["package"] = Describe(found);
                    else if (action == "remove") result["package"] = new JObject { { "name", package } };
                    Spanning.Answer(kv.Key, result);
                }
                else
                    Spanning.Fail(kv.Key, "package_error", action + " " + package + " did not happen: after the reload the project " + (action == "add" ? "does not have it" : "still has it") + " (the Console says why)");
            }
        }

        /// <summary>The package an add or remove named, as the project has it now: by name;
        /// for name@version only at that version; for a URL the package whose packageId
        /// ("name@url") ends with it.</summary>
        static PackageInfo Find(Dictionary<string, PackageInfo> now, string package)
        {
            foreach (var x in now.Values)
                if (x.packageId.EndsWith("@" + package, StringComparison.Ordinal)) return x;
            PackageInfo p;
            var at = package.IndexOf('@');
            if (at < 0) return now.TryGetValue(package, out p) ? p : null;
            return now.TryGetValue(package.Substring(0, at), out p) && p.version == package.Substring(at + 1) ? p : null;
        }
    }

    /// <summary>Picks up held project_packages changes after a domain reload, in the Editor
    /// (not in hosts without the bridge).</summary>
    [InitializeOnLoad]
    static class ProjectPackagesReload
    {
        static ProjectPackagesReload()
        {
            if (McpBridge.Registry != null) ProjectPackages.RestoreAfterReload();
        }
    }
}
