using System;
using System.Collections.Generic;
using System.IO;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityMcp.Core;
using UnityMcp.Editor.Tools;

namespace UnityMcp.Editor
{
    /// <summary>unitymcp settings, none of them where dynamic code can write them at the
    /// Restricted level (it writes no files, and EditorPrefs hold nothing of unitymcp's):
    /// <list type="bullet">
    /// <item>the security level belongs to the project, shared with the team in
    /// ProjectSettings/UnityMcpSettings.json;</item>
    /// <item>the daemon path and auto-start belong to the user, in editor.json in the
    /// unitymcp state directory (<see cref="StateDirectory"/>; the daemon's own folder,
    /// owner-only), written only by this class.</item>
    /// </list>
    /// Earlier versions kept those two in EditorPrefs (UnityMcp.DaemonPath,
    /// UnityMcp.AutoStartDaemon), which any snippet could overwrite with a computed key:
    /// the first time editor.json is missing their values move into it once and the keys
    /// are deleted; after that EditorPrefs are never read again.</summary>
    public static class McpSettings
    {
        const string LegacyDaemonPathKey = "UnityMcp.DaemonPath";
        const string LegacyAutoStartKey = "UnityMcp.AutoStartDaemon";
        const string UserFileName = "editor.json";

        static JObject cached;
        static JObject user;
        static string userPath;

        static string FilePath { get { return Path.Combine(Path.Combine(ProjectPaths.Root, "ProjectSettings"), "UnityMcpSettings.json"); } }

        /// <summary>The user's settings file: &lt;state dir&gt;/editor.json, resolved once per
        /// domain (a later change of UNITYMCP_HOME does not move it).</summary>
        public static string UserSettingsPath
        {
            get { return userPath ?? (userPath = Path.Combine(StateDirectory.Current(), UserFileName)); }
        }

        static JObject Load()
        {
            if (cached != null) return cached;
            try
            {
                cached = File.Exists(FilePath) ? JObject.Parse(File.ReadAllText(FilePath)) : new JObject();
            }
            catch (Exception)
            {
                cached = new JObject();
            }
            return cached;
        }

        static void Save()
        {
            Directory.CreateDirectory(Path.GetDirectoryName(FilePath));
            File.WriteAllText(FilePath, Load().ToString(Newtonsoft.Json.Formatting.Indented) + "\n");
        }

        /// <summary>How much execute_code / execute-dynamic-code may do; Restricted by default.</summary>
        public static SecurityLevel SecurityLevel
        {
            get
            {
                SecurityLevel level;
                var s = (string)Load()["securityLevel"];
                if (!string.IsNullOrEmpty(s) && Enum.IsDefined(typeof(SecurityLevel), s))
                {
                    level = (SecurityLevel)Enum.Parse(typeof(SecurityLevel), s);
                    return level;
                }
                return SecurityLevel.Restricted;
            }
            set
            {
                Load()["securityLevel"] = value.ToString();
                Save();
            }
        }

        /// <summary>The project's overrides of the menu deny list (<see cref="MenuRules"/>):
        /// menuItems.deny and menuItems.allow, read from the file on every call (not the cached
        /// copy) so a hand edit applies without a domain reload. An unreadable file gives none.</summary>
        public static void MenuItemRules(out List<string> deny, out List<string> allow)
        {
            deny = new List<string>();
            allow = new List<string>();
            JObject doc;
            try { doc = File.Exists(FilePath) ? JObject.Parse(File.ReadAllText(FilePath)) : null; }
            catch (Exception) { doc = null; }
            var menu = doc == null ? null : doc["menuItems"] as JObject;
            if (menu == null) return;
            Strings(menu["deny"], deny);
            Strings(menu["allow"], allow);
        }

        static void Strings(JToken t, List<string> into)
        {
            var a = t as JArray;
            if (a == null) return;
            foreach (var v in a) if (v.Type == JTokenType.String) into.Add((string)v);
        }

