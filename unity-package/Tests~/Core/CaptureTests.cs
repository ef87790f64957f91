using System;
using NUnit.Framework;
using UnityMcp.Core;

namespace UnityMcp.Core.Tests
{
    [TestFixture]
    public class CaptureTests
    {
        // A 800 × 600-point window is 800 × 600 pixels at 100 %, and its backing buffer
        // grows with the display scale; a half pixel rounds away from zero, as Unity's
        // native code rounds it.
        [TestCase(800, 600, 1.0, 800, 600)]
        [TestCase(800, 600, 1.25, 1000, 750)]
        [TestCase(800, 600, 1.5, 1200, 900)]
        [TestCase(800, 600, 2.0, 1600, 1200)]
        [TestCase(640.5, 480.25, 1.0, 641, 480)]
        [TestCase(333, 201, 1.5, 500, 302)] // 499.5 → 500, 301.5 → 302
        [TestCase(0.2, 0.2, 1.0, 1, 1)]
        public void NativeSizeFollowsPixelsPerPoint(double w, double h, double ppp, int pw, int ph)
        {
            var s = CaptureGeometry.Native(w, h, ppp);
            Assert.AreEqual(pw, s.Width, "width of " + w + " points at " + ppp);
            Assert.AreEqual(ph, s.Height, "height of " + h + " points at " + ppp);
        }

        [TestCase(1000, 750, 1.0, 1000, 750)]
        [TestCase(1000, 750, 0.5, 500, 375)]
        [TestCase(1001, 751, 0.5, 501, 376)]
        [TestCase(5, 5, 0.1, 1, 1)]
        public void ScaledSize(int w, int h, double scale, int sw, int sh)
        {
            var s = CaptureGeometry.Scaled(new PixelSize(w, h), scale);
            Assert.AreEqual(sw, s.Width);
            Assert.AreEqual(sh, s.Height);
        }

        [Test]
        public void BadScaleOrPixelsPerPointIsRefusedByName()
        {
            var e = Assert.Throws<ArgumentOutOfRangeException>(() => CaptureGeometry.Scaled(new PixelSize(10, 10), 1.5));
            StringAssert.Contains("ResolutionScale", e.Message);
            Assert.Throws<ArgumentOutOfRangeException>(() => CaptureGeometry.Native(10, 10, 0));
            Assert.Throws<ArgumentOutOfRangeException>(() => CaptureGeometry.Native(10, 10, double.NaN));
        }

        // Shapes of Unity's internal view types: the window holds its host view in a
        // non-public field declared on the window's base class, and the view's
        // GrabPixels is an internal method of the view's base class.
        class FakeTexture { }
        struct FakeRect { }
        class GUIViewBase
        {
            internal FakeTexture grabbedInto;
            internal void GrabPixels(FakeTexture rt, FakeRect rect) { grabbedInto = rt; }
        }
        class HostView : GUIViewBase { }
        class WindowBase { internal HostView m_Parent = new HostView(); }
        class SceneWindow : WindowBase { }
        class OldHostView { internal void GrabPixels(FakeTexture rt) { } }

        [Test]
        public void ReflectionFindsInternalMembersOnBaseTypes()
        {
            var w = new SceneWindow();
            var parent = InternalApi.Field(typeof(SceneWindow), "m_Parent", "the window capture").GetValue(w);
            Assert.IsInstanceOf<HostView>(parent);
            var grab = InternalApi.Method(parent.GetType(), "GrabPixels", new[] { typeof(FakeTexture), typeof(FakeRect) }, "the window capture");
            var rt = new FakeTexture();
            grab.Invoke(parent, new object[] { rt, new FakeRect() });
            Assert.AreSame(rt, ((HostView)parent).grabbedInto);
        }

        [Test]
        public void ReflectionFallbackSaysWhichMemberThisUnityLacks()
        {
            var e = Assert.Throws<InvalidOperationException>(() =>
                InternalApi.Method(typeof(OldHostView), "GrabPixels", new[] { typeof(FakeTexture), typeof(FakeRect) }, "the window capture"));
            StringAssert.Contains("OldHostView has no method GrabPixels(FakeTexture, FakeRect)", e.Message);
            StringAssert.Contains("the window capture", e.Message);
            e = Assert.Throws<InvalidOperationException>(() => InternalApi.Field(typeof(OldHostView), "m_Parent", "the window capture"));
            StringAssert.Contains("has no field m_Parent", e.Message);
        }
    }
}
