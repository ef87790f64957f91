using System;
using System.IO;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityMcp.Core;
using UnityMcp.Editor.Tools;

namespace UnityMcp.Editor
{
    /// <summary>unitymcp settings. The security level belongs to the project (shared
    /// with the team in ProjectSettings/UnityMcpSettings.json); the daemon path and
    /// auto-start belong to the user (EditorPrefs).</summary>
    public static class McpSettings
    {
        const string DaemonPathKey = "UnityMcp.DaemonPath";
        const string AutoStartKey = "UnityMcp.AutoStartDaemon";
        static JObject cached;

        static string FilePath { get { return Path.Combine(Path.Combine(ProjectPaths.Root, "ProjectSettings"), "UnityMcpSettings.json"); } }

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

        /// <summary>Path of the unitymcp binary to start when no daemon runs; empty: "unitymcp" on PATH.</summary>
        public static string DaemonPath
        {
            get { return EditorPrefs.GetString(DaemonPathKey, ""); }
            set { EditorPrefs.SetString(DaemonPathKey, value ?? ""); }
        }

        public static bool AutoStartDaemon
        {
            get { return EditorPrefs.GetBool(AutoStartKey, true); }
            set { EditorPrefs.SetBool(AutoStartKey, value); }
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
