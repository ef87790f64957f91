using System;
using System.Threading;

namespace UnityMcp.Core
{
    /// <summary>Keeps an unfocused Editor ticking while the bridge has work, and only then.
    /// An unfocused Unity Editor runs its update loop rarely (about every 100 ms, on some
    /// platforms and versions not at all until something wakes it), and a call queued for
    /// the main thread waits for the next tick. <see cref="Poke"/> (from any thread, when
    /// work arrives) signals a tick at once and starts a timer that keeps signalling every
    /// <see cref="Interval"/> while <c>busy()</c> says work is queued or running, and for
    /// <see cref="Trailing"/> after it was last busy; then the timer stops, so an idle
    /// Editor is not woken at all.</summary>
    public sealed class TickPump : IDisposable
    {
        readonly Action signal;
        readonly Func<bool> busy;
        readonly Timer timer;
        readonly object gate = new object();
        bool running, disposed;
        DateTime lastBusy;

        /// <summary>Time between signals while busy.</summary>
        public TimeSpan Interval = TimeSpan.FromMilliseconds(10);
        /// <summary>How long to keep signalling after the last busy moment (a reply being
        /// written, the next call of a sequence arriving).</summary>
        public TimeSpan Trailing = TimeSpan.FromMilliseconds(500);

        /// <summary>signal wakes the Editor loop and must be safe to call from any thread;
        /// busy reports queued or running main-thread work.</summary>
        public TickPump(Action signal, Func<bool> busy)
        {
            this.signal = signal;
            this.busy = busy;
            timer = new Timer(_ => Beat(), null, Timeout.Infinite, Timeout.Infinite);
        }

        /// <summary>Signals now and keeps signalling while there is work.</summary>
        public void Poke()
        {
            lock (gate)
            {
                if (disposed) return;
                lastBusy = DateTime.UtcNow;
                if (!running)
                {
                    running = true;
                    timer.Change(Interval, Interval);
                }
            }
            Signal();
        }

        /// <summary>Whether the timer is running (for tests and the settings page).</summary>
        public bool Running { get { lock (gate) return running; } }

        void Beat()
        {
            bool work = false;
            try { work = busy(); }
            catch (Exception) { }
            lock (gate)
            {
                if (disposed || !running) return;
                var now = DateTime.UtcNow;
                if (work) lastBusy = now;
                else if (now - lastBusy > Trailing)
                {
                    running = false;
                    timer.Change(Timeout.Infinite, Timeout.Infinite);
                    return;
                }
            }
            Signal();
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
                running = false;
                timer.Dispose();
            }
        }
    }
}
