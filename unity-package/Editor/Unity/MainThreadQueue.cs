using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Reflection;
using UnityEditor;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor
{
    /// <summary>Work queued from any thread, run on EditorApplication.update. An unfocused
    /// Editor ticks rarely (or, on some platforms and versions, not until woken), so Post
    /// also wakes the editor loop: <see cref="EditorWake"/> signals a tick from the
    /// posting thread and keeps signalling while work is queued or a multi-frame tool runs.</summary>
    public sealed class MainThreadQueue : IMainThread
    {
        readonly ConcurrentQueue<Action> work = new ConcurrentQueue<Action>();
        volatile bool pending;

        public void Post(Action action)
        {
            if (action == null) return;
            work.Enqueue(action);
            pending = true;
            EditorWake.Poke();
        }

        /// <summary>Whether work is waiting (any thread).</summary>
        public bool HasWork { get { return !work.IsEmpty; } }

        /// <summary>Runs queued work; called on the main thread from EditorApplication.update.</summary>
        public void Drain()
        {
            if (!pending) return;
            pending = false;
            int budget = 256;
            Action a;
            while (budget-- > 0 && work.TryDequeue(out a))
            {
                try { a(); }
                catch (Exception e) { Debug.LogException(e); }
            }
            if (!work.IsEmpty) pending = true;
            // No EditorApplication.QueuePlayerLoopUpdate here: it is SetSceneRepaintDirty
            // (UnityCsReference: Editor/Mono/EditorApplication.bindings.cs), which repaints
            // every autoRepaintOnSceneChange window and runs an Edit Mode player loop on the
            // next update. The pump's SignalTick alone brings that update; work left over
            // keeps it signalling (HasWork).
        }
    }

    /// <summary>Wakes the editor loop from any thread while the bridge has work, and when a
    /// <see cref="Frames"/> job is due (a <see cref="TickPump"/> over Unity's thread-safe
    /// tick signal). Unity has no public
    /// API for this: EditorApplication.SignalTick is internal, marked [ThreadSafe]
    /// (UnityCsReference: Editor/Mono/EditorApplication.bindings.cs; Unity itself calls it
    /// from EditorApplication.CallDelayed, Editor/Mono/EditorApplication.cs), so it is
    /// found by reflection; where it is missing the Editor runs calls at its own pace and
    /// the settings page says so.</summary>
    public static class EditorWake
    {
        static readonly Action signal = FindSignal();
        static TickPump pump;

        /// <summary>Whether this Unity version lets the bridge wake the editor loop.</summary>
        public static bool Available { get { return signal != null; } }

        static Action FindSignal()
        {
            try
            {
                // unityapi:reflects UnityEditor.EditorApplication::SignalTick internal static method () void
                var m = typeof(EditorApplication).GetMethod("SignalTick", BindingFlags.NonPublic | BindingFlags.Public | BindingFlags.Static, null, Type.EmptyTypes, null);
                return m == null ? null : (Action)Delegate.CreateDelegate(typeof(Action), m);
            }
            catch (Exception) { return null; }
        }

        /// <summary>Starts the pump; isBusy says whether main-thread work is queued (any thread).</summary>
        public static void Install(Func<bool> isBusy)
        {
            if (signal == null || pump != null) return;
            pump = new TickPump(signal, isBusy);
        }

        /// <summary>Signals a tick now and keeps the loop ticking while there is work.</summary>
        public static void Poke()
        {
            var p = pump;
            if (p != null) p.Poke();
        }

        /// <summary>The earliest <see cref="Frames"/> job is due after <paramref name="after"/>
        /// (zero: at the next update; null: none is waiting). Main thread.</summary>
        public static void Due(TimeSpan? after)
        {
            var p = pump;
            if (p != null) p.Due(after);
        }

        /// <summary>Stops the pump (before a domain reload: its timer must not outlive the domain).</summary>
        public static void Uninstall()
        {
            var p = pump;
            pump = null;
            if (p != null) p.Dispose();
        }
    }

    /// <summary>ILog over the Unity console.</summary>
    public sealed class UnityLog : ILog
    {
        public void Info(string message) { Debug.Log("[unitymcp] " + message); }
        public void Warn(string message) { Debug.LogWarning("[unitymcp] " + message); }
    }

    /// <summary>Runs a multi-frame tool body (an iterator) on EditorApplication.update, one
    /// step per editor update. Yield null to wait a frame, or a <see cref="WaitSeconds"/>.
    /// An exception fails the call with editor_error; a cancelled call stops quietly.
    ///
    /// After each step the jobs tell <see cref="EditorWake"/> when the earliest of them is
    /// due (<see cref="WakeSchedule.DueIn"/>): a job that yielded null is due at the next
    /// update, so the pump keeps an unfocused Editor ticking for it; a job sleeping in a
    /// WaitSeconds (a test run's or a compile's watch) lets the Editor idle until it is
    /// due. Nothing here calls EditorApplication.QueuePlayerLoopUpdate
    /// (SetSceneRepaintDirty, UnityCsReference: Editor/Mono/EditorApplication.bindings.cs),
    /// which per its documentation is what makes an Edit Mode update run the player loop and
    /// repaint the windows that repaint on scene changes. No job needs that per tick: the
    /// only jobs that wait for game frames (Time.frameCount, PlayModeInputTools.WaitFrames)
    /// run in Play Mode, where the Editor runs the player loop on every update the pump
    /// wakes (paused, frames do not advance either way and they give up after 2 s); in Edit
    /// Mode a job waits for editor updates (repaints, input), which SignalTick brings. A
    /// capture asks for the one player-loop update it wants (EditorWindows.Prepare).</summary>
    public static class Frames
    {
        sealed class Job
        {
            public ToolCall Call;
            public IEnumerator<object> Routine;
            public double WakeAt;
            public Action<Exception> OnError;
        }

        static readonly List<Job> jobs = new List<Job>();
        static bool hooked;
        static volatile int running; // jobs.Count, readable from the pump's thread

        /// <summary>Seconds since the editor started (main thread).</summary>
        public static double Now { get { return EditorApplication.timeSinceStartup; } }

        public static void Run(ToolCall call, IEnumerable<object> routine, Action<Exception> onError = null)
        {
            if (!hooked)
            {
                hooked = true;
                EditorApplication.update += Tick;
            }
            var job = new Job { Call = call, Routine = routine.GetEnumerator(), OnError = onError };
            jobs.Add(job);
            Step(job); // first step at once
            if (Finished(job)) jobs.Remove(job);
            Publish();
        }

        /// <summary>Number of jobs still running (any thread).</summary>
        public static int Running { get { return running; } }

        static void Tick()
        {
            if (jobs.Count == 0) return;
            var now = Now;
            foreach (var job in jobs.ToArray())
            {
                // A sleeping job is stepped early only to end it when its call is over
                // (cancelled, answered): it stops quietly instead of sleeping on.
                if (job.WakeAt > now && !Over(job)) continue;
                Step(job);
                if (Finished(job)) jobs.Remove(job);
            }
            Publish();
        }

        /// <summary>Tells the pump when the earliest job is due (none: null).</summary>
        static void Publish()
        {
            running = jobs.Count;
            EditorWake.Due(WakeSchedule.DueIn(Now, WakeTimes()));
        }

        static IEnumerable<double> WakeTimes()
        {
            foreach (var job in jobs) yield return job.WakeAt;
        }

        static bool Finished(Job job) { return job.Routine == null; }

        static bool Over(Job job) { return job.Call != null && (job.Call.IsDone || job.Call.Cancelled.IsCancellationRequested); }

        static void Step(Job job)
        {
            if (job.Routine == null) return;
            if (Over(job))
            {
                Dispose(job);
                return;
            }
            try
            {
                if (!job.Routine.MoveNext())
                {
                    Dispose(job);
                    if (job.Call != null && !job.Call.IsDone)
                        job.Call.Fail("editor_error", job.Call.Tool + " ended without an answer (a bug in the unitymcp package)");
                    return;
                }
                var w = job.Routine.Current as WaitSeconds;
                job.WakeAt = w != null ? Now + w.Seconds : 0;
            }
            catch (Exception e)
            {
                Dispose(job);
                if (job.OnError != null)
                {
                    try { job.OnError(e); } catch (Exception) { }
                }
                if (job.Call != null) Tools.SafeTool.FailWith(job.Call, e);
            }
        }

        static void Dispose(Job job)
        {
            var r = job.Routine;
            job.Routine = null;
            try { if (r != null) r.Dispose(); } catch (Exception) { }
        }
    }

    /// <summary>Yielded by a <see cref="Frames"/> routine to sleep (in editor time).</summary>
    public sealed class WaitSeconds
    {
        public readonly double Seconds;
        public WaitSeconds(double seconds) { Seconds = seconds; }
    }
}
