using System;
using System.IO;
using System.Net;
using System.Net.Sockets;
using System.Security.Cryptography;
using System.Text;
using System.Threading;

namespace UnityMcp.Core
{
    /// <summary>The bridge's WebSocket client (RFC 6455) on a blocking socket: text
    /// messages, the server's frames unmasked, ours masked, pings answered, fragmented
    /// messages joined, the closing handshake.
    ///
    /// Why not System.Net.WebSockets.ClientWebSocket: on the Editor's Mono every
    /// ReceiveAsync(...).Result and SendAsync(...).Wait() passes the frame through the
    /// thread pool — an I/O completion wakes a pool thread, which wakes the thread waiting
    /// on the task — two thread wake-ups per frame each way. Here the reader thread blocks
    /// on the socket itself and the writer thread writes to it: one wake-up per frame
    /// (docs/performance.md, "The C# bridge client"). Reads happen on one thread (the
    /// reader); writes on any thread, one frame at a time.</summary>
    sealed class WebSocketClient : IDisposable
    {
        /// <summary>The largest frame accepted (the daemon's own limit).</summary>
        public const int MaxFrameBytes = 32 << 20;
        const string AcceptGuid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

        readonly TcpClient tcp;
        readonly NetworkStream stream;
        readonly object writeGate = new object();
        /// <summary>Handshake nonces and frame masks (one for the process, used under its lock;
        /// never disposed, so no write can find it gone).</summary>
        static readonly RandomNumberGenerator Rng = RandomNumberGenerator.Create();
        readonly byte[] head = new byte[14];
        byte[] readBuf = new byte[64 * 1024];
        byte[] writeBuf = new byte[64 * 1024];
        /// <summary>What the socket gave and the frames have not yet taken: one read takes
        /// what has arrived (a frame's header and payload together), where reading exactly
        /// the bytes wanted was a system call for the header and another for the payload.
        /// The reader's only.</summary>
        readonly byte[] inBuf = new byte[16 * 1024];
        int inPos, inLen;
        /// <summary>Random bytes for the frames' masks, drawn from <see cref="Rng"/> a block at
        /// a time (a draw per frame was a system call per frame); under the write gate.</summary>
        readonly byte[] masks = new byte[4096];
        int maskPos = 4096;
        int closeSent; // 1 once our close frame went out (Interlocked)

        /// <summary>Why the daemon closed the connection (its close frame's code and reason).</summary>
        public string CloseReason { get; private set; }

        WebSocketClient(TcpClient tcp, NetworkStream stream)
        {
            this.tcp = tcp;
            this.stream = stream;
        }

        /// <summary>Dials uri (ws://host:port/path; an IPv4 or IPv6 address or a name), proves
        /// on the new connection that the program answering is the daemon that wrote proofKey
        /// into daemon.json (<see cref="Prove"/>), then upgrades that same connection, sending
        /// authorization as the Authorization header, all within timeout; cancel (the client
        /// stopping: a domain reload) ends it at once. Throws with the daemon's answer when it
        /// refuses, and <see cref="NotProvenException"/>, the token unsent, when the proof
        /// fails.</summary>
        public static WebSocketClient Connect(Uri uri, string authorization, string proofKey, TimeSpan timeout, CancellationToken cancel)
        {
            if (string.IsNullOrEmpty(proofKey))
                throw new NotProvenException("there is no daemon key to prove " + uri.Authority + " against; the token was not sent");
            var deadline = DateTime.UtcNow + timeout;
            IPAddress[] addrs;
            IPAddress one;
            if (IPAddress.TryParse(uri.DnsSafeHost, out one)) addrs = new[] { one };
            else addrs = Dns.GetHostAddresses(uri.DnsSafeHost);
            Exception last = new IOException("no address for " + uri.DnsSafeHost);
            foreach (var addr in addrs)
            {
                var left = deadline - DateTime.UtcNow;
                if (left <= TimeSpan.Zero) break;
                var tcp = new TcpClient(addr.AddressFamily) { NoDelay = true };
                // The one deadline covers the connect, the request and the whole answer: a
                // daemon that answers byte by byte is cut off at it too (each read's own
                // timeout alone would let it go on).
                var gate = new object();
                bool finished = false, expired = false;
                try
                {
                    using (new Timer(_ => { lock (gate) if (!finished) { expired = true; tcp.Close(); } }, null, left, Timeout.InfiniteTimeSpan))
                    using (cancel.Register(() => tcp.Close()))
                    {
                        var ws = Upgrade(tcp, addr, uri, authorization, proofKey, left);
                        lock (gate)
                        {
                            finished = true;
                            if (!expired) return ws;
                        }
                        throw new TimeoutException("the WebSocket upgrade took longer than " + timeout.TotalSeconds.ToString("0.#") + " s");
                    }
                }
                catch (Exception e)
                {
                    tcp.Close();
                    cancel.ThrowIfCancellationRequested();
                    bool late;
                    lock (gate) late = expired;
                    last = late && !(e is TimeoutException)
                        ? new TimeoutException("the daemon at " + addr + " did not complete the WebSocket upgrade within " + timeout.TotalSeconds.ToString("0.#") + " s")
                        : e;
                }
            }
            throw last;
        }

