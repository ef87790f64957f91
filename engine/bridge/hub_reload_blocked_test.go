package bridge

import (
	"errors"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
)

// A dialog that opens while the new domain starts, before the package
// dials again (project_packages add, then the API Updater's prompt): the
// call that spanned the reload and the calls held for it fail within a
// heartbeat naming the dialog, not at the end of the reload's grace, and
// new calls at once; once the dialog closes the editor is reloading again,
// calls are held again, and the grace runs anew.
func TestHubDialogDuringReloadFailsTheCallsWaitingForIt(t *testing.T) {
	const beat, grace = 15 * time.Second, 3 * time.Minute
	d := &desk{}
	d.set(true)
	x := newHarness(t, d.options(Options{Heartbeat: beat, ReloadGrace: grace}))
	c := x.connect()
	if _, err := x.helloOn(c, Hello{DataPath: testDataPath, Tools: []string{"get-logs", "compile"}, PID: 4242}); err != nil {
		t.Fatal(err)
	}
	spanning := x.call("compile", CallOptions{Idempotent: true})
	id := x.sent(c).call().CallID
	x.event(c, api.EventReloadStarting, ReloadStarting{Spanning: []string{id}})
	armed := x.clock.Armed()
	x.drop(c)
	x.clock.WaitArmed(t, armed+2, patience) // the reload's grace and the first look
	held := x.call("get-logs", CallOptions{Idempotent: true})

	// A heartbeat with no dialog on the screen: still reloading.
	armed = x.clock.Armed()
	x.clock.Advance(beat)
	x.clock.WaitArmed(t, armed+1, patience)
	if got := x.state(); got != api.StateReloading {
		t.Fatalf("state with no dialog = %s, want reloading", got)
	}
	x.pendingCall(spanning, "the spanning compile with no dialog")
	x.pendingCall(held, "the held get-logs with no dialog")

	dialog := api.Dialog{Title: "API Update Required", Buttons: []string{"Go Ahead", "No Thanks"}}
	d.set(true, dialog)
	armed = x.clock.Armed()
	x.clock.Advance(beat)
	x.clock.WaitArmed(t, armed+1, patience)
	info := x.waitState(api.StateBlocked, "a dialog of the reloading editor's process")
	if len(info.Dialogs) != 1 || info.Dialogs[0].Title != dialog.Title {
		t.Fatalf("dialogs %+v, want %q", info.Dialogs, dialog.Title)
	}
	for what, ch := range map[string]<-chan result{"the spanning compile": spanning, "the held get-logs": held, "a new call": x.call("get-logs", CallOptions{})} {
		var be *BlockedError
		if r := x.wait(ch); !errors.As(r.err, &be) || len(be.Dialogs) != 1 || be.Dialogs[0].Buttons[1] != "No Thanks" {
			t.Errorf("%s: %v, want a BlockedError naming the dialog", what, r.err)
		}
	}

	// The dialog is answered; the editor has not dialled yet.
	d.set(true)
	armed = x.clock.Armed()
	x.clock.Advance(beat)
	x.clock.WaitArmed(t, armed+2, patience) // the grace anew and the next look
	if got := x.state(); got != api.StateReloading {
		t.Fatalf("state after the dialog closed = %s, want reloading", got)
	}
	again := x.call("get-logs", CallOptions{})
	x.pendingCall(again, "a call after the dialog closed")
	x.clock.Advance(grace)
	x.wantErr(x.wait(again), ErrNotConnected, "a call held when the new grace ended")
	if got := x.changed(); !containsSeq(got, api.StateReloading, api.StateBlocked, api.StateReloading, api.StateDisconnected) {
		t.Errorf("changes %v, want reloading, blocked, reloading, disconnected", got)
	}
}
