using System;
using System.Collections.Generic;
using System.Threading;
using NUnit.Framework;
using UnityMcp.Core;

namespace UnityMcp.Core.Tests
{
    [TestFixture]
    public class TickPumpTests
    {
        /// <summary>A pump on a fake clock whose timer is simulated: Run(until) fires each
        /// armed beat at its time, so a minute of pumping takes no wall-clock time.</summary>
        sealed class Sim
        {
            public DateTime Now = new DateTime(2025, 1, 1, 0, 0, 0, DateTimeKind.Utc);
            public readonly List<DateTime> Signals = new List<DateTime>();
            public bool Queued;
            public TimeSpan? Armed; // the delay last asked for, from ArmedAt
            public DateTime ArmedAt;
            public int Beats;
            public readonly TickPump Pump;

            public Sim()
            {
                Pump = new TickPump(() => Signals.Add(Now), () => Queued, () => Now, d => { Armed = d; ArmedAt = Now; })
                { Interval = TimeSpan.FromMilliseconds(10), Trailing = TimeSpan.FromMilliseconds(500) };
            }

            /// <summary>Fires the simulated timer until the clock reaches until.</summary>
            public void Run(DateTime until)
            {
                while (Armed.HasValue && ArmedAt + Armed.Value <= until)
                {
                    Now = ArmedAt + Armed.Value;
                    Armed = null;
                    Beats++;
                    Pump.Beat();
                }
                Now = until;
            }

            public void Run(TimeSpan span) { Run(Now + span); }

            public int SignalsBetween(DateTime from, DateTime to)
            {
                int n = 0;
                foreach (var s in Signals) if (s >= from && s < to) n++;
                return n;
            }
        }

        [Test]
        public void IdlePumpSignalsNothing()
        {
            var sim = new Sim();
            sim.Run(TimeSpan.FromMinutes(1));
            Assert.AreEqual(0, sim.Signals.Count, "an idle pump signals nothing");
            Assert.IsFalse(sim.Pump.Running);
        }

        [Test]
        public void SignalsWhileWorkIsQueuedThenForTheTrailingTimeThenStops()
        {
            var sim = new Sim();
            var start = sim.Now;
            sim.Queued = true;
            sim.Pump.Poke();
            Assert.AreEqual(1, sim.Signals.Count, "Poke signals at once");
            sim.Run(TimeSpan.FromSeconds(1));
            Assert.That(sim.Signals.Count, Is.InRange(100, 102), "every 10 ms while work is queued");
            Assert.IsTrue(sim.Pump.Running);
            sim.Queued = false;
            var idleFrom = sim.Now;
            sim.Run(TimeSpan.FromSeconds(10));
            Assert.IsFalse(sim.Pump.Running, "stops once idle");
            Assert.That(sim.SignalsBetween(idleFrom, sim.Now), Is.InRange(49, 51), "the 500 ms trailing time, every 10 ms");
            Assert.AreEqual(0, sim.SignalsBetween(idleFrom + TimeSpan.FromMilliseconds(510), sim.Now), "no signals once idle: an idle Editor is not woken");
            Assert.IsNull(sim.Armed, "the timer is stopped, not left ticking");
            sim.Pump.Poke();
            Assert.IsTrue(sim.Pump.Running, "new work starts it again");
            Assert.Greater(sim.Now, start);
        }

        // A test run's watch (WaitSeconds(0.5) until its deadline) or a compile's
        // (WaitSeconds(0.1)): the Editor is woken when the job is due, not 100 times a second.
        [TestCase(500, 20)]
        [TestCase(100, 100)]
        public void SleepingJobWakesTheEditorOnlyWhenDue(int sleepMs, int perTenSeconds)
        {
            var sim = new Sim();
            var sleep = TimeSpan.FromMilliseconds(sleepMs);
            sim.Pump.Poke(); // the call that started the job
            sim.Pump.Due(sleep);
            // The Editor: each signal brings an update, in which the job, when due, steps and
            // sleeps again, and the jobs publish when the earliest is next due.
            var dueAt = sim.Now + sleep;
            sim.Run(TimeSpan.FromSeconds(1)); // the trailing time after the call passes
            var from = sim.Now;
            var until = from + TimeSpan.FromSeconds(10);
            while (sim.Now < until)
            {
                int before = sim.Signals.Count;
                sim.Run(until < sim.Now + TimeSpan.FromMilliseconds(1) ? until : sim.Now + TimeSpan.FromMilliseconds(1));
                if (sim.Signals.Count > before && sim.Now >= dueAt)
                {
                    dueAt = sim.Now + sleep; // the update steps the job: it sleeps again
                    sim.Pump.Due(dueAt - sim.Now);
                }
            }
            Assert.That(sim.SignalsBetween(from, until), Is.InRange(perTenSeconds - 1, perTenSeconds + 1),
                "one wake per " + sleepMs + " ms, not one per 10 ms (1000 in 10 s)");
            Assert.Less(sim.Beats, 3 * perTenSeconds + 200, "the timer sleeps between wakes");
        }

