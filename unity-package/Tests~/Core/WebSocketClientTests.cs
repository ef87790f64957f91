using System;
using System.IO;
using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Threading;
using NUnit.Framework;

namespace UnityMcp.Core.Tests
{
    /// <summary>The bridge's own WebSocket client against a server written here frame by
    /// frame: what RFC 6455 lets a server send (fragments, pings between them, every
    /// length form, a close with a reason) and a refused upgrade.</summary>
    public class WebSocketClientTests
    {
        static readonly TimeSpan Timeout = TimeSpan.FromSeconds(10);

        /// <summary>A one-connection server: upgrade, then the test's frames.</summary>
        sealed class Server : IDisposable
        {
            readonly TcpListener listener;
            public NetworkStream Stream;
            TcpClient peer;
            public string RequestHead, ProofHead;
            /// <summary>The daemon key the server proves with.</summary>
            public const string Key = "ws-test-key";
            public Uri Uri;
            Thread accept;
            public Exception Failed;

            /// <summary>refusal: answer 401 with it; badAccept: a wrong Sec-WebSocket-Accept;
            /// silent: accept the connection and never answer.</summary>
            public Server(string refusal = null, bool badAccept = false, bool silent = false, IPAddress on = null, bool trickle = false)
            {
                on = on ?? IPAddress.Loopback;
                listener = new TcpListener(on, 0);
                listener.Start();
                var host = on.AddressFamily == AddressFamily.InterNetworkV6 ? "[" + on + "]" : on.ToString();
                Uri = new Uri("ws://" + host + ":" + ((IPEndPoint)listener.LocalEndpoint).Port + "/bridge");
                accept = new Thread(() =>
                {
                    try
                    {
                        peer = listener.AcceptTcpClient();
                        Stream = peer.GetStream();
                        Stream.ReadTimeout = (int)Timeout.TotalMilliseconds; // a missing frame fails the test, not hangs it
                        RequestHead = FakeDaemon.ReadHead(Stream).ToString();
                        if (silent) return;
                        ProofHead = RequestHead;
                        AnswerProof(Stream, RequestHead, Key);
                        RequestHead = FakeDaemon.ReadHead(Stream).ToString();
                        string resp;
                        if (refusal != null)
                            resp = "HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: " + refusal.Length + "\r\n\r\n" + refusal;
                        else
                        {
                            string key = null;
                            foreach (var l in RequestHead.Split(new[] { "\r\n" }, StringSplitOptions.None))
                                if (l.StartsWith("Sec-WebSocket-Key:", StringComparison.OrdinalIgnoreCase)) key = l.Substring(18).Trim();
                            var acc = FakeDaemon.AcceptKey((badAccept ? "x" : "") + key);
                            resp = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: " + acc + "\r\n\r\n";
                        }
                        var b = Encoding.ASCII.GetBytes(resp);
                        if (trickle)
                        {
                            // One byte at a time, each well within a read's timeout.
                            foreach (var x in b)
                            {
                                Stream.WriteByte(x);
                                Thread.Sleep(100);
                            }
                            return;
                        }
                        Stream.Write(b, 0, b.Length);
                    }
                    catch (Exception e) { Failed = e; }
                });
                accept.Start();
            }

            public void Ready() { Assert.That(accept.Join(Timeout), "the server accepted"); Assert.That(Failed, Is.Null); }

            /// <summary>One unmasked frame, as a server sends them.</summary>
            public void Frame(bool fin, int op, byte[] payload)
            {
                var f = FakeDaemon.Frame(fin, op, payload);
                Stream.Write(f, 0, f.Length);
            }

            /// <summary>Reads one frame from the client: it must be masked.</summary>
            public int ReadFrame(out byte[] payload)
            {
                int b0 = Stream.ReadByte(), b1 = Stream.ReadByte();
                Assert.That(b1 & 0x80, Is.EqualTo(0x80), "a client's frames are masked");
                long len = b1 & 0x7f;
                if (len == 126) len = (Stream.ReadByte() << 8) | Stream.ReadByte();
                else if (len == 127) { len = 0; for (int i = 0; i < 8; i++) len = (len << 8) | (uint)Stream.ReadByte(); }
                var mask = Read(4);
                payload = Read((int)len);
                for (int i = 0; i < payload.Length; i++) payload[i] ^= mask[i % 4];
                return b0 & 0x0f;
            }

