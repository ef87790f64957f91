using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityMcp.Core;

namespace UnityMcp.Core.Tests
{
    [TestFixture]
    public class ConsoleForwarderTests
    {
        List<JObject> sent;
        bool connected;
        ConsoleForwarder f;

        [SetUp]
        public void SetUp()
        {
            sent = new List<JObject>();
            connected = true;
            f = new ConsoleForwarder(() => connected, (type, data) =>
            {
                Assert.AreEqual(Protocol.ConsoleEntries, type);
                sent.Add(data);
            });
        }

        [Test]
        public void SendsBatchesInOrder()
        {
            for (int i = 0; i < ConsoleForwarder.MaxBatch + 5; i++) f.Add("Log", "m" + i, "");
            f.Add("Exception", "boom", "at Player.Update ()");
            Assert.AreEqual(ConsoleForwarder.MaxBatch + 6, f.Flush());
            Assert.AreEqual(2, sent.Count);
            var first = (JArray)sent[0]["entries"];
            var second = (JArray)sent[1]["entries"];
            Assert.AreEqual(ConsoleForwarder.MaxBatch, first.Count);
            Assert.AreEqual("m0", (string)first[0]["message"]);
            Assert.IsNull(first[0]["stackTrace"]);
            Assert.AreEqual("Exception", (string)second[second.Count - 1]["type"]);
            Assert.AreEqual("at Player.Update ()", (string)second[second.Count - 1]["stackTrace"]);
            Assert.AreEqual(0, f.Flush());
        }

        [Test]
        public void WaitsWhileDisconnectedAndCountsWhatItDrops()
        {
            connected = false;
            for (int i = 0; i < ConsoleForwarder.MaxQueued + 3; i++) f.Add("Warning", "w" + i, null);
            Assert.AreEqual(0, f.Flush());
            Assert.AreEqual(ConsoleForwarder.MaxQueued, f.Queued);
            connected = true;
            f.Flush();
            Assert.AreEqual(3, (int)sent[0]["dropped"]);
            Assert.AreEqual("w3", (string)sent[0]["entries"][0]["message"]);
        }

        [Test]
        public void ClearAndCut()
        {
            f.Add("Log", "before", "");
            f.Clear();
            f.Add("Error", new string('x', ConsoleForwarder.MaxMessage + 10), "");
            f.Flush();
            Assert.AreEqual(1, sent.Count);
            Assert.AreEqual(true, (bool)sent[0]["cleared"]);
            var e = (JArray)sent[0]["entries"];
            Assert.AreEqual(1, e.Count);
            Assert.AreEqual(ConsoleForwarder.MaxMessage + 1, ((string)e[0]["message"]).Length);
        }
    }
}
