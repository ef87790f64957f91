using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Reflection;
using System.Security.Cryptography;
using System.Text;
using Newtonsoft.Json.Linq;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>A tool error the user can act on: becomes call.Fail(code, message, data).</summary>
    public sealed class ToolException : Exception
    {
        public readonly string Code;
        public readonly JObject Details;

        public ToolException(string code, string message, JObject data = null) : base(message)
        {
            Code = code;
            Details = data;
        }
    }

    /// <summary>A tool whose body may throw: a <see cref="ToolException"/> fails the call
    /// with its code, anything else with editor_error. Every call is answered once.</summary>
    public sealed class SafeTool : IToolHandler
    {
        readonly Action<ToolCall> body;

        public SafeTool(string name, bool mainThread, Action<ToolCall> body)
        {
            Name = name;
            MainThread = mainThread;
            this.body = body;
        }

        public string Name { get; private set; }
        public bool MainThread { get; private set; }

        public void Invoke(ToolCall call)
        {
            try { body(call); }
            catch (Exception e) { FailWith(call, e); }
        }

        public static void FailWith(ToolCall call, Exception e)
        {
            if (call == null || call.IsDone) return;
            var te = e as ToolException;
            if (te == null && e is TargetInvocationException && e.InnerException != null) te = e.InnerException as ToolException;
            if (te != null)
            {
                call.Fail(te.Code, te.Message, te.Details);
                return;
            }
            var inner = e.GetBaseException();
            call.Fail("editor_error", call.Tool + " failed in the editor: " + inner.GetType().Name + ": " + inner.Message,
                new JObject { { "stackTrace", inner.StackTrace ?? "" } });
        }
    }

    /// <summary>Reading the call's arguments (the daemon has filled in every default).</summary>
    public static class Args
    {
        public static bool Has(ToolCall call, string name)
        {
            var t = call.Args[name];
            return t != null && t.Type != JTokenType.Null && t.Type != JTokenType.Undefined;
        }

        public static string Str(ToolCall call, string name, string def = "")
        {
            var t = call.Args[name];
            if (t == null || t.Type == JTokenType.Null) return def;
            return t.Type == JTokenType.String ? (string)t : t.ToString(Newtonsoft.Json.Formatting.None);
        }

        public static bool Bool(ToolCall call, string name, bool def = false)
        {
            var t = call.Args[name];
            if (t == null || t.Type == JTokenType.Null) return def;
            if (t.Type == JTokenType.Boolean) return (bool)t;
            bool b;
            if (bool.TryParse(t.ToString(), out b)) return b;
            throw new ToolException("invalid_params", name + " must be true or false");
        }

        public static double Num(ToolCall call, string name, double def = 0)
        {
            var t = call.Args[name];
            if (t == null || t.Type == JTokenType.Null) return def;
            if (t.Type == JTokenType.Integer || t.Type == JTokenType.Float) return (double)t;
            double d;
            if (double.TryParse(t.ToString(), NumberStyles.Float, CultureInfo.InvariantCulture, out d)) return d;
            throw new ToolException("invalid_params", name + " must be a number");
        }

        public static int Int(ToolCall call, string name, int def = 0)
        {
            var d = Num(call, name, def);
            if (d > int.MaxValue) return int.MaxValue;
            if (d < int.MinValue) return int.MinValue;
            return (int)Math.Round(d);
        }

        public static List<string> StrList(ToolCall call, string name)
        {
            var list = new List<string>();
            var a = call.Args[name] as JArray;
            if (a == null) return list;
            foreach (var t in a) if (t != null && t.Type != JTokenType.Null) list.Add(t.Type == JTokenType.String ? (string)t : t.ToString());
            return list;
        }

        /// <summary>An [x, y] pair, or null when absent.</summary>
        public static Vector2? Point(ToolCall call, string name)
        {
            var a = call.Args[name] as JArray;
            if (a == null) return null;
            if (a.Count != 2) throw new ToolException("invalid_params", name + " must be [x, y]");
            try { return new Vector2((float)a[0], (float)a[1]); }
            catch (Exception) { throw new ToolException("invalid_params", name + " must be [x, y] numbers"); }
        }

        /// <summary>The value of a one-of string, compared case-insensitively; returns the
        /// canonical spelling.</summary>
        public static string OneOf(ToolCall call, string name, string def, params string[] allowed)
        {
            var v = Str(call, name, def);
            foreach (var a in allowed) if (string.Equals(a, v, StringComparison.OrdinalIgnoreCase)) return a;
            throw new ToolException("invalid_params", name + " must be one of " + string.Join(", ", allowed) + "; got \"" + v + "\"");
        }
    }

    /// <summary>Project paths and hashes.</summary>
    public static class ProjectPaths
    {
        static string root;
        static string hash;

        /// <summary>The project folder (parent of Assets), forward slashes. Main thread on first use.</summary>
        public static string Root
        {
            get
            {
                if (root == null) root = Slash(Path.GetDirectoryName(Application.dataPath));
                return root;
            }
        }

        /// <summary>First 16 hex digits of SHA-256(Application.dataPath), as the daemon computes it.</summary>
        public static string ProjectHash
        {
            get
            {
                if (hash == null) hash = Sha256Hex16(Application.dataPath);
                return hash;
            }
        }

        public static string Sha256Hex16(string s)
        {
            using (var sha = SHA256.Create())
            {
                var d = sha.ComputeHash(Encoding.UTF8.GetBytes(s ?? ""));
                var b = new StringBuilder(16);
                for (int i = 0; i < 8; i++) b.Append(d[i].ToString("x2", CultureInfo.InvariantCulture));
                return b.ToString();
            }
        }

        public static string Slash(string p) { return p == null ? null : p.Replace('\\', '/'); }

        /// <summary>{project}/.uloop/outputs/{sub}, created.</summary>
        public static string Outputs(string sub)
        {
            var uloop = Path.Combine(Root, ".uloop");
            var outputs = Path.Combine(uloop, "outputs");
            var dir = Path.Combine(outputs, sub);
            // Editor content for the agent: owner-only folders (OwnerOnly; files too, as written).
            foreach (var d in new[] { uloop, outputs, dir }) OwnerOnly.Directory(d);
            return Slash(dir);
        }

        /// <summary>A path the caller gave: relative ones are resolved under the project
        /// folder and may not leave it; absolute ones are taken as they are.</summary>
        public static string Resolve(string p, string argName)
        {
            if (Path.IsPathRooted(p)) return Slash(Path.GetFullPath(p));
            var full = Path.GetFullPath(Path.Combine(Root, p));
            var rootFull = Path.GetFullPath(Root).TrimEnd('/', '\\');
            var cmp = Application.platform == RuntimePlatform.LinuxEditor ? StringComparison.Ordinal : StringComparison.OrdinalIgnoreCase;
            if (!(full.Equals(rootFull, cmp) || full.StartsWith(rootFull + Path.DirectorySeparatorChar, cmp) || full.StartsWith(rootFull + "/", cmp)))
                throw new ToolException("invalid_params", argName + " \"" + p + "\" leaves the project folder " + Root + "; give a path inside it or an absolute path");
            return Slash(full);
        }

        /// <summary>The project's output folder, {project}/.uloop/outputs (created), the only
        /// place captures are written (<see cref="CapturePaths"/>).</summary>
        public static string OutputRoot
        {
            get
            {
                var uloop = Path.Combine(Root, ".uloop");
                var outputs = Path.Combine(uloop, "outputs");
                foreach (var d in new[] { uloop, outputs }) OwnerOnly.Directory(d);
                return Slash(outputs);
            }
        }

        /// <summary>A new .png file for a capture (capture_path): relative to the output
        /// folder or absolute inside it, no "..", no symbolic links, not there yet.</summary>
        public static string CaptureFile(string p, string argName)
        {
            try { return Slash(CapturePaths.File(Root, OutputRoot, p, argName, IgnoreCase, CapturePaths.Probe)); }
            catch (ArgumentException e) { throw new ToolException("invalid_params", e.Message); }
        }

        /// <summary>A folder for captures (OutputDirectory) inside the output folder, by the
        /// same rules as <see cref="CaptureFile"/> except that it may exist.</summary>
        public static string CaptureDirectory(string p, string argName)
        {
            try { return Slash(CapturePaths.Directory(Root, OutputRoot, p, argName, IgnoreCase, CapturePaths.Probe)); }
            catch (ArgumentException e) { throw new ToolException("invalid_params", e.Message); }
        }

        // Windows and macOS file systems ignore case by default; Linux ones do not.
        static bool IgnoreCase { get { return Application.platform != RuntimePlatform.LinuxEditor; } }

        /// <summary>A timestamp for file names: yyyy-MM-dd_HH-mm-ss_fff.</summary>
        public static string Stamp(DateTime t)
        {
            return t.ToString("yyyy-MM-dd_HH-mm-ss_fff", CultureInfo.InvariantCulture);
        }
    }
}