        static WebSocketClient Upgrade(TcpClient tcp, IPAddress addr, Uri uri, string authorization, string proofKey, TimeSpan timeout)
        {
            var dial = tcp.ConnectAsync(addr, uri.Port);
            if (!dial.Wait(timeout))
                throw new TimeoutException("no answer from " + addr + " within " + timeout.TotalSeconds.ToString("0.#") + " s");
            var stream = tcp.GetStream();
            stream.ReadTimeout = stream.WriteTimeout = Math.Max(1, (int)timeout.TotalMilliseconds);
            Prove(stream, uri.Host + ":" + uri.Port, proofKey);
            var nonce = new byte[16];
            lock (Rng) Rng.GetBytes(nonce);
            var key = Convert.ToBase64String(nonce);
            var request = "GET " + uri.PathAndQuery + " HTTP/1.1\r\nHost: " + uri.Host + ":" + uri.Port +
                "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: " + key +
                "\r\nSec-WebSocket-Version: 13\r\nAuthorization: " + authorization + "\r\n\r\n";
            var bytes = Encoding.ASCII.GetBytes(request);
            string answer;
            try
            {
                stream.Write(bytes, 0, bytes.Length);
                answer = ReadHead(stream);
            }
            catch (IOException e) when (e.InnerException is SocketException && ((SocketException)e.InnerException).SocketErrorCode == SocketError.WouldBlock
                || e.InnerException is SocketException && ((SocketException)e.InnerException).SocketErrorCode == SocketError.TimedOut)
            {
                throw new TimeoutException("the daemon accepted the connection but did not answer the WebSocket upgrade within " + timeout.TotalSeconds.ToString("0.#") + " s");
            }
            var lines = answer.Split(new[] { "\r\n" }, StringSplitOptions.None);
            if (!lines[0].StartsWith("HTTP/1.1 101", StringComparison.Ordinal))
                throw new IOException("the daemon refused the bridge connection: " + lines[0] + BodyOf(stream, lines));
            string accept = null;
            foreach (var l in lines)
                if (l.StartsWith("Sec-WebSocket-Accept:", StringComparison.OrdinalIgnoreCase))
                    accept = l.Substring("Sec-WebSocket-Accept:".Length).Trim();
            string want;
            using (var sha = SHA1.Create())
                want = Convert.ToBase64String(sha.ComputeHash(Encoding.ASCII.GetBytes(key + AcceptGuid)));
            if (accept != want)
                throw new IOException("the daemon's WebSocket upgrade answer has the wrong Sec-WebSocket-Accept (" + (accept ?? "none") + ")");
            stream.ReadTimeout = stream.WriteTimeout = Timeout.Infinite;
            return new WebSocketClient(tcp, stream);
        }

