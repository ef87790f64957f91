using System;
using System.Collections.Generic;
using System.Threading;

namespace UnityMcp.Core
{
    /// <summary>Wakes an unfocused Editor when the bridge has work, and only then.
    /// An unfocused Unity Editor runs its update loop rarely (about every 100 ms, on some
    /// platforms and versions not at all until something wakes it), and a call queued for
    /// the main thread waits for the next tick. <see cref="Poke"/> (from any thread, when
    /// work arrives) signals a tick at once; the pump then keeps signalling every
    /// <see cref="Interval"/> while <c>busy()</c> says work is queued, and for
    /// <see cref="Trailing"/> after work last arrived or was queued. Multi-frame jobs tell it
    /// when the earliest of them is next due (<see cref="Due"/>): it signals every Interval
    /// while one is due (a job that waits one frame is due at once) and otherwise sleeps
    /// until the next one is, so a job that waits seconds (a test run's deadline, a compile)
    /// wakes the Editor once when it is due, not 100 times a second. With nothing queued,
    /// nothing due and the trailing time past, the timer stops: an idle Editor is not woken
    /// at all. The decisions are <see cref="WakeSchedule.Next"/>.</summary>
    public sealed class TickPump : IDisposable
    {
        readonly Action signal;
        readonly Func<bool> busy;
        readonly Func<DateTime> clock;
        readonly Action<TimeSpan?> arm;
        readonly Timer timer;
        readonly object gate = new object();
        bool disposed;
        DateTime lastWork = DateTime.MinValue;
        DateTime? dueAt;    // the earliest multi-frame job's next step; null: none waiting
        DateTime? armedFor; // when the timer fires next; null: stopped
        static readonly TimeSpan Slack = TimeSpan.FromMilliseconds(2);

        /// <summary>Time between signals while there is work or a job is due.</summary>
        public TimeSpan Interval = TimeSpan.FromMilliseconds(10);
        /// <summary>How long to keep signalling after work last arrived or was queued (the
        /// next call of a sequence arriving). Jobs that are due do not extend it.</summary>
        public TimeSpan Trailing = TimeSpan.FromMilliseconds(500);

        /// <summary>signal wakes the Editor loop and must be safe to call from any thread;
        /// busy reports main-thread work queued (any thread).</summary>
        public TickPump(Action signal, Func<bool> busy) : this(signal, busy, null, null) { }

        /// <summary>For tests: clock is the time (UTC), and arm(delay) replaces the timer:
        /// it is asked to call <see cref="Beat"/> after delay (null: never again).</summary>
        internal TickPump(Action signal, Func<bool> busy, Func<DateTime> clock, Action<TimeSpan?> arm)
        {
            this.signal = signal;
            this.busy = busy;
            this.clock = clock ?? (() => DateTime.UtcNow);
            if (arm == null)
            {
                timer = new Timer(_ => Beat(), null, Timeout.Infinite, Timeout.Infinite);
                arm = d => timer.Change(d.HasValue ? d.Value : Timeout.InfiniteTimeSpan, Timeout.InfiniteTimeSpan);
            }
            this.arm = arm;
        }

        /// <summary>Signals now and keeps signalling while there is work.</summary>
        public void Poke()
        {
            lock (gate)
            {
                if (disposed) return;
                var now = clock();
                lastWork = now;
                ArmLocked(now, Interval);
            }
            Signal();
        }

        /// <summary>The earliest multi-frame job is due after <paramref name="after"/>
        /// (zero or less: due now, e.g. it waits one frame; null: no job is waiting). Called
        /// on the main thread after the jobs stepped.</summary>
        public void Due(TimeSpan? after)
        {
            lock (gate)
            {
                if (disposed) return;
                var now = clock();
                if (!after.HasValue)
                {
                    dueAt = null; // the timer stops at its next beat, once the trailing time is past
                    return;
                }
                var wait = after.Value > TimeSpan.Zero ? after.Value : TimeSpan.Zero;
                dueAt = now + wait;
                // Called from the Editor's update: a job due now runs at its next update, which
                // the beat after an interval signals if the Editor does not tick by itself.
                ArmLocked(now, wait > TimeSpan.Zero ? wait : Interval);
            }
        }

        /// <summary>Whether the timer will fire again (for tests and the settings page).</summary>
        public bool Running { get { lock (gate) return armedFor.HasValue; } }

