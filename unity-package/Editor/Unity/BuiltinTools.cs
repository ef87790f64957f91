using System;
using UnityMcp.Core;
using UnityMcp.Editor.Tools;

namespace UnityMcp.Editor
{
    /// <summary>The built-in tools this package implements. Every one touches Unity, so
    /// every one runs on the main thread.</summary>
    public static class BuiltinTools
    {
        public static ToolRegistry Build()
        {
            var r = new ToolRegistry();
            Add(r, "compile", CompileTool.Invoke);
            Add(r, "get-logs", ConsoleTools.GetLogs);
            Add(r, "clear-console", ConsoleTools.ClearConsole);
            Add(r, "run-tests", TestTools.RunTests);
            Add(r, "find-game-objects", SceneTools.FindGameObjects);
            Add(r, "get-hierarchy", SceneTools.GetHierarchy);
            Add(r, "screenshot", ScreenshotTool.Invoke);
            Add(r, "control-play-mode", EditorStateTools.ControlPlayMode);
            Add(r, "simulate-mouse-ui", PlayModeInputTools.MouseUi);
            Add(r, "simulate-mouse-input", PlayModeInputTools.MouseInput);
            Add(r, "simulate-keyboard", PlayModeInputTools.Keyboard);
            Add(r, "reflect_read", ReflectTool.Invoke);
            Add(r, "_script", CodeTools.Script);
            Add(r, "_undo", EditorStateTools.Undo);
            Add(r, "execute_code", CodeTools.ExecuteCode);
            Add(r, "execute-dynamic-code", CodeTools.ExecuteDynamicCode);
            Add(r, "input_pointer", EditorInputTools.Pointer);
            Add(r, "input_key", EditorInputTools.Key);
            Add(r, "input_record", EditorInputTools.Record);
            Add(r, "input_replay", EditorInputTools.Replay);
            Add(r, "get-menu-items", MenuTools.GetMenuItems);
            Add(r, "execute-menu-item", MenuTools.ExecuteMenuItem);
            return r;
        }

        static void Add(ToolRegistry r, string name, Action<ToolCall> body)
        {
            r.Register(new SafeTool(name, true, body));
        }
    }
}