        /// <summary>The largest proof answer read (the daemon's is about 80 bytes).</summary>
        const int MaxProofBody = 4096;

        /// <summary>Checks, on stream and before anything else goes on it, that the program at
        /// its other end is the daemon that wrote key into daemon.json: GET /proof with a
        /// fresh nonce and keep=1 (no token), and the answer must be the HMAC of the nonce
        /// under key (<see cref="DaemonEndpoint.Proof"/>), compared in constant time. keep=1
        /// asks the daemon to keep this connection for the upgrade that follows: the token
        /// goes on the connection that was proven, never on a new one, which whatever took
        /// the port after the daemon went could answer (attack A2 of the third security
        /// round). On success the stream is at the start of the next answer; otherwise
        /// <see cref="NotProvenException"/>, and nothing more may be sent on it.</summary>
        internal static void Prove(Stream stream, string host, string key)
        {
            var nb = new byte[16];
            lock (Rng) Rng.GetBytes(nb);
            var nonce = DaemonEndpoint.Hex(nb);
            var path = DaemonEndpoint.ProofPath;
            string head;
            byte[] body;
            try
            {
                var req = Encoding.ASCII.GetBytes("GET " + path + "?nonce=" + nonce + "&keep=1 HTTP/1.1\r\nHost: " + host + "\r\nUser-Agent: unitymcp-unity\r\n\r\n");
                stream.Write(req, 0, req.Length);
                head = ReadHead(stream);
                body = ReadBody(stream, head.Split(new[] { "\r\n" }, StringSplitOptions.None));
            }
            catch (IOException e)
            {
                throw new NotProvenException("the program at " + host + " gave no readable answer to GET " + path + " (" + e.Message + "); the token was not sent");
            }
            var lines = head.Split(new[] { "\r\n" }, StringSplitOptions.None);
            string got = null;
            try { got = (string)Newtonsoft.Json.Linq.JObject.Parse(Encoding.UTF8.GetString(body))["proof"]; } catch (Exception) { }
            var want = DaemonEndpoint.Proof(key, nonce);
            if (!lines[0].StartsWith("HTTP/1.1 200 ", StringComparison.Ordinal) || got == null || got.Length != want.Length || !FixedTimeEquals(got, want))
                throw new NotProvenException("the program at " + host + " cannot prove it is the daemon that wrote daemon.json (GET " + path + ": "
                    + lines[0] + "); the token was not sent. daemon.json is stale: start the daemon (unitymcp serve) and it replaces the file");
            // Nothing but the answer may come: whatever follows would be read as the answer
            // to the upgrade.
            var ns = stream as NetworkStream;
            if (ns != null && ns.DataAvailable)
                throw new NotProvenException("the program at " + host + " sent more than its proof; the token was not sent");
            foreach (var l in lines)
                if (l.StartsWith("Connection:", StringComparison.OrdinalIgnoreCase) && l.IndexOf("close", StringComparison.OrdinalIgnoreCase) >= 0)
                    throw new NotProvenException("the daemon at " + host + " closes the connection after its proof: it is older than this package; stop it (unitymcp stop) and it restarts; the token was not sent");
        }

        /// <summary>An answer's body of Content-Length bytes (at most MaxProofBody; a chunked
        /// or unbounded body is refused).</summary>
        static byte[] ReadBody(Stream s, string[] headLines)
        {
            int length = -1;
            foreach (var l in headLines)
                if (l.StartsWith("Content-Length:", StringComparison.OrdinalIgnoreCase))
                    int.TryParse(l.Substring("Content-Length:".Length).Trim(), out length);
            if (length < 0 || length > MaxProofBody)
                throw new IOException("an answer without a Content-Length of at most " + MaxProofBody + " bytes");
            var body = new byte[length];
            for (int got = 0; got < length;)
            {
                int n = s.Read(body, got, length - got);
                if (n <= 0) throw new IOException("the connection ended inside the answer's body");
                got += n;
            }
            return body;
        }

