using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEditor;
using UnityEngine;
using UnityMcp.Editor.Tools;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    // The project scripts InspectToolsTests reads and writes.

    public enum Gait { Idle, Walk, Run }

    [Flags]
    public enum Perks { None = 0, Armor = 1, Speed = 2, Stealth = 4 }

    [Serializable]
    public class Inner
    {
        public string label = "x";
        public Vector3 offset;
    }

    [Serializable]
    public struct Stats
    {
        public int level;
        public float power;
        public Inner inner;
    }

    /// <summary>A script base class: its fields come first.</summary>
    public class SampleBase : MonoBehaviour
    {
        public string baseNote = "";
    }

    /// <summary>A script with a field of every kind inspect_* handles, and fields Unity does not serialize.</summary>
    public class Sample : SampleBase
    {
        public int count = 3;
        public byte small = 7;
        public short signed16;
        public long big;
        public uint unsignedInt;
        [UnityEngine.Range(0, 10)] public int level = 5;
        [UnityEngine.Range(0f, 1f)] public float ratio = 0.5f;
        public float speed = 1.5f;
        public double precise;
        public bool flag;
        public string title = "hello";
        public char letter = 'a';
        public Gait gait;
        public Perks perks;
        public LayerMask mask;
        public Color tint = Color.black;
        public Vector2 size2;
        public Vector3 offset;
        public Vector4 plane;
        public Quaternion turn = Quaternion.identity;
        public Bounds area;
        public Rect frame;
        public AnimationCurve curve = new AnimationCurve();
        public Transform target;
        public Rigidbody body;
        public GameObject other;
        public Collider anyCollider;
        public List<Transform> targets = new List<Transform>();
        public int[] numbers = { 1, 2, 3 };
        public List<string> names = new List<string>();
        public Stats stats;
        public Inner[] inners = new Inner[0];
        [SerializeField] float hidden = 2;
        [HideInInspector] public int invisible;
        int notSerialized = 1;
        public static int staticField;
        [NonSerialized] public int skipped;
        public readonly int ro = 1;

        public float Hidden { get { return hidden + notSerialized; } }
    }
}
