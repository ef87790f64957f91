using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using Newtonsoft.Json.Linq;
using UnityMcp.Core;

namespace UnityMcp.Headless
{
    /// <summary>Runs the real Core (BridgeClient, dispatcher, protocol) against a real
    /// unitymcp daemon with fake adapters in place of the Unity Editor: the C# side of
    /// the bridge-protocol conformance test. A dedicated thread plays the Unity main
    /// thread (EditorApplication.update). A simulated domain reload throws the client
    /// away and builds a new one, carrying state the way SessionState does.
    ///
    /// Usage: mono UnityMcp.Headless.exe STATE_DIR PROJECT_DIR
    /// Commands on stdin: "reload" (announce a reload and come back), "quit".</summary>
    public static class HeadlessHost
    {
        sealed class MainThread : IMainThread
        {
            readonly BlockingCollection<Action> queue = new BlockingCollection<Action>();
            public int ManagedThreadId;

            public MainThread()
            {
                var t = new Thread(() =>
                {
                    ManagedThreadId = Thread.CurrentThread.ManagedThreadId;
                    foreach (var a in queue.GetConsumingEnumerable()) a();
                }) { IsBackground = true, Name = "fake Unity main thread" };
                t.Start();
            }

            public void Post(Action work) { queue.Add(work); }
        }

        sealed class StderrLog : ILog
        {
            public void Info(string m) { Console.Error.WriteLine("info: " + m); }
            public void Warn(string m) { Console.Error.WriteLine("warn: " + m); }
        }

        // What SessionState would keep across the reload.
        static readonly List<JObject> sessionDeliveries = new List<JObject>();
        static readonly List<JObject> console = new List<JObject>();
        static readonly object sync = new object();
        static BridgeClient client;
        static MainThread main;
        static EditorIdentity identity;
        static string stateDir;
        static int generation;

        public static int Main(string[] args)
        {
            if (args.Length != 2)
            {
                Console.Error.WriteLine("usage: UnityMcp.Headless.exe STATE_DIR PROJECT_DIR");
                return 2;
            }
            stateDir = args[0];
            var project = Path.GetFullPath(args[1]).Replace('\\', '/').TrimEnd('/');
            identity = new EditorIdentity
            {
                ProjectPath = project,
                DataPath = project + "/Assets",
                ProductName = Path.GetFileName(project) + " (headless C# host)",
                UnityVersion = "headless",
                PackageVersion = "0.1.0",
                Pid = System.Diagnostics.Process.GetCurrentProcess().Id,
                Simulator = true,
            };
            main = new MainThread();
            Log("Log", "headless host started");
            Connect();
            string line;
            while ((line = Console.In.ReadLine()) != null)
            {
                if (line == "reload") Reload(null);
                if (line == "quit") break;
            }
            client.Stop(true);
            Console.Out.WriteLine("BYE");
            return 0;
        }

        static void Log(string type, string msg)
        {
            lock (sync) console.Add(new JObject { { "Type", type }, { "Message", msg }, { "StackTrace", "" } });
        }

