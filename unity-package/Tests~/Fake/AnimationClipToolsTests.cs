using System.IO;
using System.Linq;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEditor;
using UnityEngine;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    /// <summary>animation_clip_create and animation_clip_write_curves over the fake clip:
    /// settings, curves by binding, Clamped Auto and stepped tangents, all-or-nothing writes,
    /// one undo step.</summary>
    [TestFixture]
    public class AnimationClipToolsTests
    {
        const string Bob = "Assets/Anim/Bob.anim";

        [SetUp]
        public void Fresh() { Reset(); }

        static AnimationClip Clip(string path = Bob) { return (AnimationClip)AssetDatabase.LoadAssetAtPath(path, typeof(AnimationClip)); }

        /// <summary>Every curve of the clip with its keys and tangents.</summary>
        static string Curves(AnimationClip clip)
        {
            return string.Join("\n", AnimationUtility.GetCurveBindings(clip).Select(b => b.path + "|" + b.type.Name + "|" + b.propertyName + ": " +
                string.Join(" ", AnimationUtility.GetEditorCurve(clip, b).keys.Select(k => k.time + "=" + k.value + "(" + k.inTangent + "," + k.outTangent + ")")))) + "\nrate " + clip.frameRate;
        }

        static object Key(float time, float value) { return new { time, value }; }

        [Test]
        public void CreateWritesAnEmptyClipWithItsLoopAndFrameRate()
        {
            var r = Call("animation_clip_create", new { path = "Assets/Anim/Bob", loop = true, frame_rate = 30 });
            Assert.AreEqual(Bob, (string)r["clip"]["path"]);
            Assert.AreEqual(AssetDatabase.AssetPathToGUID(Bob), (string)r["clip"]["guid"]);
            Assert.IsFalse((bool)r["undoable"]);
            var clip = Clip();
            Assert.IsTrue(AnimationUtility.GetAnimationClipSettings(clip).loopTime);
            Assert.AreEqual(30f, clip.frameRate);
            Assert.IsTrue(clip.empty);
            Assert.AreEqual("already_exists", Fails("animation_clip_create", new { path = Bob }).Code);
            Call("animation_clip_create", new { path = Bob, overwrite = true });
            Assert.IsFalse(AnimationUtility.GetAnimationClipSettings(Clip()).loopTime, "the replacement has its own settings");
            Assert.AreEqual(60f, Clip().frameRate);
            File.WriteAllText(Path.Combine(Project, "Assets/Anim/Text.anim"), "not a clip");
            AssetDatabase.Refresh();
            StringAssert.Contains("holds no AnimationClip", Fails("animation_clip_create", new { path = "Assets/Anim/Text.anim", overwrite = true }).Message);
            StringAssert.Contains("frame_rate", Fails("animation_clip_create", new { path = "Assets/Anim/Fast.anim", frame_rate = 0 }).Message);
            Assert.IsFalse(File.Exists(Path.Combine(Project, "Assets/Anim/Fast.anim")));
        }

        [Test]
        public void WriteCurvesSetsEachBindingWithSmoothOrSteppedTangents()
        {
            Call("animation_clip_create", new { path = Bob });
            Call("gameobject_create", new { name = "Probe" });
            var r = Call("animation_clip_write_curves", new
            {
                path = AssetDatabase.AssetPathToGUID(Bob),
                curves = new object[]
                {
                    new { target = "", type = "Transform", property = "m_LocalPosition.y", keys = new[] { Key(0, 0), Key(0.5f, 1), Key(1, 0.5f) } },
                    new { target = "Arm/Hand", type = "Transform", property = "m_LocalPosition.x", keys = new[] { Key(0, 0), Key(1, 1), Key(3, 2) } },
                    new { target = "Hat", type = "GameObject", property = "m_IsActive", keys = new[] { Key(0, 1), Key(1.5f, 0) } },
                },
            });
            Assert.AreEqual(3, (int)r["written"]);
            Assert.AreEqual(3, (int)r["curves"]);
            Assert.AreEqual(3.0, (double)r["length"], 1e-6, "a clip runs from its first key to its last");
            var clip = Clip();
            var y = AnimationUtility.GetEditorCurve(clip, EditorCurveBinding.FloatCurve("", typeof(Transform), "m_LocalPosition.y")).keys;
            Assert.AreEqual(new[] { 0f, 0f, 0f }, y.Select(k => k.outTangent).ToArray(), "flat at the ends and at the turning point");
            var x = AnimationUtility.GetEditorCurve(clip, EditorCurveBinding.FloatCurve("Arm/Hand", typeof(Transform), "m_LocalPosition.x")).keys;
            Assert.AreEqual(2f / 3f, x[1].inTangent, 1e-6, "the slope through the neighbours where the curve rises on");
            Assert.AreEqual(x[1].inTangent, x[1].outTangent);
            var xCurve = AnimationUtility.GetEditorCurve(clip, EditorCurveBinding.FloatCurve("Arm/Hand", typeof(Transform), "m_LocalPosition.x"));
            for (int i = 0; i < xCurve.length; i++)
            {
                Assert.AreEqual(AnimationUtility.TangentMode.ClampedAuto, AnimationUtility.GetKeyLeftTangentMode(xCurve, i), "the keys are Clamped Auto, as the Animation window makes them");
                Assert.AreEqual(AnimationUtility.TangentMode.ClampedAuto, AnimationUtility.GetKeyRightTangentMode(xCurve, i));
            }
            var hatCurve = AnimationUtility.GetEditorCurve(clip, EditorCurveBinding.FloatCurve("Hat", typeof(GameObject), "m_IsActive"));
            var hat = hatCurve.keys;
            Assert.IsTrue(hat.All(k => float.IsPositiveInfinity(k.outTangent)), "an on/off property steps");
            Assert.AreEqual(AnimationUtility.TangentMode.Constant, AnimationUtility.GetKeyRightTangentMode(hatCurve, 0));
            CollectionAssert.Contains(AssetDatabase.SavedAssets, Bob);
            // A curve on a binding already there replaces it; the others stay.
            var before = Curves(clip);
            Call("animation_clip_write_curves", new { path = Bob, curves = new[] { new { target = "", type = "Transform", property = "m_LocalPosition.y", keys = new[] { Key(0, 5) } } } });
            Assert.AreEqual(3, AnimationUtility.GetCurveBindings(clip).Length);
            Assert.AreEqual(5f, AnimationUtility.GetEditorCurve(clip, EditorCurveBinding.FloatCurve("", typeof(Transform), "m_LocalPosition.y")).keys.Single().value);
            // replace clears the rest first.
            r = Call("animation_clip_write_curves", new { path = Bob, replace = true, curves = new[] { new { target = "", type = "Transform", property = "m_LocalScale.x", keys = new[] { Key(0, 1), Key(2, 2) } } } });
            Assert.AreEqual(1, (int)r["curves"]);
            Assert.AreEqual(3, (int)r["cleared"]);
            Call("undo", new { count = 2 });
            Assert.AreEqual(before, Curves(clip), "each write is one undo step");
        }

        /// <summary>The curve's value at time t: the cubic Hermite spline Unity evaluates
        /// between two keys from their values and tangents (unweighted).</summary>
        static float Evaluate(Keyframe[] k, float t)
        {
            int i = 0;
            while (i < k.Length - 2 && t > k[i + 1].time) i++;
            float dt = k[i + 1].time - k[i].time, s = (t - k[i].time) / dt;
            float s2 = s * s, s3 = s2 * s;
            return (2 * s3 - 3 * s2 + 1) * k[i].value + (s3 - 2 * s2 + s) * dt * k[i].outTangent + (-2 * s3 + 3 * s2) * k[i + 1].value + (s3 - s2) * dt * k[i + 1].inTangent;
        }

        [Test]
        public void ClampedAutoKeysDoNotOvershootBesideASteepRise()
        {
            Call("animation_clip_create", new { path = Bob });
            // A small step then a steep one: the plain slope through the neighbours (5 at the
            // middle key) would take the first segment below 0 (to -0.58 at 0.5 s).
            var cases = new[]
            {
                new[] { Key(0, 0), Key(1, 0.1f), Key(2, 10) },
                new[] { Key(0, 10), Key(1, 9.9f), Key(2, 0) },
                new[] { Key(0, 0), Key(1, 1), Key(2, 1.05f), Key(3, 0) },
            };
            foreach (var keys in cases)
            {
                Call("animation_clip_write_curves", new { path = Bob, curves = new[] { new { target = "", type = "Transform", property = "m_LocalPosition.y", keys } } });
                var k = AnimationUtility.GetEditorCurve(Clip(), EditorCurveBinding.FloatCurve("", typeof(Transform), "m_LocalPosition.y")).keys;
                for (int i = 0; i + 1 < k.Length; i++)
                {
                    float lo = System.Math.Min(k[i].value, k[i + 1].value), hi = System.Math.Max(k[i].value, k[i + 1].value);
                    for (int step = 0; step <= 100; step++)
                    {
                        float t = k[i].time + (k[i + 1].time - k[i].time) * step / 100f;
                        float v = Evaluate(k, t);
                        Assert.IsTrue(v >= lo - 1e-4f && v <= hi + 1e-4f, "keys " + string.Join(" ", k.Select(x => x.time + "=" + x.value)) + ": " + v + " at " + t + " leaves " + lo + ".." + hi);
                    }
                }
            }
        }

        [Test]
        public void AWrongCurveWritesNothing()
        {
            Call("animation_clip_create", new { path = Bob });
            Call("animation_clip_write_curves", new { path = Bob, curves = new[] { new { target = "", type = "Transform", property = "m_LocalPosition.y", keys = new[] { Key(0, 0), Key(1, 1) } } } });
            var clip = Clip();
            var before = Curves(clip);
            var steps = Undo.UndoNames().Count;
            var good = new { target = "", type = "Transform", property = "m_LocalPosition.z", keys = new[] { Key(0, 0) } };
            var bad = new[]
            {
                new object[] { new { target = "", type = "Transfrom", property = "m_LocalPosition.x", keys = new[] { Key(0, 0) } }, "closest: Transform" },
                new object[] { new { target = "", type = "Transform", property = "", keys = new[] { Key(0, 0) } }, "m_LocalPosition.y" },
                new object[] { new { target = "", type = "Transform", property = "m_LocalPosition.x", keys = new[] { Key(1, 0), Key(0.5f, 1) } }, "rising time order" },
                new object[] { new { target = "", type = "Transform", property = "m_LocalPosition.x", keys = new[] { Key(-1, 0) } }, "start at 0" },
                new object[] { new { target = "", type = "Transform", property = "m_LocalPosition.x", keys = new object[0] }, "non-empty" },
                new object[] { new { target = "", type = "Transform", property = "m_LocalPosition.x", keys = new[] { new { time = 0, value = "up" } } }, "value must be a number" },
                new object[] { new { target = "", type = "Transform", property = "m_LocalPosition.x", key = new[] { Key(0, 0) } }, "not a curve field" },
                new object[] { good, "both write" },
            };
            foreach (var k in bad)
            {
                object curve = k[0];
                var says = (string)k[1];
                var f = Fails("animation_clip_write_curves", new { path = Bob, curves = new[] { good, curve } });
                StringAssert.Contains("curves[1]", f.Message);
                StringAssert.Contains(says, f.Message);
            }
            Assert.AreEqual(before, Curves(clip), "the good curve before a bad one is not written either");
            Assert.AreEqual(steps, Undo.UndoNames().Count);
            Call("animator_create", new { path = Anim.Hero });
            StringAssert.Contains("is no .anim clip", Fails("animation_clip_write_curves", new { path = Anim.Hero, curves = new[] { good } }).Message);
            Assert.AreEqual("not_found", Fails("animation_clip_write_curves", new { path = "Assets/Anim/Bop.anim", curves = new[] { good } }).Code);
        }
    }
}
