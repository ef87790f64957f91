using System;
using System.IO;
using System.Runtime.InteropServices;

namespace UnityMcp.Core
{
    /// <summary>Makes what the package writes into the project for the agent (screenshots,
    /// search results, hierarchies, recordings: editor content) readable by its owner only,
    /// as the daemon does with its own outputs: files 0600, the folders made for them 0700,
    /// whatever the umask. macOS and Linux only (chmod from libc); on Windows the project
    /// folder's ACL already decides, and a failure leaves the file as written.</summary>
    public static class OwnerOnly
    {
        [DllImport("libc", SetLastError = true)]
        static extern int chmod(string path, uint mode);

        static bool Unix
        {
            get
            {
                var p = Environment.OSVersion.Platform;
                return p == PlatformID.Unix || p == PlatformID.MacOSX;
            }
        }

        /// <summary>chmod 0600 the file; false when that could not be done.</summary>
        public static bool File(string path) { return Chmod(path, 0x180); } // 0600

        /// <summary>Creates the folder when missing and chmods it 0700.</summary>
        public static bool Directory(string path)
        {
            System.IO.Directory.CreateDirectory(path);
            return Chmod(path, 0x1C0); // 0700
        }

        static bool Chmod(string path, uint mode)
        {
            if (!Unix) return false;
            try { return chmod(path, mode) == 0; }
            catch (DllNotFoundException) { return false; }
            catch (EntryPointNotFoundException) { return false; }
        }
    }
}
