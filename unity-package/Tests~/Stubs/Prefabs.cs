// Behavioural fake of prefab assets and PrefabUtility (UnityCsReference, branch 2022.3, the
// same members in 6000.0-6000.7: Editor/Mono/Prefabs/PrefabUtility.cs, PrefabUtility.bindings.cs,
// PropertyModification.bindings.cs, PrefabOverrides/PrefabOverride.cs and
// PrefabOverridesUtility.cs; Manual "Prefabs", "Instance overrides", "Prefab Variants").
//
// - A prefab asset is kept by path as a detached copy of its hierarchy, in a scene that is not
//   valid (an asset's GameObject.scene is not), with a .prefab file and a .meta holding its GUID,
//   as Scenes.cs keeps saved scenes. Its root is named after its file (the Prefab importer does
//   so; PrefabReplacingSettings.changeRootNameToAssetName speaks of "the name of the Prefab Asset").
// - An instance links each of its objects to the asset object it comes from
//   (GetCorrespondingObjectFromSource). A variant is an instance of its base saved as an asset
//   (ScriptReference SaveAsPrefabAsset: "If the input object is a Prefab instance root the
//   resulting Prefab will be a Prefab Variant"): its objects link to the base's the same way.
// - Overrides: Unity keeps an instance as its asset plus PropertyModifications written as the
//   instance changes; the fake's objects change without telling anyone, so an override is a
//   serialized property (SerializedLayout, what inspect_* reads, leaf by leaf as Unity's
//   property paths go: m_LocalPosition.x) whose value differs from its source's, and the
//   components and children one side has and the other lacks (PrefabOverridesUtility).
// - Default overrides (ScriptReference PrefabUtility.IsDefaultOverride): the root
//   GameObject's name and the root Transform's position and rotation are always overridden:
//   GetPropertyModifications lists them, they never follow the asset, and ApplyPrefabInstance,
//   RevertPrefabInstance and RevertObjectOverride leave them alone ("Default-override properties
//   are protected from being applied or reverted", PrefabUtility.cs
//   ApplySinglePropertyAndRemoveOverride); RevertPropertyOverride reverts them.
// - When an asset changes (an apply, a save over it) every instance of it in the loaded scenes
//   and every variant of it follows: a property that held the asset's old value takes the new
//   one, an overridden one keeps its own; objects added to the asset are added to the
//   instances and objects removed from it removed (Manual "Instance overrides": "changes to
//   the Prefab Asset are reflected in all instances ... except overridden properties").
// Not modelled: prefabs nested inside an asset (only a variant's base), RectTransform's
// default overrides, models, Prefab Mode, and links surviving a scene save (Scenes.cs keeps
// saved scenes as unlinked copies). Apply records no Undo (the tools apply AutomatedAction).
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using UnityEditor.SceneManagement;
using UnityEngine;
using UnityEngine.SceneManagement;

namespace UnityEditor
{
    // UnityCsReference: Editor/Mono/EditorUtility.cs
    public enum InteractionMode
    {
        AutomatedAction,
        UserAction
    }

    // UnityCsReference: Editor/Mono/Prefabs/PrefabUtility.cs
    public enum PrefabUnpackMode
    {
        OutermostRoot = 0,
        Completely = 1,
    }

    // UnityCsReference: Editor/Mono/Prefabs/PropertyModification.bindings.cs
    public sealed class PropertyModification
    {
        public UnityEngine.Object target;
        public string propertyPath;
        public string value;
        public UnityEngine.Object objectReference;
    }

    // UnityCsReference: Editor/Mono/Prefabs/PrefabUtility.cs and PrefabUtility.bindings.cs
    public sealed partial class PrefabUtility
    {
        public static GameObject SaveAsPrefabAsset(GameObject instanceRoot, string assetPath)
        {
            bool success;
            return SaveAsPrefabAsset(instanceRoot, assetPath, out success);
        }

        public static GameObject SaveAsPrefabAsset(GameObject instanceRoot, string assetPath, out bool success)
        {
            return PrefabStore.Save(instanceRoot, assetPath, false, out success);
        }

