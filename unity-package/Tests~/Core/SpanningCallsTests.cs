using System;
using System.Collections.Generic;
using System.Threading;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityMcp.Core;

namespace UnityMcp.Core.Tests
{
    [TestFixture]
    public class SpanningCallsTests
    {
        static ToolCall Call(string id, string tool, DateTime deadline, List<ToolCall> answered)
        {
            return new ToolCall(id, tool, null, deadline, CancellationToken.None, c => { lock (answered) answered.Add(c); });
        }

        static SpanningCalls Reload(SpanningCalls s)
        {
            string problem;
            var next = SpanningCalls.Load(s.Save(), out problem);
            Assert.IsNull(problem, "a saved store loads without problems");
            next.UtcNow = s.UtcNow;
            return next;
        }

        [Test]
        public void RunningCallSurvivesReloadsWithItsData()
        {
            var answered = new List<ToolCall>();
            var s = new SpanningCalls();
            s.Hold(Call("c1", "run-tests", DateTime.MaxValue, answered), new JObject { { "mode", "PlayMode" } });
            s = Reload(Reload(s)); // entering and leaving Play Mode
            CollectionAssert.AreEqual(new[] { "c1" }, s.Ids());
            var running = s.Running("run-tests");
            Assert.AreEqual(1, running.Count);
            Assert.AreEqual("PlayMode", (string)running[0].Value["mode"]);
            Assert.AreEqual(0, s.Deliveries().Count, "nothing to deliver while it runs");
            Assert.AreEqual(0, s.Running("compile").Count);
        }

        [Test]
        public void AnswerWithoutAConnectionWaitsForTheHello()
        {
            var answered = new List<ToolCall>();
            var s = new SpanningCalls();
            s.Hold(Call("c1", "run-tests", DateTime.MaxValue, answered));
            s = Reload(s);
            Assert.IsTrue(s.Answer("c1", new JObject { { "Success", true } }));
            Assert.IsFalse(s.Answer("c1", new JObject()), "answered once");
            Assert.IsFalse(s.Answer("nope", new JObject()), "unknown calls are not answered");
            s = Reload(s); // answered during one reload, delivered after the next: kept
            var d = s.Deliveries();
            Assert.AreEqual(1, d.Count);
            Assert.AreEqual("{\"callId\":\"c1\",\"result\":{\"Success\":true}}", d[0].ToString(Newtonsoft.Json.Formatting.None));
            s.Delivered(d);
            Assert.AreEqual(0, s.Count, "gone once the hello that carried it was answered");
        }

        [Test]
        public void FailureIsDeliveredAsAToolError()
        {
            var s = new SpanningCalls();
            s.Hold(Call("c1", "control-play-mode", DateTime.MaxValue, new List<ToolCall>()));
            s = Reload(s);
            Assert.IsTrue(s.Fail("c1", "script_compile_error", "fix them", new JObject { { "IsPlaying", false } }));
            s = Reload(s);
            var e = s.Deliveries()[0]["error"];
            Assert.AreEqual(Protocol.ToolErrorCode, (int)e["code"]);
            Assert.AreEqual("fix them", (string)e["message"]);
            Assert.AreEqual("script_compile_error", (string)e["data"]["code"]);
            Assert.AreEqual(false, (bool)e["data"]["IsPlaying"]);
        }

        [Test]
        public void LiveCallIsAnsweredThroughItsRequest()
        {
            var answered = new List<ToolCall>();
            var s = new SpanningCalls();
            var call = Call("c1", "control-play-mode", DateTime.MaxValue, answered);
            s.Hold(call);
            Assert.IsTrue(s.Fail("c1", "invalid_state", "stayed in Edit Mode", new JObject { { "IsPlaying", false } }));
            Assert.AreEqual(1, answered.Count, "answered through the live request");
            Assert.AreEqual("invalid_state", (string)call.Error["data"]["code"]);
            Assert.AreEqual(false, (bool)call.Error["data"]["IsPlaying"]);
            Assert.AreEqual("stayed in Edit Mode", (string)call.Error["message"]);
            // The bridge's answer path: sent on the connection, so no longer held.
            Assert.IsTrue(s.Settled(call, true));
            Assert.AreEqual(0, s.Count);
        }

        [Test]
        public void AnswerOnALostConnectionIsKept()
        {
            var answered = new List<ToolCall>();
            var s = new SpanningCalls();
            var call = Call("c1", "run-tests", DateTime.MaxValue, answered);
            s.Hold(call);
            call.Reply(new JObject { { "Success", false } });
            Assert.IsTrue(s.Settled(call, false), "the connection did not take it");
            Assert.AreEqual(false, (bool)s.Deliveries()[0]["result"]["Success"]);
            Assert.IsFalse(s.Settled(Call("other", "t", DateTime.MaxValue, answered), false), "a call that is not held is not kept");
        }

