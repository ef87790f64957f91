using System;
using System.IO;
using System.Security.Cryptography;
using System.Text;
using Newtonsoft.Json.Linq;

namespace UnityMcp.Core
{
    /// <summary>Finds the unitymcp state directory by the daemon's rules: UNITYMCP_HOME,
    /// else %LOCALAPPDATA%\UnityMCP on Windows, else $XDG_DATA_HOME/UnityMCP on Linux,
    /// else ~/.local/share/UnityMCP.</summary>
    public static class StateDirectory
    {
        /// <summary>The pure rule: env lookup, OS ("windows", "linux", "osx"), home folder.</summary>
        public static string Resolve(Func<string, string> env, string os, string home)
        {
            var over = env("UNITYMCP_HOME");
            if (!string.IsNullOrEmpty(over)) return Path.GetFullPath(over);
            if (os == "windows")
            {
                var local = env("LOCALAPPDATA");
                if (!string.IsNullOrEmpty(local)) return Path.Combine(local, "UnityMCP");
                return Path.Combine(Path.Combine(Path.Combine(home, "AppData"), "Local"), "UnityMCP");
            }
            if (os == "linux")
            {
                var xdg = env("XDG_DATA_HOME");
                if (!string.IsNullOrEmpty(xdg) && Path.IsPathRooted(xdg)) return Path.Combine(xdg, "UnityMCP");
            }
            return Path.Combine(Path.Combine(Path.Combine(home, ".local"), "share"), "UnityMCP");
        }

        /// <summary>The state directory of this process's environment.</summary>
        public static string Current()
        {
            string os = Environment.OSVersion.Platform == PlatformID.Win32NT ? "windows"
                : Directory.Exists("/System/Library") ? "osx" : "linux";
            var home = Environment.GetEnvironmentVariable("HOME");
            if (string.IsNullOrEmpty(home)) home = Environment.GetFolderPath(Environment.SpecialFolder.UserProfile);
            return Resolve(Environment.GetEnvironmentVariable, os, home);
        }
    }

    /// <summary>daemon.json and the token of a state directory.</summary>
    public sealed class DaemonEndpoint
    {
        public string Url;
        public string Token;
        public int Pid;
        public string Version;
        /// <summary>The daemon's per-start key (daemon.json "key"); the daemon proves it knows
        /// it, on the connection the token then goes on, before the token is sent
        /// (<see cref="WebSocketClient.Prove"/>).</summary>
        public string Key;

        /// <summary>The daemon's unauthenticated proof route.</summary>
        public const string ProofPath = "/proof";

        /// <summary>Lowercase hex HMAC-SHA256 keyed with the ASCII bytes of key over
        /// "unitymcp-proof-v1:" + nonce: the same as the daemon's state.Proof.</summary>
        public static string Proof(string key, string nonce)
        {
            using (var h = new HMACSHA256(Encoding.ASCII.GetBytes(key)))
                return Hex(h.ComputeHash(Encoding.ASCII.GetBytes("unitymcp-proof-v1:" + nonce)));
        }

        internal static string Hex(byte[] b)
        {
            var sb = new StringBuilder(b.Length * 2);
            foreach (var x in b) sb.Append(x.ToString("x2"));
            return sb.ToString();
        }

        /// <summary>Reads the running daemon's address and token; null with a reason when
        /// none is there.</summary>
        public static DaemonEndpoint Read(string stateDir, out string reason)
        {
            reason = null;
            var info = Path.Combine(stateDir, "daemon.json");
            var tokenFile = Path.Combine(stateDir, "token");
            if (!File.Exists(info))
            {
                reason = "no unitymcp daemon is running (" + info + " is missing)";
                return null;
            }
            try
            {
                var j = JObject.Parse(File.ReadAllText(info));
                var ep = new DaemonEndpoint
                {
                    Url = (string)j["url"],
                    Pid = (int?)j["pid"] ?? 0,
                    Version = (string)j["version"],
                    Key = (string)j["key"],
                    Token = File.Exists(tokenFile) ? File.ReadAllText(tokenFile).Trim() : null,
                };
                if (string.IsNullOrEmpty(ep.Url) || string.IsNullOrEmpty(ep.Token))
                {
                    reason = "daemon.json or the token file is incomplete in " + stateDir;
                    return null;
                }
                if (string.IsNullOrEmpty(ep.Key))
                {
                    reason = info + " has no key (written by an older daemon, or stale); the token is not sent to " + ep.Url
                        + ". Start the daemon (unitymcp serve) and it replaces the file";
                    return null;
                }
                return ep;
            }
            catch (Exception e)
            {
                reason = "cannot read " + info + ": " + e.Message;
                return null;
            }
        }
    }
}
