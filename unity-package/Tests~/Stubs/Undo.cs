// Behavioural fake of the Editor's Undo system and Selection (UnityCsReference
// Editor/Mono/Undo/Undo.bindings.cs and Editor/Mono/Selection/Selection.bindings.cs, branch
// 2022.3; Manual "Undo" and the Undo scripting reference). Undo records go into the current
// group; a group is one step of Edit > Undo; IncrementCurrentGroup starts a new one;
// CollapseUndoOperations(g) merges every group from g on into one; RevertAllDownToGroup(g)
// undoes them and forgets them (no redo); any new record clears the redo stack;
// PerformUndo/PerformRedo move one step and raise undoRedoEvent (UndoRedoInfo: the
// group's name and index) and undoRedoPerformed. Recording marks the object's scene dirty,
// as the Editor does through Undo.
using System;
using System.Collections;
using System.Collections.Generic;
using System.Reflection;
using UnityEngine;
using UnityEngine.SceneManagement;

namespace UnityEditor
{
    // UnityCsReference: Editor/Mono/Undo/Undo.bindings.cs
    public struct UndoRedoInfo
    {
        public string undoName;
        public int undoGroup;
        internal int m_IsRedo;
        public bool isRedo { get { return m_IsRedo != 0; } set { m_IsRedo = value ? 1 : 0; } }
    }

    // UnityCsReference: Editor/Mono/Undo/Undo.bindings.cs
    public partial class Undo
    {
        interface IRecord
        {
            UnityEngine.Object Target { get; }
            void Undo();
            void Redo();
        }

        sealed class Group
        {
            public int Index;
            public string Name;
            public readonly List<IRecord> Records = new List<IRecord>();
        }

        static readonly List<Group> undoStack = new List<Group>();
        static readonly List<Group> redoStack = new List<Group>();
        static int currentGroup = 1;
        static string currentName = "";

        public delegate void UndoRedoCallback();
        public static UndoRedoCallback undoRedoPerformed;
        public delegate void UndoRedoEventCallback(in UndoRedoInfo undo);
        public static UndoRedoEventCallback undoRedoEvent;

        public static void IncrementCurrentGroup() { currentGroup++; currentName = ""; }
        public static int GetCurrentGroup() { return currentGroup; }
        public static string GetCurrentGroupName() { return currentName; }

        public static void SetCurrentGroupName(string name)
        {
            currentName = name ?? "";
            if (undoStack.Count > 0 && undoStack[undoStack.Count - 1].Index == currentGroup) undoStack[undoStack.Count - 1].Name = currentName;
        }

        static void Add(IRecord r, string name)
        {
            redoStack.Clear();
            Group g = undoStack.Count > 0 ? undoStack[undoStack.Count - 1] : null;
            if (g == null || g.Index != currentGroup)
            {
                g = new Group { Index = currentGroup, Name = currentName.Length > 0 ? currentName : name ?? "" };
                undoStack.Add(g);
            }
            g.Records.Add(r);
            Dirty(r.Target);
        }

        static void Dirty(UnityEngine.Object o)
        {
            var go = o as GameObject ?? (o is Component ? ((Component)o).owner : null);
            if (go != null && go.sceneData != null) go.sceneData.dirty = true;
        }

        // RecordObject: the object's state now is what Undo brings back. Recorded once per
        // group: later calls in the same group keep the first state.
        public static void RecordObject(UnityEngine.Object objectToUndo, string name)
        {
            if (objectToUndo == null) return;
            if (undoStack.Count > 0)
            {
                var top = undoStack[undoStack.Count - 1];
                if (top.Index == currentGroup)
                    foreach (var r in top.Records)
                        if (r is StateRecord && ReferenceEquals(r.Target, objectToUndo)) { redoStack.Clear(); Dirty(objectToUndo); return; }
            }
            Add(new StateRecord(objectToUndo), name);
        }

        public static void RecordObjects(UnityEngine.Object[] objectsToUndo, string name) { foreach (var o in objectsToUndo) RecordObject(o, name); }
        public static void RegisterCompleteObjectUndo(UnityEngine.Object objectToUndo, string name) { RecordObject(objectToUndo, name); }

        public static void RegisterCreatedObjectUndo(UnityEngine.Object objectToUndo, string name)
        {
            if (objectToUndo == null) return;
            Add(new LifeRecord(objectToUndo, true), name);
        }

