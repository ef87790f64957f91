using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Net;
using System.Text;

namespace UnityMcp.Core
{
    /// <summary>Finds the unitymcp binary to start when no daemon runs. An Editor started
    /// from the Dock or Finder on macOS (or from a desktop launcher) has launchd's short
    /// PATH, not the shell's, so PATH alone misses most installations. The order:
    /// <list type="number">
    /// <item>the binary set in Project Settings > unitymcp, when set (and only it);</item>
    /// <item>unitymcp (unitymcp.exe) on PATH;</item>
    /// <item>where the unitymcp packages install it: /usr/bin/unitymcp from the .deb and
    /// .rpm (installer/packaging LinuxBinary), /Applications/unitymcp.app/Contents/MacOS/unitymcp
    /// for the macOS app (installer/packaging MacAppBinary);</item>
    /// <item>the binary `unitymcp service install` registered to start at login, wherever
    /// the user put it: the systemd user unit ~/.config/systemd/user/unitymcp.service
    /// (its ConditionFileIsExecutable= line), the XDG autostart entry
    /// $XDG_CONFIG_HOME/autostart/unitymcp.desktop (Exec=), the LaunchAgent
    /// ~/Library/LaunchAgents/unitymcp.plist (ProgramArguments), the Windows Run key
    /// HKCU\Software\Microsoft\Windows\CurrentVersion\Run\unitymcp (service/ in the unitymcp
    /// repository writes all four).</item>
    /// </list>
    /// Every input is a delegate, so the order is tested without touching the machine.</summary>
    public sealed class DaemonLocator
    {
        /// <summary>"windows", "osx" or "linux".</summary>
        public string Os;
        public string Home;
        public Func<string, string> Env = _ => null;
        public Func<string, bool> IsFile = _ => false;
        /// <summary>A file's text, or null when it is missing or unreadable.</summary>
        public Func<string, string> ReadText = _ => null;
        /// <summary>The value of the Windows Run key entry "unitymcp", or null.</summary>
        public Func<string> RunKeyCommand = () => null;

        /// <summary>Where the .deb and .rpm install the binary (installer/packaging/packaging.go, LinuxBinary).</summary>
        public const string LinuxPackageBinary = "/usr/bin/unitymcp";
        /// <summary>Where the macOS app's binary lies in /Applications (installer/packaging/packaging.go, MacAppBinary).</summary>
        public const string MacAppBinary = "/Applications/unitymcp.app/Contents/MacOS/unitymcp";
        const string RunKey = @"HKCU\Software\Microsoft\Windows\CurrentVersion\Run";

        /// <summary>The binary to start, or null; problem then says where it looked and what
        /// to do. configured is Project Settings' path (null or empty: search).</summary>
        public string Find(string configured, out string problem)
        {
            problem = null;
            if (!string.IsNullOrEmpty(configured))
            {
                if (IsFile(configured)) return configured;
                problem = "the unitymcp binary set in Project Settings > unitymcp (" + configured + ") does not exist; correct the path, or clear it to look on PATH and in the install locations";
                return null;
            }
            var looked = new List<string>();
            foreach (var c in Candidates(looked))
            {
                if (c != null && IsFile(c)) return c;
            }
            problem = "no unitymcp binary found (looked at " + string.Join("; ", looked.ToArray()) + "). Install unitymcp, or set its path in Project Settings > unitymcp, or start it yourself with `unitymcp serve`";
            return null;
        }

        string ExeName { get { return Os == "windows" ? "unitymcp.exe" : "unitymcp"; } }

