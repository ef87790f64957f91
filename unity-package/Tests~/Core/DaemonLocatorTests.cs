using System;
using System.Collections.Generic;
using NUnit.Framework;
using UnityMcp.Core;

namespace UnityMcp.Core.Tests
{
    [TestFixture]
    public class DaemonLocatorTests
    {
        // A machine made of a few files: path → content ("" for a binary).
        static DaemonLocator Machine(string os, string path, Dictionary<string, string> files, string runKey = null, string xdgConfig = null)
        {
            return new DaemonLocator
            {
                Os = os,
                Home = os == "windows" ? @"C:\Users\u" : os == "osx" ? "/Users/u" : "/home/u",
                Env = k => k == "PATH" ? path : k == "XDG_CONFIG_HOME" ? xdgConfig : null,
                IsFile = p => files.ContainsKey(p),
                ReadText = p => files.ContainsKey(p) ? files[p] : null,
                RunKeyCommand = () => runKey,
            };
        }

        static string Find(DaemonLocator l, string configured = null)
        {
            string problem;
            var p = l.Find(configured, out problem);
            if (p == null) Assert.IsNotNull(problem, "no binary and no reason");
            else Assert.IsNull(problem);
            return p;
        }

        [Test]
        public void ConfiguredPathWinsAndIsNeverSubstituted()
        {
            var files = new Dictionary<string, string> { { "/opt/u/unitymcp", "" }, { "/usr/bin/unitymcp", "" } };
            Assert.AreEqual("/opt/u/unitymcp", Find(Machine("linux", "/usr/bin", files), "/opt/u/unitymcp"));
            string problem;
            Assert.IsNull(Machine("linux", "/usr/bin", files).Find("/opt/gone/unitymcp", out problem), "a wrong setting is not replaced by another binary");
            StringAssert.Contains("/opt/gone/unitymcp", problem);
            StringAssert.Contains("Project Settings > unitymcp", problem);
            StringAssert.Contains("clear it", problem);
        }

        [Test]
        public void PathComesFirstInItsOrder()
        {
            var files = new Dictionary<string, string> { { "/home/u/bin/unitymcp", "" }, { "/usr/local/bin/unitymcp", "" }, { "/usr/bin/unitymcp", "" } };
            Assert.AreEqual("/usr/local/bin/unitymcp", Find(Machine("linux", "relative/bin::/usr/local/bin:/home/u/bin", files)),
                "relative and empty PATH entries are skipped; the first hit wins");
        }

        [Test]
        public void DockLaunchedMacEditorFindsTheApp()
        {
            // launchd's PATH for an app started from the Dock or Finder.
            var files = new Dictionary<string, string> { { DaemonLocator.MacAppBinary, "" } };
            Assert.AreEqual("/Applications/unitymcp.app/Contents/MacOS/unitymcp", Find(Machine("osx", "/usr/bin:/bin:/usr/sbin:/sbin", files)));
        }

        [Test]
        public void MacLaunchAgentNamesAnyBinary()
        {
            // As kardianos/service writes it for `unitymcp service install` (html-escaped path).
            const string agent = "<?xml version='1.0' encoding='UTF-8'?>\n<!DOCTYPE plist PUBLIC \"-//Apple Computer//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\" >\n<plist version='1.0'>\n  <dict>\n    <key>Label</key>\n    <string>unitymcp</string>\n    <key>ProgramArguments</key>\n    <array>\n      <string>/Users/u/Tools &amp; Things/unitymcp</string>\n      <string>serve</string>\n    </array>\n  </dict>\n</plist>\n";
            var files = new Dictionary<string, string> { { "/Users/u/Library/LaunchAgents/unitymcp.plist", agent }, { "/Users/u/Tools & Things/unitymcp", "" } };
            Assert.AreEqual("/Users/u/Tools & Things/unitymcp", Find(Machine("osx", "/usr/bin:/bin", files)));
            files.Remove("/Users/u/Tools & Things/unitymcp");
            Assert.IsNull(Find(Machine("osx", "/usr/bin:/bin", files)), "an agent whose binary is gone names nothing");
        }

