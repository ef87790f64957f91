using System;
using System.Collections.Generic;
using System.IO;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityEngine.SceneManagement;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>prefab_create, prefab_instantiate and prefab_apply (isuzu's names and
    /// parameters), and beyond isuzu prefab_overrides, prefab_revert, prefab_create_variant,
    /// prefab_unpack and prefab_edit (<see cref="PrefabEdit"/>). Objects are addressed as every
    /// authoring tool addresses them (<see cref="ObjectAddress"/>); an object anywhere inside a
    /// prefab instance names its instance. What changes the scene only (instantiate, revert,
    /// unpack) is one undo step and may run in a batch; what writes an asset (create, create a
    /// variant, apply, edit) cannot be undone in Unity, so it is no undo step, never runs in a
    /// batch, and what rewrites an existing asset that instances share asks for confirm (apply,
    /// edit) or overwrite (create).</summary>
    public static class PrefabTools
    {
        public static void Create(ToolCall call)
        {
            var go = ObjectAddress.Resolve(call, "object_path", "instance_id", true);
            var path = AssetPaths.Normalize(Args.Str(call, "path", ""), ".prefab", "path", "Assets/Prefabs/" + go.name + ".prefab");
            bool connect = Args.Bool(call, "connect", true), overwrite = Args.Bool(call, "overwrite", false);
            string baseOf = null;
            if (PrefabUtility.IsPartOfPrefabInstance(go))
            {
                var root = PrefabUtility.GetOutermostPrefabInstanceRoot(go);
                if (root != go)
                    throw new ToolException("invalid_state", ObjectAddress.PathOf(go) + " is part of the prefab instance " + ObjectAddress.PathOf(root) +
                        ", and Unity saves only a whole instance: give its root (the new prefab is then a variant), or unpack it first (prefab_unpack)");
                baseOf = PrefabUtility.GetPrefabAssetPathOfNearestInstanceRoot(go);
                if (baseOf == path)
                    throw new ToolException("invalid_params", ObjectAddress.PathOf(go) + " is an instance of " + path + " itself; to write its changes into that prefab use prefab_apply");
            }
            if (AssetPaths.Exists(path) && !overwrite)
                throw new ToolException("already_exists", path + " exists; choose another path, or pass overwrite: true to replace it (every instance of it then follows the new contents, and that cannot be undone)");
            var created = AssetPaths.EnsureFolders(path);
            bool ok;
            // Writing an asset is not undoable, so the connection is not an undo step either
            // (AutomatedAction): the call is not half-undoable.
            var asset = connect
                ? PrefabUtility.SaveAsPrefabAssetAndConnect(go, path, InteractionMode.AutomatedAction, out ok)
                : PrefabUtility.SaveAsPrefabAsset(go, path, out ok);
            if (!ok || asset == null) throw new ToolException("editor_error", "Unity did not save " + ObjectAddress.PathOf(go) + " as " + path + "; the Console says why");
            var res = new JObject { { "asset", AssetPaths.Bundle(path, asset.name) }, { "connected", connect } };
            if (baseOf != null) res["variant_of"] = baseOf;
            if (connect) res["instance"] = ObjectAddress.Bundle(go);
            if (created.Count > 0) res["created_folders"] = created;
            call.Reply(res);
        }

        public static void Instantiate(ToolCall call)
        {
            var path = PrefabPath(call, "path", "guid");
            var asset = Load(path, "path");
            var parent = ObjectAddress.Resolve(call, "parent_path", "parent_instance_id", false);
            var name = Args.Str(call, "name", "");
            bool givenPos = Args.Has(call, "position"), givenRot = Args.Has(call, "rotation");
            // Checked before anything changes; the axes not given keep the prefab's values.
            var pos = GameObjectTools.Vec(call, "position", asset.transform.localPosition);
            var rot = GameObjectTools.Vec(call, "rotation", asset.transform.localEulerAngles);
            Authoring.Step(call, "Instantiate " + (name.Length > 0 ? name : asset.name), () =>
            {
                var go = (GameObject)PrefabUtility.InstantiatePrefab(asset, parent != null ? parent.transform : null);
                if (go == null) throw new ToolException("editor_error", "Unity did not instantiate " + path + "; the Console says why");
                Undo.RegisterCreatedObjectUndo(go, "Instantiate " + asset.name);
                if (name.Length > 0) go.name = name;
                if (givenPos) go.transform.localPosition = pos;
                if (givenRot) go.transform.localEulerAngles = rot;
                var res = ObjectAddress.Bundle(go);
                res["prefab"] = AssetPaths.Bundle(path, asset.name);
                return res;
            });
        }

        public static void Overrides(ToolCall call)
        {
            var root = InstanceRoot(ObjectAddress.Resolve(call, "object_path", "instance_id", true));
            var res = PrefabOverrideList.Of(root);
            res["instance"] = ObjectAddress.Bundle(root);
            res["prefab"] = PrefabUtility.GetPrefabAssetPathOfNearestInstanceRoot(root);
            call.Reply(res);
        }

        public static void Apply(ToolCall call)
        {
            var root = InstanceRoot(ObjectAddress.Resolve(call, "object_path", "instance_id", true));
            var path = PrefabUtility.GetPrefabAssetPathOfNearestInstanceRoot(root);
            var list = PrefabOverrideList.Of(root);
            int n = (int)list["count"];
            int others = Instances(path).Count - 1;
            var reach = "every instance of " + path + " (" + others + " other" + (others == 1 ? "" : "s") + " in the open scenes) and of its variants";
            var res = new JObject { { "instance", ObjectAddress.Bundle(root) }, { "prefab", AssetPaths.Bundle(path, null) } };
            if (n == 0)
            {
                res["applied"] = 0;
                res["message"] = ObjectAddress.PathOf(root) + " has no overrides to apply (its own position, rotation and name never are)";
                call.Reply(res);
                return;
            }
            if (Args.Bool(call, "dry_run", false))
            {
                res["dry_run"] = true;
                res["would_apply"] = list;
                res["message"] = "Nothing was applied. With confirm: true these " + n + " overrides would be written into " + path + ", reaching " + reach + "; that cannot be undone.";
                call.Reply(res);
                return;
            }
            if (!Args.Bool(call, "confirm", false))
                throw new ToolException("confirmation_required", "prefab_apply would write " + n + " override" + (n == 1 ? "" : "s") + " of " + ObjectAddress.PathOf(root) + " into " + path + " (" + PrefabOverrideList.Summary(list, 6) +
                    "), reaching " + reach + "; that cannot be undone. Pass confirm: true to apply them (dry_run: true lists them and changes nothing).", new JObject { { "overrides", list } });
            PrefabUtility.ApplyPrefabInstance(root, InteractionMode.AutomatedAction);
            res["applied"] = list;
            res["count"] = n;
            var left = PrefabOverrideList.Of(root);
            if ((int)left["count"] > 0) res["not_applied"] = left;
            res["note"] = "Written into " + path + ", reaching " + reach + "; not undoable (undo does not take it back).";
            call.Reply(res);
        }

        public static void Revert(ToolCall call)
        {
            var go = ObjectAddress.Resolve(call, "object_path", "instance_id", true);
            var root = InstanceRoot(go);
            var typeName = Args.Str(call, "component_type", "");
            var property = Args.Str(call, "property_path", "");
            Component component = null, removed = null;
            if (typeName.Length > 0)
            {
                var type = ComponentTypes.Resolve(typeName, false);
                component = go.GetComponent(type);
                if (component == null)
                {
                    var source = PrefabUtility.GetCorrespondingObjectFromSource(go);
                    removed = source != null ? source.GetComponent(type) : null;
                    if (removed == null)
                        throw new ToolException("not_found", go.name + " has no " + type.Name + ", nor has its prefab's object; it has: " + string.Join(", ", ObjectAddress.ComponentNames(go).ToObject<string[]>()));
                }
            }
            UnityEngine.Object target = component != null ? (UnityEngine.Object)component : go;
            SerializedProperty prop = null;
            if (property.Length > 0)
            {
                if (removed != null) throw new ToolException("invalid_params", removed.GetType().Name + " was removed from " + go.name + "; omit property_path to bring the component back");
                if (!PrefabUtility.IsPartOfPrefabInstance(target))
                    throw new ToolException("invalid_params", Describe(target) + " was added to the instance, so it has no prefab value to revert to; revert the component (omit property_path) to remove it");
                prop = new SerializedObject(target).FindProperty(property);
                if (prop == null) throw new ToolException("not_found", Describe(target) + " has no property \"" + property + "\"" + ClosestProperty(target, property) + " (inspect_list lists them)");
            }
            var what = prop != null ? property + " of " + Describe(target) : removed != null ? "removed " + removed.GetType().Name + " of " + go.name : component != null ? Describe(component) : root.name;
            var before = PrefabOverrideList.Of(root);
            Authoring.Step(call, "Revert " + what, () =>
            {
                if (prop != null) PrefabUtility.RevertPropertyOverride(prop, InteractionMode.UserAction);
                else if (removed != null) PrefabUtility.RevertRemovedComponent(go, removed, InteractionMode.UserAction);
                else if (component != null && PrefabUtility.IsAddedComponentOverride(component)) PrefabUtility.RevertAddedComponent(component, InteractionMode.UserAction);
                else if (component != null) PrefabUtility.RevertObjectOverride(component, InteractionMode.UserAction);
                else PrefabUtility.RevertPrefabInstance(root, InteractionMode.UserAction);
                var after = PrefabOverrideList.Of(root);
                var res = ObjectAddress.Bundle(root);
                res["reverted"] = what;
                res["overrides"] = after;
                res["changed"] = !JToken.DeepEquals(before, after);
                return res;
            });
        }

        public static void CreateVariant(ToolCall call)
        {
            var basePath = PrefabPath(call, "path", null);
            var asset = Load(basePath, "path");
            var path = AssetPaths.Normalize(Args.Str(call, "variant_path", ""), ".prefab", "variant_path", basePath.Substring(0, basePath.Length - 7) + " Variant.prefab");
            if (path == basePath) throw new ToolException("invalid_params", "variant_path is the base prefab itself; give a new path, e.g. \"" + basePath.Substring(0, basePath.Length - 7) + " Variant.prefab\"");
            if (AssetPaths.Exists(path) && !Args.Bool(call, "overwrite", false))
                throw new ToolException("already_exists", path + " exists; choose another variant_path, or pass overwrite: true to replace it (its instances follow; not undoable)");
            var created = AssetPaths.EnsureFolders(path);
            // A variant is an instance of its base saved as an asset (ScriptReference
            // PrefabUtility.SaveAsPrefabAsset); the instance is only a means, and goes.
            var temp = (GameObject)PrefabUtility.InstantiatePrefab(asset, (Transform)null);
            GameObject variant;
            bool ok;
            try { variant = PrefabUtility.SaveAsPrefabAsset(temp, path, out ok); }
            finally { UnityEngine.Object.DestroyImmediate(temp); }
            if (!ok || variant == null) throw new ToolException("editor_error", "Unity did not save a variant of " + basePath + " as " + path + "; the Console says why");
            var res = new JObject { { "asset", AssetPaths.Bundle(path, variant.name) }, { "base", AssetPaths.Bundle(basePath, asset.name) } };
            if (created.Count > 0) res["created_folders"] = created;
            call.Reply(res);
        }

        public static void Unpack(ToolCall call)
        {
            var go = ObjectAddress.Resolve(call, "object_path", "instance_id", true);
            var root = InstanceRoot(go);
            bool completely = Args.Bool(call, "completely", false);
            var path = PrefabUtility.GetPrefabAssetPathOfNearestInstanceRoot(root);
            Authoring.Step(call, "Unpack " + root.name, () =>
            {
                PrefabUtility.UnpackPrefabInstance(root, completely ? PrefabUnpackMode.Completely : PrefabUnpackMode.OutermostRoot, InteractionMode.UserAction);
                var res = ObjectAddress.Bundle(root);
                res["unpacked_from"] = path;
                // One level of an instance of a variant leaves an instance of its base.
                res["now_instance_of"] = PrefabUtility.IsPartOfPrefabInstance(root) ? (JToken)PrefabUtility.GetPrefabAssetPathOfNearestInstanceRoot(root) : JValue.CreateNull();
                return res;
            });
        }

        // ---- shared ----

        /// <summary>The root of the prefab instance an object is part of (an object added under
        /// an instance counts as its instance's); refuses an object in none.</summary>
        internal static GameObject InstanceRoot(GameObject go)
        {
            for (var t = go.transform; t != null; t = t.parent)
                if (PrefabUtility.IsPartOfPrefabInstance(t.gameObject)) return PrefabUtility.GetOutermostPrefabInstanceRoot(t.gameObject);
            throw new ToolException("invalid_params", ObjectAddress.PathOf(go) + " is not part of a prefab instance; prefab_instantiate places one, prefab_create makes one of a plain object");
        }

        /// <summary>The outermost instance roots of a prefab in the open scenes.</summary>
        internal static List<GameObject> Instances(string path)
        {
            var list = new List<GameObject>();
            for (int s = 0; s < SceneManager.sceneCount; s++)
            {
                var scene = SceneManager.GetSceneAt(s);
                if (!scene.isLoaded) continue;
                var stack = new Stack<Transform>();
                foreach (var r in scene.GetRootGameObjects()) stack.Push(r.transform);
                while (stack.Count > 0)
                {
                    var t = stack.Pop();
                    var g = t.gameObject;
                    if (PrefabUtility.IsPartOfPrefabInstance(g) && PrefabUtility.GetOutermostPrefabInstanceRoot(g) == g && PrefabUtility.GetPrefabAssetPathOfNearestInstanceRoot(g) == path) list.Add(g);
                    for (int i = 0; i < t.childCount; i++) stack.Push(t.GetChild(i));
                }
            }
            return list;
        }

        /// <summary>A prefab's path from a path argument or (when <paramref name="guidArg"/> is
        /// given) a GUID, exactly one of them.</summary>
        internal static string PrefabPath(ToolCall call, string pathArg, string guidArg)
        {
            var raw = Args.Str(call, pathArg, "");
            var guid = guidArg != null ? Args.Str(call, guidArg, "").Trim() : "";
            if (raw.Length > 0 && guid.Length > 0) throw new ToolException("invalid_params", "give " + pathArg + " or " + guidArg + ", not both");
            if (guid.Length == 0) return AssetPaths.Normalize(raw, ".prefab", pathArg, "Assets/Prefabs/Enemy.prefab");
            var path = AssetDatabase.GUIDToAssetPath(guid);
            if (path.Length == 0) throw new ToolException("not_found", guidArg + " " + guid + " names no asset in the project");
            if (!path.EndsWith(".prefab", StringComparison.OrdinalIgnoreCase)) throw new ToolException("invalid_params", guidArg + " " + guid + " is " + path + ", not a prefab");
            return path;
        }

        /// <summary>The prefab asset's root, or not_found with the closest prefabs.</summary>
        internal static GameObject Load(string path, string arg)
        {
            var asset = AssetPaths.Exists(path) ? AssetDatabase.LoadAssetAtPath<GameObject>(path) : null;
            if (asset != null) return asset;
            var near = HierarchyPath.Closest(AssetPaths.Files(".prefab"), path, 3);
            throw new ToolException("not_found", arg + ": no prefab at " + path + (near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "; the project has no prefabs (prefab_create makes one)"));
        }

        static string Describe(UnityEngine.Object o)
        {
            var c = o as Component;
            return c != null ? c.GetType().Name + " of " + c.gameObject.name : o.name;
        }

        static string ClosestProperty(UnityEngine.Object target, string wanted)
        {
            var paths = new List<string>();
            var it = new SerializedObject(target).GetIterator();
            while (it.Next(true)) paths.Add(it.propertyPath);
            var near = HierarchyPath.Closest(paths, wanted, 3);
            return near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "";
        }
    }
}
