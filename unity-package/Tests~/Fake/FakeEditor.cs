using System;
using System.Threading;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEngine;
using UnityMcp.Core;
using UnityMcp.Editor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>A tool call that failed: its error code, message and data.</summary>
    public sealed class ToolFailure : Exception
    {
        public readonly string Code;
        public readonly JObject Details;

        public ToolFailure(string code, string message, JObject data) : base(code + ": " + message)
        {
            Code = code;
            Details = data;
        }
    }

    /// <summary>Calls the package's real tools (BuiltinTools, the handlers the bridge
    /// dispatches to) with arguments as the daemon sends them, over the behavioural fake of
    /// Unity (Tests~/Stubs), on this thread as the Editor's main thread would.</summary>
    public static class FakeEditor
    {
        static readonly ToolRegistry registry = BuiltinTools.Build();
        static int calls;

        /// <summary>A fresh Editor on a new, empty project folder: one Untitled scene, empty
        /// Undo history and session state.</summary>
        public static void Reset()
        {
            // One project folder for the run, emptied each time: the package caches the
            // project's root for the life of a domain, as it may in the Editor.
            if (Project == null) Project = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "unitymcp-fake-" + System.Guid.NewGuid().ToString("N").Substring(0, 12));
            var assets = System.IO.Path.Combine(Project, "Assets");
            if (System.IO.Directory.Exists(assets)) System.IO.Directory.Delete(assets, true);
            System.IO.Directory.CreateDirectory(assets);
            World.Start(Project + "/Assets");
        }

        /// <summary>The current project folder (Assets/ inside it).</summary>
        public static string Project { get; private set; }

        /// <summary>A call that may take several editor updates (Play Mode, frames): the
        /// editor loop runs until it answers, at most maxUpdates times.</summary>
        public static JObject CallOverFrames(string tool, object args, int maxUpdates = 600)
        {
            return Invoke(tool, args, "agent-1", maxUpdates);
        }

        /// <summary>Runs the editor loop n times (what the Editor does between calls).</summary>
        public static void Updates(int n)
        {
            for (int i = 0; i < n; i++) UnityEditor.EditorApplication.FakeTick();
        }

        public static JObject Call(string tool, object args, string session = "agent-1")
        {
            return Invoke(tool, args, session, 0);
        }

        static JObject Invoke(string tool, object args, string session, int maxUpdates)
        {
            IToolHandler handler;
            if (!registry.TryGet(tool, out handler)) throw new InvalidOperationException("no tool " + tool);
            JToken result = null;
            JObject error = null;
            var jargs = args == null ? new JObject() : args as JObject ?? JObject.FromObject(args);
            var call = new ToolCall("call-" + Interlocked.Increment(ref calls), tool, jargs, DateTime.MaxValue, CancellationToken.None, c => { result = c.Result; error = c.Error; });
            call.Session = session;
            handler.Invoke(call);
            for (int i = 0; i < maxUpdates && !call.IsDone; i++) UnityEditor.EditorApplication.FakeTick();
            Assert.IsTrue(call.IsDone, tool + (maxUpdates == 0 ? " did not answer in the same frame" : " did not answer within " + maxUpdates + " editor updates"));
            if (error != null)
            {
                var data = error["data"] as JObject ?? new JObject();
                throw new ToolFailure((string)data["code"], (string)error["message"], data);
            }
            return (JObject)result;
        }

        /// <summary>The failure a call must end in.</summary>
        public static ToolFailure Fails(string tool, object args, string session = "agent-1", int maxUpdates = 0)
        {
            try { Invoke(tool, args, session, maxUpdates); }
            catch (ToolFailure f) { return f; }
            Assert.Fail(tool + " succeeded; it should have failed");
            return null;
        }

        /// <summary>The loaded scenes' objects, as "path" lines with components: what a test
        /// compares to prove a failed call left the scene as it was.</summary>
        public static string Dump()
        {
            var b = new System.Text.StringBuilder();
            for (int s = 0; s < UnityEngine.SceneManagement.SceneManager.sceneCount; s++)
                foreach (var r in UnityEngine.SceneManagement.SceneManager.GetSceneAt(s).GetRootGameObjects()) Dump(r.transform, "", b);
            return b.ToString();
        }

        static void Dump(Transform t, string prefix, System.Text.StringBuilder b)
        {
            var go = t.gameObject;
            b.Append(prefix).Append('/').Append(go.name).Append(go.activeSelf ? "" : " (inactive)")
                .Append(" p=").Append(t.localPosition).Append(" r=").Append(t.localEulerAngles).Append(" s=").Append(t.localScale).Append(" [");
            foreach (var c in go.GetComponents<Component>()) b.Append(c.GetType().Name).Append(' ');
            b.Append("]\n");
            for (int i = 0; i < t.childCount; i++) Dump(t.GetChild(i), prefix + "/" + go.name, b);
        }
    }
}