        static ToolRegistry Tools()
        {
            var r = new ToolRegistry();
            r.Register(new DelegateTool("get-logs", true, GetLogs));
            r.Register(new DelegateTool("compile", true, Compile));
            r.Register(new DelegateTool("reflect_read", true, ReflectRead));
            r.Declare(new DelegateTool("headless_slow", false, c => { Thread.Sleep(1000); c.Reply(new JObject { { "slept", 1000 } }); }),
                JObject.Parse(@"{""name"":""headless_slow"",""description"":""Sleeps 1 s on a worker thread (off the main thread)."",""inputSchema"":{""type"":""object"",""properties"":{}},""annotations"":{""readOnlyHint"":true,""destructiveHint"":false,""idempotentHint"":true}}"));
            r.Declare(new DelegateTool("headless_echo", true, c =>
            {
                if (Thread.CurrentThread.ManagedThreadId != main.ManagedThreadId)
                {
                    c.Fail("editor_error", "not on the main thread");
                    return;
                }
                c.Reply(new JObject { { "echo", c.Args["text"] }, { "generation", generation } });
            }), JObject.Parse(@"{""name"":""headless_echo"",""description"":""Echo text from the headless C# host (a declared attribute tool)."",""group"":""diagnostics"",
                ""inputSchema"":{""type"":""object"",""properties"":{""text"":{""type"":""string"",""description"":""Text to echo.""}},""required"":[""text""]},
                ""annotations"":{""readOnlyHint"":true,""destructiveHint"":false,""idempotentHint"":true}}"));
            return r;
        }

        static void Connect()
        {
            generation++;
            client = new BridgeClient(identity, Tools(), main, new StderrLog(), stateDir) { AutoStartDaemon = false };
            lock (sync)
            {
                client.Deliveries = new List<JObject>(sessionDeliveries);
                sessionDeliveries.Clear();
            }
            client.Connected += () =>
            {
                Console.Out.WriteLine("CONNECTED " + generation);
                Console.Out.Flush();
                if (generation > 1)
                    client.Emit(Protocol.CompileFinished, new JObject { { "success", true }, { "errorCount", 0 }, { "warningCount", 0 }, { "errors", new JArray() }, { "warnings", new JArray() } });
            };
            // Emitted before the connection exists (a Play Mode test run that ended while
            // the domain reloaded does this): kept and sent right after the hello.
            if (generation > 1)
                client.Emit(Protocol.TestsFinished, new JObject { { "mode", "PlayMode" }, { "passed", 3 }, { "failed", 0 }, { "skipped", 0 }, { "failures", new JArray() } });
            client.Start();
        }

        // A domain reload: spanning answers go to "SessionState", the client announces
        // and closes, a new one (the new domain's) connects after a pause.
        static void Reload(JObject spanningAnswer)
        {
            var ids = new List<string>();
            if (spanningAnswer != null)
            {
                lock (sync) sessionDeliveries.Add(spanningAnswer);
                ids.Add((string)spanningAnswer["callId"]);
            }
            client.AnnounceReload(ids);
            Thread.Sleep(300);
            Connect();
        }

        static void GetLogs(ToolCall c)
        {
            var type = (string)c.Args["LogType"] ?? "All";
            var logs = new JArray();
            lock (sync)
                foreach (var l in console)
                    if (type == "All" || (string)l["Type"] == type) logs.Add(l);
            c.Reply(new JObject { { "TotalCount", logs.Count }, { "DisplayedCount", logs.Count }, { "LogType", type },
                { "MaxCount", c.Args["MaxCount"] }, { "SearchText", c.Args["SearchText"] }, { "IncludeStackTrace", false }, { "Logs", logs } });
        }

        // compile: emits the events; with WaitForDomainReload the answer spans a reload.
        static void Compile(ToolCall c)
        {
            client.Emit(Protocol.CompileStarted, new JObject());
            var res = new JObject { { "Success", true }, { "ErrorCount", 0 }, { "WarningCount", 0 }, { "Errors", new JArray() },
                { "Warnings", new JArray() }, { "Message", "compiled (headless host)" }, { "ProjectRoot", "" } };
            client.Emit(Protocol.CompileFinished, new JObject { { "success", true }, { "errorCount", 0 }, { "warningCount", 0 } });
            if (c.Args["WaitForDomainReload"] != null && (bool)c.Args["WaitForDomainReload"])
            {
                res["ProjectRoot"] = identity.ProjectPath;
                res["Message"] = "compiled and reloaded (headless host)";
                var answer = new JObject { { "callId", c.CallId }, { "result", res } };
                ThreadPool.QueueUserWorkItem(_ => Reload(answer));
                return; // answered in the next hello
            }
            c.Reply(res);
        }

        // reflect_read over a tiny fixed object model, through Core's path parser.
        static void ReflectRead(ToolCall c)
        {
            var model = JObject.Parse(@"{""Player"":{""Transform"":{""position"":{""x"":1,""y"":2,""z"":3}}}}");
            Func<string, JObject> one = path =>
            {
                try
                {
                    var p = ReflectionPath.Parse(path);
                    if (p.Root != "scene") return new JObject { { "path", path }, { "error", "the headless host only knows @scene: paths" } };
                    JToken cur = model;
                    foreach (var s in p.Segments)
                    {
                        cur = cur[s.Name];
                        if (cur == null) return new JObject { { "path", path }, { "error", "no " + s.Name } };
                    }
                    return new JObject { { "path", path }, { "type", "UnityEngine.Vector3" }, { "value", cur } };
                }
                catch (FormatException e)
                {
                    return new JObject { { "path", path }, { "error", e.Message } };
                }
            };
            var paths = c.Args["paths"] as JArray;
            if (paths == null)
            {
                c.Reply(one((string)c.Args["path"]));
                return;
            }
            var reads = new JObject();
            foreach (var p in paths) reads[(string)p] = one((string)p);
            c.Reply(new JObject { { "reads", reads } });
        }
    }
}
