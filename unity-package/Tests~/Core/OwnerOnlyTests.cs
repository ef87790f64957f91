using System;
using System.Diagnostics;
using System.IO;
using NUnit.Framework;
using UnityMcp.Core;

namespace UnityMcp.Core.Tests
{
    [TestFixture]
    public class OwnerOnlyTests
    {
        static string Mode(string path)
        {
            var p = Process.Start(new ProcessStartInfo("stat", "-c %a \"" + path + "\"") { RedirectStandardOutput = true, UseShellExecute = false });
            var s = p.StandardOutput.ReadToEnd().Trim();
            p.WaitForExit();
            return s;
        }

        [Test]
        public void OutputsAreOwnerOnly()
        {
            if (Environment.OSVersion.Platform != PlatformID.Unix) Assert.Ignore("chmod is for macOS and Linux");
            var dir = Path.Combine(Path.GetTempPath(), "owneronly-" + Guid.NewGuid().ToString("N"));
            try
            {
                Assert.IsTrue(OwnerOnly.Directory(Path.Combine(dir, "outputs")), "chmod of the folder");
                var file = Path.Combine(Path.Combine(dir, "outputs"), "shot.png");
                File.WriteAllText(file, "x");
                Assert.IsTrue(OwnerOnly.File(file), "chmod of the file");
                Assert.AreEqual("700", Mode(Path.Combine(dir, "outputs")));
                Assert.AreEqual("600", Mode(file));
            }
            finally
            {
                Directory.Delete(dir, true);
            }
        }
    }
}