        // SaveAsPrefabAssetAndConnect: saves, then the object becomes an instance of the saved
        // prefab; UserAction records Undo of the hierarchy first ("Connect to Prefab").
        public static GameObject SaveAsPrefabAssetAndConnect(GameObject instanceRoot, string assetPath, InteractionMode action, out bool success)
        {
            if (instanceRoot != null && action == InteractionMode.UserAction) Undo.RegisterFullObjectHierarchyUndo(instanceRoot, "Connect to Prefab");
            return PrefabStore.Save(instanceRoot, assetPath, true, out success);
        }

        // InstantiatePrefab: a linked copy named as the asset (not "(Clone)"), under parent or
        // at the root of the active scene; null when the object is not a prefab asset's.
        public static UnityEngine.Object InstantiatePrefab(UnityEngine.Object assetComponentOrGameObject, Transform parent)
        {
            return PrefabStore.Instantiate(assetComponentOrGameObject, parent);
        }

        // LoadPrefabContents: a copy of the asset in a preview scene of its own (valid, not one
        // of SceneManager's); the path must be an existing .prefab ("Path: {0}, does not exist").
        public static GameObject LoadPrefabContents(string assetPath) { return PrefabStore.Load(assetPath); }

        // UnloadPrefabContents: "Specified object is not part of Prefab contents" otherwise.
        public static void UnloadPrefabContents(GameObject contentsRoot) { PrefabStore.Unload(contentsRoot); }

        public static bool IsPartOfPrefabInstance(UnityEngine.Object componentOrGameObject)
        {
            if (ReferenceEquals(componentOrGameObject, null)) throw new ArgumentNullException("componentOrGameObject");
            return PrefabStore.Source.ContainsKey(componentOrGameObject);
        }

        // IsAddedComponentOverride: a component of an instance's GameObject that its source lacks.
        public static bool IsAddedComponentOverride(UnityEngine.Object component)
        {
            if (ReferenceEquals(component, null)) throw new ArgumentNullException("component");
            var c = component as Component;
            return c != null && !PrefabStore.Source.ContainsKey(c) && PrefabStore.Source.ContainsKey(c.gameObject);
        }

        // The root of the outermost instance the object is part of; null when it is part of none.
        public static GameObject GetOutermostPrefabInstanceRoot(UnityEngine.Object componentOrGameObject)
        {
            if (ReferenceEquals(componentOrGameObject, null)) throw new ArgumentNullException("componentOrGameObject");
            if (!PrefabStore.Source.ContainsKey(componentOrGameObject)) return null;
            GameObject outer = null;
            for (var t = PrefabStore.GameObjectOf(componentOrGameObject).transform; t != null; t = t.parentTransform)
                if (PrefabStore.Roots.ContainsKey(t.gameObject)) outer = t.gameObject;
            return outer;
        }

        // The asset path of the nearest instance root above the object, "" when there is none
        // (AssetDatabase.GetAssetPath(GetOriginalSourceOrVariantRoot(...)) in PrefabUtility.cs).
        public static string GetPrefabAssetPathOfNearestInstanceRoot(UnityEngine.Object instanceComponentOrGameObject)
        {
            if (instanceComponentOrGameObject == null) return "";
            string path;
            for (var t = PrefabStore.GameObjectOf(instanceComponentOrGameObject).transform; t != null; t = t.parentTransform)
                if (PrefabStore.Roots.TryGetValue(t.gameObject, out path)) return path;
            return "";
        }

        public static TObject GetCorrespondingObjectFromSource<TObject>(TObject componentOrGameObject) where TObject : UnityEngine.Object
        {
            UnityEngine.Object s;
            return !ReferenceEquals(componentOrGameObject, null) && PrefabStore.Source.TryGetValue(componentOrGameObject, out s) ? s as TObject : null;
        }

        // GetPropertyModifications: the instance's modifications, each on the source object it
        // overrides (target), with the instance's value as a string (floats in round-trip form,
        // bools 1/0) or as objectReference; the root's default overrides are always there.
        public static PropertyModification[] GetPropertyModifications(UnityEngine.Object targetPrefab)
        {
            var inst = PrefabStore.InstanceOf(targetPrefab);
            return inst == null ? null : PrefabStore.Modifications(inst).ToArray();
        }