        /// <summary>One beat of the timer: signal if something is due, then re-arm or stop.</summary>
        internal void Beat()
        {
            bool queued = false;
            try { queued = busy(); }
            catch (Exception) { }
            WakeSchedule.Step step;
            lock (gate)
            {
                if (disposed) return;
                var now = clock();
                armedFor = null;
                step = WakeSchedule.Next(now, queued, dueAt, lastWork, Interval, Trailing);
                if (queued) lastWork = now;
                if (step.NextBeat.HasValue) ArmLocked(now, step.NextBeat.Value);
                else arm(null);
            }
            if (step.Signal) Signal();
        }

        /// <summary>Makes the timer fire after delay unless it fires sooner already.</summary>
        void ArmLocked(DateTime now, TimeSpan delay)
        {
            if (delay < TimeSpan.Zero) delay = TimeSpan.Zero;
            if (delay > WakeSchedule.LongestSleep) delay = WakeSchedule.LongestSleep;
            var at = now + delay;
            // Armed for then already, give or take the drift between the Editor's clock and
            // this one: leave the timer be (jobs publish on every update).
            if (armedFor.HasValue && armedFor.Value <= at + Slack) return;
            armedFor = at;
            arm(delay);
        }

        void Signal()
        {
            try { signal(); }
            catch (Exception) { }
        }

        /// <summary>Stops the timer for good (before a domain reload).</summary>
        public void Dispose()
        {
            lock (gate)
            {
                disposed = true;
                armedFor = null;
                if (timer != null) timer.Dispose();
                else arm(null);
            }
        }
    }

    /// <summary>When <see cref="TickPump"/> wakes the Editor: a pure function of the time,
    /// what is queued and when the earliest job is due, so that it is tested without
    /// sleeping.</summary>
    public static class WakeSchedule
    {
        /// <summary>The longest the pump sleeps before it looks again (a job due in an hour
        /// is looked at hourly; System.Threading.Timer takes at most about 49 days).</summary>
        public static readonly TimeSpan LongestSleep = TimeSpan.FromHours(1);

        /// <summary>One decision: signal the Editor now or not, and when to decide again
        /// (null: not until new work arrives).</summary>
        public struct Step
        {
            public bool Signal;
            public TimeSpan? NextBeat;

            public override string ToString() { return (Signal ? "signal" : "quiet") + ", next " + (NextBeat.HasValue ? NextBeat.Value.TotalMilliseconds + " ms" : "never"); }
        }

        /// <summary>The decision at <paramref name="now"/>: queued work, a job due
        /// (dueAt at or before now), or the trailing time after the last work
        /// (lastWork) signal now and look again after interval; else a job due later is
        /// slept until; else the pump stops.</summary>
        public static Step Next(DateTime now, bool queued, DateTime? dueAt, DateTime lastWork, TimeSpan interval, TimeSpan trailing)
        {
            if (queued || dueAt.HasValue && dueAt.Value <= now || now - lastWork < trailing)
                return new Step { Signal = true, NextBeat = interval };
            if (dueAt.HasValue)
            {
                var wait = dueAt.Value - now;
                return new Step { Signal = false, NextBeat = wait < LongestSleep ? wait : LongestSleep };
            }
            return new Step { Signal = false, NextBeat = null };
        }

        /// <summary>When the earliest of some jobs is due, for <see cref="TickPump.Due"/>:
        /// wakeAt are their next steps in the clock of now (seconds; at or before now, e.g.
        /// 0 for a job that waits one frame: due at once), null when there are none; at most
        /// <see cref="LongestSleep"/>.</summary>
        public static TimeSpan? DueIn(double now, IEnumerable<double> wakeAt)
        {
            bool any = false;
            double earliest = double.PositiveInfinity;
            foreach (var t in wakeAt)
            {
                any = true;
                if (double.IsNaN(t)) earliest = double.NegativeInfinity; // never sleep on a bad time
                else if (t < earliest) earliest = t;
            }
            if (!any) return null;
            var seconds = earliest - now;
            if (!(seconds > 0)) return TimeSpan.Zero; // due now
            return seconds >= LongestSleep.TotalSeconds ? LongestSleep : TimeSpan.FromSeconds(seconds);
        }
    }
}
