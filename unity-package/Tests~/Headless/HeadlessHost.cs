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
    /// Calls that span a reload go through Core's <see cref="SpanningCalls"/>, saved to a
    /// string before the reload and loaded after it, as the Unity adapter does with
    /// SessionState: compile (the answer in compilationFinished, then the reload in the same
    /// tick), and headless_span (a call answered after the reload, like a Play Mode test run).
    ///
    /// Usage: mono UnityMcp.Headless.exe STATE_DIR PROJECT_DIR
    /// Commands on stdin: "reload" (announce a reload and come back), "wake" (print the
    /// main thread's wake-up latencies since the last "wake"), "quit".</summary>
    public static class HeadlessHost
    {
        /// <summary>The Unity main thread as the Editor runs the package's work: Post queues
        /// it from any thread and pokes Core's <see cref="TickPump"/>, as MainThreadQueue and
        /// EditorWake do; the pump's signal (EditorApplication.SignalTick in Unity) wakes the
        /// loop, which drains the queue as MainThreadQueue.Drain does on
        /// EditorApplication.update. The pump keeps signalling every 10 ms while there is
        /// work and for its trailing time after, as it keeps an unfocused Editor ticking.</summary>
        sealed class MainThread : IMainThread
        {
            /// <summary>A post: when it came, whether it found the pump stopped (the main
            /// thread blocked, nothing signalling it), the work.</summary>
            struct Item
            {
                public long Posted;
                public bool Stopped;
                public Action Work;
            }

            readonly ConcurrentQueue<Item> work = new ConcurrentQueue<Item>();
            readonly AutoResetEvent tick = new AutoResetEvent(false);
            readonly TickPump pump;
            // Wake-up latency (for the deployed-shape benchmark): Stopwatch ticks from
            // Post (Core's socket thread, right after it read and parsed the call's frame)
            // to the start of the work on this thread, apart for the posts that found the
            // pump stopped. "wake" on stdin prints and clears them.
            readonly List<long> waits = new List<long>(), stoppedWaits = new List<long>();
            public int ManagedThreadId;

            public MainThread()
            {
                pump = new TickPump(() => tick.Set(), () => !work.IsEmpty);
                var t = new Thread(() =>
                {
                    ManagedThreadId = Thread.CurrentThread.ManagedThreadId;
                    while (true)
                    {
                        tick.WaitOne(); // the editor loop's next update
                        Item a;
                        int budget = 256; // MainThreadQueue.Drain's
                        while (budget-- > 0 && work.TryDequeue(out a))
                        {
                            var waited = System.Diagnostics.Stopwatch.GetTimestamp() - a.Posted;
                            lock (waits) (a.Stopped ? stoppedWaits : waits).Add(waited);
                            a.Work();
                        }
                        if (!work.IsEmpty) tick.Set(); // the next update comes at once
                    }
                }) { IsBackground = true, Name = "fake Unity main thread" };
                t.Start();
            }

            public void Post(Action action)
            {
                work.Enqueue(new Item { Posted = System.Diagnostics.Stopwatch.GetTimestamp(), Stopped = !pump.Running, Work = action });
                pump.Poke();
            }

            /// <summary>How long the pump keeps signalling after the last work.</summary>
            public void Trailing(TimeSpan d) { pump.Trailing = d; }

            /// <summary>"WAKE n p50 p99 max STOPPED n p50 p99 max": the latencies in
            /// microseconds of the posts that found the pump running, then of those that found
            /// it stopped; then clears them.</summary>
            public string TakeWaits()
            {
                long[] w, ws;
                lock (waits)
                {
                    w = waits.ToArray();
                    ws = stoppedWaits.ToArray();
                    waits.Clear();
                    stoppedWaits.Clear();
                }
                return "WAKE " + Stats(w) + " STOPPED " + Stats(ws);
            }

            static string Stats(long[] w)
            {
                if (w.Length == 0) return "0 0 0 0";
                Array.Sort(w);
                Func<long, string> us = ticks => (ticks * 1e6 / System.Diagnostics.Stopwatch.Frequency).ToString("F1", System.Globalization.CultureInfo.InvariantCulture);
                return w.Length + " " + us(w[w.Length / 2]) + " " + us(w[w.Length * 99 / 100]) + " " + us(w[w.Length - 1]);
            }
        }

        sealed class StderrLog : ILog
        {
            public void Info(string m) { Console.Error.WriteLine("info: " + m); }
            public void Warn(string m) { Console.Error.WriteLine("warn: " + m); }
        }

        // What SessionState would keep across the reload.
        static string sessionSpanning = "";
        static SpanningCalls spanning;
        // How often each callId was run: an answer lost to a reload makes the daemon send
        // the (idempotent) call again, and it would run twice.
        static readonly Dictionary<string, int> runs = new Dictionary<string, int>();
        static readonly List<JObject> console = new List<JObject>();
        static readonly object sync = new object();
        static BridgeClient client;
        static ConsoleForwarder forwarder; // as ConsoleForwarding does in the Editor
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
                if (line == "reload") main.Post(Reload);
                // "log <type> <message>": a Console entry, forwarded to the daemon.
                if (line.StartsWith("log "))
                {
                    var parts = line.Split(new[] { ' ' }, 3);
                    if (parts.Length == 3) Log(parts[1], parts[2]);
                }
                // "trailing <ms>": how long the pump keeps signalling after the last work.
                if (line.StartsWith("trailing "))
                    main.Trailing(TimeSpan.FromMilliseconds(int.Parse(line.Substring("trailing ".Length))));
                if (line == "wake")
                {
                    Console.Out.WriteLine(main.TakeWaits());
                    Console.Out.Flush();
                }
                if (line == "quit") break;
            }
            client.Stop(true);
            Console.Out.WriteLine("BYE");
            return 0;
        }

        static void Log(string type, string msg)
        {
            lock (sync) console.Add(new JObject { { "Type", type }, { "Message", msg }, { "StackTrace", "" } });
            var f = forwarder;
            if (f != null) f.Add(type, msg, "");
        }

        static ToolRegistry Tools()
        {
            var r = new ToolRegistry();
            r.Register(new DelegateTool("get-logs", true, GetLogs));
            r.Register(new DelegateTool("compile", true, Compile));
            r.Register(new DelegateTool("reflect_read", true, ReflectRead));
            r.Declare(new DelegateTool("headless_span", true, Span), JObject.Parse(@"{""name"":""headless_span"",""description"":""Holds the call across a simulated domain reload and answers it afterMs after the new domain connected (0: as it loads, before its hello)."",
                ""inputSchema"":{""type"":""object"",""properties"":{""afterMs"":{""type"":""integer"",""description"":""When to answer after the reload."",""default"":0},""text"":{""type"":""string"",""description"":""Echoed back."",""default"":""""}}},
                ""annotations"":{""readOnlyHint"":true,""destructiveHint"":false,""idempotentHint"":true}}"));
            r.Declare(new DelegateTool("headless_slow", false, Together),
                JObject.Parse(@"{""name"":""headless_slow"",""description"":""Waits on a worker thread (off the main thread) until three calls are in it at once, at most 10 s; answers how many were (together)."",""inputSchema"":{""type"":""object"",""properties"":{}},""annotations"":{""readOnlyHint"":true,""destructiveHint"":false,""idempotentHint"":true}}"));
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
            string problem;
            spanning = SpanningCalls.Load(sessionSpanning, out problem);
            if (problem != null) Console.Error.WriteLine("warn: " + problem);
            client = new BridgeClient(identity, Tools(), main, new StderrLog(), stateDir) { AutoStartDaemon = false, Spanning = spanning };
            // One forwarder per domain, as in the Editor: entries logged before the hello
            // wait in its queue and are sent once connected.
            if (forwarder != null) forwarder.Dispose();
            var c = client;
            forwarder = new ConsoleForwarder(() => c.IsConnected, c.Emit);
            forwarder.Start();
            var spans = spanning.Running("headless_span");
            client.Connected += () =>
            {
                Console.Out.WriteLine("CONNECTED " + generation);
                Console.Out.Flush();
                if (generation > 1)
                    client.Emit(Protocol.CompileFinished, new JObject { { "success", true }, { "errorCount", 0 }, { "warningCount", 0 }, { "errors", new JArray() }, { "warnings", new JArray() } });
                // Spanning calls that end a while after the new domain is up (a test run).
                foreach (var kv in spans)
                {
                    var id = kv.Key;
                    var after = (int?)kv.Value["afterMs"] ?? 0;
                    if (after <= 0) continue;
                    ThreadPool.QueueUserWorkItem(_ =>
                    {
                        Thread.Sleep(after); // the simulated run's length, not a synchronisation
                        main.Post(() => AnswerSpan(id, spanning.DataOf(id)));
                    });
                }
            };
            // Emitted before the connection exists (a Play Mode test run that ended while
            // the domain reloaded does this): kept and sent right after the hello.
            if (generation > 1)
                client.Emit(Protocol.TestsFinished, new JObject { { "mode", "PlayMode" }, { "passed", 3 }, { "failed", 0 }, { "skipped", 0 }, { "failures", new JArray() } });
            // Spanning calls that ended while the domain reloaded: delivered in the hello.
            foreach (var kv in spans)
                if (((int?)kv.Value["afterMs"] ?? 0) <= 0) AnswerSpan(kv.Key, kv.Value);
            client.Start();
        }

        // Together is headless_slow: three calls that run concurrently all
        // see three in it at once; calls run one after another would each
        // wait the 10 s out and see one. The verdict is that count, not a
        // time (a loaded machine only makes them slower).
        static readonly object slowSync = new object();
        static int slowIn, slowMost;

        static void Together(ToolCall c)
        {
            int seen;
            lock (slowSync)
            {
                slowIn++;
                slowMost = Math.Max(slowMost, slowIn);
                Monitor.PulseAll(slowSync);
                var until = DateTime.UtcNow.AddSeconds(10);
                while (slowMost < 3 && DateTime.UtcNow < until) Monitor.Wait(slowSync, 100);
                seen = slowMost;
                slowIn--;
            }
            c.Reply(new JObject { { "together", seen } });
        }

        static void AnswerSpan(string callId, JObject data)
        {
            if (data == null) return;
            spanning.Answer(callId, new JObject { { "text", data["text"] }, { "generation", generation }, { "afterHello", client.IsConnected }, { "Runs", Runs(callId, false) } });
        }

        static int Runs(string callId, bool count)
        {
            lock (sync)
            {
                int n;
                runs.TryGetValue(callId ?? "", out n);
                if (count) runs[callId ?? ""] = ++n;
                return n;
            }
        }

        // A domain reload: the spanning calls go to "SessionState", the client announces
        // and closes, a new one (the new domain's) connects after a pause. Called on the
        // main thread, as Unity reloads on it.
        static void Reload()
        {
            sessionSpanning = spanning.Save();
            client.AnnounceReload();
            Thread.Sleep(300); // the reload itself takes a while
            Connect();
        }

        // headless_span: kept open across a reload that starts right away.
        static void Span(ToolCall c)
        {
            Runs(c.CallId, true);
            spanning.Hold(c, new JObject { { "afterMs", c.Args["afterMs"] ?? 0 }, { "text", c.Args["text"] ?? "" } });
            Reload();
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

        // compile: emits the events and answers in the "compilationFinished handler"; the
        // domain reload starts right after, on the same main-thread tick. With
        // WaitForDomainReload the answer is deferred to the next hello.
        static void Compile(ToolCall c)
        {
            int n = Runs(c.CallId, true);
            client.Emit(Protocol.CompileStarted, new JObject());
            var res = new JObject { { "Success", true }, { "ErrorCount", 0 }, { "WarningCount", 0 }, { "Errors", new JArray() },
                { "Warnings", new JArray() }, { "Message", "compiled (headless host)" }, { "ProjectRoot", "" }, { "Runs", n } };
            client.Emit(Protocol.CompileFinished, new JObject { { "success", true }, { "errorCount", 0 }, { "warningCount", 0 } });
            if (c.Args["WaitForDomainReload"] != null && (bool)c.Args["WaitForDomainReload"])
            {
                res["ProjectRoot"] = identity.ProjectPath;
                res["Message"] = "compiled and reloaded (headless host)";
                spanning.Defer(c, res);
            }
            else c.Reply(res);
            Reload();
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
