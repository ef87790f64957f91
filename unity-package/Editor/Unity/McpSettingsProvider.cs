using System;
using System.Collections.Generic;
using System.IO;
using UnityEditor;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor
{
    /// <summary>Project Settings > unitymcp: connection state, daemon, security level,
    /// MCP client configuration and the definitions folder.</summary>
    static class McpSettingsProvider
    {
        [SettingsProvider]
        static SettingsProvider Create()
        {
            return new SettingsProvider("Project/unitymcp", SettingsScope.Project,
                new HashSet<string> { "mcp", "unitymcp", "ai", "agent", "daemon", "security" })
            {
                label = "unitymcp",
                guiHandler = Draw,
            };
        }

        static void Draw(string search)
        {
            var c = McpBridge.Client;
            EditorGUILayout.LabelField("Connection", EditorStyles.boldLabel);
            EditorGUILayout.LabelField("State", c == null ? "not started (batch mode, or still loading)" : c.IsConnected ? "connected" : "not connected");
            EditorGUILayout.LabelField("Status", c == null ? "" : c.Status);
            EditorGUILayout.LabelField("Project hash", Tools.ProjectPaths.ProjectHash);
            EditorGUILayout.LabelField("Unfocused Editor", EditorWake.Available
                ? "woken when calls arrive"
                : "runs calls at its own pace (this Unity version has no EditorApplication.SignalTick)");
            if (GUILayout.Button("Reconnect", GUILayout.Width(120))) McpBridge.StartClient();

            EditorGUILayout.Space();
            EditorGUILayout.LabelField("Daemon", EditorStyles.boldLabel);
            var path = EditorGUILayout.TextField("unitymcp binary", McpSettings.DaemonPath);
            if (path != McpSettings.DaemonPath) McpSettings.DaemonPath = path;
            EditorGUILayout.HelpBox("Empty: \"unitymcp\" is looked up on PATH. Reconnect to apply. Saved for your user in " + McpSettings.UserSettingsPath + ".", MessageType.None);
            var auto = EditorGUILayout.Toggle("Start it when none runs", McpSettings.AutoStartDaemon);
            if (auto != McpSettings.AutoStartDaemon) McpSettings.AutoStartDaemon = auto;

            EditorGUILayout.Space();
            EditorGUILayout.LabelField("Security", EditorStyles.boldLabel);
            var level = (SecurityLevel)EditorGUILayout.EnumPopup("Dynamic code", McpSettings.SecurityLevel);
            if (level != McpSettings.SecurityLevel) McpSettings.SecurityLevel = level;
            EditorGUILayout.HelpBox(
                level == SecurityLevel.Disabled ? "execute_code and execute-dynamic-code are refused." :
                level == SecurityLevel.Restricted ? "Editor scripting only, checked on the compiled code against an allowlist: no processes, file writes or deletes (also through editor APIs that save, build or install), packages, network, reflection-based invocation, assembly loading, native code, threads, project or package code, or changes to these settings." :
                "Dynamic code may do anything the Editor can do.",
                level == SecurityLevel.FullAccess ? MessageType.Warning : MessageType.Info);

            EditorGUILayout.Space();
            EditorGUILayout.LabelField("MCP client", EditorStyles.boldLabel);
            if (GUILayout.Button("Copy MCP config", GUILayout.Width(160)))
            {
                EditorGUIUtility.systemCopyBuffer = McpSettings.McpConfigJson();
                Debug.Log("[unitymcp] MCP client configuration copied to the clipboard");
            }

            EditorGUILayout.Space();
            EditorGUILayout.LabelField("Definitions", EditorStyles.boldLabel);
            var defs = McpSettings.DefinitionsDir;
            EditorGUILayout.SelectableLabel(defs, EditorStyles.textField, GUILayout.Height(EditorGUIUtility.singleLineHeight));
            if (GUILayout.Button("Open folder", GUILayout.Width(120)))
            {
                try
                {
                    Directory.CreateDirectory(defs);
                    EditorUtility.RevealInFinder(defs);
                }
                catch (Exception e) { Debug.LogWarning("[unitymcp] cannot open " + defs + ": " + e.Message); }
            }
        }
    }
}
