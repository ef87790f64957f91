//go:build cgo || !darwin

package tray

import (
	"testing"

	"github.com/unitymcp/unitymcp/engine/api"
)

// A blocked editor's line says which dialog it waits on, the menu is
// rebuilt when the dialog changes, and it is gone once the editor answers.
func TestBlockedEditorInMenu(t *testing.T) {
	t.Parallel()
	row := EditorRow{Info: api.EditorInfo{ProjectHash: "h", ProductName: "Game", State: api.StateBlocked,
		Dialogs: []api.Dialog{{Title: "Save Scene?"}}}}
	if got, want := row.BlockedLine(), "Blocked by dialog: Save Scene?"; got != want {
		t.Errorf("BlockedLine %q, want %q", got, want)
	}
	if got, want := row.Label(), "Game — blocked by dialog: Save Scene?"; got != want {
		t.Errorf("Label %q, want %q", got, want)
	}
	snap := Snapshot{Editors: []EditorRow{row}}
	if got := snap.Icon(); got != IconBusy {
		t.Errorf("icon %s, want %s", got, IconBusy)
	}
	other := row
	other.Info.Dialogs = []api.Dialog{{Title: "Import failed"}}
	if layoutKey(snap) == layoutKey(Snapshot{Editors: []EditorRow{other}}) {
		t.Error("another dialog does not rebuild the menu")
	}
	silent := row
	silent.Info.Dialogs = nil
	if got := silent.BlockedLine(); got == "" || got == row.BlockedLine() {
		t.Errorf("a blocked editor without a dialog: %q", got)
	}
	back := row
	back.Info.State, back.Info.Dialogs = api.StateConnected, nil
	if got := back.BlockedLine(); got != "" {
		t.Errorf("a connected editor's BlockedLine %q, want none", got)
	}
	if got, want := back.Label(), "Game — connected"; got != want {
		t.Errorf("Label %q, want %q", got, want)
	}
}
