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
            Add(r, "gameobject_create", GameObjectTools.Create);
            Add(r, "gameobject_delete", GameObjectTools.Delete);
            Add(r, "gameobject_duplicate", GameObjectTools.Duplicate);
            Add(r, "gameobject_reparent", GameObjectTools.Reparent);
            Add(r, "gameobject_set_transform", GameObjectTools.SetTransform);
            Add(r, "gameobject_set_active", GameObjectTools.SetActive);
            Add(r, "gameobject_add_component", GameObjectTools.AddComponent);
            Add(r, "gameobject_remove_component", GameObjectTools.RemoveComponent);
            Add(r, "inspect_list", InspectTools.List);
            Add(r, "inspect_read", InspectTools.Read);
            Add(r, "inspect_write", InspectTools.Write);
            Add(r, "scene_browse_hierarchy", HierarchyBrowse.Invoke);
            Add(r, "scene_list", SceneFileTools.List);
            Add(r, "scene_open", SceneFileTools.Open);
            Add(r, "scene_create", SceneFileTools.Create);
            Add(r, "scene_save", SceneFileTools.Save);
            Add(r, "prefab_create", PrefabTools.Create);
            Add(r, "prefab_instantiate", PrefabTools.Instantiate);
            Add(r, "prefab_apply", PrefabTools.Apply);
            Add(r, "prefab_overrides", PrefabTools.Overrides);
            Add(r, "prefab_revert", PrefabTools.Revert);
            Add(r, "prefab_create_variant", PrefabTools.CreateVariant);
            Add(r, "prefab_unpack", PrefabTools.Unpack);
            Add(r, "prefab_edit", PrefabEdit.Invoke);
            Add(r, "asset_find", AssetTools.Find);
            Add(r, "asset_info", AssetTools.Info);
            Add(r, "asset_create_folder", AssetTools.CreateFolder);
            Add(r, "asset_move", AssetTools.Move);
            Add(r, "asset_delete", AssetTools.Delete);
            Add(r, "asset_reimport", AssetTools.Reimport);
            Add(r, "play_mode_status", PlayModeTools.Status);
            Add(r, "play_mode_step", PlayModeTools.Step);
            Add(r, "undo", Authoring.UndoCalls);
            Add(r, "redo", Authoring.RedoCalls);
            Add(r, "batch", BatchTool.Invoke);
            // Materials and rendering (issue 29).
            Add(r, "material_read", MaterialTools.Read);
            Add(r, "material_create", MaterialTools.Create);
            Add(r, "material_set", MaterialTools.Set);
            Add(r, "shader_errors", RenderingShaderTools.Errors);
            Add(r, "shader_info", RenderingShaderTools.Info);
            Add(r, "render_pipeline_info", RenderingInfoTools.PipelineInfo);
            Add(r, "render_camera_info", RenderingInfoTools.CameraInfo);
            Add(r, "scene_settings", RenderingSceneTools.Settings);
            Add(r, "render_stats", RenderingInfoTools.Stats);
            // Animation (issue 29).
            Add(r, "animator_create", AnimatorTools.Create);
            Add(r, "animator_inspect", AnimatorTools.Inspect);
            Add(r, "animator_audit", AnimatorAudit.Invoke);
            Add(r, "animator_add_layer", AnimatorEdits.AddLayer);
            Add(r, "animator_remove_layer", AnimatorEdits.RemoveLayer);
            Add(r, "animator_add_state", AnimatorEdits.AddState);
            Add(r, "animator_remove_state", AnimatorEdits.RemoveState);
            Add(r, "animator_set_state", AnimatorEdits.SetState);
            Add(r, "animator_set_write_defaults", AnimatorEdits.SetWriteDefaults);
            Add(r, "animator_add_transition", AnimatorTransitions.Add);
            Add(r, "animator_remove_transition", AnimatorTransitions.Remove);
            Add(r, "animator_add_parameter", AnimatorParameters.Add);
            Add(r, "animator_remove_parameter", AnimatorParameters.Remove);
            Add(r, "animator_set_parameter", AnimatorParameters.Set);
            Add(r, "animation_clip_create", AnimationClipTools.Create);
            Add(r, "animation_clip_write_curves", AnimationClipTools.WriteCurves);
            // Project, search and build (issue 29).
            Add(r, "search_query", SearchTools.Query);
            Add(r, "reflect_find_type", SearchTools.FindType);
            Add(r, "project_packages", ProjectPackages.Invoke);
            Add(r, "project_assemblies", ProjectTools.Assemblies);
            Add(r, "project_settings", ProjectTools.Settings);
            Add(r, "build_settings", BuildTools.Settings);
            Add(r, "build_switch_target", BuildTools.SwitchTarget);
            Add(r, "build_player", BuildTools.BuildPlayer);
            Add(r, "asset_export_package", ProjectAssets.ExportPackage);
            Add(r, "asset_broken_references", ProjectAssets.BrokenReferences);
            // Diagnostics (issue 29).
            Add(r, "console_get_count", DiagnosticTools.ConsoleGetCount);
            Add(r, "_editor_state", DiagnosticTools.EditorState);
            return r;
        }

        static void Add(ToolRegistry r, string name, Action<ToolCall> body)
        {
            r.Register(new SafeTool(name, true, body));
        }
    }
}
