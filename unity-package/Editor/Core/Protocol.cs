using Newtonsoft.Json.Linq;

namespace UnityMcp.Core
{
    /// <summary>Names and codes of the bridge protocol (docs/bridge-protocol.md in the
    /// unitymcp repository).</summary>
    public static class Protocol
    {
        public const int Version = 1;
        public const string Path = "/bridge";

        public const string Hello = "hello";
        public const string Call = "tools/call";
        public const string Cancel = "call/cancel";
        public const string Ping = "ping";
        public const string Event = "event";

        public const string CompileStarted = "compile.started";
        public const string CompileFinished = "compile.finished";
        public const string TestsFinished = "tests.finished";
        public const string ReloadStarting = "reload.starting";
        public const string PlayModeChanged = "playmode.changed";
        public const string ReloadRequired = "reload.required";
        public const string Quitting = "quitting";
        /// <summary>A batch of Console entries (see <see cref="ConsoleForwarder"/>).</summary>
        public const string ConsoleEntries = "console.entries";

        /// <summary>JSON-RPC error code of a tool failure; data.code is the tool error code.</summary>
        public const int ToolErrorCode = -32001;
        public const int MethodNotFound = -32601;
        public const int InvalidParams = -32602;

        internal static JObject Request(long id, string method, JToken prms)
        {
            return new JObject { { "jsonrpc", "2.0" }, { "id", id }, { "method", method }, { "params", prms } };
        }

        internal static JObject Notification(string method, JToken prms)
        {
            return new JObject { { "jsonrpc", "2.0" }, { "method", method }, { "params", prms } };
        }

        internal static JObject Response(JToken id, JToken result)
        {
            return new JObject { { "jsonrpc", "2.0" }, { "id", id }, { "result", result } };
        }

        internal static JObject ErrorResponse(JToken id, JObject error)
        {
            return new JObject { { "jsonrpc", "2.0" }, { "id", id }, { "error", error } };
        }

        /// <summary>The error object of a tool failure, as ToolCall.Fail builds it:
        /// {code: -32001, message, data: {code, …data}}.</summary>
        internal static JObject ToolError(string code, string message, JObject data)
        {
            var d = data != null ? (JObject)data.DeepClone() : new JObject();
            d["code"] = code;
            return new JObject { { "code", ToolErrorCode }, { "message", message }, { "data", d } };
        }
    }

    /// <summary>What the editor says about itself in hello.</summary>
    public sealed class EditorIdentity
    {
        public string ProjectPath;
        public string DataPath;
        public string ProductName;
        public string UnityVersion;
        public string PackageVersion;
        public int Pid;
        public bool Simulator;
    }
}
