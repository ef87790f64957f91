using System;
using System.Collections.Generic;
using System.Threading;
using Newtonsoft.Json.Linq;

namespace UnityMcp.Core
{
    /// <summary>Forwards Console entries to the daemon as console.entries events: entries
    /// are queued as they are logged (from any thread) and sent a few times a second in
    /// batches of at most <see cref="MaxBatch"/>, never one event per entry, so a log storm
    /// costs the bridge a bounded number of frames. While not connected the queue waits
    /// (at most <see cref="MaxQueued"/> entries, the oldest dropped and counted), so the
    /// entries logged during a reconnect reach the daemon after the next hello without
    /// crowding out the events <see cref="BridgeClient.Emit"/> keeps for it.</summary>
    public sealed class ConsoleForwarder : IDisposable
    {
        /// <summary>Entries in one event at most (bridge.MaxConsoleBatch).</summary>
        public const int MaxBatch = 200;
        /// <summary>Entries waiting at most.</summary>
        public const int MaxQueued = 2000;
        /// <summary>Characters of a message kept (bridge.MaxConsoleMessage).</summary>
        public const int MaxMessage = 4096;
        /// <summary>Characters of a stack trace kept (bridge.MaxConsoleStack).</summary>
        public const int MaxStack = 8192;
        /// <summary>How often queued entries are sent.</summary>
        public static readonly TimeSpan Interval = TimeSpan.FromMilliseconds(250);

        readonly Func<bool> connected;
        readonly Action<string, JObject> emit;
        readonly object gate = new object();
        readonly object flushGate = new object();
        readonly Queue<JObject> queue = new Queue<JObject>();
        int dropped;
        bool cleared;
        Timer timer;

        /// <param name="connected">Whether events can be sent now.</param>
        /// <param name="emit">Sends an event (BridgeClient.Emit).</param>
        public ConsoleForwarder(Func<bool> connected, Action<string, JObject> emit)
        {
            this.connected = connected;
            this.emit = emit;
        }

        /// <summary>Starts sending every <see cref="Interval"/>.</summary>
        public void Start()
        {
            lock (gate)
            {
                if (timer == null) timer = new Timer(_ => Flush(), null, Interval, Interval);
            }
        }

        /// <summary>Queues one entry; type is Unity's LogType name (Log, Warning, Error,
        /// Assert, Exception). Safe on any thread; never waits for the socket.</summary>
        public void Add(string type, string message, string stackTrace)
        {
            var e = new JObject
            {
                { "type", type ?? "Log" },
                { "message", Cut(message, MaxMessage) },
                { "timeMs", DateTimeOffset.UtcNow.ToUnixTimeMilliseconds() },
            };
            if (!string.IsNullOrEmpty(stackTrace)) e["stackTrace"] = Cut(stackTrace, MaxStack);
            lock (gate)
            {
                queue.Enqueue(e);
                while (queue.Count > MaxQueued)
                {
                    queue.Dequeue();
                    dropped++;
                }
            }
        }

        /// <summary>Notes that the Console was cleared: what is queued is dropped and the
        /// next batch says so.</summary>
        public void Clear()
        {
            lock (gate)
            {
                queue.Clear();
                cleared = true;
            }
        }

        /// <summary>How many entries wait.</summary>
        public int Queued
        {
            get { lock (gate) return queue.Count; }
        }

        /// <summary>Sends what is queued, in batches, when connected; returns the entries
        /// sent.</summary>
        public int Flush()
        {
            int sent = 0;
            lock (flushGate) // batches leave in order
            {
                while (connected())
                {
                    JObject data;
                    lock (gate)
                    {
                        if (queue.Count == 0 && !cleared && dropped == 0) break;
                        var entries = new JArray();
                        while (queue.Count > 0 && entries.Count < MaxBatch) entries.Add(queue.Dequeue());
                        data = new JObject { { "entries", entries } };
                        if (dropped > 0) data["dropped"] = dropped;
                        if (cleared) data["cleared"] = true;
                        dropped = 0;
                        cleared = false;
                    }
                    sent += ((JArray)data["entries"]).Count;
                    emit(Protocol.ConsoleEntries, data);
                }
            }
            return sent;
        }

        /// <summary>Stops the timer (what is queued stays queued).</summary>
        public void Dispose()
        {
            lock (gate)
            {
                if (timer != null) timer.Dispose();
                timer = null;
            }
        }

        static string Cut(string s, int n)
        {
            if (s == null) return "";
            if (s.Length <= n) return s;
            int i = n;
            if (char.IsLowSurrogate(s[i])) i--;
            return s.Substring(0, i) + "\u2026";
        }
    }
}