        public static bool IsDefaultOverride(PropertyModification modification)
        {
            return modification != null && PrefabStore.IsDefault(modification.target, modification.propertyPath);
        }

        public static List<AddedComponent> GetAddedComponents(GameObject prefabInstance) { return PrefabStore.Diff(prefabInstance).AddedComponents; }
        public static List<RemovedComponent> GetRemovedComponents(GameObject prefabInstance) { return PrefabStore.Diff(prefabInstance).RemovedComponents; }
        public static List<AddedGameObject> GetAddedGameObjects(GameObject prefabInstance) { return PrefabStore.Diff(prefabInstance).AddedGameObjects; }
        public static List<RemovedGameObject> GetRemovedGameObjects(GameObject prefabInstance) { return PrefabStore.Diff(prefabInstance).RemovedGameObjects; }

        // ApplyPrefabInstance: every override but the default ones into the nearest source asset
        // (a variant's instance applies to the variant), then every instance follows.
        public static void ApplyPrefabInstance(GameObject instanceRoot, InteractionMode action)
        {
            PrefabStore.Apply(PrefabStore.Checked(instanceRoot, "apply"));
        }

        // RevertPrefabInstance: every override but the default ones back to the asset's;
        // UserAction records Undo of the whole hierarchy first ("Revert Prefab Instance").
        public static void RevertPrefabInstance(GameObject instanceRoot, InteractionMode action)
        {
            var inst = PrefabStore.Checked(instanceRoot, "revert");
            if (action == InteractionMode.UserAction) Undo.RegisterFullObjectHierarchyUndo(inst.Root, "Revert Prefab Instance");
            PrefabStore.Revert(inst, action == InteractionMode.UserAction);
        }

        // RevertObjectOverride: the object's property overrides, default ones excepted;
        // UserAction records Undo of it first (RegisterCompleteObjectUndo).
        public static void RevertObjectOverride(UnityEngine.Object instanceComponentOrGameObject, InteractionMode action)
        {
            var inst = PrefabStore.Checked(instanceComponentOrGameObject, "revert");
            if (action == InteractionMode.UserAction) Undo.RegisterCompleteObjectUndo(instanceComponentOrGameObject, "Revert component property overrides");
            PrefabStore.RevertProperties(inst, instanceComponentOrGameObject, null);
        }

        // RevertPropertyOverride: that property (and what is under it), default overrides too;
        // UserAction goes through ApplyModifiedProperties, which records Undo.
        public static void RevertPropertyOverride(SerializedProperty instanceProperty, InteractionMode action)
        {
            var target = instanceProperty.serializedObject.targetObject;
            var inst = PrefabStore.Checked(target, "revert");
            if (action == InteractionMode.UserAction) Undo.RecordObject(target, "Revert Property Override");
            PrefabStore.RevertProperties(inst, target, instanceProperty.propertyPath);
        }

        // RevertAddedComponent: "Component is not an added component override on a Prefab
        // instance" otherwise; UserAction destroys it through Undo.
        public static void RevertAddedComponent(Component component, InteractionMode action)
        {
            if (component == null) throw new ArgumentNullException("component", "Cannot revert added component. Component is null.");
            if (!IsAddedComponentOverride(component)) throw new ArgumentException("Cannot revert added component. Component is not an added component override on a Prefab instance.", "component");
            PrefabStore.Remove(component, action == InteractionMode.UserAction);
        }

        // RevertRemovedComponent: the asset's component comes back on the instance's
        // GameObject, with the asset's values; UserAction records its creation.
        public static void RevertRemovedComponent(GameObject instanceGameObject, Component assetComponent, InteractionMode action)
        {
            var inst = PrefabStore.Checked(instanceGameObject, "revert");
            if (action == InteractionMode.UserAction) Undo.RegisterCompleteObjectUndo(instanceGameObject, "Revert Prefab removed component");
            PrefabStore.Restore(inst, instanceGameObject, assetComponent, action == InteractionMode.UserAction);
        }