        [Test]
        public void JobDueEveryFrameKeepsTheEditorTicking()
        {
            var sim = new Sim();
            sim.Pump.Due(TimeSpan.Zero); // a drag step, one frame each
            var from = sim.Now;
            sim.Run(TimeSpan.FromSeconds(2));
            Assert.That(sim.SignalsBetween(from, sim.Now), Is.InRange(199, 201), "every 10 ms while a job waits one frame");
            sim.Pump.Due(null); // the job ended
            var ended = sim.Now;
            sim.Run(TimeSpan.FromSeconds(5));
            Assert.AreEqual(0, sim.SignalsBetween(ended + TimeSpan.FromMilliseconds(20), sim.Now), "due jobs do not extend the trailing time");
            Assert.IsFalse(sim.Pump.Running);
        }

        [Test]
        public void EarlierJobReArmsASleepingTimer()
        {
            var sim = new Sim();
            sim.Pump.Due(TimeSpan.FromSeconds(30));
            Assert.AreEqual(TimeSpan.FromSeconds(30), sim.Armed);
            sim.Run(TimeSpan.FromSeconds(1));
            Assert.AreEqual(0, sim.Signals.Count);
            sim.Pump.Due(TimeSpan.FromMilliseconds(200));
            sim.Run(TimeSpan.FromMilliseconds(199));
            Assert.AreEqual(0, sim.Signals.Count, "nothing before it is due");
            sim.Run(TimeSpan.FromMilliseconds(1));
            Assert.AreEqual(1, sim.Signals.Count, "woken when the earlier job is due");
        }

        [Test]
        public void FarJobIsLookedAtHourly()
        {
            var sim = new Sim();
            sim.Pump.Due(TimeSpan.FromDays(100)); // longer than a System.Threading.Timer takes
            Assert.AreEqual(WakeSchedule.LongestSleep, sim.Armed);
        }

        static readonly DateTime T0 = new DateTime(2025, 1, 1, 0, 0, 0, DateTimeKind.Utc);
        static readonly TimeSpan Ten = TimeSpan.FromMilliseconds(10), Half = TimeSpan.FromMilliseconds(500);

        // now (ms after T0), queued, due (ms after T0; -1 none), last work (ms; -1 never) → signal, next beat (ms; -1 stop)
        [TestCase(1000, true, -1, -1, true, 10, TestName = "queued work: signal, look again in an interval")]
        [TestCase(1000, false, 1000, -1, true, 10, TestName = "a job due now: signal")]
        [TestCase(1000, false, 400, -1, true, 10, TestName = "a job overdue: signal")]
        [TestCase(1000, false, 1300, -1, false, 300, TestName = "a job due later: sleep until then")]
        [TestCase(1000, false, -1, 700, true, 10, TestName = "trailing time after work: signal")]
        [TestCase(1000, false, 1300, 700, true, 10, TestName = "trailing time with a job due later: signal")]
        [TestCase(1000, false, -1, 500, false, -1, TestName = "trailing time over, nothing due: stop")]
        [TestCase(1000, false, -1, -1, false, -1, TestName = "nothing at all: stop")]
        public void Schedule(int now, bool queued, int due, int last, bool signal, int next)
        {
            var step = WakeSchedule.Next(T0.AddMilliseconds(now), queued, due < 0 ? (DateTime?)null : T0.AddMilliseconds(due),
                last < 0 ? DateTime.MinValue : T0.AddMilliseconds(last), Ten, Half);
            Assert.AreEqual(signal, step.Signal, "signal: " + step);
            Assert.AreEqual(next < 0 ? (TimeSpan?)null : TimeSpan.FromMilliseconds(next), step.NextBeat, "next beat: " + step);
        }

        [Test]
        public void DueInIsTheEarliestJob()
        {
            Assert.IsNull(WakeSchedule.DueIn(10, new double[0]), "no jobs: nothing due");
            Assert.AreEqual(TimeSpan.Zero, WakeSchedule.DueIn(10, new[] { 12.0, 0.0 }), "a job that waits a frame (WakeAt 0) is due now");
            Assert.AreEqual(TimeSpan.FromSeconds(2), WakeSchedule.DueIn(10, new[] { 15.0, 12.0 }));
            Assert.AreEqual(TimeSpan.Zero, WakeSchedule.DueIn(10, new[] { 9.5 }), "overdue is due now");
            Assert.AreEqual(WakeSchedule.LongestSleep, WakeSchedule.DueIn(10, new[] { 1e12 }));
            Assert.AreEqual(TimeSpan.Zero, WakeSchedule.DueIn(10, new[] { double.NaN }), "never sleep on a bad time");
        }

        [Test]
        public void RealTimerStopsWhenIdle()
        {
            int signals = 0;
            using (var pump = new TickPump(() => Interlocked.Increment(ref signals), () => false) { Trailing = TimeSpan.Zero })
            {
                pump.Poke();
                Assert.GreaterOrEqual(signals, 1, "Poke signals at once");
                var until = DateTime.UtcNow.AddSeconds(10); // one 10 ms beat, then the timer stops
                while (pump.Running && DateTime.UtcNow < until) Thread.Sleep(5);
                Assert.IsFalse(pump.Running, "the System.Threading.Timer behind the public constructor stops once idle");
            }
        }

        [Test]
        public void DisposedPumpStaysQuiet()
        {
            int signals = 0;
            var pump = new TickPump(() => Interlocked.Increment(ref signals), () => true);
            pump.Dispose();
            pump.Poke();
            pump.Due(TimeSpan.Zero);
            Thread.Sleep(50);
            Assert.AreEqual(0, signals);
            Assert.IsFalse(pump.Running);
        }
    }
}