        // DestroyObjectImmediate: destroys now; undo brings the object back where it was.
        public static void DestroyObjectImmediate(UnityEngine.Object objectToUndo)
        {
            if (objectToUndo == null) throw new ArgumentNullException("objectToUndo");
            var r = new LifeRecord(objectToUndo, false);
            Add(r, "Destroy " + objectToUndo.name);
            r.Redo();
        }

        public static Component AddComponent(GameObject gameObject, Type type)
        {
            var c = gameObject.AddComponent(type);
            if (c != null) Add(new LifeRecord(c, true), "Add Component");
            return c;
        }

        public static T AddComponent<T>(GameObject gameObject) where T : Component { return (T)AddComponent(gameObject, typeof(T)); }

        public static void SetTransformParent(Transform transform, Transform newParent, string name) { SetTransformParent(transform, newParent, true, name); }

        public static void SetTransformParent(Transform transform, Transform newParent, bool worldPositionStays, string name)
        {
            RecordObject(transform, name);
            transform.SetParent(newParent, worldPositionStays);
        }

        public static void SetSiblingIndex(Transform transform, int siblingIndex, string name)
        {
            RecordObject(transform, name);
            transform.SetSiblingIndex(siblingIndex);
        }

        public static void CollapseUndoOperations(int groupIndex)
        {
            int first = undoStack.FindIndex(g => g.Index >= groupIndex);
            if (first < 0 || first == undoStack.Count - 1) return;
            var into = undoStack[first];
            for (int i = first + 1; i < undoStack.Count; i++) into.Records.AddRange(undoStack[i].Records);
            undoStack.RemoveRange(first + 1, undoStack.Count - first - 1);
        }

        public static void RevertAllDownToGroup(int group)
        {
            while (undoStack.Count > 0 && undoStack[undoStack.Count - 1].Index >= group)
            {
                var g = undoStack[undoStack.Count - 1];
                undoStack.RemoveAt(undoStack.Count - 1);
                for (int i = g.Records.Count - 1; i >= 0; i--) g.Records[i].Undo();
            }
        }

        public static void RevertAllInCurrentGroup() { RevertAllDownToGroup(currentGroup); }

        public static void PerformUndo()
        {
            if (undoStack.Count == 0) return;
            var g = undoStack[undoStack.Count - 1];
            undoStack.RemoveAt(undoStack.Count - 1);
            for (int i = g.Records.Count - 1; i >= 0; i--) { g.Records[i].Undo(); Dirty(g.Records[i].Target); }
            redoStack.Add(g);
            IncrementCurrentGroup();
            Raise(g, false);
        }

        public static void PerformRedo()
        {
            if (redoStack.Count == 0) return;
            var g = redoStack[redoStack.Count - 1];
            redoStack.RemoveAt(redoStack.Count - 1);
            foreach (var r in g.Records) { r.Redo(); Dirty(r.Target); }
            undoStack.Add(g);
            IncrementCurrentGroup();
            Raise(g, true);
        }

        static void Raise(Group g, bool redo)
        {
            var info = new UndoRedoInfo { undoName = g.Name, undoGroup = g.Index, isRedo = redo };
            if (undoRedoEvent != null) undoRedoEvent(in info);
            if (undoRedoPerformed != null) undoRedoPerformed();
        }

        public static void ClearAll()
        {
            undoStack.Clear();
            redoStack.Clear();
        }

        /// <summary>The names of the steps Edit > Undo and Edit > Redo would take, newest last
        /// (what the Undo History window lists).</summary>
        internal static List<string> UndoNames() { return undoStack.ConvertAll(g => g.Name); }
        internal static List<string> RedoNames() { return redoStack.ConvertAll(g => g.Name); }

        /// <summary>An object's state before a change; the state after it is taken when the
        /// change is undone, so redo puts it back.</summary>
        sealed class StateRecord : IRecord
        {
            readonly UnityEngine.Object target;
            readonly object before;
            object after;

            public StateRecord(UnityEngine.Object target) { this.target = target; before = Snapshot.Take(target); }
            public UnityEngine.Object Target { get { return target; } }
            public void Undo() { after = Snapshot.Take(target); Snapshot.Put(target, before); }
            public void Redo() { Snapshot.Put(target, after); }
        }

        /// <summary>An object created (undo destroys it) or destroyed (undo brings it back).</summary>
        sealed class LifeRecord : IRecord
        {
            readonly UnityEngine.Object target;
            readonly bool created;
            object[] place;
            int componentIndex = -1;