        // UnpackPrefabInstance: the outermost root only ("must be called with a root Prefab
        // instance GameObject"); OutermostRoot leaves an instance of a variant an instance of
        // its base, Completely leaves plain objects. UserAction records Undo of the hierarchy.
        public static void UnpackPrefabInstance(GameObject instanceRoot, PrefabUnpackMode unpackMode, InteractionMode action)
        {
            if (instanceRoot == null) throw new ArgumentNullException("instanceRoot");
            if (!PrefabStore.Source.ContainsKey(instanceRoot)) throw new ArgumentException("UnpackPrefabInstance must be called with a Prefab instance.");
            if (GetOutermostPrefabInstanceRoot(instanceRoot) != instanceRoot) throw new ArgumentException("UnpackPrefabInstance must be called with a root Prefab instance GameObject.");
            if (action == InteractionMode.UserAction) Undo.RegisterFullObjectHierarchyUndo(instanceRoot, "Unpack Prefab instance");
            PrefabStore.Unpack(instanceRoot, unpackMode == PrefabUnpackMode.Completely);
        }
    }

    // UnityCsReference: Modules/AssetDatabase/Editor/ScriptBindings/AssetDatabase.bindings.cs
    public partial class AssetDatabase
    {
        // LoadAssetAtPath<T>: LoadAssetAtPath(assetPath, typeof(T)) (Assets.cs), as the bindings
        // do: the first object of that type in the file; a prefab file holds its root GameObject
        // first, then the root's components, then its children's.
        public static T LoadAssetAtPath<T>(string assetPath) where T : UnityEngine.Object
        {
            return (T)LoadAssetAtPath(assetPath, typeof(T));
        }
    }

    public partial class Undo
    {
        // RegisterFullObjectHierarchyUndo: every GameObject and component of the hierarchy, and
        // its prefab links (what RegisterFullObjectHierarchyUndo records of a prefab instance:
        // UnpackPrefabInstance and SaveAsPrefabAssetAndConnect rely on it to be undone).
        public static void RegisterFullObjectHierarchyUndo(UnityEngine.Object objectToUndo, string name)
        {
            if (objectToUndo == null) throw new ArgumentNullException("objectToUndo");
            var all = PrefabStore.Objects(PrefabStore.GameObjectOf(objectToUndo));
            foreach (var o in all) RecordObject(o, name);
            Add(new LinkRecord(objectToUndo, all), name);
        }

        /// <summary>The prefab links of a hierarchy's objects: undo puts back those of before.</summary>
        sealed class LinkRecord : IRecord
        {
            readonly UnityEngine.Object target;
            readonly PrefabStore.LinkState before;
            PrefabStore.LinkState after;

            public LinkRecord(UnityEngine.Object target, List<UnityEngine.Object> objects) { this.target = target; before = PrefabStore.Links(objects); }
            public UnityEngine.Object Target { get { return target; } }
            public void Undo() { after = PrefabStore.Links(before.Source.Keys); PrefabStore.SetLinks(before); }
            public void Redo() { PrefabStore.SetLinks(after); }
        }
    }
}

namespace UnityEditor.SceneManagement
{
    // UnityCsReference: Editor/Mono/Prefabs/PrefabOverrides/PrefabOverride.cs (the members the
    // package reads; Apply/Revert/GetAssetObject are left out)
    public abstract class PrefabOverride { }

    public class ObjectOverride : PrefabOverride
    {
        public UnityEngine.Object instanceObject { get; set; }
    }

    public class AddedComponent : PrefabOverride
    {
        public Component instanceComponent { get; set; }
    }

    public class RemovedComponent : PrefabOverride
    {
        public GameObject containingInstanceGameObject { get; set; }
        public Component assetComponent { get; set; }
    }

    public class AddedGameObject : PrefabOverride
    {
        public GameObject instanceGameObject { get; set; }
        public int siblingIndex { get; set; }
    }

    public class RemovedGameObject : PrefabOverride
    {
        public GameObject parentOfRemovedGameObjectInInstance { get; set; }
        public GameObject assetGameObject { get; set; }
    }
}
