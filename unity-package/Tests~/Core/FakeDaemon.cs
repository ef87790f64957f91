using System;
using System.IO;
using System.Net;
using System.Net.Sockets;
using System.Security.Cryptography;
using System.Text;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace UnityMcp.Core.Tests
{
    /// <summary>The daemon's side of the bridge, by hand: a loopback TCP listener that does
    /// the WebSocket upgrade (RFC 6455) and reads and writes single frames, so a test can
    /// stop reading (a stalled daemon) and fill the kernel's buffers. It writes the state
    /// folder (daemon.json, token) the client finds it through.</summary>
    sealed class FakeDaemon : IDisposable
    {
        readonly TcpListener listener;
        TcpClient peer;
        NetworkStream stream;
        public readonly string StateDir;
        public readonly int Port;
        /// <summary>The key in daemon.json; /proof answers with it.</summary>
        public readonly string Key = Guid.NewGuid().ToString("N");
        /// <summary>How many /proof requests were answered.</summary>
        public int Proofs;
        /// <summary>How many upgrades came, with the token, on a connection proven first.</summary>
        public int ProvenUpgrades;

        /// <summary>receiveBuffer: SO_RCVBUF of the accepted socket (0: the system's), small
        /// so that a daemon that stops reading stops the client's writes soon.</summary>
        public FakeDaemon(int receiveBuffer = 0)
        {
            listener = new TcpListener(IPAddress.Loopback, 0);
            if (receiveBuffer > 0) listener.Server.ReceiveBufferSize = receiveBuffer;
            listener.Start();
            Port = ((IPEndPoint)listener.LocalEndpoint).Port;
            StateDir = Path.Combine(Path.GetTempPath(), "unitymcp-fake-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(StateDir);
            File.WriteAllText(Path.Combine(StateDir, "daemon.json"), "{\"url\":\"http://127.0.0.1:" + Port + "\",\"pid\":1,\"version\":\"fake\",\"key\":\"" + Key + "\"}");
            File.WriteAllText(Path.Combine(StateDir, "token"), "tok");
        }

        /// <summary>Waits for the next connection and upgrades it, as the daemon does: the
        /// client proves it first (GET /proof?nonce=…&amp;keep=1), then sends the upgrade with
        /// the token on that same connection. A connection whose first request is not the
        /// proof, or whose proof does not ask to keep it, is refused and fails the test: the
        /// token may go only on a proven connection.</summary>
        public void Accept(TimeSpan timeout)
        {
            var t = listener.AcceptTcpClientAsync();
            if (!t.Wait(timeout)) throw new TimeoutException("the client did not dial within " + timeout.TotalSeconds + " s");
            if (peer != null) peer.Close();
            peer = t.Result;
            stream = peer.GetStream();
            stream.ReadTimeout = (int)timeout.TotalMilliseconds;
            var line = ReadHead(stream).ToString().Split('\r')[0];
            var prefix = "GET " + DaemonEndpoint.ProofPath + "?nonce=";
            if (!line.StartsWith(prefix, StringComparison.Ordinal))
                throw new IOException("the client's first request on a new connection is not the proof: " + line);
            var query = line.Split(' ')[1].Substring(DaemonEndpoint.ProofPath.Length + 1);
            if (!query.EndsWith("&keep=1", StringComparison.Ordinal))
                throw new IOException("the client's proof does not ask to keep the connection for the upgrade: " + line);
            var nonce = query.Substring("nonce=".Length, query.Length - "nonce=".Length - "&keep=1".Length);
            var body = Encoding.ASCII.GetBytes("{\"proof\":\"" + DaemonEndpoint.Proof(Key, nonce) + "\"}");
            var ok = Encoding.ASCII.GetBytes("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + body.Length + "\r\n\r\n");
            stream.Write(ok, 0, ok.Length);
            stream.Write(body, 0, body.Length);
            Proofs++;
            var head = ReadHead(stream).ToString();
            if (head.IndexOf("\r\nAuthorization: Bearer tok\r\n", StringComparison.Ordinal) < 0)
                throw new IOException("the upgrade after the proof carries no token:\n" + head);
            string key = null;
            foreach (var l in head.Split(new[] { "\r\n" }, StringSplitOptions.None))
                if (l.StartsWith("Sec-WebSocket-Key:", StringComparison.OrdinalIgnoreCase)) key = l.Substring(18).Trim();
            if (key == null) throw new IOException("no Sec-WebSocket-Key in the upgrade request:\n" + head);
            ProvenUpgrades++;
            var resp = Encoding.ASCII.GetBytes("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: " + AcceptKey(key) + "\r\n\r\n");
            stream.Write(resp, 0, resp.Length);
        }

        /// <summary>The Sec-WebSocket-Accept answer to a Sec-WebSocket-Key (RFC 6455 4.2.2).</summary>
        internal static string AcceptKey(string key)
        {
            using (var sha = SHA1.Create())
                return Convert.ToBase64String(sha.ComputeHash(Encoding.ASCII.GetBytes(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11")));
        }

        /// <summary>One unmasked frame, as a server sends them.</summary>
        internal static byte[] Frame(bool fin, int op, byte[] payload)
        {
            var ms = new MemoryStream();
            ms.WriteByte((byte)((fin ? 0x80 : 0) | op));
            if (payload.Length < 126) ms.WriteByte((byte)payload.Length);
            else if (payload.Length <= 0xffff)
            {
                ms.WriteByte(126);
                ms.WriteByte((byte)(payload.Length >> 8));
                ms.WriteByte((byte)payload.Length);
            }
            else
            {
                ms.WriteByte(127);
                for (int i = 7; i >= 0; i--) ms.WriteByte((byte)((long)payload.Length >> (8 * i)));
            }
            ms.Write(payload, 0, payload.Length);
            return ms.ToArray();
        }

        /// <summary>Reads an HTTP request head, through the blank line.</summary>
        internal static StringBuilder ReadHead(Stream stream)
        {
            var head = new StringBuilder();
            while (!head.ToString().EndsWith("\r\n\r\n", StringComparison.Ordinal))
            {
                int b = stream.ReadByte();
                if (b < 0) throw new IOException("the client hung up during the request head");
                head.Append((char)b);
            }
            return head;
        }

        /// <summary>Reads the next text message (pings from the client are answered, pongs
        /// skipped); null when the client sent a close frame (answered with one, then the
        /// TCP connection is shut down).</summary>
        public JObject Read()
        {
            while (true)
            {
                int b0 = ReadByte(), b1 = ReadByte();
                int op = b0 & 0x0f;
                long len = b1 & 0x7f;
                if (len == 126) len = (ReadByte() << 8) | ReadByte();
                else if (len == 127)
                {
                    len = 0;
                    for (int i = 0; i < 8; i++) len = (len << 8) | (uint)ReadByte();
                }
                var mask = (b1 & 0x80) != 0 ? ReadExactly(4) : null;
                var payload = ReadExactly((int)len);
                if (mask != null) for (int i = 0; i < payload.Length; i++) payload[i] ^= mask[i % 4];
                switch (op)
                {
                    case 1: return JObject.Parse(Encoding.UTF8.GetString(payload));
                    case 8:
                        // As a server does (RFC 6455 7.1.1): answer the close, then end TCP.
                        WriteFrame(8, payload);
                        peer.Client.Shutdown(SocketShutdown.Both);
                        return null;
                    case 9:
                        WriteFrame(10, payload);
                        continue;
                    case 10: continue;
                    default: throw new IOException("unexpected frame opcode " + op + " (fragmented messages are not expected from the client)");
                }
            }
        }

        /// <summary>Reads the hello and answers it.</summary>
        public JObject Greet()
        {
            var hello = Read();
            if (hello == null || (string)hello["method"] != Protocol.Hello) throw new IOException("expected hello, got " + (hello == null ? "a close" : hello.ToString(Formatting.None)));
            Write(new JObject { { "jsonrpc", "2.0" }, { "id", hello["id"] }, { "result", new JObject { { "daemonVersion", "fake" }, { "projectHash", "0123456789abcdef" }, { "heartbeatMs", 15000 } } } });
            return hello;
        }

        /// <summary>Sends a tools/call request.</summary>
        public void Call(string requestId, string callId, string tool)
        {
            Write(new JObject { { "jsonrpc", "2.0" }, { "id", requestId }, { "method", Protocol.Call },
                { "params", new JObject { { "callId", callId }, { "tool", tool }, { "arguments", new JObject() } } } });
        }

        public void Write(JObject m) { WriteFrame(1, Encoding.UTF8.GetBytes(m.ToString(Formatting.None))); }

        void WriteFrame(int op, byte[] payload)
        {
            var frame = Frame(true, op, payload);
            lock (this) stream.Write(frame, 0, frame.Length);
        }

        int ReadByte()
        {
            int b = stream.ReadByte();
            if (b < 0) throw new EndOfStreamException("the client closed the TCP connection");
            return b;
        }

        byte[] ReadExactly(int n)
        {
            var buf = new byte[n];
            int off = 0;
            while (off < n)
            {
                int r = stream.Read(buf, off, n - off);
                if (r <= 0) throw new EndOfStreamException("the client closed the TCP connection mid-frame");
                off += r;
            }
            return buf;
        }

        public void Dispose()
        {
            try { if (peer != null) peer.Close(); } catch (Exception) { }
            listener.Stop();
            try { Directory.Delete(StateDir, true); } catch (Exception) { }
        }
    }
}
