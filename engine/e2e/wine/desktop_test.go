package wine

import (
	"encoding/json"
	"image"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/state"
)

// serveGUI starts the GUI build, `unitymcp-tray.exe serve` (the daemon with
// its tray, what the Run key starts), on display with the state folder
// home, and waits until it answers.
func (e *winEnv) serveGUI(t *testing.T, home, display string) *proc {
	t.Helper()
	p := e.start(t, opts{Env: []string{"UNITYMCP_HOME=" + winPath(home), "DISPLAY=" + display}},
		"unitymcp-tray.exe", "serve", "--addr", "127.0.0.1:0")
	waitFor(t, 60*time.Second, func() bool {
		if p.exited() {
			t.Fatalf("unitymcp-tray.exe serve exited: %s", p.stderr)
		}
		_, err := (state.Dir{Root: home}).ReadDaemon()
		return err == nil
	}, "unitymcp-tray.exe serve to start")
	return p
}

// The tray on Windows (Shell_NotifyIcon; Wine shows the notification area
// as its "Wine System Tray" window): the icon appears, changes when an
// editor connects, its menu opens on a right click as a popup of the
// daemon's process, and the menu's Quit stops the daemon cleanly (it
// removes daemon.json and exits 0). UNITYMCP_DOC_IMAGES=1 draws
// docs/img/tray-menu-windows.png.
func TestTrayOnWindows(t *testing.T) {
	e := need(t)
	display := e.desktop(t)
	home := t.TempDir()
	serve := e.serveGUI(t, home, display)
	info, _ := (state.Dir{Root: home}).ReadDaemon()

	var tray string
	waitFor(t, 60*time.Second, func() bool { tray = findWindow(t, display, "Wine System Tray"); return tray != "" },
		"the notification area to show an icon (Shell_NotifyIcon)")
	area := geometry(t, display, tray).image()
	var icon image.Rectangle
	var before *image.RGBA
	waitFor(t, 30*time.Second, func() bool {
		before = grab(t, display)
		box, n := drawn(before, area)
		icon = box
		return n > 20
	}, "the icon to be drawn in %v", area)

	// An editor connects: the icon changes (NIM_MODIFY with the connected icon).
	proj := newProject(t, t.TempDir(), "Game")
	e.start(t, opts{Env: []string{"UNITYMCP_HOME=" + winPath(home)}}, "editorsim.exe", "--addr", info.Address, "--project", winPath(proj))
	waitFor(t, 60*time.Second, func() bool { return !same(before, grab(t, display), icon) }, "the icon to change when the editor connects")

	// The menu: a right click on the icon opens a popup of the daemon's process.
	cx, cy := (icon.Min.X+icon.Max.X)/2, (icon.Min.Y+icon.Max.Y)/2
	xdotool(t, display, "mousemove", strconv.Itoa(cx), strconv.Itoa(cy), "click", "3")
	var menu rect
	waitFor(t, 30*time.Second, func() bool {
		for _, p := range popups(t, display) {
			if p.PID == serve.cmd.Process.Pid && p.W > 100 && p.H > 80 {
				menu = p.rect
				return true
			}
		}
		return false
	}, "the tray menu to open")
	shot := grab(t, display)
	if _, n := drawn(shot, menu.image()); n < 200 {
		t.Errorf("the menu at %+v is blank", menu)
	}
	docImage(t, shot, area.Union(menu.image()).Inset(-8), "tray-menu-windows.png")

	// Quit, the last item, stops the daemon and the tray.
	xdotool(t, display, "mousemove", strconv.Itoa(menu.X+menu.W/3), strconv.Itoa(menu.Y+menu.H-10), "click", "1")
	select {
	case <-serve.done:
	case <-time.After(30 * time.Second):
		t.Fatalf("Quit in the tray menu did not stop unitymcp-tray.exe: %s", serve.stderr)
	}
	stoppedCleanly(t, serve, home, "unitymcp-tray.exe after Quit")
}