        [Test]
        public void ResentRequestTakesOverOrGetsTheAnswer()
        {
            var answered = new List<ToolCall>();
            var s = new SpanningCalls();
            s.Hold(Call("c1", "run-tests", DateTime.MaxValue, answered));
            s.Hold(Call("c2", "run-tests", DateTime.MaxValue, answered));
            s = Reload(s);
            Assert.IsTrue(s.Answer("c2", new JObject { { "n", 2 } })); // ended during the reload
            JToken result;
            JObject error;
            var resent1 = Call("c1", "run-tests", DateTime.MaxValue, answered);
            Assert.AreEqual(SpanningCalls.Adoption.Bound, s.Adopt(resent1, out result, out error));
            var resent2 = Call("c2", "run-tests", DateTime.MaxValue, answered);
            Assert.AreEqual(SpanningCalls.Adoption.Answered, s.Adopt(resent2, out result, out error));
            Assert.AreEqual(2, (int)result["n"]);
            Assert.IsNull(error);
            Assert.AreEqual(SpanningCalls.Adoption.NotHeld, s.Adopt(Call("c3", "get-logs", DateTime.MaxValue, answered), out result, out error));
            Assert.IsTrue(s.Answer("c1", new JObject { { "n", 1 } }));
            Assert.AreSame(resent1, answered[0], "the answer went to the re-sent request");
            Assert.AreEqual(1, (int)resent1.Result["n"]);
        }

        [Test]
        public void AnswerThroughAnOlderRequestReachesTheNewOne()
        {
            // The same domain lost its connection and the daemon re-sent the call on the
            // next one; the tool still answers through the request it started with.
            var answered = new List<ToolCall>();
            var s = new SpanningCalls();
            var first = Call("c1", "run-tests", DateTime.MaxValue, answered);
            s.Hold(first);
            JToken result;
            JObject error;
            var second = Call("c1", "run-tests", DateTime.MaxValue, answered);
            Assert.AreEqual(SpanningCalls.Adoption.Bound, s.Adopt(second, out result, out error));
            first.Fail("timeout", "too slow");
            Assert.IsTrue(s.Settled(first, false));
            Assert.IsTrue(second.IsDone, "forwarded to the live request");
            Assert.AreEqual("timeout", (string)second.Error["data"]["code"]);
            Assert.AreEqual("too slow", (string)second.Error["message"]);
        }

        [Test]
        public void DeferredAnswerIsDeliveredAfterTheReloadOrTakenBack()
        {
            var answered = new List<ToolCall>();
            var s = new SpanningCalls();
            var call = Call("c1", "compile", DateTime.MaxValue, answered);
            s.Defer(call, new JObject { { "Message", "reloaded" } });
            Assert.AreEqual(0, answered.Count, "not sent on this connection");
            Assert.IsFalse(call.IsDone);
            CollectionAssert.AreEqual(new[] { "c1" }, s.Ids(), "spans the reload");
            var after = Reload(s);
            Assert.AreEqual("reloaded", (string)after.Deliveries()[0]["result"]["Message"]);
            // No reload came: the tool takes its answer back and replies itself.
            var back = s.Take("c1");
            Assert.AreEqual("reloaded", (string)back["Message"]);
            Assert.IsNull(s.Take("c1"), "taken once");
            Assert.AreEqual(0, s.Count);
        }

        [Test]
        public void ExpiredCallsAreDropped()
        {
            var now = new DateTime(2025, 1, 1, 12, 0, 0, DateTimeKind.Utc);
            var s = new SpanningCalls { UtcNow = () => now };
            var answered = new List<ToolCall>();
            s.Hold(Call("deadline", "run-tests", now.AddMinutes(10), answered));
            s.Hold(Call("none", "run-tests", DateTime.MaxValue, answered));
            s = Reload(s);
            now = now.AddMinutes(11);
            CollectionAssert.AreEqual(new[] { "none" }, s.Ids(), "the daemon gave up on a call past its deadline");
            now = now.AddMinutes(20);
            Assert.AreEqual(0, s.Ids().Count, "and a call without a deadline is kept " + SpanningCalls.MaxAge.TotalMinutes + " minutes");
        }