        IEnumerable<string> Candidates(List<string> looked)
        {
            var path = Env("PATH") ?? "";
            looked.Add("PATH (" + (path.Length == 0 ? "empty" : path) + ")");
            foreach (var dir in path.Split(Os == "windows" ? ';' : ':'))
            {
                var d = dir.Trim().Trim('"');
                if (d.Length == 0 || !Rooted(d)) continue; // a relative PATH entry depends on the Editor's working folder
                yield return Join(d, ExeName);
            }
            switch (Os)
            {
                case "linux":
                    looked.Add(LinuxPackageBinary);
                    yield return LinuxPackageBinary;
                    var unit = Join(Home, ".config/systemd/user/unitymcp.service");
                    looked.Add(unit);
                    yield return FromSystemdUnit(ReadText(unit));
                    var xdg = Env("XDG_CONFIG_HOME");
                    var config = !string.IsNullOrEmpty(xdg) && Rooted(xdg) ? xdg : Join(Home, ".config");
                    var entry = Join(config, "autostart/unitymcp.desktop");
                    looked.Add(entry);
                    yield return FromDesktopEntry(ReadText(entry));
                    break;
                case "osx":
                    looked.Add(MacAppBinary);
                    yield return MacAppBinary;
                    var agent = Join(Home, "Library/LaunchAgents/unitymcp.plist");
                    looked.Add(agent);
                    yield return FromLaunchAgent(ReadText(agent));
                    break;
                case "windows":
                    looked.Add(RunKey + @"\unitymcp");
                    yield return FromRunCommand(RunKeyCommand());
                    break;
            }
        }

        // Paths of the machine described (Os), not of the one running this code.
        bool Rooted(string p)
        {
            if (Os != "windows") return p.StartsWith("/", StringComparison.Ordinal);
            return p.StartsWith(@"\\", StringComparison.Ordinal) || (p.Length >= 3 && char.IsLetter(p[0]) && p[1] == ':' && (p[2] == '\\' || p[2] == '/'));
        }

        string Join(string dir, string name)
        {
            dir = dir ?? "";
            char sep = Os == "windows" ? '\\' : '/';
            if (Os == "windows") name = name.Replace('/', '\\');
            return dir.Length == 0 || dir[dir.Length - 1] == sep || dir[dir.Length - 1] == '/' ? dir + name : dir + sep + name;
        }

        /// <summary>The binary of the systemd user unit service/unitymcp.service.tmpl renders:
        /// its ConditionFileIsExecutable= line holds the path unescaped.</summary>
        internal static string FromSystemdUnit(string text)
        {
            if (text == null) return null;
            foreach (var raw in text.Split('\n'))
            {
                var line = raw.Trim();
                const string key = "ConditionFileIsExecutable=";
                if (!line.StartsWith(key, StringComparison.Ordinal)) continue;
                var p = line.Substring(key.Length).Trim();
                if (p.StartsWith("!", StringComparison.Ordinal)) continue;
                if (p.StartsWith("|", StringComparison.Ordinal)) p = p.Substring(1);
                return p.Length > 0 ? p : null;
            }
            return null;
        }

        /// <summary>The command of a desktop entry's Exec= line (service/unitymcp.desktop.tmpl),
        /// quoted as the Desktop Entry Specification says; an "env K=V …" prefix (an entry
        /// installed with another state folder) is skipped.</summary>
        internal static string FromDesktopEntry(string text)
        {
            if (text == null) return null;
            foreach (var raw in text.Split('\n'))
            {
                var line = raw.Trim();
                if (!line.StartsWith("Exec=", StringComparison.Ordinal)) continue;
                var args = SplitExec(line.Substring(5));
                int i = 0;
                if (args.Count > 0 && args[0] == "env")
                {
                    i = 1;
                    while (i < args.Count && args[i].IndexOf('=') > 0) i++;
                }
                return i < args.Count ? args[i] : null;
            }
            return null;
        }

        static List<string> SplitExec(string s)
        {
            var args = new List<string>();
            var cur = new StringBuilder();
            bool quoted = false, any = false;
            for (int i = 0; i < s.Length; i++)
            {
                char c = s[i];
                if (quoted)
                {
                    if (c == '\\' && i + 1 < s.Length) { cur.Append(s[++i]); continue; }
                    if (c == '"') { quoted = false; continue; }
                    cur.Append(c);
                    continue;
                }
                if (c == '"') { quoted = true; any = true; continue; }
                if (c == ' ' || c == '\t')
                {
                    if (any || cur.Length > 0) args.Add(cur.ToString());
                    cur.Length = 0;
                    any = false;
                    continue;
                }
                cur.Append(c);
            }
            if (any || cur.Length > 0) args.Add(cur.ToString());
            return args;
        }

