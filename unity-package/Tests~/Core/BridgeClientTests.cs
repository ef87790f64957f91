using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Net;
using System.Net.Sockets;
using System.Threading;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityMcp.Core;

namespace UnityMcp.Core.Tests
{
    [TestFixture]
    public class BridgeClientTests
    {
        sealed class Inline : IMainThread { public void Post(Action work) { work(); } }

        sealed class Quiet : ILog
        {
            public readonly List<string> Warnings = new List<string>();
            public void Info(string message) { }
            public void Warn(string message) { lock (Warnings) Warnings.Add(message); }
        }

        static EditorIdentity Identity()
        {
            return new EditorIdentity { ProjectPath = "/p", DataPath = "/p/Assets", ProductName = "p", UnityVersion = "t", PackageVersion = "t" };
        }

        static readonly TimeSpan Wait = TimeSpan.FromSeconds(10);

        /// <summary>Runs action on another thread and says whether it returned within
        /// bound: a call that blocks fails the test instead of hanging it.</summary>
        static bool ReturnsWithin(TimeSpan bound, Action action, out TimeSpan took)
        {
            var done = new ManualResetEventSlim(false);
            Exception failure = null;
            var sw = Stopwatch.StartNew();
            var t = new Thread(() =>
            {
                try { action(); }
                catch (Exception e) { failure = e; }
                finally { done.Set(); }
            }) { IsBackground = true };
            t.Start();
            bool ok = done.Wait(bound);
            took = sw.Elapsed;
            if (failure != null) throw new Exception("the action threw", failure);
            return ok;
        }

        /// <summary>Accepts connections on listener until stopped, handing each to handle
        /// (then closing it) on a background thread.</summary>
        static void Serve(TcpListener listener, Func<bool> stopped, Action<TcpClient> handle)
        {
            new Thread(() =>
            {
                while (!stopped())
                {
                    try
                    {
                        using (var c = listener.AcceptTcpClient()) handle(c);
                    }
                    catch (SocketException) { return; }
                    catch (ObjectDisposedException) { return; }
                    catch (IOException) { }
                }
            }) { IsBackground = true }.Start();
        }

        /// <summary>BridgeClient connected to daemon, with the tools given, after the hello.</summary>
        static BridgeClient Connect(FakeDaemon daemon, ToolRegistry tools, Quiet log, SpanningCalls spanning = null)
        {
            var client = new BridgeClient(Identity(), tools ?? new ToolRegistry(), new Inline(), log, daemon.StateDir) { AutoStartDaemon = false };
            if (spanning != null) client.Spanning = spanning;
            var connected = new ManualResetEventSlim(false);
            client.Connected += connected.Set;
            client.Start();
            daemon.Accept(Wait);
            daemon.Greet();
            Assert.IsTrue(connected.Wait(Wait), "the client did not report the connection after the hello");
            return client;
        }

        /// <summary>Stops client while the daemon reads (and answers) its close, as a live
        /// daemon does; returns how long Stop took.</summary>
        static TimeSpan StopAgainst(FakeDaemon daemon, BridgeClient client)
        {
            var took = TimeSpan.Zero;
            var stopped = new Thread(() => { var sw = Stopwatch.StartNew(); client.Stop(false); took = sw.Elapsed; });
            stopped.Start();
            JObject m;
            while ((m = daemon.Read()) != null) Assert.AreEqual(Protocol.Event, (string)m["method"], "only events before the close: " + m);
            Assert.IsTrue(stopped.Join(Wait), "Stop did not return");
            return took;
        }