        /// <summary>Path of the unitymcp binary to start when no daemon runs; empty: "unitymcp" on PATH.</summary>
        public static string DaemonPath
        {
            get { return (string)User()["daemonPath"] ?? ""; }
            set
            {
                User()["daemonPath"] = value ?? "";
                SaveUser(User());
            }
        }

        /// <summary>Whether the Editor starts the daemon when none runs; on by default.</summary>
        public static bool AutoStartDaemon
        {
            get
            {
                var v = User()["autoStartDaemon"];
                return v == null || v.Type != JTokenType.Boolean || (bool)v;
            }
            set
            {
                User()["autoStartDaemon"] = value;
                SaveUser(User());
            }
        }

        static JObject User()
        {
            if (user != null) return user;
            var path = UserSettingsPath;
            if (File.Exists(path))
            {
                try { user = JObject.Parse(File.ReadAllText(path)); }
                catch (Exception e)
                {
                    Debug.LogWarning("[unitymcp] cannot read " + path + " (" + e.Message + "); using the default daemon settings until it is saved again from Project Settings > unitymcp");
                    user = new JObject();
                }
                return user;
            }
            // No editor.json yet: this user's first run of a version that keeps the settings
            // there. Take the old EditorPrefs values once, and write the file even when there
            // is nothing to take, so that no key set in EditorPrefs later is ever read.
            user = new JObject();
            bool hadPath = EditorPrefs.HasKey(LegacyDaemonPathKey), hadAuto = EditorPrefs.HasKey(LegacyAutoStartKey);
            if (hadPath)
            {
                var old = EditorPrefs.GetString(LegacyDaemonPathKey, "");
                // The file name is checked as the old key was writable by any snippet.
                if (old.Length == 0 || Path.GetFileName(old).IndexOf("unitymcp", StringComparison.OrdinalIgnoreCase) >= 0) user["daemonPath"] = old;
                else Debug.LogWarning("[unitymcp] the daemon path in EditorPrefs (" + old + ") does not name a unitymcp binary and was not taken over; set it again in Project Settings > unitymcp if it is right");
            }
            if (hadAuto) user["autoStartDaemon"] = EditorPrefs.GetBool(LegacyAutoStartKey, true);
            if (SaveUser(user))
            {
                if (hadPath) EditorPrefs.DeleteKey(LegacyDaemonPathKey);
                if (hadAuto) EditorPrefs.DeleteKey(LegacyAutoStartKey);
            }
            return user;
        }

        /// <summary>Writes editor.json atomically (a temporary file, then a rename); false
        /// (with a warning) when the state directory cannot be written.</summary>
        static bool SaveUser(JObject settings)
        {
            var path = UserSettingsPath;
            var tmp = path + ".tmp";
            try
            {
                Directory.CreateDirectory(Path.GetDirectoryName(path));
                File.WriteAllText(tmp, settings.ToString(Newtonsoft.Json.Formatting.Indented) + "\n");
                if (File.Exists(path)) File.Replace(tmp, path, null);
                else File.Move(tmp, path);
                return true;
            }
            catch (Exception e)
            {
                Debug.LogWarning("[unitymcp] cannot write " + path + ": " + e.Message);
                try { if (File.Exists(tmp)) File.Delete(tmp); } catch (Exception) { }
                return false;
            }
        }

        /// <summary>This project's definitions folder: &lt;state dir&gt;/tools/&lt;projectHash&gt;.</summary>
        public static string DefinitionsDir
        {
            get { return ProjectPaths.Slash(Path.Combine(Path.Combine(StateDirectory.Current(), "tools"), ProjectPaths.ProjectHash)); }
        }

        /// <summary>The MCP client configuration for this project.</summary>
        public static string McpConfigJson()
        {
            var cfg = new JObject
            {
                { "mcpServers", new JObject
                    {
                        { "unity", new JObject
                            {
                                { "command", string.IsNullOrEmpty(DaemonPath) ? "unitymcp" : DaemonPath },
                                { "args", new JArray("stdio", "--project", ProjectPaths.Root) },
                            }
                        },
                    }
                },
            };
            return cfg.ToString(Newtonsoft.Json.Formatting.Indented);
        }
    }
}
