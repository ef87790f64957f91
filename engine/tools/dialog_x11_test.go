//go:build linux

package tools

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/enginetest"
	"github.com/unitymcp/unitymcp/platform/desktoptest"
)

// On a real X server (Xvfb), with a window manager and without one: the
// simulated editor's dialog is a real modal window of this process; the
// daemon lists it, presses its default button with a Return key (sent to
// the dialog window itself) and cancels it with WM_DELETE_WINDOW, each
// said exactly by the dry run first, and the dialog answers as the one
// pressed — the editor runs again. A button by name is refused: X11 does
// not tell a dialog's buttons.
func TestEditorDialogPressX11(t *testing.T) {
	for _, wm := range []bool{false, true} {
		name := "no window manager"
		if wm {
			name = "openbox"
		}
		t.Run(name, func(t *testing.T) {
			desktoptest.Start(t, desktoptest.Want{WindowManager: wm})
			asUnityEditor(t)
			se := enginetest.NewSim(t, engine.Options{Hub: bridge.Options{Heartbeat: 200 * time.Millisecond}, Tools: All()}, editorsim.Config{})
			open := func(title string) float64 {
				t.Helper()
				if err := se.Sim.OpenDialog(title); err != nil {
					t.Fatal(err)
				}
				// The hub found it on the desktop: the editor is blocked by it.
				se.WaitState(t, api.StateBlocked)
				r := se.MustCall(t, "editor_dialog_list", map[string]any{})
				ds, _ := r["dialogs"].([]any)
				if r["supported"] != true || len(ds) != 1 || ds[0].(map[string]any)["title"] != title || r["hint"] == nil {
					t.Fatalf("editor_dialog_list: %v, want the dialog %q", r, title)
				}
				return ds[0].(map[string]any)["window"].(float64)
			}
			says := map[string]string{"default": "Return key: a key event sent to the window itself", "cancel": "close: WM_DELETE_WINDOW"}
			for _, role := range []string{"default", "cancel"} {
				title := "Save changes before " + role + "?"
				win := open(title)
				dry := se.MustCall(t, "editor_dialog_press", map[string]any{"window": win, "role": role, "dry_run": true})
				if dry["window"] != win || !strings.HasPrefix(fmt.Sprint(dry["would_press"]), says[role]) {
					t.Errorf("dry run of %s: %v", role, dry)
				}
				r := se.MustCall(t, "editor_dialog_press", map[string]any{"window": win, "role": role, "confirm": true})
				if r["closed"] != true || r["dialog"] != title || r["window"] != win {
					t.Fatalf("press %s: %v", role, r)
				}
				if got := se.Sim.DialogAnswer(); got != role {
					t.Errorf("the dialog was answered %q, want %q", got, role)
				}
				se.WaitState(t, api.StateConnected)
				se.MustCall(t, "get-logs", map[string]any{}) // the editor runs calls again
			}
			open("Named buttons?")
			_, terr := se.CallTool(t, "editor_dialog_press", map[string]any{"button": "OK", "confirm": true})
			if terr == nil || terr.Code != api.CodeNotSupported || !strings.Contains(terr.Message, "role default") {
				t.Errorf("a named button on X11: %v", terr)
			}
			se.Sim.DismissDialog()
			se.WaitState(t, api.StateConnected)
		})
	}
}