        /// <summary>The first ProgramArguments string of a LaunchAgent plist (the one
        /// kardianos/service writes for `unitymcp service install`, or installer/macos/unitymcp.plist).</summary>
        internal static string FromLaunchAgent(string text)
        {
            if (text == null) return null;
            int k = text.IndexOf("<key>ProgramArguments</key>", StringComparison.Ordinal);
            if (k < 0) return null;
            int a = text.IndexOf("<array>", k, StringComparison.Ordinal);
            if (a < 0) return null;
            int s = text.IndexOf("<string>", a, StringComparison.Ordinal);
            int end = text.IndexOf("</array>", a, StringComparison.Ordinal);
            if (s < 0 || (end >= 0 && s > end)) return null;
            s += "<string>".Length;
            int e = text.IndexOf("</string>", s, StringComparison.Ordinal);
            if (e < 0) return null;
            var p = WebUtility.HtmlDecode(text.Substring(s, e - s)).Trim();
            return p.Length > 0 ? p : null;
        }

        /// <summary>The binary of the Run key's command, `"C:\…\unitymcp-tray.exe" serve`
        /// (service/service_windows.go, command).</summary>
        internal static string FromRunCommand(string command)
        {
            if (string.IsNullOrEmpty(command)) return null;
            var c = command.Trim();
            if (c.StartsWith("\"", StringComparison.Ordinal))
            {
                int e = c.IndexOf('"', 1);
                return e > 1 ? c.Substring(1, e - 1) : null;
            }
            int sp = c.IndexOf(' ');
            return sp < 0 ? c : c.Substring(0, sp);
        }

        /// <summary>The locator for this machine and process.</summary>
        public static DaemonLocator ForThisMachine()
        {
            string os = Environment.OSVersion.Platform == PlatformID.Win32NT ? "windows"
                : Directory.Exists("/System/Library") ? "osx" : "linux";
            var home = Environment.GetEnvironmentVariable("HOME");
            if (string.IsNullOrEmpty(home)) home = Environment.GetFolderPath(Environment.SpecialFolder.UserProfile);
            return new DaemonLocator
            {
                Os = os,
                Home = home,
                Env = Environment.GetEnvironmentVariable,
                IsFile = File.Exists,
                ReadText = p =>
                {
                    try { return File.Exists(p) ? File.ReadAllText(p) : null; }
                    catch (Exception) { return null; }
                },
                RunKeyCommand = os == "windows" ? (Func<string>)ReadRunKey : () => null,
            };
        }

        // reg.exe rather than Microsoft.Win32.Registry, which the Editor's API profile may
        // not expose. Output: "    unitymcp    REG_SZ    "C:\…\unitymcp-tray.exe" serve".
        static string ReadRunKey()
        {
            try
            {
                var psi = new ProcessStartInfo("reg.exe", "query \"" + RunKey + "\" /v unitymcp")
                {
                    UseShellExecute = false,
                    CreateNoWindow = true,
                    RedirectStandardOutput = true,
                    RedirectStandardError = true,
                };
                using (var p = Process.Start(psi))
                {
                    var output = p.StandardOutput.ReadToEnd();
                    p.WaitForExit(5000);
                    return ParseRegQuery(output);
                }
            }
            catch (Exception) { return null; }
        }

        internal static string ParseRegQuery(string output)
        {
            if (output == null) return null;
            foreach (var raw in output.Split('\n'))
            {
                var line = raw.Trim();
                int t = line.IndexOf("REG_SZ", StringComparison.Ordinal);
                if (t < 0 || !line.StartsWith("unitymcp", StringComparison.OrdinalIgnoreCase)) continue;
                var v = line.Substring(t + "REG_SZ".Length).Trim();
                return v.Length > 0 ? v : null;
            }
            return null;
        }
    }
}