// focus-window on Windows: the editor's process has a window (a Windows
// editorsim's -window) behind another program's (Notepad, started after
// it); focus-window makes it the foreground window, which the editor's
// process sees (GetForegroundWindow there, as editorsim logs it) — not
// only the daemon that asked.
func TestFocusWindowOnWindows(t *testing.T) {
	e := need(t)
	display := e.desktop(t)
	home := t.TempDir()
	_, addr := e.serve(t, home)
	env := []string{"UNITYMCP_HOME=" + winPath(home), "DISPLAY=" + display}
	const title = "Game - Unity 6000.0 (editorsim)"
	sim := e.start(t, opts{Env: env}, "editorsim.exe", "--addr", addr, "--project", winPath(newProject(t, t.TempDir(), "Game")), "--window", title)
	const front, behind = "foreground=true", "foreground=false"
	waitFor(t, 60*time.Second, func() bool { return strings.Contains(sim.stderr.String(), front) }, "the editor's window in front: %s", sim.stderr)
	e.start(t, opts{Env: env}, "notepad.exe")
	// Notepad is put in front by the test, not left to the window manager's
	// choice for a new window, which a loaded machine did not always make.
	waitFor(t, 60*time.Second, func() bool {
		xdotool(t, display, "search", "--onlyvisible", "--name", "Notepad", "windowactivate")
		return strings.Contains(sim.stderr.String(), behind)
	}, "Notepad to take the front: %s", sim.stderr)

	out := e.ok(t, opts{Env: env}, "unitymcp.exe", "call", "focus-window")
	var r struct {
		Success      bool
		Message      string
		ErrorMessage string
	}
	if json.Unmarshal([]byte(out), &r) != nil || !r.Success {
		t.Fatalf("focus-window: %s", out)
	}
	waitFor(t, 10*time.Second, func() bool { return strings.Count(sim.stderr.String(), front) == 2 },
		"the editor's process to see its window in front again: %s", sim.stderr)
}

// An editor blocked by a real Windows dialog: the Windows editorsim shows
// a message box (#32770) owned by its main window; the daemon sees it
// (its title and buttons) and says so in status, answers a call at once
// naming it, and once the user presses Escape in it the editor works again.
func TestBlockedEditorDialogOnWindows(t *testing.T) {
	e := need(t)
	display := e.desktop(t)
	home := t.TempDir()
	_, addr := e.serve(t, home)
	env := []string{"UNITYMCP_HOME=" + winPath(home), "DISPLAY=" + display}
	const title = "Save changes to Main.unity?"
	sim := e.start(t, opts{Env: env}, "editorsim.exe", "--addr", addr, "--project", winPath(newProject(t, t.TempDir(), "Blocked")),
		"--dialog", title, "--dialog-after-ms", "300")
	type dialog struct {
		Title   string   `json:"title"`
		Buttons []string `json:"buttons"`
	}
	var h struct {
		Editors []struct {
			State   string   `json:"state"`
			Dialogs []dialog `json:"dialogs"`
		} `json:"editors"`
	}
	blocked := func() bool {
		r := e.run(t, opts{Env: env}, "unitymcp.exe", "status")
		switch {
		case r.Code != 0 && r.Out == "" && r.Err == "":
			// unitymcp says why whenever it fails; a run with no word at all
			// is Wine not running it (twice here under load, this
			// poll being the test's most frequent program start): polled again.
			t.Logf("status under Wine ended with code %d and no output; polling again", r.Code)
			return false
		case r.Code != 0 && !teardownSignal(r.Code, r.Err):
			t.Fatalf("unitymcp.exe status: %s", r)
		}
		json.Unmarshal([]byte(r.Out), &h)
		return len(h.Editors) == 1 && h.Editors[0].State == "blocked" && len(h.Editors[0].Dialogs) > 0
	}
	// The daemon pings every 15 s; the second ping finds the probe the
	// first posted still waiting.
	waitFor(t, 150*time.Second, blocked, "status to show the editor blocked by its dialog (last: %+v; editorsim: %s)", &h, sim.stderr)
	d := h.Editors[0].Dialogs[0]
	if d.Title != title || strings.Join(d.Buttons, ",") != "OK,Cancel" {
		t.Errorf("the dialog %+v, want %q with OK and Cancel", d, title)
	}
	r := e.run(t, opts{Env: env}, "unitymcp.exe", "call", "get-logs")
	if r.Code == 0 || !strings.Contains(r.Out+r.Err, "editor_blocked") || !strings.Contains(r.Out+r.Err, title) {
		t.Errorf("get-logs on the blocked editor: %s", r)
	}

	// The user presses Escape in the message box: Cancel.
	id := findWindow(t, display, title)
	if id == "" {
		t.Fatalf("no window %q on the display", title)
	}
	xdotool(t, display, "windowactivate", "--sync", id)
	xdotool(t, display, "key", "Escape")
	waitFor(t, 60*time.Second, func() bool {
		json.Unmarshal([]byte(e.ok(t, opts{Env: env}, "unitymcp.exe", "status")), &h)
		return len(h.Editors) == 1 && h.Editors[0].State == "connected"
	}, "the editor to be connected again after Escape (last: %+v)", &h)
	e.ok(t, opts{Env: env}, "unitymcp.exe", "call", "get-logs")
}

