package bridge

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
)

var saveDialog = api.Dialog{Title: "Save Scene?", Buttons: []string{"Save", "Don't Save"}}

// withDialog is a hub whose editor's process runs and shows saveDialog,
// and that editor's connection.
func withDialog(t *testing.T, beat time.Duration) (*harness, *desk, *fakeConn) {
	d := &desk{}
	d.set(true, saveDialog)
	x := newHarness(t, d.options(Options{Heartbeat: beat}))
	return x, d, x.dial()
}

// A main thread held up for half a heartbeat or more, with a dialog of the
// editor's process on the screen, blocks the editor; a shorter wait is an
// ordinary busy frame, for which the hub does not even look at the desktop.
func TestHubStallThreshold(t *testing.T) {
	const beat = 15 * time.Second
	for _, c := range []struct {
		waitMs int
		want   api.EditorState
		looks  bool
	}{
		{7499, api.StateConnected, false},
		{7500, api.StateBlocked, true},
	} {
		x, d, c0 := withDialog(t, beat)
		c0.setPong(`{"mainThreadWaitMs":` + strconv.Itoa(c.waitMs) + `}`)
		x.beatOnce(c0, beat)
		if got := x.state(); got != c.want {
			t.Errorf("main thread waiting %d ms of a %v heartbeat: state %s, want %s", c.waitMs, beat, got, c.want)
		}
		d.mu.Lock()
		looked := d.looked > 0
		d.mu.Unlock()
		if looked != c.looks {
			t.Errorf("main thread waiting %d ms: looked for dialogs %v, want %v", c.waitMs, looked, c.looks)
		}
	}
}

// A compiling editor that a dialog holds up is blocked, and returns to
// the state it would be in by then: compile.finished arriving while it is
// blocked means it returns connected, not compiling. A domain reload in
// progress (the main thread runs it) is never taken for a block.
func TestHubBlockedReturnsToTheRightState(t *testing.T) {
	const beat = 15 * time.Second
	x, _, c := withDialog(t, beat)
	x.event(c, api.EventCompileStarted, nil)
	c.setPong(`{"mainThreadWaitMs":60000}`)
	x.beatOnce(c, beat)
	if got := x.state(); got != api.StateBlocked {
		t.Fatalf("compiling, held up by a dialog: state %s, want %s", got, api.StateBlocked)
	}
	x.event(c, api.EventCompileFinished, nil)
	if got := x.state(); got != api.StateBlocked {
		t.Fatalf("compile.finished while blocked: state %s, want still %s", got, api.StateBlocked)
	}
	c.setPong(`{}`)
	x.beatOnce(c, beat)
	if got := x.state(); got != api.StateConnected {
		t.Errorf("the dialog answered after the compile finished: state %s, want %s", got, api.StateConnected)
	}

	// Blocked while connected, the compile starts behind the dialog: it
	// returns compiling.
	c.setPong(`{"mainThreadWaitMs":60000}`)
	x.beatOnce(c, beat)
	x.event(c, api.EventCompileStarted, nil)
	c.setPong(`{}`)
	x.beatOnce(c, beat)
	if got := x.state(); got != api.StateCompiling {
		t.Errorf("compile.started while blocked, then answered: state %s, want %s", got, api.StateCompiling)
	}
	x.event(c, api.EventCompileFinished, nil)

	x.event(c, api.EventReloadStarting, ReloadStarting{})
	c.setPong(`{"mainThreadWaitMs":60000}`)
	x.beatOnce(c, beat)
	if got := x.state(); got != api.StateReloading {
		t.Errorf("held up during a domain reload: state %s, want %s", got, api.StateReloading)
	}
}

// While blocked, a change in what holds the editor up (another dialog, or
// a process that stops answering altogether) is reported, and calls name
// it; the same dialog seen again reports nothing new.
func TestHubBlockedReportsChanges(t *testing.T) {
	const beat = 15 * time.Second
	x, d, c := withDialog(t, beat)
	c.setPong(`{"mainThreadWaitMs":60000}`)
	x.beatOnce(c, beat)
	before := len(x.changed())
	x.beatOnce(c, beat) // the same dialog
	if n := len(x.changed()) - before; n != 0 {
		t.Errorf("the same dialog seen again: %d changes reported, want none", n)
	}
	other := api.Dialog{Title: "Save Scene?", Buttons: []string{"Save", "Don't Save", "Cancel"}}
	d.set(true, other)
	x.beatOnce(c, beat)
	if n := len(x.changed()) - before; n != 1 {
		t.Errorf("another dialog: %d changes reported, want 1", n)
	}
	var be *BlockedError
	if r := x.wait(x.call("get-logs", CallOptions{})); !errors.As(r.err, &be) || len(be.Dialogs) != 1 || len(be.Dialogs[0].Buttons) != 3 || be.Silent {
		t.Fatalf("a call: %v, want the dialog with three buttons", r.err)
	}

	// The process stops answering at all: still blocked, now silent.
	d.set(true)
	c.setDeaf(true)
	armed := x.clock.Armed()
	x.clock.Advance(beat)
	x.ping(c)
	x.clock.WaitArmed(t, armed+1, patience)
	x.clock.Advance(beat)
	x.clock.WaitArmed(t, armed+2, patience) // the next beat, once judged
	if r := x.wait(x.call("get-logs", CallOptions{})); !errors.As(r.err, &be) || !be.Silent || len(be.Dialogs) != 0 ||
		!strings.Contains(r.err.Error(), "does not answer although its process runs") {
		t.Errorf("a call to the silent editor: %v, want a silent BlockedError without dialogs", r.err)
	}
	if got := x.state(); got != api.StateBlocked {
		t.Errorf("state %s, want %s", got, api.StateBlocked)
	}
}
