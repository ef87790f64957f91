package platform

import (
	"errors"
	"slices"
	"testing"
)

func TestX11DialogChoice(t *testing.T) {
	t.Parallel()
	const me = 42
	wins := []x11Window{
		{PID: me, Owner: me, Title: "Unity", Types: []string{"_NET_WM_WINDOW_TYPE_NORMAL"}, Viewable: true},
		{PID: me, Owner: me, Title: "Save Scene?", Types: []string{"_NET_WM_WINDOW_TYPE_DIALOG"}, TransientFor: 1, Viewable: true, ID: 0x400005, Protocols: []string{"WM_TAKE_FOCUS", "WM_DELETE_WINDOW"}},
		{PID: me, Owner: me, Title: "modal only", States: []string{"_NET_WM_STATE_MODAL"}, Viewable: true},
		{PID: me, Owner: me, Title: "transient, no type", TransientFor: 1, Viewable: true},
		{PID: me, Owner: me, Title: "palette", Types: []string{"_NET_WM_WINDOW_TYPE_UTILITY"}, TransientFor: 1, Viewable: true},
		{PID: me, Owner: me, Title: "hidden dialog", Types: []string{"_NET_WM_WINDOW_TYPE_DIALOG"}},
		{PID: 7, Owner: 7, Title: "another's dialog", Types: []string{"_NET_WM_WINDOW_TYPE_DIALOG"}, Viewable: true},
		{Owner: me, Title: "no pid claimed", Types: []string{"_NET_WM_WINDOW_TYPE_DIALOG"}, Viewable: true},
		// Attack E6: another process's window claims the editor's pid.
		{PID: me, Owner: 7, Title: "spoof: claims me", Types: []string{"_NET_WM_WINDOW_TYPE_DIALOG"}, Viewable: true},
		{PID: me, Title: "owner unknown (no X-Resource)", Types: []string{"_NET_WM_WINDOW_TYPE_DIALOG"}, Viewable: true},
		{PID: 7, Owner: me, Title: "claims another", Types: []string{"_NET_WM_WINDOW_TYPE_DIALOG"}, Viewable: true},
	}
	var got []string
	ds := x11Dialogs(me, wins)
	for _, d := range ds {
		got = append(got, d.Title)
	}
	// Its window, and whether cancel is the window manager's close.
	if ds[0].ID != 0x400005 || !ds[0].Closable || ds[1].Closable {
		t.Errorf("the dialogs' windows: %+v", ds[:2])
	}
	if want := []string{"Save Scene?", "modal only", "transient, no type", "no pid claimed"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestModalDialogsWithoutPID(t *testing.T) {
	t.Parallel()
	if _, err := ModalDialogs(0); !errors.Is(err, ErrDialogsUnsupported) {
		t.Errorf("pid 0: %v, want ErrDialogsUnsupported", err)
	}
}
