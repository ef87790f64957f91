using System;
using System.Collections.Generic;
using System.Globalization;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace UnityMcp.Core
{
    /// <summary>Calls whose answer may come after a domain reload: a compile waiting for
    /// the reload, a test run that reloads, entering Play Mode. The adapter saves the store
    /// in SessionState as the reload starts, once the connection has stopped
    /// (<see cref="SaveAfterAnnouncing"/>), and loads it in the new domain
    /// (<see cref="Load"/>). Each held call is in one of two states:
    /// <list type="bullet">
    /// <item>running: no answer yet. reload.starting lists it as spanning. After the reload
    /// the daemon finds it missing from the hello's delivered answers and sends it again
    /// with the same callId (the tools that span reloads are idempotent); the
    /// <see cref="BridgeClient"/> then binds that new request to the held call instead of
    /// running the tool a second time, and the answer, whenever it comes, goes to it.</item>
    /// <item>answered: the answer is kept until it can be delivered — in the next hello, or
    /// to the daemon's re-sent request, whichever comes first.</item>
    /// </list>
    /// Thread-safe: the main thread holds and answers calls, the bridge's threads bind and
    /// deliver them.</summary>
    public sealed class SpanningCalls
    {
        sealed class Entry
        {
            public string CallId;
            public string Tool;
            public DateTime DeadlineUtc = DateTime.MaxValue;
            public DateTime SinceUtc;
            public JObject Data;
            public bool Answered;
            public JToken Result;
            public JObject Error;
            // The request of the current connection that the answer goes to (the original
            // call, or the daemon's re-sent one); never saved: it dies with the connection.
            public ToolCall Live;
        }

        /// <summary>How long a held call without a deadline is kept (the daemon gives up on
        /// a call after its deadline, 10 minutes when the client set none).</summary>
        public static readonly TimeSpan MaxAge = TimeSpan.FromMinutes(30);

        const int FormatVersion = 1;
        readonly object gate = new object();
        readonly List<Entry> entries = new List<Entry>();

        /// <summary>The clock (tests replace it).</summary>
        public Func<DateTime> UtcNow = () => DateTime.UtcNow;

        /// <summary>Keeps call open across reloads until it is answered: by call.Reply or
        /// call.Fail while its connection lasts, else by <see cref="Answer"/> or
        /// <see cref="Fail"/> with its callId (from the next domain too). data is the
        /// adapter's own state for the call, saved with it.</summary>
        public void Hold(ToolCall call, JObject data = null)
        {
            if (call == null) throw new ArgumentNullException("call");
            if (string.IsNullOrEmpty(call.CallId)) throw new ArgumentException("a call without a callId cannot span a reload (the daemon sends one with every call)", "call");
            lock (gate)
            {
                var e = Find(call.CallId);
                if (e == null)
                {
                    e = new Entry { CallId = call.CallId, SinceUtc = UtcNow() };
                    entries.Add(e);
                }
                e.Tool = call.Tool;
                e.DeadlineUtc = call.DeadlineUtc;
                e.Data = data;
                e.Answered = false;
                e.Result = null;
                e.Error = null;
                e.Live = call;
            }
        }

        /// <summary>Answers call now but delivers the answer after the coming reload (in the
        /// next hello), not on this connection: compile with WaitForDomainReload. When no
        /// reload comes, <see cref="Take"/> gets the answer back.</summary>
        public void Defer(ToolCall call, JToken result)
        {
            Hold(call);
            lock (gate)
            {
                Store(Find(call.CallId), result, null);
            }
        }

        /// <summary>Takes back a deferred answer (the reload did not come): null when there is
        /// none, e.g. because the next hello already delivered it.</summary>
        public JToken Take(string callId)
        {
            lock (gate)
            {
                var e = Find(callId);
                if (e == null || !e.Answered || e.Error != null) return null;
                entries.Remove(e);
                return e.Result;
            }
        }

        /// <summary>Answers a held call by its id. Returns false when it is not held (never
        /// was, already answered, expired, or cancelled by the daemon).</summary>
        public bool Answer(string callId, JToken result)
        {
            return Settle(callId, result ?? new JObject(), null);
        }

        /// <summary>Fails a held call by its id with a tool error (code, and a message that
        /// says what to do). Returns false when it is not held.</summary>
        public bool Fail(string callId, string code, string message, JObject data = null)
        {
            return Settle(callId, null, Protocol.ToolError(code, message, data));
        }

        bool Settle(string callId, JToken result, JObject error)
        {
            ToolCall live;
            lock (gate)
            {
                var e = Find(callId);
                if (e == null || e.Answered) return false;
                live = e.Live;
                if (live == null || live.IsDone)
                {
                    Store(e, result, error);
                    return true;
                }
            }
            // Through the live request: its connection sends the answer, or hands it back
            // (Settled) when that connection is gone.
            Deliver(live, result, error);
            return true;
        }

        static void Store(Entry e, JToken result, JObject error)
        {
            e.Live = null;
            e.Answered = true;
            e.Result = error != null ? null : (result ?? new JObject());
            e.Error = error;
        }

        // Answers request with a result, or with the tool error built by Protocol.ToolError.
        static void Deliver(ToolCall request, JToken result, JObject error)
        {
            if (error == null)
            {
                request.Reply(result);
                return;
            }
            var data = error["data"] as JObject;
            var code = data == null ? null : (string)data["code"];
            request.Fail(code ?? "editor_error", (string)error["message"] ?? "", data); // Fail sets data.code again
        }

        /// <summary>Whether callId is held (running or answered, and not expired).</summary>
        public bool IsHeld(string callId)
        {
            lock (gate)
            {
                Prune();
                return Find(callId) != null;
            }
        }

        /// <summary>The adapter's data of a held call (null if none or not held).</summary>
        public JObject DataOf(string callId)
        {
            lock (gate)
            {
                var e = Find(callId);
                return e == null ? null : e.Data;
            }
        }

        /// <summary>The held calls of tool that have no answer yet, oldest first: callId → data.</summary>
        public List<KeyValuePair<string, JObject>> Running(string tool)
        {
            var list = new List<KeyValuePair<string, JObject>>();
            lock (gate)
            {
                Prune();
                foreach (var e in entries)
                    if (!e.Answered && e.Tool == tool) list.Add(new KeyValuePair<string, JObject>(e.CallId, e.Data));
            }
            return list;
        }

        /// <summary>Every held call, for reload.starting's spanning list.</summary>
        public List<string> Ids()
        {
            var ids = new List<string>();
            lock (gate)
            {
                Prune();
                foreach (var e in entries) ids.Add(e.CallId);
            }
            return ids;
        }

        /// <summary>Number of held calls.</summary>
        public int Count { get { lock (gate) return entries.Count; } }

        /// <summary>The answers the next hello delivers: {callId, result} or {callId, error}.</summary>
        internal List<JObject> Deliveries()
        {
            var list = new List<JObject>();
            lock (gate)
            {
                Prune();
                foreach (var e in entries)
                {
                    if (!e.Answered) continue;
                    var d = new JObject { { "callId", e.CallId } };
                    if (e.Error != null) d["error"] = e.Error.DeepClone();
                    else d["result"] = e.Result == null ? new JObject() : e.Result.DeepClone();
                    list.Add(d);
                }
            }
            return list;
        }

        /// <summary>The hello that carried these deliveries was answered: forget them.</summary>
        internal void Delivered(IEnumerable<JObject> deliveries)
        {
            lock (gate)
                foreach (var d in deliveries)
                {
                    var e = Find((string)d["callId"]);
                    if (e != null && e.Answered) entries.Remove(e);
                }
        }

        /// <summary>What to do with a request from the daemon whose callId may be held.</summary>
        internal enum Adoption
        {
            /// <summary>Not held: run the tool.</summary>
            NotHeld,
            /// <summary>Held and still running: the answer goes to this request when it comes.</summary>
            Bound,
            /// <summary>Held and answered: send the answer now (result or error are set).</summary>
            Answered,
        }

        /// <summary>The daemon sent call (again, after a reload interrupted it): bind it to
        /// the held call, or give back the answer that is already there.</summary>
        internal Adoption Adopt(ToolCall call, out JToken result, out JObject error)
        {
            result = null;
            error = null;
            lock (gate)
            {
                var e = Find(call.CallId);
                if (e == null) return Adoption.NotHeld;
                if (e.Answered)
                {
                    entries.Remove(e);
                    result = e.Result;
                    error = e.Error;
                    return Adoption.Answered;
                }
                e.Live = call;
                e.DeadlineUtc = call.DeadlineUtc;
                return Adoption.Bound;
            }
        }

        /// <summary>A held call's request was answered (call.Reply or call.Fail). sent says
        /// whether its connection took the answer; if not, the answer is kept for the next
        /// hello or re-sent request. Returns false when call is not held.</summary>
        internal bool Settled(ToolCall call, bool sent)
        {
            ToolCall forward = null;
            lock (gate)
            {
                var e = Find(call.CallId);
                if (e == null) return false;
                if (sent) entries.Remove(e);
                else if (e.Live != null && e.Live != call && !e.Live.IsDone) forward = e.Live; // answered through an older request
                else Store(e, call.Result, call.Error);
            }
            if (forward != null) Deliver(forward, call.Result, call.Error);
            return true;
        }

        /// <summary>The daemon cancelled callId (its client gave up): nothing to deliver.</summary>
        internal void Forget(string callId)
        {
            lock (gate)
            {
                var e = Find(callId);
                if (e != null) entries.Remove(e);
            }
        }

        /// <summary>The store as one string, for SessionState.</summary>
        public string Save()
        {
            var calls = new JArray();
            lock (gate)
            {
                Prune();
                foreach (var e in entries)
                {
                    var o = new JObject
                    {
                        { "callId", e.CallId },
                        { "tool", e.Tool },
                        { "since", e.SinceUtc.ToString("o", CultureInfo.InvariantCulture) },
                    };
                    if (e.DeadlineUtc != DateTime.MaxValue) o["deadline"] = e.DeadlineUtc.ToString("o", CultureInfo.InvariantCulture);
                    if (e.Data != null) o["data"] = e.Data.DeepClone();
                    if (e.Answered)
                    {
                        if (e.Error != null) o["error"] = e.Error.DeepClone();
                        else o["result"] = e.Result == null ? new JObject() : e.Result.DeepClone();
                    }
                    calls.Add(o);
                }
            }
            return new JObject { { "version", FormatVersion }, { "calls", calls } }.ToString(Formatting.None);
        }

        /// <summary>beforeAssemblyReload's hand-off: announces the reload on client
        /// (reload.starting lists the held calls, then the connection closes, and
        /// BridgeClient.Stop waits — up to its CloseTimeout — for the reader to end on the
        /// daemon's close), and only then returns the store as <see cref="Save"/> writes it,
        /// for SessionState. Saved before, a cancel (<see cref="Forget"/>) or a re-sent call
        /// (<see cref="Adopt"/>) that the reader handled while the reload was announced would
        /// be lost with the domain (review finding 18). client may be null (not connected):
        /// the store is saved all the same; problem says why announcing failed, else null.
        /// Were the daemon not to answer the close in time, a message it sends later is lost
        /// like any message after a dropped connection.</summary>
        public string SaveAfterAnnouncing(BridgeClient client, out string problem)
        {
            problem = null;
            try
            {
                if (client != null) client.AnnounceReload();
            }
            catch (Exception e)
            {
                problem = "announcing the reload to the daemon failed (" + e.GetBaseException().Message + "); the held calls are saved all the same";
            }
            return Save();
        }

        /// <summary>A store from <see cref="Save"/>'s string (empty or null: an empty store).
        /// problem says what could not be read (the store is then empty or partial).</summary>
        public static SpanningCalls Load(string saved, out string problem)
        {
            problem = null;
            var s = new SpanningCalls();
            if (string.IsNullOrEmpty(saved)) return s;
            JObject root;
            try { root = JObject.Parse(saved); }
            catch (JsonException e)
            {
                problem = "the saved calls are not JSON (" + e.Message + ")";
                return s;
            }
            var version = root["version"];
            if (version == null || version.Type != JTokenType.Integer || (int)version != FormatVersion)
            {
                problem = "the saved calls have format version " + (version == null ? "(none)" : version.ToString(Formatting.None)) + ", this package reads " + FormatVersion;
                return s;
            }
            var calls = root["calls"] as JArray;
            if (calls == null) return s;
            var bad = new List<string>();
            foreach (var t in calls)
            {
                var o = t as JObject;
                var id = o == null ? null : o["callId"] as JValue;
                if (id == null || id.Type != JTokenType.String || string.IsNullOrEmpty((string)id))
                {
                    bad.Add(t.ToString(Formatting.None));
                    continue;
                }
                var e = new Entry { CallId = (string)id, Tool = (string)o["tool"], Data = o["data"] as JObject };
                e.SinceUtc = Time(o["since"], s.UtcNow());
                e.DeadlineUtc = Time(o["deadline"], DateTime.MaxValue);
                if (o["error"] is JObject)
                {
                    e.Answered = true;
                    e.Error = (JObject)o["error"];
                }
                else if (o.Property("result") != null)
                {
                    e.Answered = true;
                    e.Result = o["result"];
                }
                s.entries.Add(e);
            }
            if (bad.Count > 0) problem = "skipped " + bad.Count + " saved call(s) without a callId: " + string.Join(", ", bad.ToArray());
            return s;
        }

        static DateTime Time(JToken t, DateTime fallback)
        {
            if (t == null || t.Type == JTokenType.Null) return fallback;
            if (t.Type == JTokenType.Date) return ((DateTime)t).ToUniversalTime();
            DateTime d;
            if (DateTime.TryParse((string)t, CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind, out d)) return d.ToUniversalTime();
            return fallback;
        }

        Entry Find(string callId)
        {
            if (callId == null) return null;
            foreach (var e in entries)
                if (e.CallId == callId) return e;
            return null;
        }

        // Drops what the daemon no longer waits for: calls past their deadline, and calls
        // without one older than MaxAge. Under gate.
        void Prune()
        {
            var now = UtcNow();
            entries.RemoveAll(e => e.DeadlineUtc < now || (e.DeadlineUtc == DateTime.MaxValue && now - e.SinceUtc > MaxAge));
        }
    }
}
