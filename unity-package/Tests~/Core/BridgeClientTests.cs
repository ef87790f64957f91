using System;
using System.IO;
using System.Net;
using System.Net.Sockets;
using System.Threading;
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
            public void Info(string message) { }
            public void Warn(string message) { }
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
            var acceptor = new Thread(() =>
            {
                while (!stop)
                {
                    try
                    {
                        using (var c = listener.AcceptTcpClient()) Interlocked.Increment(ref accepted);
                    }
                    catch (SocketException) { return; }
                    catch (ObjectDisposedException) { return; }
                }
            }) { IsBackground = true };
            acceptor.Start();
            var dir = Path.Combine(Path.GetTempPath(), "unitymcp-backoff-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(dir);
            try
            {
                File.WriteAllText(Path.Combine(dir, "daemon.json"), "{\"url\":\"http://127.0.0.1:" + port + "\",\"pid\":1,\"version\":\"t\"}");
                File.WriteAllText(Path.Combine(dir, "token"), "tok");
                var identity = new EditorIdentity { ProjectPath = "/p", DataPath = "/p/Assets", ProductName = "p", UnityVersion = "t", PackageVersion = "t" };
                using (var client = new BridgeClient(identity, new ToolRegistry(), new Inline(), new Quiet(), dir) { AutoStartDaemon = false })
                {
                    client.Start();
                    Thread.Sleep(3200);
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
    }
}