        static bool FixedTimeEquals(string a, string b)
        {
            int d = 0;
            for (int i = 0; i < a.Length; i++) d |= a[i] ^ b[i];
            return d == 0;
        }

        /// <summary>The response head up to its blank line, read byte by byte so that nothing
        /// behind it (the upgrade's answer after the proof's, a frame after the upgrade's) is
        /// consumed.</summary>
        static string ReadHead(Stream s)
        {
            var sb = new StringBuilder();
            while (sb.Length < 16 * 1024)
            {
                int b = s.ReadByte();
                if (b < 0) throw new IOException("the connection ended before the end of the answer's head");
                sb.Append((char)b);
                int n = sb.Length;
                if (n >= 4 && sb[n - 4] == '\r' && sb[n - 3] == '\n' && sb[n - 2] == '\r' && sb[n - 1] == '\n')
                    return sb.ToString(0, n - 4);
            }
            throw new IOException("the answer's head has no end within 16 KiB");
        }

        /// <summary>": " and the start of a refusal's body (the daemon says why there).</summary>
        static string BodyOf(Stream s, string[] headLines)
        {
            int length = 0;
            foreach (var l in headLines)
                if (l.StartsWith("Content-Length:", StringComparison.OrdinalIgnoreCase))
                    int.TryParse(l.Substring("Content-Length:".Length).Trim(), out length);
            if (length <= 0) return "";
            var body = new byte[Math.Min(length, 4096)];
            int got = 0;
            try
            {
                while (got < body.Length)
                {
                    int n = s.Read(body, got, body.Length - got);
                    if (n <= 0) break;
                    got += n;
                }
            }
            catch (IOException) { }
            return ": " + Encoding.UTF8.GetString(body, 0, got);
        }

        /// <summary>Reads the next message (text or binary, as UTF-8 text); null once the
        /// daemon closed the connection (<see cref="CloseReason"/> says why). Pings are
        /// answered on the way. One reader at a time.</summary>
        public string Receive()
        {
            int have = 0;
            while (true)
            {
                ReadFull(head, 0, 2);
                bool fin = (head[0] & 0x80) != 0;
                int op = head[0] & 0x0F;
                bool masked = (head[1] & 0x80) != 0;
                long len = head[1] & 0x7F;
                if (len == 126)
                {
                    ReadFull(head, 0, 2);
                    len = (head[0] << 8) | head[1];
                }
                else if (len == 127)
                {
                    ReadFull(head, 0, 8);
                    len = 0;
                    for (int i = 0; i < 8; i++) len = (len << 8) | head[i];
                }
                if (masked) ReadFull(head, 10, 4);
                if (len < 0 || have + len > MaxFrameBytes)
                    throw new IOException("the daemon sent a message of over " + MaxFrameBytes + " bytes");
                if (op >= 0x8)
                {
                    // A control frame comes whole, between a message's fragments too.
                    var payload = new byte[len];
                    ReadFull(payload, 0, (int)len);
                    if (masked) Unmask(payload, 0, (int)len, head, 10);
                    if (op == 0x9) WriteFrame(0xA, payload, 0, payload.Length);
                    else if (op == 0x8)
                    {
                        int code = payload.Length >= 2 ? (payload[0] << 8) | payload[1] : 1005;
                        var reason = payload.Length > 2 ? Encoding.UTF8.GetString(payload, 2, payload.Length - 2) : "";
                        CloseReason = reason.Length > 0 ? reason : "status " + code;
                        if (Interlocked.Exchange(ref closeSent, 1) == 0)
                        {
                            try { WriteFrame(0x8, payload, 0, Math.Min(2, payload.Length)); }
                            catch (Exception) { }
                        }
                        return null;
                    }
                    continue;
                }
                if (have + len > readBuf.Length)
                    Array.Resize(ref readBuf, (int)Math.Max(have + len, Math.Min(readBuf.Length * 2L, MaxFrameBytes)));
                ReadFull(readBuf, have, (int)len);
                if (masked) Unmask(readBuf, have, (int)len, head, 10);
                have += (int)len;
                if (!fin) continue;
                var text = Encoding.UTF8.GetString(readBuf, 0, have);
                if (readBuf.Length > 1 << 20) readBuf = new byte[64 * 1024]; // a large message's buffer is not kept
                return text;
            }
        }

