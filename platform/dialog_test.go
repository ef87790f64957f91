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
		{PID: me, Title: "Unity", Types: []string{"_NET_WM_WINDOW_TYPE_NORMAL"}, Viewable: true},
		{PID: me, Title: "Save Scene?", Types: []string{"_NET_WM_WINDOW_TYPE_DIALOG"}, TransientFor: 1, Viewable: true},
		{PID: me, Title: "modal only", States: []string{"_NET_WM_STATE_MODAL"}, Viewable: true},
		{PID: me, Title: "transient, no type", TransientFor: 1, Viewable: true},
		{PID: me, Title: "palette", Types: []string{"_NET_WM_WINDOW_TYPE_UTILITY"}, TransientFor: 1, Viewable: true},
		{PID: me, Title: "hidden dialog", Types: []string{"_NET_WM_WINDOW_TYPE_DIALOG"}},
		{PID: 7, Title: "another's dialog", Types: []string{"_NET_WM_WINDOW_TYPE_DIALOG"}, Viewable: true},
		{Title: "no pid", Types: []string{"_NET_WM_WINDOW_TYPE_DIALOG"}, Viewable: true},
	}
	var got []string
	for _, d := range x11Dialogs(me, wins) {
		got = append(got, d.Title)
	}
	if want := []string{"Save Scene?", "modal only", "transient, no type"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestModalDialogsWithoutPID(t *testing.T) {
	t.Parallel()
	if _, err := ModalDialogs(0); !errors.Is(err, ErrDialogsUnsupported) {
		t.Errorf("pid 0: %v, want ErrDialogsUnsupported", err)
	}
}
