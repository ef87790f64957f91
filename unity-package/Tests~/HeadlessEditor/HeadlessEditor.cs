using System;
using System.Collections.Concurrent;
using System.IO;
using System.Threading;
using UnityMcp.Core;
using UnityMcp.Editor;

namespace UnityMcp.HeadlessEditor
{
    /// <summary>An editor without Unity: the package's real Core and its real tool handlers
    /// (BuiltinTools: gameobject_*, scene_browse_hierarchy, undo, batch…) over the behavioural
    /// fake of Unity in Tests~/Stubs, dialing a unitymcp daemon as the Editor's bridge does.
    /// editorsim answers from canned logic; this one runs the package's own C#, so an MCP
    /// client can build a scene through the daemon and read it back.
    ///
    /// Usage: mono UnityMcp.HeadlessEditor.exe --project DIR [--state DIR] [--addr HOST:PORT]
    /// (--state: the daemon's state folder, UNITYMCP_HOME; default the per-user one. --addr:
    /// the daemon it must reach — checked against the state folder's daemon.json, whose token and
    /// proof key it uses, as the Editor's bridge does: the token goes only to that daemon). Prints
    /// "CONNECTED n" on each connection; "quit" on stdin stops it (without stdin, a kill does).</summary>
    public static class HeadlessEditor
    {
        /// <summary>The Editor's main thread: work posted from the socket thread runs here, in
        /// order, one item after another, as EditorApplication.update drains it; and the editor
        /// loop's updates (EditorApplication.update, Play Mode frames) tick between them, about
        /// every 10 ms as an idle Editor's loop does, so tools that answer over several
        /// updates (play_mode_step, package requests, test runs) answer here too.</summary>
        sealed class MainLoop : IMainThread
        {
            const int TickMs = 10;
            readonly BlockingCollection<Action> work = new BlockingCollection<Action>();

            public MainLoop()
            {
                new Thread(() =>
                {
                    var sinceTick = System.Diagnostics.Stopwatch.StartNew();
                    while (true)
                    {
                        Action a;
                        if (work.TryTake(out a, TickMs))
                        {
                            try { a(); }
                            catch (Exception e) { Console.Error.WriteLine("main thread: " + e); }
                        }
                        if (sinceTick.ElapsedMilliseconds < TickMs) continue;
                        sinceTick.Restart();
                        try { UnityEditor.EditorApplication.FakeTick(); }
                        catch (Exception e) { Console.Error.WriteLine("editor update: " + e); }
                    }
                }) { IsBackground = true, Name = "fake Unity main thread" }.Start();
            }

            public void Post(Action action) { work.Add(action); }
        }

        sealed class StderrLog : ILog
        {
            public void Info(string m) { Console.Error.WriteLine("info: " + m); }
            public void Warn(string m) { Console.Error.WriteLine("warn: " + m); }
        }

        public static int Main(string[] args)
        {
            const string Usage = "usage: UnityMcp.HeadlessEditor.exe --project DIR [--state DIR] [--addr HOST:PORT]";
            string project = null, state = null, addr = null;
            for (int i = 0; i + 1 < args.Length; i += 2)
            {
                if (args[i] == "--project") project = args[i + 1];
                else if (args[i] == "--state") state = args[i + 1];
                else if (args[i] == "--addr") addr = args[i + 1];
                else { Console.Error.WriteLine("unknown option " + args[i] + "; " + Usage); return 2; }
            }
            if (project == null || args.Length % 2 != 0) { Console.Error.WriteLine(Usage); return 2; }
            state = state ?? StateDirectory.Current();
            if (addr != null)
            {
                string why;
                var ep = DaemonEndpoint.Read(state, out why);
                if (ep == null) { Console.Error.WriteLine("no daemon to reach at " + addr + ": " + why + " (start one with `unitymcp serve`, or pass the --state of the one listening there)"); return 2; }
                if (!ep.Url.TrimEnd('/').EndsWith("//" + addr, StringComparison.Ordinal))
                {
                    Console.Error.WriteLine("the daemon whose state is in " + state + " listens at " + ep.Url + ", not " + addr + "; pass the --state of the daemon at " + addr);
                    return 2;
                }
            }
            project = Path.GetFullPath(project).Replace('\\', '/').TrimEnd('/');
            Directory.CreateDirectory(project + "/Assets");
            var main = new MainLoop();
            var ready = new ManualResetEvent(false);
            main.Post(() => { UnityEngine.World.Start(project + "/Assets"); ready.Set(); });
            ready.WaitOne();
            var identity = new EditorIdentity
            {
                ProjectPath = project,
                DataPath = project + "/Assets",
                ProductName = Path.GetFileName(project) + " (headless editor)",
                UnityVersion = "fake",
                PackageVersion = "0.1.0",
                Pid = System.Diagnostics.Process.GetCurrentProcess().Id,
                Simulator = true,
            };
            int connections = 0;
            var client = new BridgeClient(identity, BuiltinTools.Build(), main, new StderrLog(), state) { AutoStartDaemon = false };
            client.Connected += () =>
            {
                Console.Out.WriteLine("CONNECTED " + Interlocked.Increment(ref connections));
                Console.Out.Flush();
            };
            client.Start();
            // "quit" on stdin stops it; with no stdin (started in the background) it runs
            // until it is killed.
            string line;
            bool quit = false;
            while ((line = Console.In.ReadLine()) != null)
                if (line == "quit") { quit = true; break; }
            if (!quit) Thread.Sleep(Timeout.Infinite);
            client.Stop(true);
            Console.Out.WriteLine("BYE");
            return 0;
        }
    }
}
