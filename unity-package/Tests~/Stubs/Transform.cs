// Behavioural fake of Transform: a parent, ordered children, and local position, rotation
// and scale from which the world values follow (UnityCsReference
// Runtime/Transform/ScriptBindings/Transform.bindings.cs, branch 2022.3). The world matrix
// is parent · T · R · S, so a world position is parent.TransformPoint(localPosition);
// lossyScale ignores the skew a rotated non-uniform parent gives, as Unity's does.
using System;
using System.Collections.Generic;

namespace UnityEngine
{
    // UnityCsReference: Runtime/Transform/ScriptBindings/Transform.bindings.cs
    public partial class Transform : Component, System.Collections.IEnumerable
    {
        internal Transform parentTransform;
        internal readonly List<Transform> children = new List<Transform>();
        Vector3 localPositionValue = Vector3.zero;
        Quaternion localRotationValue = Quaternion.identity;
        Vector3 localScaleValue = Vector3.one;

        protected internal Transform() { }

        public Vector3 localPosition { get { Alive(); return localPositionValue; } set { Alive(); localPositionValue = value; } }
        public Quaternion localRotation { get { Alive(); return localRotationValue; } set { Alive(); localRotationValue = Normalized(value); } }
        public Vector3 localScale { get { Alive(); return localScaleValue; } set { Alive(); localScaleValue = value; } }
        public Vector3 localEulerAngles { get { return localRotation.eulerAngles; } set { localRotation = Quaternion.Euler(value); } }

        public Vector3 position
        {
            get { Alive(); return parentTransform == null ? localPositionValue : parentTransform.TransformPoint(localPositionValue); }
            set { Alive(); localPositionValue = parentTransform == null ? value : parentTransform.InverseTransformPoint(value); }
        }

        public Quaternion rotation
        {
            get { Alive(); return parentTransform == null ? localRotationValue : parentTransform.rotation * localRotationValue; }
            set { Alive(); localRotationValue = Normalized(parentTransform == null ? value : Quaternion.Inverse(parentTransform.rotation) * value); }
        }

        public Vector3 eulerAngles { get { return rotation.eulerAngles; } set { rotation = Quaternion.Euler(value); } }

        public Vector3 lossyScale
        {
            get { Alive(); return parentTransform == null ? localScaleValue : Vector3.Scale(parentTransform.lossyScale, localScaleValue); }
        }

        public Vector3 TransformPoint(Vector3 p) { return rotation * Vector3.Scale(lossyScale, p) + position; }

        public Vector3 InverseTransformPoint(Vector3 p)
        {
            var local = Quaternion.Inverse(rotation) * (p - position);
            var s = lossyScale;
            return new Vector3(Div(local.x, s.x), Div(local.y, s.y), Div(local.z, s.z));
        }

        static float Div(float a, float b) { return b == 0 ? 0 : a / b; }

        static Quaternion Normalized(Quaternion q)
        {
            var n = (float)Math.Sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
            return n == 0 ? Quaternion.identity : new Quaternion(q.x / n, q.y / n, q.z / n, q.w / n);
        }

        public Transform parent { get { Alive(); return parentTransform; } set { SetParent(value, true); } }
        public Transform root { get { var t = this; while (t.parentTransform != null) t = t.parentTransform; return t; } }
        public int childCount { get { Alive(); return children.Count; } }
        public Transform GetChild(int index)
        {
            Alive();
            if (index < 0 || index >= children.Count) throw new UnityException("Transform child out of bounds");
            return children[index];
        }

        public void SetParent(Transform p) { SetParent(p, true); }

        // Transform.SetParent: worldPositionStays keeps the world position, rotation and scale
        // (the local values are recomputed); a transform cannot become its own descendant
        // ("Cannot set the parent of the GameObject ... to one of its children" is logged and
        // nothing changes). A child moves to its new parent's scene.
        public void SetParent(Transform p, bool worldPositionStays)
        {
            Alive();
            if (p != null && p.IsChildOfOrSelf(this)) return;
            Vector3 pos = position, scale = lossyScale;
            Quaternion rot = rotation;
            Detach();
            parentTransform = p;
            if (p != null) p.children.Add(this);
            else gameObject.sceneData.roots.Add(this);
            if (p != null) MoveToScene(this, p.gameObject.sceneData);
            if (!worldPositionStays) return;
            position = pos;
            rotation = rot;
            var ps = p == null ? Vector3.one : p.lossyScale;
            localScaleValue = new Vector3(Div(scale.x, ps.x), Div(scale.y, ps.y), Div(scale.z, ps.z));
        }

        static void MoveToScene(Transform t, SceneManagement.SceneData scene)
        {
            t.gameObject.sceneData = scene;
            foreach (var c in t.children) MoveToScene(c, scene);
        }

        bool IsChildOfOrSelf(Transform ancestor)
        {
            for (var t = this; t != null; t = t.parentTransform) if (t == ancestor) return true;
            return false;
        }

        public bool IsChildOf(Transform parent) { return IsChildOfOrSelf(parent); }

        /// <summary>The list this transform sits in: its parent's children, or its scene's roots.</summary>
        internal List<Transform> Siblings { get { return parentTransform != null ? parentTransform.children : gameObject.sceneData.roots; } }

        internal void Detach() { Siblings.Remove(this); }

        public int GetSiblingIndex() { Alive(); return Siblings.IndexOf(this); }

        // Transform.SetSiblingIndex: clamped into the sibling list.
        public void SetSiblingIndex(int index)
        {
            Alive();
            var list = Siblings;
            list.Remove(this);
            if (index < 0) index = 0;
            if (index > list.Count) index = list.Count;
            list.Insert(index, this);
        }

        public void SetAsLastSibling() { SetSiblingIndex(int.MaxValue); }

        public Transform Find(string n)
        {
            foreach (var c in children) if (c.gameObject.name == n) return c;
            return null;
        }

        public System.Collections.IEnumerator GetEnumerator() { return new List<Transform>(children).GetEnumerator(); }

        /// <summary>The state Undo snapshots: where the transform sits and its local values.</summary>
        internal object[] State() { return new object[] { parentTransform, GetSiblingIndex(), localPositionValue, localRotationValue, localScaleValue, gameObject.sceneData, constrainProportionsScale }; }

        internal void Restore(object[] s)
        {
            Detach();
            parentTransform = (Transform)s[0];
            var scene = (SceneManagement.SceneData)s[5];
            var list = parentTransform != null ? parentTransform.children : scene.roots;
            list.Insert(Math.Min((int)s[1], list.Count), this);
            MoveToScene(this, parentTransform != null ? parentTransform.gameObject.sceneData : scene);
            localPositionValue = (Vector3)s[2];
            localRotationValue = (Quaternion)s[3];
            localScaleValue = (Vector3)s[4];
            if (s.Length > 6) constrainProportionsScale = (bool)s[6];
        }
    }
}