            /// <summary>Reads one frame from the client and gives its mask too.</summary>
            public byte[] ReadMask(out byte[] payload)
            {
                Stream.ReadByte();
                long len = Stream.ReadByte() & 0x7f;
                if (len == 126) len = (Stream.ReadByte() << 8) | Stream.ReadByte();
                var mask = Read(4);
                payload = Read((int)len);
                for (int i = 0; i < payload.Length; i++) payload[i] ^= mask[i % 4];
                return mask;
            }

            byte[] Read(int n)
            {
                var buf = new byte[n];
                for (int off = 0; off < n;)
                {
                    int r = Stream.Read(buf, off, n - off);
                    if (r <= 0) throw new EndOfStreamException();
                    off += r;
                }
                return buf;
            }

            public void Dispose()
            {
                try { if (peer != null) peer.Close(); } catch (Exception) { }
                listener.Stop();
            }
        }

        static byte[] Utf8(string s) { return Encoding.UTF8.GetBytes(s); }

        /// <summary>Answers the proof request head (GET /proof?nonce=…&amp;keep=1) as the
        /// daemon does, keeping the connection.</summary>
        internal static void AnswerProof(Stream s, string head, string key)
        {
            var target = head.Split('\r')[0].Split(' ')[1];
            var prefix = DaemonEndpoint.ProofPath + "?nonce=";
            if (!target.StartsWith(prefix, StringComparison.Ordinal) || !target.EndsWith("&keep=1", StringComparison.Ordinal))
                throw new IOException("the first request is not a proof that keeps the connection: " + head);
            var nonce = target.Substring(prefix.Length, target.Length - prefix.Length - "&keep=1".Length);
            var body = "{\"proof\":\"" + DaemonEndpoint.Proof(key, nonce) + "\"}";
            var b = Encoding.ASCII.GetBytes("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + body.Length + "\r\n\r\n" + body);
            s.Write(b, 0, b.Length);
        }

        /// <summary>The client reads what has arrived in one go and takes frames from it:
        /// several frames in one write come out one message each, a frame that arrives a byte
        /// at a time comes out whole, and a large one after small ones is not cut.</summary>
        [Test]
        public void FramesComeOutWhateverTheSocketGroupsThemInto()
        {
            using (var server = new Server())
            {
                var ws = WebSocketClient.Connect(server.Uri, "Bearer tok", Server.Key, Timeout, CancellationToken.None);
                server.Ready();
                var all = new MemoryStream();
                foreach (var m in new[] { "{\"n\":1}", "{\"n\":2}", new string('y', 40000), "{\"n\":3}" })
                {
                    var f = FakeDaemon.Frame(true, 1, Utf8(m));
                    all.Write(f, 0, f.Length);
                }
                var bytes = all.ToArray();
                server.Stream.Write(bytes, 0, bytes.Length);
                Assert.That(ws.Receive(), Is.EqualTo("{\"n\":1}"));
                Assert.That(ws.Receive(), Is.EqualTo("{\"n\":2}"));
                Assert.That(ws.Receive(), Is.EqualTo(new string('y', 40000)));
                Assert.That(ws.Receive(), Is.EqualTo("{\"n\":3}"));
                var one = FakeDaemon.Frame(true, 1, Utf8("{\"trickled\":true}"));
                string got = null;
                var reader = new Thread(() => { try { got = ws.Receive(); } catch (Exception e) { got = e.Message; } });
                reader.Start();
                foreach (var x in one)
                {
                    server.Stream.WriteByte(x);
                    server.Stream.Flush();
                    Thread.Sleep(2);
                }
                Assert.That(reader.Join(Timeout), "the trickled frame was read");
                Assert.That(got, Is.EqualTo("{\"trickled\":true}"));
            }
        }

        /// <summary>Every frame the client sends has its own mask (drawn a block at a time).</summary>
        [Test]
        public void EachFrameHasItsOwnMask()
        {
            using (var server = new Server())
            {
                var ws = WebSocketClient.Connect(server.Uri, "Bearer tok", Server.Key, Timeout, CancellationToken.None);
                server.Ready();
                var seen = new System.Collections.Generic.HashSet<string>();
                for (int i = 0; i < 2100; i++) // past the end of one block of masks
                {
                    var text = "{\"i\":" + i + "}";
                    ws.Send(Utf8(text));
                    byte[] payload;
                    var mask = server.ReadMask(out payload);
                    Assert.That(Encoding.UTF8.GetString(payload), Is.EqualTo(text));
                    seen.Add(BitConverter.ToString(mask));
                }
                Assert.That(seen.Count, Is.GreaterThan(2000), "masks repeat");
            }
        }

        [Test]
        public void ReadsWhatAServerMaySend()
        {
            using (var server = new Server())
            {
                var ws = WebSocketClient.Connect(server.Uri, "Bearer tok", Server.Key, Timeout, CancellationToken.None);
                server.Ready();
                StringAssert.Contains("Authorization: Bearer tok\r\n", server.RequestHead);
                StringAssert.StartsWith("GET /bridge HTTP/1.1\r\n", server.RequestHead);
                // A message in three fragments with a ping between them, then one of each
                // length form (7-bit, 16-bit, 64-bit), then a close with a reason.
                server.Frame(false, 1, Utf8("{\"a\":"));
                server.Frame(true, 9, Utf8("are you there"));
                server.Frame(false, 0, Utf8("\"é"));
                server.Frame(true, 0, Utf8("\"}"));
                Assert.That(ws.Receive(), Is.EqualTo("{\"a\":\"é\"}"));
                byte[] pong;
                Assert.That(server.ReadFrame(out pong), Is.EqualTo(10), "the ping is answered with a pong");
                Assert.That(Encoding.UTF8.GetString(pong), Is.EqualTo("are you there"));
                foreach (var n in new[] { 125, 126, 65535, 65536, 200000 })
                {
                    var big = new string('x', n);
                    server.Frame(true, 1, Utf8(big));
                    Assert.That(ws.Receive(), Is.EqualTo(big), n + " bytes");
                }
                server.Frame(true, 8, new byte[] { 0x03, 0xE8 }.Concat(Utf8("daemon stopping")));
                Assert.That(ws.Receive(), Is.Null, "a close ends the messages");
                Assert.That(ws.CloseReason, Is.EqualTo("daemon stopping"));
                byte[] closeEcho;
                Assert.That(server.ReadFrame(out closeEcho), Is.EqualTo(8), "the close is answered");
                Assert.That(closeEcho, Is.EqualTo(new byte[] { 0x03, 0xE8 }));
                ws.Dispose();
            }
        }

        [Test]
        public void WritesMaskedFramesOfEveryLength()
        {
            using (var server = new Server())
            {
                var ws = WebSocketClient.Connect(server.Uri, "Bearer tok", Server.Key, Timeout, CancellationToken.None);
                server.Ready();
                foreach (var n in new[] { 0, 125, 126, 65535, 65536, 300000 })
                {
                    var msg = new string('y', n);
                    ws.Send(Utf8(msg));
                    byte[] got;
                    Assert.That(server.ReadFrame(out got), Is.EqualTo(1));
                    Assert.That(Encoding.UTF8.GetString(got), Is.EqualTo(msg), n + " bytes");
                }
                ws.Close("bye");
                byte[] close;
                Assert.That(server.ReadFrame(out close), Is.EqualTo(8));
                Assert.That(close[0] << 8 | close[1], Is.EqualTo(1000));
                Assert.That(Encoding.UTF8.GetString(close, 2, close.Length - 2), Is.EqualTo("bye"));
                ws.Dispose();
            }
        }

        [Test]
        public void RefusedUpgradeSaysWhy()
        {
            using (var server = new Server("{\"error\":{\"code\":\"unauthorized\",\"message\":\"missing or wrong bearer token\"}}"))
            {
                var e = Assert.Throws<IOException>(() => WebSocketClient.Connect(server.Uri, "Bearer wrong", Server.Key, Timeout, CancellationToken.None));
                StringAssert.Contains("401", e.Message);
                StringAssert.Contains("missing or wrong bearer token", e.Message);
            }
        }

        [Test]
        public void WrongAcceptIsRefused()
        {
            using (var server = new Server(badAccept: true))
            {
                var e = Assert.Throws<IOException>(() => WebSocketClient.Connect(server.Uri, "Bearer tok", Server.Key, Timeout, CancellationToken.None));
                StringAssert.Contains("Sec-WebSocket-Accept", e.Message);
            }
        }

        [Test]
        public void SilentDaemonTimesOutAndStopCancels()
        {
            using (var server = new Server(silent: true))
            {
                var start = DateTime.UtcNow;
                var e = Assert.Throws<TimeoutException>(() => WebSocketClient.Connect(server.Uri, "Bearer tok", Server.Key, TimeSpan.FromMilliseconds(300), CancellationToken.None));
                StringAssert.Contains("did not complete the WebSocket upgrade", e.Message);
                Assert.That(DateTime.UtcNow - start, Is.LessThan(TimeSpan.FromSeconds(5)));
            }
            // A daemon that answers byte by byte (each read gets a byte in time) is cut off
            // at the one deadline too.
            using (var server = new Server(trickle: true))
            {
                var start = DateTime.UtcNow;
                var e = Assert.Throws<TimeoutException>(() => WebSocketClient.Connect(server.Uri, "Bearer tok", Server.Key, TimeSpan.FromMilliseconds(500), CancellationToken.None));
                StringAssert.Contains("did not complete the WebSocket upgrade", e.Message);
                Assert.That(DateTime.UtcNow - start, Is.LessThan(TimeSpan.FromSeconds(3)), "the deadline holds for the whole answer");
            }
            using (var server = new Server(silent: true))
            using (var stop = new CancellationTokenSource())
            {
                Exception got = null;
                var dialer = new Thread(() => { try { WebSocketClient.Connect(server.Uri, "Bearer tok", Server.Key, Timeout, stop.Token); } catch (Exception x) { got = x; } });
                dialer.Start();
                server.Ready(); // the proof request arrived: the dialer waits for the answer
                stop.Cancel();
                Assert.That(dialer.Join(TimeSpan.FromSeconds(5)), "cancelling ended the dial well before its 10 s timeout");
                Assert.That(got, Is.InstanceOf<OperationCanceledException>());
            }
        }

        [Test]
        public void DialsIPv6Loopback()
        {
            if (!Socket.OSSupportsIPv6) Assert.Ignore("no IPv6 on this machine");
            Server server;
            try { server = new Server(on: IPAddress.IPv6Loopback); }
            catch (SocketException e) { Assert.Ignore("no IPv6 loopback here: " + e.Message); return; }
            using (server)
            {
                StringAssert.StartsWith("ws://[::1]:", server.Uri.ToString());
                var ws = WebSocketClient.Connect(server.Uri, "Bearer tok", Server.Key, Timeout, CancellationToken.None);
                server.Ready();
                StringAssert.Contains("Host: [::1]:", server.RequestHead);
                server.Frame(true, 1, Utf8("{}"));
                Assert.That(ws.Receive(), Is.EqualTo("{}"));
                ws.Dispose();
            }
        }

        [Test]
        public void AbortEndsABlockedReceive()
        {
            using (var server = new Server())
            {
                var ws = WebSocketClient.Connect(server.Uri, "Bearer tok", Server.Key, Timeout, CancellationToken.None);
                server.Ready();
                Exception got = null;
                var reader = new Thread(() => { try { ws.Receive(); } catch (Exception e) { got = e; } });
                reader.Start();
                // Nothing was sent: the reader blocks on the socket (an Abort that came first
                // fails the read at once, which passes too; the pause makes the blocked case
                // the one tested).
                Thread.Sleep(50);
                ws.Abort();
                Assert.That(reader.Join(Timeout), "Abort ended the blocked read");
                Assert.That(got, Is.Not.Null);
            }
        }
    }

    static class ByteArrays
    {
        public static byte[] Concat(this byte[] a, byte[] b)
        {
            var r = new byte[a.Length + b.Length];
            Array.Copy(a, r, a.Length);
            Array.Copy(b, 0, r, a.Length, b.Length);
            return r;
        }
    }
}
