package wine

import (
	"encoding/binary"
	"image"
	"image/png"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"

	"github.com/unitymcp/unitymcp/platform/desktoptest"
)

// What the desktop tests read of the X display Wine draws on: Wine makes
// each top-level Windows window an X window (_NET_WM_PID is the Wine
// process's Linux pid; a popup menu is override-redirect), and draws the
// notification area, without a desktop's own, as explorer.exe's "Wine
// System Tray" window.

// desktop starts Xvfb with a window manager (openbox), starts the prefix
// again with its desktop there (every Windows program of the prefix ends),
// and returns the display, which a Windows program is given as DISPLAY.
func (e *winEnv) desktop(t *testing.T) (display string) {
	t.Helper()
	desktoptest.Need(t, "xdotool")
	d := desktoptest.Start(t, desktoptest.Want{WindowManager: true})
	e.killAll()
	e.boot(t, d.Display)
	return d.Display
}

// rect is a window's place on the screen.
type rect struct{ X, Y, W, H int }

func (r rect) image() image.Rectangle { return image.Rect(r.X, r.Y, r.X+r.W, r.Y+r.H) }

// xdotool runs xdotool on the display and returns its output's fields.
func xdotool(t *testing.T, display string, args ...string) []string {
	t.Helper()
	cmd := exec.Command("xdotool", args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	out, _ := cmd.Output()
	return strings.Fields(string(out))
}

// findWindow is the visible X window named exactly name (0 when none).
func findWindow(t *testing.T, display, name string) string {
	t.Helper()
	ids := xdotool(t, display, "search", "--onlyvisible", "--name", "^"+regexp.QuoteMeta(name)+"$")
	if len(ids) == 0 {
		return ""
	}
	return ids[0]
}

// geometry is where an X window is on the screen (its inside, without
// the window manager's frame).
func geometry(t *testing.T, display, id string) rect {
	t.Helper()
	n, err := strconv.ParseUint(id, 10, 32)
	if err != nil {
		t.Fatalf("window id %q", id)
	}
	c, err := xgb.NewConnDisplay(display)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	w := xproto.Window(n)
	g, err := xproto.GetGeometry(c, xproto.Drawable(w)).Reply()
	if err != nil {
		t.Fatal(err)
	}
	at, err := xproto.TranslateCoordinates(c, w, xproto.Setup(c).DefaultScreen(c).Root, 0, 0).Reply()
	if err != nil {
		t.Fatal(err)
	}
	return rect{int(at.DstX), int(at.DstY), int(g.Width), int(g.Height)}
}

// popup is a mapped override-redirect window (a menu, a tooltip, a
// balloon) and the Linux pid of the Wine process that owns it.
type popup struct {
	rect
	PID int
}

// popups lists the popups on the display.
func popups(t *testing.T, display string) []popup {
	t.Helper()
	c, err := xgb.NewConnDisplay(display)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	root := xproto.Setup(c).DefaultScreen(c).Root
	tree, err := xproto.QueryTree(c, root).Reply()
	if err != nil {
		t.Fatal(err)
	}
	pidAtom, _ := xproto.InternAtom(c, false, uint16(len("_NET_WM_PID")), "_NET_WM_PID").Reply()
	var out []popup
	for _, w := range tree.Children {
		a, err := xproto.GetWindowAttributes(c, w).Reply()
		if err != nil || !a.OverrideRedirect || a.MapState != xproto.MapStateViewable {
			continue
		}
		p, err := xproto.GetProperty(c, false, w, pidAtom.Atom, xproto.AtomCardinal, 0, 1).Reply()
		if err != nil || len(p.Value) < 4 {
			continue
		}
		g, err := xproto.GetGeometry(c, xproto.Drawable(w)).Reply()
		if err == nil {
			out = append(out, popup{rect{int(g.X), int(g.Y), int(g.Width), int(g.Height)}, int(binary.LittleEndian.Uint32(p.Value))})
		}
	}
	return out
}

// grab is the screen as an image.
func grab(t *testing.T, display string) *image.RGBA {
	t.Helper()
	c, err := xgb.NewConnDisplay(display)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	scr := xproto.Setup(c).DefaultScreen(c)
	w, h := int(scr.WidthInPixels), int(scr.HeightInPixels)
	rep, err := xproto.GetImage(c, xproto.ImageFormatZPixmap, xproto.Drawable(scr.Root), 0, 0, uint16(w), uint16(h), 0xffffffff).Reply()
	if err != nil {
		t.Fatal(err)
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i+3 < len(rep.Data) && i/4 < w*h; i += 4 { // BGRX
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = rep.Data[i+2], rep.Data[i+1], rep.Data[i], 0xff
	}
	return img
}

// drawn is the bounding box of the pixels in r that are not the
// background colour at r's corner, and how many there are.
func drawn(img *image.RGBA, r image.Rectangle) (image.Rectangle, int) {
	bg := img.RGBAAt(r.Min.X, r.Min.Y)
	box, n := image.Rectangle{}, 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if img.RGBAAt(x, y) != bg {
				box = box.Union(image.Rect(x, y, x+1, y+1))
				n++
			}
		}
	}
	return box, n
}

// same reports whether two images have the same pixels in r.
func same(a, b *image.RGBA, r image.Rectangle) bool {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
				return false
			}
		}
	}
	return true
}

// docImage writes part of the screen as a documentation picture, only with
// UNITYMCP_DOC_IMAGES=1 (as engine/e2e's pictures).
func docImage(t *testing.T, img *image.RGBA, r image.Rectangle, name string) {
	t.Helper()
	if os.Getenv("UNITYMCP_DOC_IMAGES") != "1" {
		return
	}
	f, err := os.Create("../../../docs/img/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img.SubImage(r.Intersect(img.Bounds()))); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote docs/img/%s", name)
}
