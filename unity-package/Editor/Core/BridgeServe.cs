using System;
using System.Threading;
using System.Threading.Tasks;
using Newtonsoft.Json.Linq;

namespace UnityMcp.Core
{
    /// <summary>The serving side of a connection: reading frames, answering pings and the
    /// daemon's requests, and running tool calls on the main thread or a worker.</summary>
    public sealed partial class BridgeClient
    {
        string ReadLoop(WebSocketClient ws)
        {
            try
            {
                while (true)
                {
                    var text = ws.Receive();
                    if (text == null) return "the daemon closed the connection (" + ws.CloseReason + ")";
                    Handle(text);
                }
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
                    if (id != null) Send(Protocol.Response(id, new JObject { { "mainThreadWaitMs", MainThreadWaitMs() } }));
                    return;
                case Protocol.Cancel:
                    var cid = (string)m["params"]["callId"];
                    CancellationTokenSource cts;
                    lock (gate) running.TryGetValue(cid ?? "", out cts);
                    if (cts != null) cts.Cancel();
                    Spanning.Forget(cid);
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

        readonly object probeGate = new object();
        DateTime probePosted; // default: no probe waiting for the main thread

        /// <summary>The main thread's liveness for a ping's answer: how long the probe posted
        /// at an earlier ping has waited for the main thread (0 when it ran; then a new one is
        /// posted). The ping itself is answered here on the socket thread, which a modal dialog
        /// does not stop; the daemon tells a blocked Editor from this number.</summary>
        internal long MainThreadWaitMs()
        {
            lock (probeGate)
            {
                if (probePosted != default(DateTime))
                    return (long)(DateTime.UtcNow - probePosted).TotalMilliseconds;
                probePosted = DateTime.UtcNow;
            }
            main.Post(() => { lock (probeGate) probePosted = default(DateTime); });
            return 0;
        }

        void Dispatch(JToken id, JObject p)
        {
            var callId = (string)p["callId"];
            var name = (string)p["tool"];
            IToolHandler handler;
            if (!tools.TryGet(name ?? "", out handler))
            {
                Send(Protocol.ErrorResponse(id, Protocol.ToolError("unknown_tool", "this editor has no tool " + name + "; update the unitymcp package", null)));
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
            // on another call. The daemon settles calls of a lost connection;
            // a call held across reloads keeps its answer for the next hello.
            var origin = conn;
            var call = new ToolCall(callId, name, p["arguments"] as JObject, deadline, cts.Token, c =>
            {
                lock (gate) running.Remove(c.CallId ?? "");
                bool live = origin != null && conn == origin && !cts.IsCancellationRequested;
                bool sent = live && origin.Enqueue(Encode(c.Error != null ? Protocol.ErrorResponse(id, c.Error) : Protocol.Response(id, c.Result)));
                Spanning.Settled(c, sent);
            });
            var session = p["session"];
            if (session != null && session.Type == JTokenType.String) call.Session = ((string)session).Length <= 128 ? (string)session : ((string)session).Substring(0, 128);
            // A call held across a reload that the daemon sent again (it was missing from
            // the hello's delivered answers): it is running already, or answered.
            JToken result;
            JObject error;
            switch (Spanning.Adopt(call, out result, out error))
            {
                case SpanningCalls.Adoption.Bound:
                    return;
                case SpanningCalls.Adoption.Answered:
                    lock (gate) running.Remove(callId ?? "");
                    Send(error != null ? Protocol.ErrorResponse(id, error) : Protocol.Response(id, result ?? new JObject()));
                    return;
            }
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
    }
}
