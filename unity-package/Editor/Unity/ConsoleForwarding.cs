using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor
{
    /// <summary>Feeds every Console entry (Application.logMessageReceivedThreaded, as the
    /// get-logs fallback buffer) to a <see cref="ConsoleForwarder"/>, which sends them to
    /// the daemon in batches; the daemon keeps the recent ones and passes them to MCP
    /// clients as log messages and the console resource.</summary>
    internal static class ConsoleForwarding
    {
        static ConsoleForwarder forwarder;

        /// <summary>Starts forwarding (once per domain). Before a domain reload what is
        /// queued is sent and the timer stopped.</summary>
        internal static void Install()
        {
            if (forwarder != null) return;
            forwarder = new ConsoleForwarder(() =>
            {
                var c = McpBridge.Client;
                return c != null && c.IsConnected;
            }, McpBridge.Emit);
            Application.logMessageReceivedThreaded += OnLog;
            McpBridge.BeforeReload += OnBeforeReload;
            forwarder.Start();
        }

        /// <summary>Tells the daemon the Console was cleared (clear-console).</summary>
        internal static void Cleared()
        {
            var f = forwarder;
            if (f != null) f.Clear();
        }

        static void OnLog(string condition, string stackTrace, LogType type)
        {
            var f = forwarder;
            if (f != null) f.Add(type.ToString(), condition, stackTrace);
        }

        static void OnBeforeReload()
        {
            Application.logMessageReceivedThreaded -= OnLog;
            var f = forwarder;
            if (f == null) return;
            f.Flush();
            f.Dispose();
        }
    }
}