        void ReadFull(byte[] buf, int offset, int count)
        {
            while (count > 0)
            {
                if (inPos == inLen)
                {
                    if (count >= inBuf.Length)
                    {
                        // A large payload goes straight to its buffer.
                        int n = stream.Read(buf, offset, count);
                        if (n <= 0) throw new IOException("the daemon closed the connection");
                        offset += n;
                        count -= n;
                        continue;
                    }
                    inPos = inLen = 0;
                    int got = stream.Read(inBuf, 0, inBuf.Length);
                    if (got <= 0) throw new IOException("the daemon closed the connection");
                    inLen = got;
                }
                int k = Math.Min(count, inLen - inPos);
                Buffer.BlockCopy(inBuf, inPos, buf, offset, k);
                inPos += k;
                offset += k;
                count -= k;
            }
        }

        static void Unmask(byte[] buf, int offset, int count, byte[] key, int keyOffset)
        {
            for (int i = 0; i < count; i++) buf[offset + i] ^= key[keyOffset + (i & 3)];
        }

        /// <summary>Sends one text message (waits while the socket's buffer is full).</summary>
        public void Send(byte[] utf8)
        {
            WriteFrame(0x1, utf8, 0, utf8.Length);
        }

        /// <summary>Sends the close frame (normal closure, reason); the daemon's answer ends
        /// <see cref="Receive"/>.</summary>
        public void Close(string reason)
        {
            if (Interlocked.Exchange(ref closeSent, 1) != 0) return;
            var r = Encoding.UTF8.GetBytes(reason ?? "");
            var payload = new byte[2 + Math.Min(r.Length, 123)];
            payload[0] = 1000 >> 8;
            payload[1] = 1000 & 0xFF;
            Array.Copy(r, 0, payload, 2, payload.Length - 2);
            WriteFrame(0x8, payload, 0, payload.Length);
        }

        /// <summary>One frame, masked as a client's must be, in one write.</summary>
        void WriteFrame(int op, byte[] payload, int offset, int count)
        {
            lock (writeGate)
            {
                int hl = count < 126 ? 2 : count <= 0xFFFF ? 4 : 10;
                int total = hl + 4 + count;
                var buf = total <= writeBuf.Length ? writeBuf : new byte[total];
                buf[0] = (byte)(0x80 | op);
                if (hl == 2) buf[1] = (byte)(0x80 | count);
                else if (hl == 4)
                {
                    buf[1] = 0x80 | 126;
                    buf[2] = (byte)(count >> 8);
                    buf[3] = (byte)count;
                }
                else
                {
                    buf[1] = 0x80 | 127;
                    long n = count;
                    for (int i = 9; i >= 2; i--, n >>= 8) buf[i] = (byte)n;
                }
                if (maskPos == masks.Length)
                {
                    lock (Rng) Rng.GetBytes(masks);
                    maskPos = 0;
                }
                int m = maskPos;
                maskPos += 4;
                Array.Copy(masks, m, buf, hl, 4);
                for (int i = 0; i < count; i++) buf[hl + 4 + i] = (byte)(payload[offset + i] ^ masks[m + (i & 3)]);
                stream.Write(buf, 0, total);
            }
        }

        /// <summary>Drops the connection now: a blocked read or write ends with an error.</summary>
        public void Abort()
        {
            try { tcp.Close(); } catch (Exception) { }
        }

        public void Dispose()
        {
            Abort();
        }
    }

    /// <summary>The program at the daemon's address did not prove it is the daemon that wrote
    /// daemon.json (<see cref="WebSocketClient.Prove"/>); the token was not sent.</summary>
    sealed class NotProvenException : IOException
    {
        public NotProvenException(string message) : base(message) { }
    }
}
