using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEditor;
using UnityEngine;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>play_mode_status and play_mode_step over the fake's editor loop.</summary>
    [TestFixture]
    public class PlayModeToolsTests
    {
        [SetUp]
        public void Fresh() { Reset(); }

        [Test]
        public void StepAdvancesExactlyCountFramesThenReads()
        {
            Call("gameobject_create", new { name = "Ticker" });
            Call("gameobject_add_component", new { object_path = "/Ticker", component_type = "FrameCounter" });
            Assert.AreEqual("edit", (string)Call("play_mode_status", null)["state"]);
            StringAssert.Contains("control-play-mode", Fails("play_mode_step", new { count = 1 }).Message);
            EditorApplication.isPlaying = true;
            Updates(5); // the game runs a few frames on its own
            var st = Call("play_mode_status", null);
            Assert.AreEqual("playing", (string)st["state"]);
            int ran = ObjectAddress("/Ticker").GetComponent<FrameCounter>().updates;
            var r = CallOverFrames("play_mode_step", new { count = 3, paths = new[] { "@scene:/Ticker/FrameCounter/updates", "@scene:/Nope/x" } });
            Assert.AreEqual(3, (int)r["stepped"]);
            Assert.IsTrue((bool)r["paused_by_step"]);
            Assert.AreEqual(ran + 3, (int?)r["values"][0]["value"], r["values"].ToString());
            Assert.IsNotNull(r["values"][1]["error"], "a path that does not resolve is reported, not fatal");
            // Paused now: the game does not advance on its own.
            Updates(10);
            Assert.AreEqual(ran + 3, ObjectAddress("/Ticker").GetComponent<FrameCounter>().updates);
            Assert.AreEqual("paused", (string)Call("play_mode_status", null)["state"]);
            var again = CallOverFrames("play_mode_step", new { count = 1 });
            Assert.IsFalse((bool)again["paused_by_step"]);
            Assert.AreEqual(1, (int)again["stepped"]);
            Assert.AreEqual("invalid_params", Fails("play_mode_step", new { count = 0 }).Code);
        }

        static GameObject ObjectAddress(string path) { return UnityMcp.Editor.Tools.ObjectAddress.ByPath(path, "path"); }
    }

    /// <summary>A script that counts its Update calls.</summary>
    public class FrameCounter : MonoBehaviour
    {
        public int updates;
        void Update() { updates++; }
    }
}
