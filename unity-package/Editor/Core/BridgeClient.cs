using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace UnityMcp.Core
{
    /// <summary>Keeps this editor connected to the unitymcp daemon: finds it through
    /// daemon.json in the state directory, authenticates with the token, says hello,
    /// answers pings from the socket thread, hands tool calls to the main thread (or a
    /// worker) and sends their answers back, and re-dials with backoff.
    ///
    /// Nothing waits on the socket but the connection's own threads: one reader, and one
    /// writer that drains a queue. <see cref="Emit"/>, replies and pongs only enqueue, so
    /// a daemon that stops reading (stalled, suspended in a debugger) never blocks
    /// EditorApplication.update; closing before a domain reload waits for the queue to be
    /// written at most <see cref="CloseTimeout"/>, then drops the connection.</summary>
    public sealed partial class BridgeClient : IDisposable
    {
        readonly EditorIdentity identity;
        readonly ToolRegistry tools;
        readonly IMainThread main;
        readonly ILog log;
        readonly string stateDir;
        readonly object gate = new object();
        readonly Dictionary<string, CancellationTokenSource> running = new Dictionary<string, CancellationTokenSource>();
        readonly Dictionary<long, TaskCompletionSource<JObject>> pending = new Dictionary<long, TaskCompletionSource<JObject>>();
        readonly CancellationTokenSource life = new CancellationTokenSource();
        volatile Connection conn;
        Thread thread;
        long nextId;
        volatile bool daemonStartTried;
        volatile bool stopping;
        volatile string status = "not started";

        public BridgeClient(EditorIdentity identity, ToolRegistry tools, IMainThread main, ILog log, string stateDir)
        {
            this.identity = identity;
            this.tools = tools;
            this.main = main;
            this.log = log;
            this.stateDir = stateDir;
            Spanning = new SpanningCalls();
            AutoStartDaemon = true;
        }

        /// <summary>Calls that span domain reloads: answered ones go out in the next hello,
        /// running ones take over the daemon's re-sent request. The adapter keeps one store
        /// across clients and domains (SessionState).</summary>
        public SpanningCalls Spanning { get; set; }

        /// <summary>Reports whether the editor is compiling (for hello).</summary>
        public Func<bool> IsCompiling { get; set; }

        /// <summary>The unitymcp binary to start when no daemon runs (null: search PATH and the
        /// install locations, <see cref="DaemonLocator"/>).</summary>
        public string DaemonExecutable { get; set; }

        /// <summary>Whether to start the daemon when none runs.</summary>
        public bool AutoStartDaemon { get; set; }

        /// <summary>Whether starting the daemon was already tried. The Editor sets it from
        /// SessionState, so the attempt (and its warning) happens once per Editor session,
        /// not after every domain reload.</summary>
        public bool DaemonStartTried
        {
            get { return daemonStartTried; }
            set { daemonStartTried = value; }
        }

        /// <summary>Called (on the bridge thread) when the client tries to start the daemon,
        /// before it does: the Editor remembers it in SessionState.</summary>
        public event Action DaemonStartAttempted;

        /// <summary>Finds the binary to start (tests replace it).</summary>
        public DaemonLocator Locator = DaemonLocator.ForThisMachine();

        /// <summary>How long to wait between connection attempts at most.</summary>
        public TimeSpan MaxBackoff = TimeSpan.FromSeconds(5);

        /// <summary>How long dialling the daemon may take before the attempt counts as failed.</summary>
        public TimeSpan ConnectTimeout = TimeSpan.FromSeconds(10);

        /// <summary>How long <see cref="Stop"/> (and so beforeAssemblyReload) waits for the
        /// queued messages and the close to be written and the daemon's close to come back,
        /// before it drops the connection.</summary>
        public TimeSpan CloseTimeout = TimeSpan.FromSeconds(1);

        /// <summary>Bytes the daemon may leave unread before the connection is dropped (it
        /// is stalled or gone; the client dials again).</summary>
        public long MaxQueuedBytes = 64L * 1024 * 1024;

        public bool IsConnected { get; private set; }

        /// <summary>Human-readable connection state for the settings page.</summary>
        public string Status { get { return status; } }

        public event Action Connected;
        public event Action<string> Disconnected;

        /// <summary>Raised on the bridge thread after each connection attempt or session, with
        /// why it ended (tests wait on it).</summary>
        internal event Action<string> RunEnded;

        /// <summary>The connection being served, or the last one (tests look at its writer).</summary>
        internal Connection LastConnection { get; private set; }

        /// <summary>Starts the connection loop on a background thread.</summary>
        public void Start()
        {
            if (thread != null) return;
            thread = new Thread(Loop) { IsBackground = true, Name = "unitymcp bridge" };
            thread.Start();
        }

        void Loop()
        {
            var backoff = TimeSpan.FromMilliseconds(250);
            while (!stopping)
            {
                string reason;
                bool greeted = false;
                try
                {
                    reason = RunOnce(out greeted);
                }
                catch (Exception e)
                {
                    reason = e.GetBaseException().Message;
                }
                var ended = RunEnded;
                if (ended != null) ended(reason);
                if (stopping) break;
                if (IsConnected)
                {
                    lock (unsentGate) IsConnected = false;
                    var d = Disconnected;
                    if (d != null) d(reason);
                }
                // A session that got as far as the hello ended (a reload, a daemon
                // restart): come back quickly. Failed attempts back off up to MaxBackoff.
                if (greeted) backoff = TimeSpan.FromMilliseconds(250);
                status = "disconnected: " + reason + "; retrying in " + backoff.TotalSeconds.ToString("0.##") + " s";
                life.Token.WaitHandle.WaitOne(backoff);
                if (!greeted) backoff = TimeSpan.FromMilliseconds(Math.Min(backoff.TotalMilliseconds * 2, MaxBackoff.TotalMilliseconds));
            }
        }

        /// <summary>One connection: dial, hello, serve until it ends. Returns why it ended;
        /// greeted says whether the daemon answered the hello.</summary>
        string RunOnce(out bool greeted)
        {
            greeted = false;
            string why;
            var ep = DaemonEndpoint.Read(stateDir, out why);
            if (ep == null)
            {
                TryStartDaemon(why);
                return why;
            }
            // The token goes only to a daemon that proved it wrote daemon.json, on the
            // connection that carries it (WebSocketClient.Prove): after a crash another
            // program may hold the stale file's address, or take it between two connections.
            var uri = new Uri(ep.Url.Replace("http://", "ws://").TrimEnd('/') + Protocol.Path);
            WebSocketClient ws;
            try
            {
                ws = WebSocketClient.Connect(uri, "Bearer " + ep.Token, ep.Key, ConnectTimeout, life.Token);
            }
            catch (NotProvenException e) when (!stopping)
            {
                TryStartDaemon(e.Message);
                return e.Message;
            }
            catch (Exception e)
            {
                // Stopping (a domain reload, a quit) cancels the dial: the daemon is not
                // unanswering, and no second daemon may be started for it.
                if (stopping || e is OperationCanceledException) return "stopped";
                TryStartDaemon("the daemon at " + ep.Url + " does not answer (" + e.GetBaseException().Message + ")");
                return "cannot connect to " + ep.Url + ": " + e.GetBaseException().Message;
            }
            var c = new Connection(ws, log, MaxQueuedBytes);
            lock (gate)
            {
                if (stopping)
                {
                    c.Abort();
                    ws.Dispose();
                    return "stopped";
                }
                conn = c;
                LastConnection = c;
            }
            c.StartWriter();
            var reader = Task.Factory.StartNew(() =>
            {
                try { return ReadLoop(ws); }
                finally { c.ReaderDone.Set(); }
            }, TaskCreationOptions.LongRunning);
            try
            {
                var delivered = Spanning.Deliveries();
                var hello = new JObject
                {
                    { "protocol", Protocol.Version },
                    { "projectPath", identity.ProjectPath },
                    { "dataPath", identity.DataPath },
                    { "productName", identity.ProductName },
                    { "unityVersion", identity.UnityVersion },
                    { "pid", identity.Pid },
                    { "packageVersion", identity.PackageVersion },
                    { "simulator", identity.Simulator },
                    { "tools", new JArray(tools.BuiltinNames().ToArray()) },
                    { "declaredTools", tools.Declarations() },
                    { "delivered", new JArray(delivered.ToArray()) },
                    { "compiling", IsCompiling != null && IsCompiling() },
                };
                var res = CallAsync(Protocol.Hello, hello, TimeSpan.FromSeconds(10)).Result;
                Spanning.Delivered(delivered);
                greeted = true;
                lock (unsentGate)
                {
                    while (unsent.Count > 0) Send(unsent.Dequeue());
                    IsConnected = true;
                }
                status = "connected to " + ep.Url + " (daemon " + (string)res["daemonVersion"] + ", project " + (string)res["projectHash"] + ")";
                log.Info("unitymcp: " + status);
                var h = Connected;
                if (h != null) main.Post(() => h());
                reader.Wait();
                return reader.Result;
            }
            catch (Exception e)
            {
                var msg = e.GetBaseException().Message;
                if (!stopping) log.Warn("unitymcp: " + msg);
                c.Abort();
                return msg;
            }
            finally
            {
                lock (gate)
                {
                    if (conn == c) conn = null;
                }
                c.Abort(); // after a clean close the writer is done already: nothing left to drop
                FailPending();
                ws.Dispose();
            }
        }

        void TryStartDaemon(string why)
        {
            if (!AutoStartDaemon || daemonStartTried) return;
            daemonStartTried = true;
            var h = DaemonStartAttempted;
            if (h != null)
            {
                try { h(); } catch (Exception) { }
            }
            string problem;
            var exe = Locator.Find(DaemonExecutable, out problem);
            if (exe == null)
            {
                log.Warn("unitymcp: " + why + ", and it was not started: " + problem + ". The Editor tries this once per session; Reconnect in Project Settings > unitymcp tries again.");
                return;
            }
            try
            {
                var psi = new ProcessStartInfo(exe, "serve") { UseShellExecute = false, CreateNoWindow = true };
                psi.EnvironmentVariables["UNITYMCP_HOME"] = stateDir;
                Process.Start(psi);
                log.Info("unitymcp: " + why + "; started the daemon (" + exe + " serve)");
            }
            catch (Exception e)
            {
                log.Warn("unitymcp: " + why + ", and starting " + exe + " failed (" + e.Message + "). Check that it is the unitymcp binary and executable, or set its path in Project Settings > unitymcp, or start it yourself with `unitymcp serve`.");
            }
        }

        /// <summary>Sends an event; while not connected (before the first hello, between a
        /// reload and the next hello) it is kept — the last <see cref="MaxUnsentEvents"/> —
        /// and sent right after the next hello, in order, before anything newer. Never
        /// waits for the socket.</summary>
        public void Emit(string type, JObject data)
        {
            var msg = Protocol.Notification(Protocol.Event, new JObject { { "type", type }, { "data", data ?? new JObject() } });
            lock (unsentGate)
            {
                if (!IsConnected)
                {
                    if (unsent.Count == MaxUnsentEvents) unsent.Dequeue();
                    unsent.Enqueue(msg);
                    return;
                }
            }
            Send(msg);
        }

        /// <summary>How many events emitted while disconnected are kept for the next hello.</summary>
        public const int MaxUnsentEvents = 64;
        readonly Queue<JObject> unsent = new Queue<JObject>();
        readonly object unsentGate = new object();

        /// <summary>Tells the daemon a domain reload starts — every call in
        /// <see cref="Spanning"/> is listed as spanning it — and closes the connection
        /// (bounded by <see cref="CloseTimeout"/>); the client does not reconnect: the new
        /// domain starts its own. Save <see cref="Spanning"/> after it returns (the reader has stopped by then, so a cancel or a re-sent call that arrives meanwhile is kept): <see cref="SpanningCalls.SaveAfterAnnouncing"/>.</summary>
        public void AnnounceReload()
        {
            Emit(Protocol.ReloadStarting, new JObject { { "spanning", new JArray(Spanning.Ids().ToArray()) } });
            Stop(false);
        }

        /// <summary>Closes the connection and stops reconnecting. Whatever was sent before is
        /// written first, unless the daemon does not take it within <see cref="CloseTimeout"/>:
        /// then the connection is dropped. Returns within about CloseTimeout.</summary>
        public void Stop(bool quitting)
        {
            if (quitting) Emit(Protocol.Quitting, new JObject());
            var until = DateTime.UtcNow + CloseTimeout;
            Connection c;
            lock (gate)
            {
                stopping = true;
                c = conn;
            }
            if (c != null)
            {
                c.BeginClose(quitting ? "quitting" : "domain reload");
                if (!c.WriterDone.Wait(Remaining(until)))
                {
                    log.Warn("unitymcp: the daemon did not take the last messages within " + CloseTimeout.TotalSeconds + " s (" + c.QueuedBytes + " bytes unsent); closing without them");
                    c.Abort();
                }
                else c.ReaderDone.Wait(Remaining(until)); // the daemon's close: everything arrived
            }
            life.Cancel();
            var t = thread;
            if (t != null && t != Thread.CurrentThread)
            {
                var left = Remaining(until);
                t.Join(left < TimeSpan.FromMilliseconds(200) ? TimeSpan.FromMilliseconds(200) : left);
            }
            lock (unsentGate) IsConnected = false;
            status = quitting ? "stopped" : "reloading";
        }

        static TimeSpan Remaining(DateTime until)
        {
            var left = until - DateTime.UtcNow;
            return left < TimeSpan.Zero ? TimeSpan.Zero : left;
        }

        public void Dispose() { Stop(false); }

        Task<JObject> CallAsync(string method, JToken prms, TimeSpan timeout)
        {
            var tcs = new TaskCompletionSource<JObject>();
            long id = Interlocked.Increment(ref nextId);
            lock (gate) pending[id] = tcs;
            Send(Protocol.Request(id, method, prms));
            return Task.Run(() =>
            {
                if (!tcs.Task.Wait(timeout)) throw new TimeoutException(method + " got no answer within " + timeout.TotalSeconds + "s");
                var m = tcs.Task.Result;
                var err = m["error"];
                if (err != null) throw new InvalidOperationException(method + ": " + (string)err["message"]);
                return (JObject)m["result"];
            });
        }

        void FailPending()
        {
            List<TaskCompletionSource<JObject>> all;
            lock (gate)
            {
                all = new List<TaskCompletionSource<JObject>>(pending.Values);
                pending.Clear();
                foreach (var c in running.Values) c.Cancel();
                running.Clear();
            }
            foreach (var t in all) t.TrySetException(new IOException("connection closed"));
        }

        static byte[] Encode(JObject m) { return Encoding.UTF8.GetBytes(m.ToString(Formatting.None)); }

        /// <summary>Queues m on the current connection; false when there is none.</summary>
        bool Send(JObject m)
        {
            var c = conn;
            return c != null && c.Enqueue(Encode(m));
        }
    }
}
