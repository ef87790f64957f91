using System;
using System.Collections.Generic;
using System.Threading;
using Newtonsoft.Json.Linq;

namespace UnityMcp.Core
{
    /// <summary>A tool the editor implements. Invoke runs on the main thread when
    /// <see cref="MainThread"/> is true, else on a worker thread.</summary>
    public interface IToolHandler
    {
        /// <summary>Tool name as the daemon knows it (e.g. "get-logs").</summary>
        string Name { get; }

        /// <summary>Whether Invoke must run on the Unity main thread.</summary>
        bool MainThread { get; }

        /// <summary>Runs the tool. The handler answers exactly once, now or in a later
        /// frame, through <see cref="ToolCall.Reply"/> or <see cref="ToolCall.Fail"/>.</summary>
        void Invoke(ToolCall call);
    }

    /// <summary>One call from the daemon. Arguments are complete: the daemon has
    /// checked them against the schema and filled in every default.</summary>
    public sealed class ToolCall
    {
        readonly Action<ToolCall> onDone;
        int done;

        internal ToolCall(string callId, string tool, JObject args, DateTime deadlineUtc, CancellationToken cancelled, Action<ToolCall> onDone)
        {
            CallId = callId;
            Session = "";
            Tool = tool;
            Args = args ?? new JObject();
            DeadlineUtc = deadlineUtc;
            Cancelled = cancelled;
            this.onDone = onDone;
        }

        /// <summary>Daemon-generated id, stable across domain reloads.</summary>
        public string CallId { get; private set; }
        /// <summary>The MCP session the call came from, as the daemon names it (an opaque,
        /// non-secret id; "" when the daemon did not say). Per-session state such as
        /// undo's record of a session's own calls is keyed by it.</summary>
        public string Session { get; internal set; }
        public string Tool { get; private set; }
        public JObject Args { get; private set; }
        /// <summary>When the daemon stops waiting (DateTime.MaxValue if none).</summary>
        public DateTime DeadlineUtc { get; private set; }
        /// <summary>Cancelled when the daemon cancels the call or the connection ends.</summary>
        public CancellationToken Cancelled { get; private set; }

        internal JToken Result { get; private set; }
        internal JObject Error { get; private set; }

        /// <summary>Whether the call has been answered.</summary>
        public bool IsDone { get { return done != 0; } }

        /// <summary>Answers with the tool's response object.</summary>
        public void Reply(JToken result)
        {
            if (Interlocked.Exchange(ref done, 1) != 0) return;
            Result = result ?? new JObject();
            onDone(this);
        }

        /// <summary>Answers with a tool error the user can act on; message says what to do.</summary>
        public void Fail(string code, string message, JObject data = null)
        {
            if (Interlocked.Exchange(ref done, 1) != 0) return;
            var d = data != null ? (JObject)data.DeepClone() : new JObject();
            d["code"] = code;
            Error = new JObject { { "code", Protocol.ToolErrorCode }, { "message", message }, { "data", d } };
            onDone(this);
        }

        internal static ToolCall ForTest(string tool, JObject args, Action<ToolCall> onDone)
        {
            return new ToolCall("test", tool, args, DateTime.MaxValue, CancellationToken.None, onDone);
        }
    }

    /// <summary>Tool handler from a delegate.</summary>
    public sealed class DelegateTool : IToolHandler
    {
        readonly Action<ToolCall> invoke;

        public DelegateTool(string name, bool mainThread, Action<ToolCall> invoke)
        {
            Name = name;
            MainThread = mainThread;
            this.invoke = invoke;
        }

        public string Name { get; private set; }
        public bool MainThread { get; private set; }
        public void Invoke(ToolCall call) { invoke(call); }
    }

    /// <summary>The tools of this editor: built-in handlers and declared (attribute) tools.</summary>
    public sealed class ToolRegistry
    {
        readonly Dictionary<string, IToolHandler> handlers = new Dictionary<string, IToolHandler>();
        readonly List<JObject> declared = new List<JObject>();

        public void Register(IToolHandler handler) { handlers[handler.Name] = handler; }

        /// <summary>Adds an attribute tool: its handler and its declaration
        /// {name, description, group?, inputSchema, annotations}.</summary>
        public void Declare(IToolHandler handler, JObject declaration)
        {
            handlers[handler.Name] = handler;
            declared.Add(declaration);
        }

        public bool TryGet(string name, out IToolHandler handler) { return handlers.TryGetValue(name, out handler); }

        /// <summary>Built-in tool names this editor implements (declared ones excluded).</summary>
        public List<string> BuiltinNames()
        {
            var names = new List<string>();
            var decl = new HashSet<string>();
            foreach (var d in declared) decl.Add((string)d["name"]);
            foreach (var k in handlers.Keys) if (!decl.Contains(k)) names.Add(k);
            names.Sort(StringComparer.Ordinal);
            return names;
        }

        public JArray Declarations() { return new JArray(declared.ToArray()); }
    }

    /// <summary>Runs work on the Unity main thread. The Unity adapter queues work and
    /// drains it on EditorApplication.update, and wakes the editor loop so an unfocused
    /// Editor does not stall calls.</summary>
    public interface IMainThread
    {
        void Post(Action work);
    }

    /// <summary>Logging sink (Debug.Log in Unity, stderr headless).</summary>
    public interface ILog
    {
        void Info(string message);
        void Warn(string message);
    }
}
