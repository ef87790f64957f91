//go:build linux

package e2e

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"

	"github.com/unitymcp/unitymcp/engine/daemon"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/platform"
	"github.com/unitymcp/unitymcp/platform/desktoptest"
)

// TestDocImageCompileNotification draws docs/img/notification-compile.png
// (TestTrayOnRealSNIHost draws docs/img/tray-menu.png with the same switch): a
// compile error of a simulated editor, through the real daemon's notifier,
// as the notification server (dunst, under Xvfb) shows it. Only with
// UNITYMCP_DOC_IMAGES=1:
//
//	UNITYMCP_DOC_IMAGES=1 go test -count=1 -run TestDocImage -v ./engine/e2e/
func TestDocImageCompileNotification(t *testing.T) {
	if os.Getenv("UNITYMCP_DOC_IMAGES") != "1" {
		t.Skip("draws the documentation's pictures; set UNITYMCP_DOC_IMAGES=1")
	}
	d := desktoptest.Start(t, desktoptest.Want{Notifications: true})
	shown := make(chan struct{}, 4)
	e := startDaemonWith(t, func(c *daemon.Config) {
		c.Notify = func(title, body string) error {
			err := platform.Notify(title, body, nil)
			shown <- struct{}{}
			return err
		}
	})
	dir := newProject(t, "Game")
	e.startSim(dir, editorsim.Config{})
	os.WriteFile(filepath.Join(dir, "Assets/Scripts/Bad.cs"), []byte("class Bad {\n#error missing semicolon\n}\n"), 0o644)
	e.call("", "compile", map[string]any{})
	select {
	case <-shown:
	case <-time.After(10 * time.Second):
		t.Fatal("no notification was sent")
	}
	// dunst draws the bubble on its next frame; the capture waits on the
	// screen showing something other than the black root window.
	var img *image.RGBA
	waitFor(t, 10*time.Second, func() bool {
		var err error
		img, err = grabRoot(d.Display)
		return err == nil && !blank(img)
	}, "dunst to draw the notification")
	writePNG(t, filepath.Join("..", "..", "docs", "img", "notification-compile.png"), crop(img))
}

// writePNG writes a documentation picture.
func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", path)
}

// grabRoot reads the root window of display as an image (X11 GetImage, ZPixmap, 24/32 bpp).
func grabRoot(display string) (*image.RGBA, error) {
	c, err := xgb.NewConnDisplay(display)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	scr := xproto.Setup(c).DefaultScreen(c)
	w, h := int(scr.WidthInPixels), int(scr.HeightInPixels)
	rep, err := xproto.GetImage(c, xproto.ImageFormatZPixmap, xproto.Drawable(scr.Root), 0, 0, uint16(w), uint16(h), 0xffffffff).Reply()
	if err != nil {
		return nil, err
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i+3 < len(rep.Data) && i/4 < w*h; i += 4 { // BGRX
		p := i / 4 * 4
		img.Pix[p], img.Pix[p+1], img.Pix[p+2], img.Pix[p+3] = rep.Data[i+2], rep.Data[i+1], rep.Data[i], 0xff
	}
	return img, nil
}

func blank(img *image.RGBA) bool {
	for i := 0; i < len(img.Pix); i += 4 {
		if img.Pix[i] != 0 || img.Pix[i+1] != 0 || img.Pix[i+2] != 0 {
			return false
		}
	}
	return true
}

// crop keeps the drawn part (the bounding box of non-black pixels) with a margin.
func crop(img *image.RGBA) image.Image {
	b := img.Bounds()
	minX, minY, maxX, maxY := b.Max.X, b.Max.Y, 0, 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			p := img.PixOffset(x, y)
			if img.Pix[p] != 0 || img.Pix[p+1] != 0 || img.Pix[p+2] != 0 {
				minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
			}
		}
	}
	r := image.Rect(minX-12, minY-12, maxX+12, maxY+12).Intersect(b)
	return img.SubImage(r)
}