        /// <summary>A daemon address that accepts TCP and hangs up at once (a port taken by
        /// something else, a daemon dying): the client must back off, not dial four times a
        /// second for ever.</summary>
        [Test]
        public void BacksOffWhileTheDaemonFails()
        {
            var listener = new TcpListener(IPAddress.Loopback, 0);
            listener.Start();
            int port = ((IPEndPoint)listener.LocalEndpoint).Port;
            int accepted = 0;
            var stop = false;
            Serve(listener, () => stop, c => Interlocked.Increment(ref accepted));
            var dir = Path.Combine(Path.GetTempPath(), "unitymcp-backoff-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(dir);
            try
            {
                File.WriteAllText(Path.Combine(dir, "daemon.json"), "{\"url\":\"http://127.0.0.1:" + port + "\",\"pid\":1,\"version\":\"t\",\"key\":\"k\"}");
                File.WriteAllText(Path.Combine(dir, "token"), "tok");
                using (var client = new BridgeClient(Identity(), new ToolRegistry(), new Inline(), new Quiet(), dir) { AutoStartDaemon = false })
                {
                    client.Start();
                    Thread.Sleep(3200); // measuring a rate over time: the sleep is the measurement window
                }
                // Attempts at 0, 0.25, 0.75, 1.75 s (then 3.75): four or five; without the
                // backoff it was one every 250 ms (13).
                Assert.That(accepted, Is.InRange(2, 6), "connection attempts in 3.2 s");
            }
            finally
            {
                stop = true;
                listener.Stop();
                Directory.Delete(dir, true);
            }
        }

        /// <summary>The same proof as the daemon's state.Proof (its TestProofVector).</summary>
        [Test]
        public void ProofMatchesTheDaemons()
        {
            Assert.That(DaemonEndpoint.Proof("0123456789abcdef", "00112233445566778899aabbccddeeff"),
                Is.EqualTo("1c088c412da042cb7c325625ec82df971b9842b1460783eb226b314154124729"));
        }

        /// <summary>A listener at the address of a daemon.json whose key is "the-key" (the
        /// token: "secret-token"), serving each connection with handle, and a BridgeClient
        /// of that state folder, handed to run.</summary>
        static void AgainstListener(Action<TcpClient> handle, Action<BridgeClient> run)
        {
            var listener = new TcpListener(IPAddress.Loopback, 0);
            listener.Start();
            int port = ((IPEndPoint)listener.LocalEndpoint).Port;
            bool stop = false;
            Serve(listener, () => stop, handle);
            var dir = Path.Combine(Path.GetTempPath(), "unitymcp-squat-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(dir);
            try
            {
                File.WriteAllText(Path.Combine(dir, "daemon.json"), "{\"url\":\"http://127.0.0.1:" + port + "\",\"pid\":1,\"version\":\"t\",\"key\":\"the-key\"}");
                File.WriteAllText(Path.Combine(dir, "token"), "secret-token");
                using (var client = new BridgeClient(Identity(), new ToolRegistry(), new Inline(), new Quiet(), dir) { AutoStartDaemon = false })
                    run(client);
            }
            finally
            {
                stop = true;
                listener.Stop();
                Directory.Delete(dir, true);
            }
        }

        /// <summary>A stale daemon.json whose address another program now holds (after a
        /// crash): that program answers /proof wrongly or not at all, and never sees the
        /// token — no Authorization header on any request it gets, no WebSocket dialled.</summary>
        [TestCase("none")]
        [TestCase("wrong")]
        public void SquatterNeverGetsTheToken(string answer)
        {
            int requests = 0, authorized = 0, upgrades = 0;
            AgainstListener(c =>
            {
                var s = c.GetStream();
                s.ReadTimeout = 5000;
                var head = FakeDaemon.ReadHead(s).ToString();
                Interlocked.Increment(ref requests);
                if (head.IndexOf("\nauthorization:", StringComparison.OrdinalIgnoreCase) >= 0) Interlocked.Increment(ref authorized);
                if (head.IndexOf("\nupgrade:", StringComparison.OrdinalIgnoreCase) >= 0) Interlocked.Increment(ref upgrades);
                var body = answer == "wrong" ? "{\"proof\":\"" + DaemonEndpoint.Proof("not-the-key", "00") + "\"}" : "{}";
                var status = answer == "wrong" ? "200 OK" : "404 Not Found";
                var b = System.Text.Encoding.ASCII.GetBytes("HTTP/1.1 " + status + "\r\nConnection: close\r\nContent-Length: " + body.Length + "\r\n\r\n" + body);
                s.Write(b, 0, b.Length);
            }, client =>
            {
                string ended = null;
                var once = new ManualResetEventSlim(false);
                client.RunEnded += r => { ended = r; once.Set(); };
                client.Start();
                Assert.That(once.Wait(Wait), Is.True, "the client never tried");
                Thread.Sleep(600); // a retry or two
                Assert.That(requests, Is.GreaterThan(0), "requests to the squatter");
                Assert.That(authorized, Is.EqualTo(0), "requests with an Authorization header");
                Assert.That(upgrades, Is.EqualTo(0), "WebSocket upgrades");
                Assert.That(client.IsConnected, Is.False);
                Assert.That(ended != null && (ended.Contains("cannot prove") || ended.Contains("nothing answers")), Is.True, "why the run ended: " + ended);
            });
        }

        /// <summary>Attack A2 against the package: the daemon proves one connection and the
        /// token goes on another, which whatever took the port in between answers. Here every
        /// connection's first request gets a correct proof, after which the listener hangs up
        /// (an older daemon's "Connection: close", or a socket simply closed): the client must
        /// send its upgrade on the proven connection or not at all, so no request that is not
        /// a connection's proof — above all none with the token — ever reaches the listener.</summary>
        [TestCase("close")]
        [TestCase("hangup")]
        public void TokenGoesOnlyOnTheProvenConnection(string after)
        {
            int proofs = 0, others = 0, authorized = 0;
            AgainstListener(c =>
            {
                var s = c.GetStream();
                s.ReadTimeout = 5000;
                var head = FakeDaemon.ReadHead(s).ToString();
                if (head.IndexOf("\nauthorization:", StringComparison.OrdinalIgnoreCase) >= 0) Interlocked.Increment(ref authorized);
                var target = head.Split(' ')[1];
                var prefix = DaemonEndpoint.ProofPath + "?nonce=";
                if (!target.StartsWith(prefix, StringComparison.Ordinal))
                {
                    Interlocked.Increment(ref others);
                    return;
                }
                Interlocked.Increment(ref proofs);
                var nonce = target.Substring(prefix.Length).Split('&')[0];
                var body = "{\"proof\":\"" + DaemonEndpoint.Proof("the-key", nonce) + "\"}";
                var b = System.Text.Encoding.ASCII.GetBytes("HTTP/1.1 200 OK\r\n" + (after == "close" ? "Connection: close\r\n" : "")
                    + "Content-Length: " + body.Length + "\r\n\r\n" + body);
                s.Write(b, 0, b.Length);
            }, client =>
            {
                var runs = 0;
                var twice = new ManualResetEventSlim(false);
                client.RunEnded += r => { if (Interlocked.Increment(ref runs) == 2) twice.Set(); };
                client.Start();
                Assert.That(twice.Wait(Wait), Is.True, "the client did not try twice");
                Assert.That(proofs, Is.GreaterThan(0), "proofs answered");
                Assert.That(others, Is.EqualTo(0), "requests on a connection whose first request was not the proof");
                Assert.That(authorized, Is.EqualTo(0), "requests with an Authorization header");
            });
        }

        /// <summary>The proof, then the upgrade with the token, on one connection (FakeDaemon
        /// refuses any other order).</summary>
        [Test]
        public void ProofAndUpgradeShareOneConnection()
        {
            using (var daemon = new FakeDaemon())
            {
                var client = Connect(daemon, null, new Quiet());
                Assert.That(daemon.Proofs, Is.EqualTo(1), "proofs");
                Assert.That(daemon.ProvenUpgrades, Is.EqualTo(1), "upgrades with the token on the proven connection");
                StopAgainst(daemon, client);
            }
        }

        sealed class Held : IMainThread
        {
            public readonly List<Action> Queue = new List<Action>();
            public void Post(Action work) { lock (Queue) Queue.Add(work); }
            public void Drain()
            {
                Action[] q;
                lock (Queue) { q = Queue.ToArray(); Queue.Clear(); }
                foreach (var a in q) a();
            }
        }

        /// <summary>The ping's answer carries the main thread's liveness: a probe posted at one
        /// ping that has not run by the next (a modal dialog holds the main thread) is
        /// reported with how long it waited; once the main thread ran it, 0 again.</summary>
        [Test]
        public void PingReportsHowLongTheMainThreadWaited()
        {
            var main = new Held();
            var client = new BridgeClient(Identity(), new ToolRegistry(), main, new Quiet(), Path.GetTempPath()) { AutoStartDaemon = false };
            Assert.AreEqual(0, client.MainThreadWaitMs(), "the first ping posts a probe");
            Assert.AreEqual(1, main.Queue.Count, "one probe posted");
            Thread.Sleep(30); // kept: the wait being measured
            Assert.GreaterOrEqual(client.MainThreadWaitMs(), 25, "the probe has not run: the main thread is held up");
            Assert.AreEqual(1, main.Queue.Count, "no second probe while the first waits");
            main.Drain();
            Assert.AreEqual(0, client.MainThreadWaitMs(), "the main thread ran the probe");
        }

        /// <summary>A daemon that stops reading: the kernel's buffers fill up, and still no
        /// caller waits — events and replies are queued, pings answered from the socket
        /// thread keep the reader going, and the close before a reload gives up after
        /// CloseTimeout instead of blocking beforeAssemblyReload.</summary>
        [Test]
        public void StalledDaemonBlocksNoCaller()
        {
            using (var daemon = new FakeDaemon(receiveBuffer: 4096))
            {
                var ran = new ManualResetEventSlim(false);
                var tools = new ToolRegistry();
                tools.Register(new DelegateTool("t", true, c => { c.Reply(new JObject { { "ok", true } }); ran.Set(); }));
                var log = new Quiet();
                var client = Connect(daemon, tools, log);
                client.CloseTimeout = TimeSpan.FromMilliseconds(300);
                // The daemon reads nothing from here on. 48 MiB is far more than the kernel
                // buffers (4 KiB here, at most a few MiB on the client's side).
                var blob = new string('x', 1024 * 1024);
                TimeSpan took;
                Assert.IsTrue(ReturnsWithin(TimeSpan.FromSeconds(15), () =>
                {
                    for (int i = 0; i < 48; i++) client.Emit("test.blob", new JObject { { "i", i }, { "blob", blob } });
                }, out took), "Emit blocked on a daemon that does not read");
                var conn = client.LastConnection;
                Assert.Greater(conn.QueuedBytes, 32L * 1024 * 1024,
                    "the writer must be stuck on the full socket (else this test proves nothing): most of the 48 MiB is still queued");
                Assert.IsFalse(conn.WriterDone.IsSet, "the writer is still waiting on the socket");

                // The reader still reads: a ping and a call arrive and are answered (queued).
                daemon.Write(new JObject { { "jsonrpc", "2.0" }, { "id", "p1" }, { "method", Protocol.Ping } });
                daemon.Call("r1", "c1", "t");
                Assert.IsTrue(ran.Wait(Wait), "the call was not run: the reader is blocked behind the stalled writer");

                Assert.IsTrue(ReturnsWithin(TimeSpan.FromSeconds(3), client.AnnounceReload, out took),
                    "AnnounceReload (beforeAssemblyReload) did not return within 3 s while the daemon is stalled");
                Assert.Less(took.TotalMilliseconds, 2000, "AnnounceReload took " + took.TotalMilliseconds + " ms with CloseTimeout 300 ms");
                Assert.IsTrue(conn.WriterDone.Wait(Wait), "the writer thread did not end after the connection was dropped");
                lock (log.Warnings)
                    StringAssert.Contains("did not take the last messages within 0.3 s", string.Join("\n", log.Warnings.ToArray()));
            }
        }

        /// <summary>The answer sent right before a reload (compile without
        /// WaitForDomainReload answers in compilationFinished, and the reload starts in the
        /// same tick) reaches the daemon before reload.starting and the close.</summary>
        [Test]
        public void AnswerSentRightBeforeTheReloadArrivesFirst()
        {
            using (var daemon = new FakeDaemon())
            {
                BridgeClient client = null;
                var reloaded = new ManualResetEventSlim(false);
                var took = TimeSpan.Zero;
                var tools = new ToolRegistry();
                // Off the socket's reader thread, as Unity's main thread is.
                tools.Register(new DelegateTool("compile", false, c =>
                {
                    var sw = Stopwatch.StartNew();
                    c.Reply(new JObject { { "Success", true } });
                    client.AnnounceReload();
                    took = sw.Elapsed;
                    reloaded.Set();
                }));
                client = Connect(daemon, tools, new Quiet());
                daemon.Call("r1", "c1", "compile");
                var answer = daemon.Read();
                Assert.AreEqual("r1", (string)answer["id"], "first the answer: " + answer);
                Assert.AreEqual(true, (bool)answer["result"]["Success"]);
                var ev = daemon.Read();
                Assert.AreEqual(Protocol.ReloadStarting, (string)ev["params"]["type"], "then reload.starting: " + ev);
                Assert.IsNull(daemon.Read(), "then the close");
                Assert.IsTrue(reloaded.Wait(Wait), "AnnounceReload did not return after the daemon answered the close");
                Assert.Less(took.TotalMilliseconds, 500, "a daemon that reads and answers the close: AnnounceReload returns at once, not after CloseTimeout");
            }
        }

        /// <summary>A held call's id is listed as spanning in reload.starting; after the
        /// reload the daemon sends it again (it was missing from the hello's deliveries) and
        /// the new client binds that request to the running call instead of running the tool
        /// again; the answer goes to it whenever it comes.</summary>
        [Test]
        public void HeldCallTakesOverTheResentRequestAfterTheReload()
        {
            using (var daemon = new FakeDaemon())
            {
                int runs = 0;
                SpanningCalls spanning = new SpanningCalls();
                var tools = new ToolRegistry();
                tools.Register(new DelegateTool("run-tests", true, c => { Interlocked.Increment(ref runs); spanning.Hold(c, new JObject { { "mode", "PlayMode" } }); }));
                var first = Connect(daemon, tools, new Quiet(), spanning);
                daemon.Call("r1", "c1", "run-tests");
                // The reload: the adapter saves the store, announces, and the domain goes.
                var sawHold = SpinWait.SpinUntil(() => spanning.IsHeld("c1"), Wait);
                Assert.IsTrue(sawHold, "the tool did not hold the call");
                var saved = spanning.Save();
                var announced = new Thread(first.AnnounceReload); // the main thread, while the daemon reads
                announced.Start();
                var ev = daemon.Read();
                Assert.AreEqual(Protocol.ReloadStarting, (string)ev["params"]["type"]);
                CollectionAssert.AreEqual(new[] { "c1" }, ev["params"]["data"]["spanning"].ToObject<string[]>(), "the held call spans the reload");
                Assert.IsNull(daemon.Read(), "then the close");
                Assert.IsTrue(announced.Join(Wait), "AnnounceReload did not return");

                // The new domain: the store comes back from SessionState.
                string problem;
                spanning = SpanningCalls.Load(saved, out problem);
                Assert.IsNull(problem);
                Assert.AreEqual("PlayMode", (string)spanning.Running("run-tests")[0].Value["mode"]);
                var second = new BridgeClient(Identity(), tools, new Inline(), new Quiet(), daemon.StateDir) { AutoStartDaemon = false, Spanning = spanning };
                second.Start();
                daemon.Accept(Wait);
                var hello = daemon.Greet();
                Assert.AreEqual(0, ((JArray)hello["params"]["delivered"]).Count, "nothing to deliver yet: the run goes on");
                daemon.Call("r2", "c1", "run-tests"); // the daemon's re-send, same callId
                daemon.Call("r3", "c2", "unknown-tool"); // answered at once: the re-send was handled before it
                var unknown = daemon.Read();
                Assert.AreEqual("r3", (string)unknown["id"]);
                Assert.AreEqual(1, runs, "the re-sent call must not start a second run");

                Assert.IsTrue(spanning.Answer("c1", new JObject { { "Success", true } }), "the held call is still there to answer");
                var answer = daemon.Read();
                Assert.AreEqual("r2", (string)answer["id"], "the answer goes to the re-sent request: " + answer);
                Assert.AreEqual(true, (bool)answer["result"]["Success"]);
                Assert.AreEqual(0, spanning.Count, "delivered: nothing held any more");
                StopAgainst(daemon, second);
            }
        }

        /// <summary>An answer that came while no connection was there (the run finished
        /// during the reload) is delivered in the next hello, once.</summary>
        [Test]
        public void AnswerFromTheReloadIsDeliveredInTheHello()
        {
            using (var daemon = new FakeDaemon())
            {
                var spanning = new SpanningCalls();
                var call = ToolCall.ForTest("run-tests", null, _ => { });
                spanning.Hold(call);
                string problem;
                spanning = SpanningCalls.Load(spanning.Save(), out problem); // across the reload
                Assert.IsTrue(spanning.Answer("test", new JObject { { "Success", true } }));
                var client = new BridgeClient(Identity(), new ToolRegistry(), new Inline(), new Quiet(), daemon.StateDir) { AutoStartDaemon = false, Spanning = spanning };
                var connected = new ManualResetEventSlim(false);
                client.Connected += connected.Set;
                client.Start();
                daemon.Accept(Wait);
                var hello = daemon.Greet();
                var delivered = (JArray)hello["params"]["delivered"];
                Assert.AreEqual(1, delivered.Count);
                Assert.AreEqual("test", (string)delivered[0]["callId"]);
                Assert.AreEqual(true, (bool)delivered[0]["result"]["Success"]);
                Assert.IsTrue(connected.Wait(Wait));
                Assert.AreEqual(0, spanning.Count, "delivered once: the hello was answered");
                StopAgainst(daemon, client);
            }
        }

        /// <summary>The daemon start is tried once per Editor session: a client built after
        /// a reload with the remembered flag does not try (nor warn) again.</summary>
        [Test]
        public void DaemonStartIsTriedOncePerSession()
        {
            var dir = Path.Combine(Path.GetTempPath(), "unitymcp-nodaemon-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(dir);
            try
            {
                var nothing = new DaemonLocator { Os = "linux", Home = "/home/u" };
                int attempts = 0;
                Func<bool, Quiet, bool> run = (tried, log) =>
                {
                    var ended = new CountdownEvent(2); // two connection attempts
                    using (var client = new BridgeClient(Identity(), new ToolRegistry(), new Inline(), log, dir) { Locator = nothing, DaemonStartTried = tried })
                    {
                        client.DaemonStartAttempted += () => Interlocked.Increment(ref attempts);
                        client.RunEnded += _ => { if (ended.CurrentCount > 0) ended.Signal(); };
                        client.Start();
                        Assert.IsTrue(ended.Wait(Wait), "the client did not try to connect twice");
                        return client.DaemonStartTried;
                    }
                };
                var first = new Quiet();
                bool remembered = run(false, first);
                Assert.IsTrue(remembered);
                Assert.AreEqual(1, attempts, "one attempt in the first domain, not one per connection attempt");
                Assert.AreEqual(1, first.Warnings.Count, "one warning: " + string.Join("\n", first.Warnings.ToArray()));
                StringAssert.Contains("no unitymcp daemon is running", first.Warnings[0]);
                StringAssert.Contains("/usr/bin/unitymcp", first.Warnings[0], "the warning says where it looked");
                StringAssert.Contains("Project Settings > unitymcp", first.Warnings[0], "and what to do");
                var second = new Quiet();
                run(remembered, second); // the next domain, with SessionState's flag
                Assert.AreEqual(1, attempts, "no second attempt after the reload");
                Assert.AreEqual(0, second.Warnings.Count, "no second warning after the reload");
            }
            finally
            {
                Directory.Delete(dir, true);
            }
        }
    }
}