// Notifications on Windows where the toast route is missing: Wine that
// says it is Windows 10 has no Windows Runtime toast classes. A compile
// error's notification is not sent, the daemon log says why in one line,
// the daemon goes on serving, and it still stops cleanly (a failed toast
// used to leave the process hanging in ExitProcess). With Wine's default
// (Windows 7), the balloon route sends it with no such line.
func TestNotificationsOnWindows(t *testing.T) {
	e := need(t)
	display := e.desktop(t)
	const versionKey = `HKLM\Software\Microsoft\Windows NT\CurrentVersion`
	for _, tc := range []struct {
		name      string
		windows10 bool
	}{{"windows10-without-toasts", true}, {"windows7-balloon", false}} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.windows10 {
				e.ok(t, opts{}, "reg", "add", versionKey, "/v", "CurrentMajorVersionNumber", "/t", "REG_DWORD", "/d", "10", "/f")
				t.Cleanup(func() { e.run(t, opts{}, "reg", "delete", versionKey, "/v", "CurrentMajorVersionNumber", "/f") })
			}
			home := t.TempDir()
			serve := e.serveGUI(t, home, display)
			info, _ := (state.Dir{Root: home}).ReadDaemon()
			env := []string{"UNITYMCP_HOME=" + winPath(home), "DISPLAY=" + display}
			proj := newProject(t, t.TempDir(), "Game")
			os.WriteFile(filepath.Join(proj, "Assets", "Bad.cs"), []byte("class Bad {\n#error missing semicolon\n}\n"), 0o644)
			e.start(t, opts{Env: env}, "editorsim.exe", "--addr", info.Address, "--project", winPath(proj))
			waitFor(t, 60*time.Second, func() bool {
				return strings.Contains(e.run(t, opts{Env: env}, "unitymcp.exe", "status").Out, "connected")
			}, "the editor")
			e.run(t, opts{Env: env}, "unitymcp.exe", "call", "compile")
			// The balloon route: the notification area shows the title in
			// a balloon (a popup of explorer.exe, not of the daemon).
			balloon := false
			if !tc.windows10 {
				waitFor(t, 30*time.Second, func() bool {
					for _, p := range popups(t, display) {
						balloon = balloon || p.PID != serve.cmd.Process.Pid && p.W > 40 && p.H > 10
					}
					return balloon
				}, "the balloon")
			}
			log := func() string { b, _ := os.ReadFile(filepath.Join(home, "logs", "daemon.log")); return string(b) }
			const line = "Windows toast notifications are unavailable here"
			if tc.windows10 {
				waitFor(t, 30*time.Second, func() bool { return strings.Contains(log(), line) }, "the log line saying why no toast is shown:\n%s", log())
				if strings.Count(log(), "notification failed") != 1 {
					t.Errorf("want one line for the failed notification:\n%s", log())
				}
			}
			if e.run(t, opts{Env: env}, "unitymcp.exe", "status").Code != 0 {
				t.Errorf("the daemon stopped answering after the notification")
			}
			e.ok(t, opts{Env: env}, "unitymcp.exe", "stop")
			select {
			case <-serve.done:
			case <-time.After(30 * time.Second):
				t.Fatalf("the daemon hangs on its way out after a notification: %s", serve.stderr)
			}
			stoppedCleanly(t, serve, home, "the daemon")
			if !tc.windows10 && strings.Contains(log(), "notification failed") {
				t.Errorf("the balloon route failed:\n%s", log())
			}
			if !tc.windows10 && !balloon {
				t.Error("no balloon was shown for the compile error")
			}
		})
	}
}
