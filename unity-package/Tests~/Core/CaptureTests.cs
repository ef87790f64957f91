using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
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

        class ViewWithBorder { internal string borderSize { get { return "border"; } } }
        class DockLikeView : ViewWithBorder { }
        class GameLike { Vector gameMouseOffset { get { return new Vector(); } } }
        class Vector { }

        [Test]
        public void ReflectionFindsPropertiesOnBaseTypes()
        {
            var p = InternalApi.Property(typeof(DockLikeView), "borderSize", typeof(string), "the window geometry");
            Assert.AreEqual("border", p.GetValue(new DockLikeView(), null));
            Assert.IsNotNull(InternalApi.Property(typeof(GameLike), "gameMouseOffset", typeof(Vector), "game_pixels"), "a private property");
            var e = Assert.Throws<InvalidOperationException>(() => InternalApi.Property(typeof(DockLikeView), "borderSize", typeof(int), "the window geometry"));
            StringAssert.Contains("has no property borderSize (Int32)", e.Message);
        }

        // ---- orientation: a known top-left colour lands top-left in the PNG ----

        // A 4 × 3 image, rows from the top: R is its top-left pixel, the rest tell rows and
        // columns apart.
        static readonly string[][] Image =
        {
            new[] { "R", "a", "b", "c" },
            new[] { "d", "e", "f", "g" },
            new[] { "h", "i", "j", "k" },
        };
        const int W = 4, H = 3;

        /// <summary>What Texture2D.ReadPixels + GetPixels32 return from a source: rows of W,
        /// the row at texture v = 0 first; that is the image's top row when the source is
        /// stored top row first, else its bottom row.</summary>
        static string[] ReadBack(bool topRowFirst)
        {
            var px = new string[W * H];
            for (int row = 0; row < H; row++)
                for (int x = 0; x < W; x++)
                    px[row * W + x] = Image[topRowFirst ? row : H - 1 - row][x];
            return px;
        }

        /// <summary>The rows as EncodeToPNG writes a Texture2D's pixels: its last row (the
        /// image's top in Unity's convention) first. Written out here, not with Core's code.</summary>
        static string[][] PngRows(string[] texture, int w, int h)
        {
            var rows = new string[h][];
            for (int r = 0; r < h; r++)
            {
                rows[r] = new string[w];
                Array.Copy(texture, (h - 1 - r) * w, rows[r], 0, w);
            }
            return rows;
        }

        // The Game view's target on Direct3D/Metal/Vulkan (graphicsUVStartsAtTop) comes back
        // top row first; on OpenGL bottom row first, like any texture Unity rendered into. A
        // window's view comes back bottom row first on every API: the capture material has
        // turned it (InternalEditorUtility.CaptureEditorWindow).
        [TestCase(CaptureSource.GameViewTarget, true, true)]
        [TestCase(CaptureSource.GameViewTarget, false, false)]
        [TestCase(CaptureSource.WindowView, true, false)]
        [TestCase(CaptureSource.WindowView, false, false)]
        public void CaptureIsUprightInThePng(CaptureSource source, bool uvStartsAtTop, bool storedTopRowFirst)
        {
            var pixels = ReadBack(storedTopRowFirst);
            CaptureOrientation.ToTextureOrder(pixels, W, H, CaptureOrientation.TopRowFirst(source, uvStartsAtTop));
            var png = PngRows(pixels, W, H);
            Assert.AreEqual("R", png[0][0], "the known top-left colour is top-left in the PNG (" + source + ", graphicsUVStartsAtTop " + uvStartsAtTop + ")");
            for (int y = 0; y < H; y++) CollectionAssert.AreEqual(Image[y], png[y], "PNG row " + y);
        }

        [Test]
        public void FlipHandlesOddAndSingleRows()
        {
            var one = new[] { 1, 2, 3 };
            CaptureOrientation.ToTextureOrder(one, 3, 1, true);
            CollectionAssert.AreEqual(new[] { 1, 2, 3 }, one);
            var odd = new[] { 1, 2, 3, 4, 5 };
            CaptureOrientation.ToTextureOrder(odd, 1, 5, true);
            CollectionAssert.AreEqual(new[] { 5, 4, 3, 2, 1 }, odd);
            var kept = new[] { 1, 2, 3, 4 };
            Assert.IsFalse(CaptureOrientation.ToTextureOrder(kept, 2, 2, false));
            CollectionAssert.AreEqual(new[] { 1, 2, 3, 4 }, kept);
            var e = Assert.Throws<ArgumentException>(() => CaptureOrientation.ToTextureOrder(new int[5], 2, 2, true));
            StringAssert.Contains("2x2", e.Message);
        }

        // ---- the window's content inside its view (the tab strip left out) ----

        // view size (points), HostView.borderSize left/top/right/bottom, window position size
        // → the rectangle grabbed. DockArea.GetBorderSizeInternal: top = kTabHeight (19 in
        // 2022.3, 24 in Unity 6) + 2 in a floating window's top row; sides 1 where the area
        // meets another; bottom 2 unless at the window's bottom edge.
        [TestCase(400, 300, 1, 19, 1, 2, TestName = "docked, 2022.3 tab strip")]
        [TestCase(400, 300, 0, 26, 0, 0, TestName = "floating, Unity 6 tab strip")]
        [TestCase(400, 300, 0, 0, 0, 0, TestName = "a plain host view (utility window): no border")]
        public void ContentLeavesOutTheTabStrip(int vw, int vh, int left, int top, int right, int bottom)
        {
            double cw = vw - left - right, ch = vh - top - bottom; // DockArea.UpdateViewRect
            var r = CaptureGeometry.ContentInView(vw, vh, left, top, bottom, cw, ch);
            Assert.AreEqual(left, r.X, "starts right of the side border");
            Assert.AreEqual(bottom, r.Y, "GrabPixels counts from the bottom: starts above the bottom border: " + r);
            Assert.AreEqual(cw, r.Width);
            Assert.AreEqual(ch, r.Height, "the content's rows are all in: " + r);
            Assert.AreEqual(vh - top, r.Y + r.Height, "ends below the tab strip");
        }

        [Test]
        public void ContentIsClampedToTheView()
        {
            var r = CaptureGeometry.ContentInView(400, 300, 1, 24, 2, 500, 400); // a stale position
            Assert.AreEqual(399, r.Width);
            Assert.AreEqual(274, r.Height);
            r = CaptureGeometry.ContentInView(10, 10, 1, 24, 2, 100, 100);
            Assert.AreEqual(0, r.Height, "nothing to grab");
        }

        // ---- Game view: render-target pixels ↔ window points ----

        /// <summary>The Game view's gameMouseOffset and gameMouseScale as GameView.cs computes
        /// them: the view below the toolbar (viewInWindow), the target centred in it at
        /// zoom × its size in points (targetInView; the zoom area draws content centred).</summary>
        static void GameView(double winW, double winH, double toolbar, double targetW, double targetH, double pixelsPerPoint, double zoom,
            out double offX, out double offY, out double scale, out double targetX, out double targetY)
        {
            double viewX = 0, viewY = toolbar, viewW = winW, viewH = winH - toolbar;
            double tw = targetW / pixelsPerPoint * zoom, th = targetH / pixelsPerPoint * zoom;
            targetX = (viewW - tw) / 2;
            targetY = (viewH - th) / 2;
            offX = -viewX - targetX;
            offY = -viewY - targetY;
            scale = pixelsPerPoint / zoom;
            targetX += viewX; // the drawn target in window points
            targetY += viewY;
        }

        [TestCase(800, 600, 21, 1600, 1000, 2.0, 1.0)]
        [TestCase(800, 600, 21, 1920, 1080, 1.0, 0.4)]
        [TestCase(640, 480, 0, 320, 240, 1.25, 1.5)]
        public void GamePixelsMapToWhereTheGameViewDrawsThem(double winW, double winH, double toolbar, double tw, double th, double ppp, double zoom)
        {
            double offX, offY, scale, left, top;
            GameView(winW, winH, toolbar, tw, th, ppp, zoom, out offX, out offY, out scale, out left, out top);
            double x, y;
            GameViewPoints.FromTargetPixel(0, 0, offX, offY, scale, out x, out y);
            Assert.AreEqual(left, x, 1e-9, "the target's top-left pixel is at the drawn target's top-left");
            Assert.AreEqual(top, y, 1e-9);
            Assert.GreaterOrEqual(y, toolbar, "below the toolbar");
            GameViewPoints.FromTargetPixel(tw, th, offX, offY, scale, out x, out y);
            Assert.AreEqual(left + tw / ppp * zoom, x, 1e-9, "its bottom-right corner");
            Assert.AreEqual(top + th / ppp * zoom, y, 1e-9);
            double px, py;
            GameViewPoints.ToTargetPixel(123.5, 234.25, offX, offY, scale, out px, out py);
            GameViewPoints.FromTargetPixel(px, py, offX, offY, scale, out x, out y);
            Assert.AreEqual(123.5, x, 1e-9, "the inverse is Unity's own gameMousePosition");
            Assert.AreEqual(234.25, y, 1e-9);
        }

        [Test]
        public void GamePixelsNeedALaidOutView()
        {
            double x, y;
            Assert.Throws<ArgumentOutOfRangeException>(() => GameViewPoints.FromTargetPixel(1, 1, 0, 0, 0, out x, out y));
        }

        // ---- capture paths: a new .png inside the output folder, nothing else ----

        static readonly string Root = Path.Combine(Path.GetTempPath(), "unitymcp-capture-rules", "Project");
        static readonly string Outputs = Path.Combine(Root, ".uloop", "outputs");

        /// <summary>A file system of the given kinds (anything else is missing).</summary>
        static Func<string, PathKind> Fs(params object[] pathKinds)
        {
            var d = new Dictionary<string, PathKind>();
            // The project and its output folder exist unless said otherwise.
            foreach (var dir in new[] { Root, Path.Combine(Root, ".uloop"), Outputs }) d[Path.GetFullPath(dir)] = PathKind.Directory;
            for (int i = 0; i < pathKinds.Length; i += 2) d[Path.GetFullPath((string)pathKinds[i])] = (PathKind)pathKinds[i + 1];
            return p =>
            {
                PathKind k;
                return d.TryGetValue(Path.GetFullPath(p), out k) ? k : PathKind.Missing;
            };
        }

        static string CaptureFile(string p, Func<string, PathKind> fs = null)
        {
            return CapturePaths.File(Root, Outputs, p, "capture_path", false, fs ?? Fs());
        }

        [Test]
        public void NewPngInsideTheOutputFolderIsAccepted()
        {
            Assert.AreEqual(Path.Combine(Outputs, "shot.png"), CaptureFile("shot.png"));
            Assert.AreEqual(Path.Combine(Outputs, "replays", "after.png"), CaptureFile("replays/after.png"));
            Assert.AreEqual(Path.Combine(Outputs, "UPPER.PNG"), CaptureFile("UPPER.PNG"));
            var abs = Path.Combine(Outputs, "abs.png");
            Assert.AreEqual(abs, CaptureFile(abs), "absolute inside the output folder");
            var fs = Fs(Path.Combine(Root, ".uloop"), PathKind.Directory, Outputs, PathKind.Directory, Path.Combine(Outputs, "replays"), PathKind.Directory);
            Assert.AreEqual(Path.Combine(Outputs, "replays", "new.png"), CaptureFile("replays/new.png", fs), "into an existing folder");
        }

        [TestCase("Assets/Scripts/Player.cs", ".png")]
        [TestCase("shot.jpg", ".png")]
        [TestCase("shot.png.exe", ".png")]
        [TestCase("shot", ".png")]
        [TestCase("", "empty")]
        [TestCase("../shot.png", "\"..\"")]
        [TestCase("replays/../../shot.png", "\"..\"")]
        [TestCase("..\\..\\ProjectSettings\\x.png", "\"..\"")]
        public void OtherNamesAreRefusedByName(string p, string says)
        {
            var e = Assert.Throws<ArgumentException>(() => CaptureFile(p));
            StringAssert.Contains(says, e.Message);
            if (p.Length > 0) StringAssert.Contains(p, e.Message, "the message names the value");
        }

        [Test]
        public void AbsolutePathsOutsideAreRefused()
        {
            foreach (var p in new[] { Path.Combine(Root, "Assets", "x.png"), Path.Combine(Root, ".uloop", "x.png"), Path.Combine(Path.GetTempPath(), "x.png"), Outputs + "-evil" + Path.DirectorySeparatorChar + "x.png" })
            {
                var e = Assert.Throws<ArgumentException>(() => CaptureFile(p), p);
                StringAssert.Contains("leaves the output folder", e.Message);
                StringAssert.Contains(Outputs, e.Message, "says where captures go");
            }
        }

        [Test]
        public void ExistingFilesAreNeverReplaced()
        {
            var shot = Path.Combine(Outputs, "shot.png");
            var e = Assert.Throws<ArgumentException>(() => CaptureFile("shot.png", Fs(Path.Combine(Root, ".uloop"), PathKind.Directory, Outputs, PathKind.Directory, shot, PathKind.File)));
            StringAssert.Contains("exists already", e.Message);
            e = Assert.Throws<ArgumentException>(() => CaptureFile("shot.png", Fs(Path.Combine(Root, ".uloop"), PathKind.Directory, Outputs, PathKind.Directory, shot, PathKind.Link)));
            StringAssert.Contains("symbolic link", e.Message);
        }

        [Test]
        public void SymbolicLinksOnTheWayAreRefused()
        {
            var uloop = Path.Combine(Root, ".uloop");
            var e = Assert.Throws<ArgumentException>(() => CaptureFile("replays/x.png", Fs(uloop, PathKind.Directory, Outputs, PathKind.Directory, Path.Combine(Outputs, "replays"), PathKind.Link)));
            StringAssert.Contains("symbolic link " + Path.Combine(Outputs, "replays"), e.Message);
            e = Assert.Throws<ArgumentException>(() => CaptureFile("x.png", Fs(uloop, PathKind.Link)));
            StringAssert.Contains("symbolic link " + uloop, e.Message, "the project's .uloop itself");
        }

        [Test]
        public void OutputDirectoryFollowsTheSameRules()
        {
            Func<string, string> dir = p => CapturePaths.Directory(Root, Outputs, p, "OutputDirectory", false, Fs(Path.Combine(Outputs, "a.png"), PathKind.File, Path.Combine(Outputs, "link"), PathKind.Link));
            Assert.AreEqual(Path.Combine(Outputs, "Screenshots", "run1"), dir("Screenshots/run1"));
            Assert.AreEqual(Path.GetFullPath(Outputs), dir(Outputs), "the output folder itself");
            StringAssert.Contains("\"..\"", Assert.Throws<ArgumentException>(() => dir("../Assets")).Message);
            StringAssert.Contains("leaves the output folder", Assert.Throws<ArgumentException>(() => dir(Path.Combine(Root, "Assets"))).Message);
            StringAssert.Contains("is a file", Assert.Throws<ArgumentException>(() => dir("a.png")).Message);
            StringAssert.Contains("symbolic link", Assert.Throws<ArgumentException>(() => dir("link/sub")).Message);
            StringAssert.Contains("symbolic link", Assert.Throws<ArgumentException>(() => dir("link")).Message);
        }

        [Test]
        public void NewNameNeverReusesAFile()
        {
            var dir = Path.Combine(Outputs, "Screenshots");
            Assert.AreEqual("Game_1.png", CapturePaths.NewName(dir, "Game_1", Fs()));
            Assert.AreEqual("Game_1_3.png", CapturePaths.NewName(dir, "Game_1", Fs(Path.Combine(dir, "Game_1.png"), PathKind.File, Path.Combine(dir, "Game_1_2.png"), PathKind.Link)));
        }

        // The real file system: a symbolic link (dangling or not) is seen as one, so a path
        // through it is refused wherever it leads.
        [Test]
        public void RealSymbolicLinksAreSeen()
        {
            if (Path.DirectorySeparatorChar != '/') Assert.Ignore("creates symbolic links with ln (Unix)");
            var root = Path.Combine(Path.GetTempPath(), "unitymcp-capture-" + Guid.NewGuid().ToString("N"));
            var outputs = Path.Combine(root, ".uloop", "outputs");
            var elsewhere = Path.Combine(Path.GetTempPath(), "unitymcp-elsewhere-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(outputs);
            Directory.CreateDirectory(elsewhere);
            try
            {
                Ln(elsewhere, Path.Combine(outputs, "out"));
                Ln(Path.Combine(elsewhere, "gone.png"), Path.Combine(outputs, "dangling.png"));
                File.WriteAllText(Path.Combine(outputs, "old.png"), "x");
                Assert.AreEqual(PathKind.Link, CapturePaths.Probe(Path.Combine(outputs, "out")));
                Assert.AreEqual(PathKind.Link, CapturePaths.Probe(Path.Combine(outputs, "dangling.png")), "a dangling link");
                Assert.AreEqual(PathKind.File, CapturePaths.Probe(Path.Combine(outputs, "old.png")));
                Assert.AreEqual(PathKind.Directory, CapturePaths.Probe(outputs));
                Assert.AreEqual(PathKind.Missing, CapturePaths.Probe(Path.Combine(outputs, "new.png")));
                Assert.AreEqual(PathKind.Missing, CapturePaths.Probe(Path.Combine(outputs, "no", "new.png")));
                Func<string, string> file = p => CapturePaths.File(root, outputs, p, "capture_path", false, CapturePaths.Probe);
                StringAssert.Contains("symbolic link", Assert.Throws<ArgumentException>(() => file("out/x.png")).Message);
                StringAssert.Contains("exists already", Assert.Throws<ArgumentException>(() => file("dangling.png")).Message);
                StringAssert.Contains("exists already", Assert.Throws<ArgumentException>(() => file("old.png")).Message);
                Assert.AreEqual(Path.Combine(outputs, "new.png"), file("new.png"));
                Assert.AreEqual(0, Directory.GetFiles(elsewhere).Length, "nothing was written through the links");
            }
            finally
            {
                Directory.Delete(root, true);
                Directory.Delete(elsewhere, true);
            }
        }

        static void Ln(string target, string link)
        {
            var p = Process.Start(new ProcessStartInfo("ln", "-s \"" + target + "\" \"" + link + "\"") { UseShellExecute = false });
            p.WaitForExit();
            Assert.AreEqual(0, p.ExitCode, "ln -s " + target + " " + link);
        }
    }
}
