using System;
using System.Threading;
using NUnit.Framework;
using UnityMcp.Core;

namespace UnityMcp.Core.Tests
{
    [TestFixture]
    public class TickPumpTests
    {
        [Test]
        public void SignalsWhileBusyThenStops()
        {
            int signals = 0;
            bool busy = true;
            using (var pump = new TickPump(() => Interlocked.Increment(ref signals), () => Volatile.Read(ref busy))
            { Interval = TimeSpan.FromMilliseconds(10), Trailing = TimeSpan.FromMilliseconds(100) })
            {
                Assert.AreEqual(0, signals, "an idle pump signals nothing");
                Assert.IsFalse(pump.Running);
                pump.Poke();
                Assert.GreaterOrEqual(signals, 1, "Poke signals at once");
                Thread.Sleep(500);
                var whileBusy = Volatile.Read(ref signals);
                Assert.Greater(whileBusy, 3, "keeps signalling while work is queued (every 10 ms: about 50)");
                Assert.IsTrue(pump.Running);
                Volatile.Write(ref busy, false);
                var until = DateTime.UtcNow.AddSeconds(10); // trailing 100 ms, then the timer stops
                while (pump.Running && DateTime.UtcNow < until) Thread.Sleep(20);
                Assert.IsFalse(pump.Running, "stops once idle");
                Thread.Sleep(50); // a beat already past its check may still signal once
                var stopped = Volatile.Read(ref signals);
                Thread.Sleep(200);
                Assert.AreEqual(stopped, Volatile.Read(ref signals), "no signals once idle: an idle Editor is not woken");
                pump.Poke();
                Assert.IsTrue(pump.Running, "new work starts it again");
            }
        }

        [Test]
        public void DisposedPumpStaysQuiet()
        {
            int signals = 0;
            var pump = new TickPump(() => Interlocked.Increment(ref signals), () => true);
            pump.Dispose();
            pump.Poke();
            Thread.Sleep(50);
            Assert.AreEqual(0, signals);
        }
    }
}
