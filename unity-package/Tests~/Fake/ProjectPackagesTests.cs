using System;
using System.IO;
using System.Linq;
using System.Threading;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEditor;
using UnityEditor.PackageManager;
using UnityMcp.Core;
using UnityMcp.Editor;
using UnityMcp.Editor.Tools;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>project_packages over the fake Package Manager: listing, and add, remove and
    /// resolve held across the domain reload they cause. A reload is simulated as the Editor
    /// does one: the domain's routines end (the call's token is cancelled), the held calls
    /// are saved and loaded again (SpanningCalls.Save / Load, what McpBridge keeps in
    /// SessionState), and the new domain's load runs RestoreAfterReload; the Package Manager
    /// runs outside the domain, so its operations carry on.</summary>
    [TestFixture]
    public class ProjectPackagesTests
    {
        SpanningCalls store;
        static readonly ToolRegistry registry = BuiltinTools.Build();
        static int n;

        [SetUp]
        public void Fresh()
        {
            Reset();
            Upm.Reset();
            EditorApplication.FakeCompiling = false;
            EditorUtility.FakeCompileFailed = false;
            store = new SpanningCalls();
            ProjectPackages.Spanning = store;
        }

        [TearDown]
        public void Clean()
        {
            EditorApplication.FakeCompiling = false;
            EditorUtility.FakeCompileFailed = false;
            ProjectPackages.Spanning = null;
        }

        /// <summary>A call as the bridge makes one: answered calls leave the store as the
        /// bridge's Settled takes them out.</summary>
        sealed class Live
        {
            public ToolCall Call;
            public CancellationTokenSource Domain = new CancellationTokenSource();
            public JToken Result;
            public JObject Error;
        }

        Live Start(object args)
        {
            var live = new Live();
            IToolHandler h;
            registry.TryGet("project_packages", out h);
            var s = store;
            live.Call = new ToolCall("pkg-" + Interlocked.Increment(ref n), "project_packages", JObject.FromObject(args), DateTime.MaxValue, live.Domain.Token, c =>
            {
                live.Result = c.Result;
                live.Error = c.Error;
                s.Settled(c, true);
            });
            h.Invoke(live.Call);
            return live;
        }

        /// <summary>The domain reload: this domain's routines end, the held calls go through
        /// SessionState, the new domain picks them up.</summary>
        void Reload(Live running)
        {
            running.Domain.Cancel();
            Updates(1); // the old domain's routine is dropped, not stepped
            string problem;
            store = SpanningCalls.Load(store.Save(), out problem);
            Assert.IsNull(problem);
            ProjectPackages.Spanning = store;
            EditorApplication.FakeCompiling = false;
            Upm.ReloadPending = false;
            ProjectPackages.RestoreAfterReload();
        }

        /// <summary>Runs the editor loop until cond holds (at most max updates).</summary>
        static void Until(Func<bool> cond, string what, int max = 600)
        {
            for (int i = 0; i < max && !cond(); i++) Updates(1);
            Assert.IsTrue(cond(), what);
        }

        /// <summary>Whether the call's answer waits in the store for the next hello.</summary>
        bool Deferred(Live l) { return store.Deliveries().Any(x => (string)x["callId"] == l.Call.CallId); }

        JObject Delivered(Live l)
        {
            var d = store.Deliveries().SingleOrDefault(x => (string)x["callId"] == l.Call.CallId);
            Assert.IsNotNull(d, "the answer waits for the next hello");
            return d;
        }

        static string Manifest() { return File.ReadAllText(Path.Combine(Project, "Packages", "manifest.json")); }

        [Test]
        public void ListsDirectPackagesFirstThenTheirDependenciesUpToLimit()
        {
            var r = CallOverFrames("project_packages", new { action = "list" });
            Assert.AreEqual(2, (int)r["total"]);
            var audio = r["packages"].Single(p => (string)p["name"] == "com.unity.modules.audio");
            Assert.AreEqual("BuiltIn", (string)audio["source"]);
            Assert.IsTrue((bool)audio["direct"]);
            Assert.AreEqual("1.1.33", (string)r["packages"].Single(p => (string)p["name"] == "com.unity.test-framework")["version"]);
            Upm.Direct["com.unity.timeline"] = "1.8.7";
            var all = CallOverFrames("project_packages", null);
            CollectionAssert.AreEqual(new[] { "com.unity.modules.audio", "com.unity.test-framework", "com.unity.timeline", "com.unity.modules.director" },
                all["packages"].Select(p => (string)p["name"]).ToArray(), "direct ones first, by name; then what they bring");
            Assert.IsFalse((bool)all["packages"][3]["direct"]);
            Assert.AreEqual(3, (int)all["direct"]);
            Assert.IsFalse((bool)all["truncated"]);
            var page = CallOverFrames("project_packages", new { limit = 2 });
            Assert.AreEqual(4, (int)page["total"], "the total counts every package");
            Assert.AreEqual(2, page["packages"].Count());
            Assert.IsTrue((bool)page["truncated"]);
        }

        [Test]
        public void AddAnswersAfterTheReloadItCauses()
        {
            var add = Start(new { action = "add", package = "com.unity.timeline", confirm = true });
            // The Package Manager completes; Unity compiles the package's scripts.
            Until(() => Deferred(add), "the answer is deferred to the reload once the compile starts");
            Assert.IsTrue(Upm.ReloadPending);
            Assert.IsFalse(add.Call.IsDone, "no answer before the reload");
            Assert.IsTrue(store.IsHeld(add.Call.CallId));
            StringAssert.Contains("\"com.unity.timeline\": \"1.8.7\"", Manifest());
            Reload(add);
            Updates(30);
            var d = Delivered(add);
            Assert.AreEqual("add", (string)d["result"]["action"]);
            Assert.AreEqual("com.unity.timeline", (string)d["result"]["package"]["name"]);
            Assert.AreEqual("1.8.7", (string)d["result"]["package"]["version"], "the latest version when none is given");
            Assert.IsTrue((bool)d["result"]["reloaded"]);
        }

        [Test]
        public void AReloadBeforeTheRequestCompletesIsAnsweredFromThePackagesAfterIt()
        {
            var add = Start(new { action = "add", package = "com.unity.timeline@1.7.6", confirm = true });
            Reload(add); // the request dies with the domain; the Package Manager goes on
            Until(() => Deferred(add), "the new domain answers from the packages it finds");
            var d = Delivered(add);
            Assert.AreEqual("1.7.6", (string)d["result"]["package"]["version"]);
            Assert.IsTrue((bool)d["result"]["reloaded"]);

            var bad = Start(new { action = "add", package = "com.unity.timeline@9.9.9", confirm = true });
            Reload(bad);
            Until(() => Deferred(bad), "the new domain answers from the packages it finds");
            var e = Delivered(bad);
            Assert.AreEqual("package_error", (string)e["error"]["data"]["code"]);
            StringAssert.Contains("did not happen", (string)e["error"]["message"]);
            StringAssert.Contains("\"com.unity.timeline\": \"1.7.6\"", Manifest());
        }

        [Test]
        public void AFailedAddChangesNothingAndSaysWhy()
        {
            var before = Manifest();
            var f = Fails("project_packages", new { action = "add", package = "com.example.nothing", confirm = true }, maxUpdates: 20);
            Assert.AreEqual("package_error", f.Code);
            StringAssert.Contains("com.example.nothing", f.Message);
            StringAssert.Contains("cannot be found", f.Message);
            Assert.AreEqual(before, Manifest());
            Assert.AreEqual("confirmation_required", Fails("project_packages", new { action = "add", package = "com.unity.timeline" }).Code);
            Assert.AreEqual("invalid_params", Fails("project_packages", new { action = "add", confirm = true }).Code);
            Assert.AreEqual("invalid_params", Fails("project_packages", new { action = "remove", package = "com.unity.modules.audio@1.0.0", confirm = true }).Code);
            Assert.AreEqual("invalid_params", Fails("project_packages", new { action = "add", package = "com.unity.x\"; rm", confirm = true }).Code);
            Assert.AreEqual(before, Manifest(), "no refusal touches the manifest");
            Assert.IsFalse(Upm.ReloadPending);
        }

        [Test]
        public void AddOfWhatTheProjectHasNeedsNoReload()
        {
            var add = Start(new { action = "add", package = "com.unity.test-framework@1.1.33", confirm = true });
            Updates(60 * 9);
            Assert.IsFalse(add.Call.IsDone, "a compile may still start within 10 s of the change");
            Updates(60 * 2);
            var r = (JObject)add.Result;
            Assert.IsFalse((bool)r["reloaded"]);
            Assert.AreEqual("1.1.33", (string)r["package"]["version"]);
            Assert.AreEqual(0, store.Count, "answered, nothing left held");
        }

        [Test]
        public void ARemoveWhoseScriptsFailToCompileIsAnsweredWithoutAReload()
        {
            var f = Fails("project_packages", new { action = "remove", package = "com.unity.timeline", confirm = true }, maxUpdates: 20);
            Assert.AreEqual("package_error", f.Code);
            var remove = Start(new { action = "remove", package = "com.unity.modules.audio", confirm = true });
            Until(() => Deferred(remove), "deferred once the compile starts");
            Assert.IsTrue(EditorApplication.isCompiling);
            Assert.IsFalse(remove.Call.IsDone);
            // The compile ends with errors: no reload comes, so the held answer is taken back.
            EditorApplication.FakeCompiling = false;
            EditorUtility.FakeCompileFailed = true;
            Updates(60 * 31);
            Assert.IsTrue(remove.Call.IsDone);
            Assert.IsFalse((bool)remove.Result["reloaded"]);
            StringAssert.Contains("do not compile", (string)remove.Result["note"]);
            Assert.IsFalse(Manifest().Contains("com.unity.modules.audio"));
        }

        [Test]
        public void OneChangeAtATimeAndResolveTakesUpTheManifest()
        {
            var add = Start(new { action = "add", package = "com.unity.inputsystem", confirm = true });
            Assert.AreEqual("busy", Fails("project_packages", new { action = "resolve" }).Code);
            Until(() => Deferred(add), "deferred");
            Assert.AreEqual("busy", Fails("project_packages", new { action = "resolve" }).Code, "until its answer is delivered");
            Reload(add);
            Delivered(add);
            store.Delivered(store.Deliveries());

            // An edit of the manifest behind the Package Manager: resolve takes it up.
            var path = Path.Combine(Project, "Packages", "manifest.json");
            File.WriteAllText(path, Manifest().Replace("\"com.unity.inputsystem\": \"1.11.2\"", "\"com.unity.inputsystem\": \"https://github.com/Unity-Technologies/InputSystem.git\""));
            var resolve = Start(new { action = "resolve" });
            Assert.AreEqual("https://github.com/Unity-Technologies/InputSystem.git", Upm.Direct["com.unity.inputsystem"]);
            Assert.IsTrue(Upm.ReloadPending);
            Until(() => Deferred(resolve), "deferred");
            Reload(resolve);
            var d = Delivered(resolve);
            Assert.AreEqual("resolve", (string)d["result"]["action"]);
            Assert.IsTrue((bool)d["result"]["reloaded"]);
            var list = CallOverFrames("project_packages", null);
            Assert.AreEqual("Git", (string)list["packages"].Single(p => (string)p["name"] == "com.unity.inputsystem")["source"]);
        }
    }
}
