using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Net.WebSockets;
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
    /// worker) and sends their answers back, and re-dials with backoff. Socket I/O never
    /// runs on the Unity main thread.</summary>
    public sealed class BridgeClient : IDisposable
    {
        readonly EditorIdentity identity;
        readonly ToolRegistry tools;
        readonly IMainThread main;
        readonly ILog log;
        readonly string stateDir;
        readonly SemaphoreSlim sendLock = new SemaphoreSlim(1, 1);
        readonly object gate = new object();
        readonly Dictionary<string, CancellationTokenSource> running = new Dictionary<string, CancellationTokenSource>();
        readonly Dictionary<long, TaskCompletionSource<JObject>> pending = new Dictionary<long, TaskCompletionSource<JObject>>();
        CancellationTokenSource life = new CancellationTokenSource();
        ClientWebSocket socket;
        Thread thread;
        long nextId;
        bool daemonStartTried;
        volatile bool stopping;
        volatile string status = "not started";

        public BridgeClient(EditorIdentity identity, ToolRegistry tools, IMainThread main, ILog log, string stateDir)
        {
            this.identity = identity;
            this.tools = tools;
            this.main = main;
            this.log = log;
            this.stateDir = stateDir;
            Deliveries = new List<JObject>();
            AutoStartDaemon = true;
        }

        /// <summary>Answers of calls that spanned a domain reload, sent in the next hello.</summary>
        public List<JObject> Deliveries { get; set; }

        /// <summary>Reports whether the editor is compiling (for hello).</summary>
        public Func<bool> IsCompiling { get; set; }

        /// <summary>The unitymcp binary to start when no daemon runs (null: "unitymcp" on PATH).</summary>
        public string DaemonExecutable { get; set; }

        /// <summary>Whether to start the daemon when none runs.</summary>
        public bool AutoStartDaemon { get; set; }

        /// <summary>Says that the daemon was started (default: the log). The Editor sets it to
        /// say so once per Editor session, not after every domain reload.</summary>
        public Action<string> AnnounceDaemonStart { get; set; }

        /// <summary>How long to wait between connection attempts at most.</summary>
        public TimeSpan MaxBackoff = TimeSpan.FromSeconds(5);

        public bool IsConnected { get; private set; }

        /// <summary>Human-readable connection state for the settings page.</summary>
        public string Status { get { return status; } }

        public event Action Connected;
        public event Action<string> Disconnected;

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

        /// <summary>How long dialling the daemon may take before the attempt counts as failed.</summary>
        public TimeSpan ConnectTimeout = TimeSpan.FromSeconds(10);

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
            var ws = new ClientWebSocket();
            ws.Options.SetRequestHeader("Authorization", "Bearer " + ep.Token);
            ws.Options.KeepAliveInterval = TimeSpan.FromSeconds(30);
            var uri = new Uri(ep.Url.Replace("http://", "ws://").TrimEnd('/') + Protocol.Path);
            try
            {
                if (!ws.ConnectAsync(uri, life.Token).Wait(ConnectTimeout))
                    throw new TimeoutException("no answer within " + ConnectTimeout.TotalSeconds + " s");
            }
            catch (Exception e)
            {
                TryStartDaemon("the daemon at " + ep.Url + " does not answer (" + e.GetBaseException().Message + ")");
                ws.Dispose();
                return "cannot connect to " + ep.Url + ": " + e.GetBaseException().Message;
            }
            socket = ws;
            var reader = Task.Factory.StartNew(() => ReadLoop(ws), TaskCreationOptions.LongRunning);
            try
            {
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
                    { "delivered", new JArray(Deliveries.ToArray()) },
                    { "compiling", IsCompiling != null && IsCompiling() },
                };
                var res = CallAsync(Protocol.Hello, hello, TimeSpan.FromSeconds(10)).Result;
                Deliveries.Clear();
                greeted = true;
                lock (unsentGate)
                {
                    while (unsent.Count > 0) Send(unsent.Dequeue());
                    IsConnected = true;
                }
                status = "connected to " + ep.Url + " (daemon " + (string)res["daemonVersion"] + ", project " + (string)res["projectHash"] + ")";
                log.Info("unitymcp: " + status);
                var c = Connected;
                if (c != null) main.Post(() => c());
                reader.Wait();
                return reader.Result;
            }
            catch (Exception e)
            {
                var msg = e.GetBaseException().Message;
                log.Warn("unitymcp: " + msg);
                try { ws.Abort(); } catch (Exception) { }
                return msg;
            }
            finally
            {
                socket = null;
                FailPending();
                ws.Dispose();
            }
        }

        void TryStartDaemon(string why)
        {
            if (!AutoStartDaemon || daemonStartTried) return;
            daemonStartTried = true;
            var exe = string.IsNullOrEmpty(DaemonExecutable) ? "unitymcp" : DaemonExecutable;
            try
            {
                var psi = new ProcessStartInfo(exe, "serve") { UseShellExecute = false, CreateNoWindow = true };
                psi.EnvironmentVariables["UNITYMCP_HOME"] = stateDir;
                Process.Start(psi);
                var msg = "unitymcp: " + why + "; started the daemon (" + exe + " serve)";
                var announce = AnnounceDaemonStart;
                if (announce != null) announce(msg);
                else log.Info(msg);
            }
            catch (Exception e)
            {
                log.Warn("unitymcp: " + why + ", and starting it failed (" + exe + ": " + e.Message + "). Install unitymcp and run `unitymcp serve`, or set the daemon path in Project Settings > unitymcp.");
            }
        }

        string ReadLoop(ClientWebSocket ws)
        {
            var buf = new byte[64 * 1024];
            var msg = new MemoryStream();
            try
            {
                while (ws.State == WebSocketState.Open)
                {
                    var r = ws.ReceiveAsync(new ArraySegment<byte>(buf), life.Token).Result;
                    if (r.MessageType == WebSocketMessageType.Close)
                        return "the daemon closed the connection (" + r.CloseStatusDescription + ")";
                    msg.Write(buf, 0, r.Count);
                    if (!r.EndOfMessage) continue;
                    var text = Encoding.UTF8.GetString(msg.GetBuffer(), 0, (int)msg.Length);
                    msg.SetLength(0);
                    Handle(text);
                }
                return "connection " + ws.State;
            }
            catch (Exception e)
            {
                return e.GetBaseException().Message;
            }
        }

        void Handle(string text)
        {
            JObject m;
            try { m = JObject.Parse(text); }
            catch (Exception) { log.Warn("unitymcp: ignored a frame that is not JSON"); return; }
            var method = (string)m["method"];
            var id = m["id"];
            if (method == null)
            {
                if (id == null) return;
                TaskCompletionSource<JObject> tcs;
                lock (gate)
                {
                    long key = (long)id;
                    if (!pending.TryGetValue(key, out tcs)) return;
                    pending.Remove(key);
                }
                tcs.TrySetResult(m);
                return;
            }
            switch (method)
            {
                case Protocol.Ping:
                    if (id != null) Send(Protocol.Response(id, new JObject()));
                    return;
                case Protocol.Cancel:
                    var cid = (string)m["params"]["callId"];
                    CancellationTokenSource cts;
                    lock (gate) running.TryGetValue(cid ?? "", out cts);
                    if (cts != null) cts.Cancel();
                    return;
                case Protocol.Call:
                    Dispatch(id, (JObject)m["params"]);
                    return;
                default:
                    if (id != null)
                        Send(Protocol.ErrorResponse(id, new JObject { { "code", Protocol.MethodNotFound }, { "message", "the editor has no method " + method } }));
                    return;
            }
        }

        void Dispatch(JToken id, JObject p)
        {
            var callId = (string)p["callId"];
            var name = (string)p["tool"];
            IToolHandler handler;
            if (!tools.TryGet(name ?? "", out handler))
            {
                Send(Protocol.ErrorResponse(id, new JObject { { "code", Protocol.ToolErrorCode }, { "message", "this editor has no tool " + name + "; update the unitymcp package" }, { "data", new JObject { { "code", "unknown_tool" } } } }));
                return;
            }
            var deadline = DateTime.MaxValue;
            var ms = p["deadlineMs"];
            if (ms != null && ms.Type == JTokenType.Integer)
                deadline = new DateTime(1970, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddMilliseconds((long)ms);
            var cts = CancellationTokenSource.CreateLinkedTokenSource(life.Token);
            lock (gate) running[callId ?? ""] = cts;
            // Answer only on the connection the call came on: request ids are
            // per connection, so an answer sent after a reconnect could land
            // on another call. The daemon settles calls of a lost connection.
            var origin = socket;
            var call = new ToolCall(callId, name, p["arguments"] as JObject, deadline, cts.Token, c =>
            {
                lock (gate) running.Remove(c.CallId ?? "");
                if (socket != origin || cts.IsCancellationRequested) return;
                Send(c.Error != null ? Protocol.ErrorResponse(id, c.Error) : Protocol.Response(id, c.Result));
            });
            Action run = () =>
            {
                if (cts.IsCancellationRequested) return; // cancelled or its connection is gone
                try { handler.Invoke(call); }
                catch (Exception e)
                {
                    call.Fail("editor_error", name + " failed in the editor: " + e.GetBaseException().Message);
                }
            };
            if (handler.MainThread) main.Post(run);
            else ThreadPool.QueueUserWorkItem(_ => run());
        }

        /// <summary>Sends an event; while not connected (before the first hello, between a
        /// reload and the next hello) it is kept — the last <see cref="MaxUnsentEvents"/> —
        /// and sent right after the next hello, in order, before anything newer.</summary>
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

        /// <summary>Tells the daemon a domain reload starts (calls listed in spanning are
        /// answered in the next hello) and closes the connection; the client does not
        /// reconnect — the new domain starts its own.</summary>
        public void AnnounceReload(IList<string> spanningCallIds)
        {
            Emit(Protocol.ReloadStarting, new JObject { { "spanning", new JArray(spanningCallIds ?? new string[0]) } });
            Stop(false);
        }

        /// <summary>Closes the connection and stops reconnecting.</summary>
        public void Stop(bool quitting)
        {
            if (quitting) Emit(Protocol.Quitting, new JObject());
            stopping = true;
            var ws = socket;
            if (ws != null)
            {
                try
                {
                    ws.CloseAsync(WebSocketCloseStatus.NormalClosure, quitting ? "quitting" : "domain reload", CancellationToken.None).Wait(TimeSpan.FromSeconds(1));
                }
                catch (Exception) { }
            }
            life.Cancel();
            if (thread != null && thread != Thread.CurrentThread) thread.Join(TimeSpan.FromSeconds(2));
            status = quitting ? "stopped" : "reloading";
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

        void Send(JObject m)
        {
            var ws = socket;
            if (ws == null || ws.State != WebSocketState.Open) return;
            var bytes = Encoding.UTF8.GetBytes(m.ToString(Formatting.None));
            sendLock.Wait();
            try
            {
                ws.SendAsync(new ArraySegment<byte>(bytes), WebSocketMessageType.Text, true, CancellationToken.None).Wait(TimeSpan.FromSeconds(30));
            }
            catch (Exception e)
            {
                log.Warn("unitymcp: send failed: " + e.GetBaseException().Message);
            }
            finally
            {
                sendLock.Release();
            }
        }
    }
}