            public LifeRecord(UnityEngine.Object target, bool created) { this.target = target; this.created = created; }
            public UnityEngine.Object Target { get { return target; } }
            public void Undo() { if (created) Remove(); else Restore(); }
            public void Redo() { if (created) Restore(); else Remove(); }

            void Remove()
            {
                var go = target as GameObject;
                if (go != null) place = go.transform.State();
                var c = target as Component;
                if (c != null) { componentIndex = c.owner.components.IndexOf(c); c.owner.components.Remove(c); }
                target.Kill();
            }

            void Restore()
            {
                target.Revive();
                var go = target as GameObject;
                if (go != null && place != null) go.transform.Restore(place);
                var c = target as Component;
                if (c != null && componentIndex >= 0) c.owner.components.Insert(Math.Min(componentIndex, c.owner.components.Count), c);
            }
        }
    }

    /// <summary>Copies of an object's serialized state, for Undo: a Transform's place and
    /// local values, a GameObject's name, active state, tag, layer and component list, and
    /// any other object's instance fields (lists and arrays copied, not shared).</summary>
    internal static class Snapshot
    {
        internal static object Take(UnityEngine.Object o)
        {
            var t = o as Transform;
            if (t != null) return t.State();
            var go = o as GameObject;
            if (go != null) return new object[] { go.name, go.activeSelf, go.tag, go.layer, new List<Component>(go.components), go.staticEditorFlags };
            var fields = new Dictionary<FieldInfo, object>();
            foreach (var f in Fields(o.GetType())) fields[f] = Copy(f.GetValue(o));
            if (!(o is Component)) fields[NameField] = o.name; // a component's name is its GameObject's
            return fields;
        }

        internal static void Put(UnityEngine.Object o, object state)
        {
            var t = o as Transform;
            if (t != null) { t.Restore((object[])state); return; }
            var go = o as GameObject;
            if (go != null)
            {
                var s = (object[])state;
                go.name = (string)s[0];
                go.SetActive((bool)s[1]);
                go.tag = (string)s[2];
                go.layer = (int)s[3];
                go.components.Clear();
                go.components.AddRange((List<Component>)s[4]);
                go.staticEditorFlags = (uint)s[5];
                return;
            }
            foreach (var kv in (Dictionary<FieldInfo, object>)state)
            {
                if (kv.Key == NameField) o.name = (string)kv.Value;
                else kv.Key.SetValue(o, Copy(kv.Value));
            }
        }

        static readonly FieldInfo NameField = typeof(Snapshot).GetField("NameField", BindingFlags.NonPublic | BindingFlags.Static);

        static IEnumerable<FieldInfo> Fields(Type type)
        {
            for (var t = type; t != null && t != typeof(Component) && t != typeof(UnityEngine.Object); t = t.BaseType)
                foreach (var f in t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly))
                    if (!f.IsInitOnly) yield return f;
        }

        static object Copy(object v)
        {
            var a = v as Array;
            if (a != null) return a.Clone();
            var l = v as IList;
            if (l != null && v.GetType().IsGenericType) return Activator.CreateInstance(v.GetType(), l);
            return v;
        }
    }

    // UnityCsReference: Editor/Mono/Selection/Selection.bindings.cs (Editor/Mono/Selection.bindings.cs in 2022.3)
    public sealed partial class Selection
    {
        static UnityEngine.Object[] selected = new UnityEngine.Object[0];
        public static Action selectionChanged;

        public static UnityEngine.Object[] objects
        {
            get { return Array.FindAll(selected, o => o != null); }
            set { selected = value ?? new UnityEngine.Object[0]; if (selectionChanged != null) selectionChanged(); }
        }
        public static UnityEngine.Object activeObject
        {
            get { var all = objects; return all.Length > 0 ? all[0] : null; }
            set { objects = value == null ? new UnityEngine.Object[0] : new[] { value }; }
        }
        public static GameObject activeGameObject
        {
            get { return activeObject as GameObject ?? (activeObject is Component ? ((Component)activeObject).gameObject : null); }
            set { activeObject = value; }
        }
        public static GameObject[] gameObjects
        {
            get
            {
                var list = new List<GameObject>();
                foreach (var o in objects) if (o is GameObject) list.Add((GameObject)o);
                return list.ToArray();
            }
        }
        public static Transform[] transforms
        {
            get
            {
                var list = new List<Transform>();
                foreach (var g in gameObjects) list.Add(g.transform);
                return list.ToArray();
            }
        }
    }
}