        [TestCase("{not json", "are not JSON")]
        [TestCase("{\"version\":7,\"calls\":[]}", "format version 7, this package reads 1")]
        [TestCase("{\"calls\":[]}", "format version (none)")]
        public void UnreadableStoreSaysWhy(string saved, string reason)
        {
            string problem;
            var s = SpanningCalls.Load(saved, out problem);
            Assert.AreEqual(0, s.Count);
            StringAssert.Contains(reason, problem);
        }

        [Test]
        public void EntryWithoutACallIdIsSkippedAndNamed()
        {
            string problem;
            var s = SpanningCalls.Load("{\"version\":1,\"calls\":[{\"tool\":\"compile\"},{\"callId\":\"ok\",\"tool\":\"compile\"}]}", out problem);
            CollectionAssert.AreEqual(new[] { "ok" }, s.Ids());
            StringAssert.Contains("{\"tool\":\"compile\"}", problem);
        }

        [Test]
        public void EmptyStoreLoadsSilently()
        {
            string problem;
            Assert.AreEqual(0, SpanningCalls.Load("", out problem).Count);
            Assert.IsNull(problem);
            Assert.AreEqual(0, SpanningCalls.Load(null, out problem).Count);
            Assert.IsNull(problem);
        }

        sealed class Inline : IMainThread { public void Post(Action work) { work(); } }

        sealed class Quiet : ILog
        {
            public void Info(string message) { }
            public void Warn(string message) { }
        }

        /// <summary>Review finding 18: the store is saved after the reload is announced and
        /// the connection's reader has stopped, so a cancel that arrives while
        /// beforeAssemblyReload waits on the daemon is in what the next domain loads (saved
        /// before, the cancelled call would come back and be delivered again).</summary>
        [Test]
        public void CancelDuringTheAnnouncementIsSaved()
        {
            var wait = TimeSpan.FromSeconds(10);
            using (var daemon = new FakeDaemon())
            {
                var spanning = new SpanningCalls();
                var tools = new ToolRegistry();
                tools.Register(new DelegateTool("run-tests", true, c => spanning.Hold(c)));
                var identity = new EditorIdentity { ProjectPath = "/p", DataPath = "/p/Assets", ProductName = "p", UnityVersion = "t", PackageVersion = "t" };
                var client = new BridgeClient(identity, tools, new Inline(), new Quiet(), daemon.StateDir) { AutoStartDaemon = false, Spanning = spanning };
                client.Start();
                daemon.Accept(wait);
                daemon.Greet();
                daemon.Call("r1", "c1", "run-tests");
                daemon.Call("r2", "c2", "run-tests");
                Assert.IsTrue(SpinWait.SpinUntil(() => spanning.Count == 2, wait), "the tool did not hold both calls");

                string saved = null, problem = "not returned";
                var reload = new Thread(() => saved = spanning.SaveAfterAnnouncing(client, out problem)); // the main thread
                reload.Start();
                var ev = daemon.Read();
                Assert.AreEqual(Protocol.ReloadStarting, (string)ev["params"]["type"]);
                CollectionAssert.AreEqual(new[] { "c1", "c2" }, ev["params"]["data"]["spanning"].ToObject<string[]>());
                // The daemon's client gave up on c1 just then; the daemon cancels it before it
                // reads (and answers) the close.
                daemon.Write(new JObject { { "jsonrpc", "2.0" }, { "method", Protocol.Cancel }, { "params", new JObject { { "callId", "c1" } } } });
                Assert.IsNull(daemon.Read(), "then the close");
                Assert.IsTrue(reload.Join(wait), "SaveAfterAnnouncing did not return");
                Assert.IsNull(problem);

                string loadProblem;
                var next = SpanningCalls.Load(saved, out loadProblem);
                Assert.IsNull(loadProblem);
                CollectionAssert.AreEqual(new[] { "c2" }, next.Ids(), "the cancelled call is not carried into the next domain");
            }
        }

        [Test]
        public void SaveAfterAnnouncingWithoutAClientSaves()
        {
            var s = new SpanningCalls();
            s.Hold(Call("c1", "compile", DateTime.MaxValue, new List<ToolCall>()));
            string problem;
            var saved = s.SaveAfterAnnouncing(null, out problem);
            Assert.IsNull(problem);
            string loadProblem;
            CollectionAssert.AreEqual(new[] { "c1" }, SpanningCalls.Load(saved, out loadProblem).Ids());
        }

        [Test]
        public void HoldNeedsACallId()
        {
            var e = Assert.Throws<ArgumentException>(() => new SpanningCalls().Hold(Call("", "compile", DateTime.MaxValue, new List<ToolCall>())));
            StringAssert.Contains("callId", e.Message);
        }
    }
}
