using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityEngine.SceneManagement;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>prefab_edit: a prefab asset's contents edited without a Prefab Stage, all or
    /// nothing. PrefabUtility.LoadPrefabContents loads a copy in a preview scene of its own;
    /// the operations run on it as a batch runs its own (<see cref="BatchTool.Run"/>: the
    /// gameobject_* and inspect_* tools, "$id.field" references), with paths resolved inside
    /// the contents (<see cref="ObjectAddress.Within"/>: the root is "/&lt;RootName&gt;", and
    /// a new or reparented object without a parent goes under it); then
    /// PrefabUtility.SaveAsPrefabAsset writes the asset, and every instance follows.
    /// UnloadPrefabContents runs always; on any failure nothing is saved, so the asset is left
    /// as it was. What the operations recorded in the Undo history is taken out again: writing
    /// an asset is not undoable in Unity, so this needs confirm (dry_run runs everything on the
    /// copy and saves nothing).</summary>
    public static class PrefabEdit
    {
        public static void Invoke(ToolCall call)
        {
            var path = PrefabTools.PrefabPath(call, "path", null);
            PrefabTools.Load(path, "path");
            var plan = BatchTool.Plan(call.Args["operations"] as JArray, Editable,
                "cannot run inside prefab_edit, which runs the gameobject_* and inspect_* tools on the prefab's contents");
            bool dry = Args.Bool(call, "dry_run", false);
            if (!dry && !Args.Bool(call, "confirm", false))
                throw new ToolException("confirmation_required", "prefab_edit would run " + plan.Count + " operation" + (plan.Count == 1 ? "" : "s") + " on " + path +
                    " and save it: that cannot be undone, and every instance of the prefab follows. Pass confirm: true to edit it, or dry_run: true to run them on a copy and save nothing.");
            var scenes = SceneRoots();
            Undo.IncrementCurrentGroup();
            int group = Undo.GetCurrentGroup();
            var root = PrefabUtility.LoadPrefabContents(path);
            JObject res;
            try
            {
                var rootPath = "/" + HierarchyPath.Escape(root.name);
                foreach (var op in plan) UnderRoot(op, rootPath);
                var undone = "The prefab " + path + " was left as it was (nothing was saved).";
                using (ObjectAddress.Within(root, "the prefab " + path))
                    res = BatchTool.Run(call, plan, undone, () => Escaped(root, rootPath, scenes), true);
                if (!dry)
                {
                    bool ok;
                    PrefabUtility.SaveAsPrefabAsset(root, path, out ok);
                    if (!ok) throw new ToolException("editor_error", "Unity did not save " + path + "; the Console says why. " + undone);
                }
            }
            finally
            {
                Undo.RevertAllDownToGroup(group);
                Undo.IncrementCurrentGroup();
                PrefabUtility.UnloadPrefabContents(root);
            }
            res["prefab"] = AssetPaths.Bundle(path, null);
            res["saved"] = !dry;
            if (dry) res["dry_run"] = true;
            res["note"] = "Paths in the results are inside the prefab; the ids were those of the loaded contents, which are gone." +
                (dry ? " Nothing was saved." : " Saved; not undoable, and every instance of the prefab follows.");
            call.Reply(res);
        }

        /// <summary>The tools that edit objects: the batchable gameobject_* and inspect_* ones.</summary>
        static bool Editable(string tool)
        {
            return BatchTool.Batchable(tool) && (tool.StartsWith("gameobject_", System.StringComparison.Ordinal) || tool.StartsWith("inspect_", System.StringComparison.Ordinal));
        }

        /// <summary>Inside a prefab, "no parent" is the prefab's root, not a scene's.</summary>
        static void UnderRoot(BatchTool.Op op, string rootPath)
        {
            if (op.Tool != "gameobject_create" && op.Tool != "gameobject_reparent") return;
            if (op.Args["parent_path"] != null || op.Args["parent_instance_id"] != null) return;
            op.Args = (JObject)op.Args.DeepClone();
            op.Args["parent_path"] = rootPath;
        }

        static List<List<GameObject>> SceneRoots()
        {
            var all = new List<List<GameObject>>();
            for (int s = 0; s < SceneManager.sceneCount; s++)
            {
                var scene = SceneManager.GetSceneAt(s);
                all.Add(scene.isLoaded ? new List<GameObject>(scene.GetRootGameObjects()) : new List<GameObject>());
            }
            return all;
        }

        /// <summary>What an operation did outside the prefab, or null: a prefab has exactly one
        /// root, and prefab_edit changes no scene.</summary>
        static string Escaped(GameObject root, string rootPath, List<List<GameObject>> scenes)
        {
            if (root == null) return "it deleted the prefab's root " + rootPath + ", and a prefab needs one";
            if (root.scene.rootCount != 1) return "it left a second object beside the prefab's root " + rootPath + "; a prefab has exactly one root: make it a child of " + rootPath;
            var now = SceneRoots();
            bool same = now.Count == scenes.Count;
            for (int s = 0; same && s < now.Count; s++)
            {
                same = now[s].Count == scenes[s].Count;
                for (int i = 0; same && i < now[s].Count; i++) same = now[s][i] == scenes[s][i];
            }
            return same ? null : "it changed an open scene's objects; inside prefab_edit every path is inside the prefab (its root is " + rootPath + ")";
        }
    }
}