        [Test]
        public void LinuxPackageBeforeTheServiceEntries()
        {
            var files = new Dictionary<string, string>
            {
                { "/usr/bin/unitymcp", "" },
                { "/home/u/.config/systemd/user/unitymcp.service", "[Unit]\nConditionFileIsExecutable=/home/u/go/bin/unitymcp\n" },
                { "/home/u/go/bin/unitymcp", "" },
            };
            Assert.AreEqual("/usr/bin/unitymcp", Find(Machine("linux", "", files)));
            files.Remove("/usr/bin/unitymcp");
            Assert.AreEqual("/home/u/go/bin/unitymcp", Find(Machine("linux", "", files)), "the systemd user unit's binary");
        }

        [Test]
        public void LinuxAutostartEntry()
        {
            // service/service_linux.go installAutostart, with another state folder.
            var entry = "[Desktop Entry]\nType=Application\nExec=env UNITYMCP_HOME=\"/home/u/state dir\" \"/home/u/my tools/unitymcp\" serve\n";
            var files = new Dictionary<string, string> { { "/home/u/.cfg/autostart/unitymcp.desktop", entry }, { "/home/u/my tools/unitymcp", "" } };
            Assert.AreEqual("/home/u/my tools/unitymcp", Find(Machine("linux", "/usr/bin", files, xdgConfig: "/home/u/.cfg")));
            Assert.IsNull(Find(Machine("linux", "/usr/bin", files)), "without XDG_CONFIG_HOME the entry is in ~/.config");
        }

        [Test]
        public void WindowsRunKey()
        {
            var files = new Dictionary<string, string> { { @"D:\tools\unitymcp-tray.exe", "" } };
            Assert.AreEqual(@"D:\tools\unitymcp-tray.exe", Find(Machine("windows", @"C:\Windows;C:\Windows\System32", files, "\"D:\\tools\\unitymcp-tray.exe\" serve")));
            files[@"C:\bin\unitymcp.exe"] = "";
            Assert.AreEqual(@"C:\bin\unitymcp.exe", Find(Machine("windows", @"C:\Windows;""C:\bin""", files, "\"D:\\tools\\unitymcp-tray.exe\" serve")), "PATH first (unitymcp.exe)");
        }

        [Test]
        public void RegQueryOutput()
        {
            var output = "\r\nHKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\r\n    unitymcp    REG_SZ    \"C:\\Program Files\\unitymcp\\unitymcp-tray.exe\" serve\r\n\r\n";
            Assert.AreEqual("\"C:\\Program Files\\unitymcp\\unitymcp-tray.exe\" serve", DaemonLocator.ParseRegQuery(output));
            Assert.IsNull(DaemonLocator.ParseRegQuery("ERROR: The system was unable to find the specified registry key or value.\r\n"));
        }

        [Test]
        public void NothingFoundSaysWhereItLookedAndWhatToDo()
        {
            string problem;
            Assert.IsNull(Machine("osx", "/usr/bin:/bin", new Dictionary<string, string>()).Find(null, out problem));
            StringAssert.Contains("PATH (/usr/bin:/bin)", problem);
            StringAssert.Contains(DaemonLocator.MacAppBinary, problem);
            StringAssert.Contains("/Users/u/Library/LaunchAgents/unitymcp.plist", problem);
            StringAssert.Contains("Install unitymcp", problem);
            StringAssert.Contains("Project Settings > unitymcp", problem);
            Assert.IsNull(Machine("linux", null, new Dictionary<string, string>()).Find("", out problem));
            StringAssert.Contains("PATH (empty)", problem);
            StringAssert.Contains("/usr/bin/unitymcp", problem);
            StringAssert.Contains("/home/u/.config/systemd/user/unitymcp.service", problem);
        }
    }
}
