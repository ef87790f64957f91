using System;
using System.Collections.Generic;
using System.Threading;

namespace UnityMcp.Core
{
    public sealed partial class BridgeClient
    {
        /// <summary>One WebSocket connection's send side: a queue and the one thread that
        /// writes it, so that no other thread ever waits for the daemon to read.</summary>
        internal sealed class Connection
        {
            readonly WebSocketClient ws;
            readonly ILog log;
            readonly long maxQueued;
            readonly Queue<byte[]> queue = new Queue<byte[]>();
            long queued;
            bool closing, aborted;
            string closeReason;

            /// <summary>Set when the writer has ended: everything written and the close sent,
            /// or the connection dropped.</summary>
            public readonly ManualResetEventSlim WriterDone = new ManualResetEventSlim(false);
            /// <summary>Set when the reader has ended (the daemon's close arrived, or the
            /// connection broke).</summary>
            public readonly ManualResetEventSlim ReaderDone = new ManualResetEventSlim(false);

            public Connection(WebSocketClient ws, ILog log, long maxQueued)
            {
                this.ws = ws;
                this.log = log;
                this.maxQueued = maxQueued;
            }

            /// <summary>Bytes queued and not yet handed to the socket.</summary>
            public long QueuedBytes { get { lock (queue) return queued; } }

            public void StartWriter()
            {
                new Thread(Write) { IsBackground = true, Name = "unitymcp bridge writer" }.Start();
            }

            /// <summary>Queues one text frame; never waits. False when the connection is
            /// closing or gone.</summary>
            public bool Enqueue(byte[] frame)
            {
                bool overflow = false;
                lock (queue)
                {
                    if (closing || aborted) return false;
                    if (queued + frame.Length > maxQueued) overflow = true;
                    else
                    {
                        queue.Enqueue(frame);
                        queued += frame.Length;
                        Monitor.Pulse(queue);
                        return true;
                    }
                }
                if (overflow)
                {
                    log.Warn("unitymcp: the daemon has left " + QueuedBytes + " bytes unread (more than " + maxQueued + "); it is stalled or gone: dropping the connection and dialling again");
                    Abort();
                }
                return false;
            }

            /// <summary>Writes what is queued, then the close frame; nothing is queued after.</summary>
            public void BeginClose(string reason)
            {
                lock (queue)
                {
                    if (closing) return;
                    closing = true;
                    closeReason = reason;
                    Monitor.Pulse(queue);
                }
            }

            /// <summary>Drops the connection now (pending writes fail, the reader ends).</summary>
            public void Abort()
            {
                lock (queue)
                {
                    if (aborted) return;
                    aborted = true;
                    queue.Clear();
                    queued = 0;
                    Monitor.Pulse(queue);
                }
                try { ws.Abort(); } catch (Exception) { }
            }

            void Write()
            {
                try
                {
                    while (true)
                    {
                        byte[] frame;
                        lock (queue)
                        {
                            while (queue.Count == 0 && !closing && !aborted) Monitor.Wait(queue);
                            if (aborted) return;
                            if (queue.Count == 0) break; // closing, all written
                            frame = queue.Dequeue();
                            queued -= frame.Length;
                        }
                        // The only wait on the daemon reading: on this thread.
                        ws.Send(frame);
                    }
                    string reason;
                    lock (queue) reason = closeReason;
                    // The close frame only: the reader sees the daemon's answer to it.
                    ws.Close(reason);
                }
                catch (Exception e)
                {
                    bool dropped;
                    lock (queue) dropped = aborted;
                    if (!dropped) log.Warn("unitymcp: send failed: " + e.GetBaseException().Message);
                    Abort();
                }
                finally
                {
                    WriterDone.Set();
                }
            }
        }
    }
}
