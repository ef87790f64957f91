package bridge

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
)

// desk is the fake desktop of the blocked tests: whether the editor's
// process runs, and the dialogs it shows.
type desk struct {
	mu      sync.Mutex
	alive   bool
	dialogs []api.Dialog
	looked  int
}

func (d *desk) set(alive bool, dialogs ...api.Dialog) {
	d.mu.Lock()
	d.alive, d.dialogs = alive, dialogs
	d.mu.Unlock()
}

func (d *desk) options(o Options) Options {
	o.Alive = func(int) bool { d.mu.Lock(); defer d.mu.Unlock(); return d.alive }
	o.Dialogs = func(int) ([]api.Dialog, error) {
		d.mu.Lock()
		defer d.mu.Unlock()
		d.looked++
		return d.dialogs, nil
	}
	return o
}

// waitState waits until the editor is in state st.
func (x *harness) waitState(st api.EditorState, what string) api.EditorInfo {
	x.t.Helper()
	deadline := time.Now().Add(patience)
	for time.Now().Before(deadline) {
		if info, _ := x.hub.Editor(testHash); info.State == st {
			return info
		}
		time.Sleep(time.Millisecond)
	}
	x.t.Fatalf("%s: state %s, want %s", what, x.state(), st)
	return api.EditorInfo{}
}

// beatOnce lets one heartbeat happen on c: the interval passes, the ping
// reaches the editor, and the hub arms the next beat.
func (x *harness) beatOnce(c *fakeConn, beat time.Duration) {
	x.t.Helper()
	armed := x.clock.Armed()
	x.clock.Advance(beat)
	x.ping(c)
	x.clock.WaitArmed(x.t, armed+2, patience) // the ping's timeout, then the next beat
}

// An editor whose main thread has not run for a heartbeat while a modal
// dialog of its process is open is blocked: it stays connected, calls fail
// at once naming the dialog, and it is connected again — calls going
// through — once its main thread answers.
func TestHubBlockedByDialog(t *testing.T) {
	const beat = 15 * time.Second
	d := &desk{}
	d.set(true, api.Dialog{Title: "Save Scene?", Buttons: []string{"Save", "Don't Save"}})
	x := newHarness(t, d.options(Options{Heartbeat: beat}))
	c := x.dial()
	c.setPong(`{"mainThreadWaitMs": 15020}`)
	x.beatOnce(c, beat)
	info := x.waitState(api.StateBlocked, "main thread held up with a dialog open")
	if len(info.Dialogs) != 1 || info.Dialogs[0].Title != "Save Scene?" {
		t.Fatalf("dialogs %+v, want Save Scene?", info.Dialogs)
	}
	r := x.wait(x.call("get-logs", CallOptions{Idempotent: true}))
	var be *BlockedError
	if !errors.Is(r.err, ErrBlocked) || !errors.As(r.err, &be) || len(be.Dialogs) != 1 || be.Dialogs[0].Buttons[1] != "Don't Save" {
		t.Fatalf("a call to the blocked editor: %v, want a BlockedError with the dialog", r.err)
	}
	select {
	case req := <-c.requests:
		t.Fatalf("a call reached the blocked editor: %+v", req)
	default:
	}
	// The dialog is answered: the main thread ran the probe.
	c.setPong(`{}`)
	x.beatOnce(c, beat)
	x.waitState(api.StateConnected, "the main thread answers again")
	if info, _ := x.hub.Editor(testHash); len(info.Dialogs) != 0 {
		t.Errorf("dialogs still listed after the block: %+v", info.Dialogs)
	}
	res := x.call("get-logs", CallOptions{Idempotent: true})
	x.sent(c).answer(`{"ok":true}`)
	if r := x.wait(res); r.err != nil {
		t.Fatalf("a call after the block: %v", r.err)
	}
	if got := x.changed(); !containsSeq(got, api.StateBlocked, api.StateConnected) {
		t.Errorf("changes %v, want blocked then connected", got)
	}
}

// A main thread held up with no dialog on the screen is a long operation
// (a build, an import): the editor stays connected and calls queue.
func TestHubBusyMainThreadIsNotBlocked(t *testing.T) {
	const beat = 15 * time.Second
	d := &desk{}
	d.set(true)
	x := newHarness(t, d.options(Options{Heartbeat: beat}))
	c := x.dial()
	c.setPong(`{"mainThreadWaitMs": 60000}`)
	x.beatOnce(c, beat)
	x.beatOnce(c, beat)
	d.mu.Lock()
	looked := d.looked
	d.mu.Unlock()
	if looked == 0 {
		t.Fatal("the hub never looked for dialogs of a main thread held up")
	}
	if got := x.state(); got != api.StateConnected {
		t.Fatalf("state %s, want connected", got)
	}
}

// An editor whose pings go unanswered while its process runs (hung,
// suspended) is blocked, not dropped; once its process is gone, the next
// unanswered ping closes the connection as before.
func TestHubSilentEditorWhoseProcessRuns(t *testing.T) {
	const beat = 15 * time.Second
	d := &desk{}
	d.set(true)
	x := newHarness(t, d.options(Options{Heartbeat: beat}))
	c := x.dial()
	c.setDeaf(true)
	armed := x.clock.Armed()
	x.clock.Advance(beat)
	x.ping(c)
	x.clock.WaitArmed(t, armed+1, patience) // the ping's timeout
	x.clock.Advance(beat)                   // it fires: unanswered
	info := x.waitState(api.StateBlocked, "pings unanswered, process alive")
	if len(info.Dialogs) != 0 {
		t.Errorf("dialogs %+v, want none", info.Dialogs)
	}
	r := x.wait(x.call("get-logs", CallOptions{}))
	var be *BlockedError
	if !errors.As(r.err, &be) || !be.Silent {
		t.Fatalf("a call to the silent editor: %v, want a silent BlockedError", r.err)
	}
	select {
	case <-c.done:
		t.Fatal("the connection of a live blocked editor was closed")
	default:
	}
	d.set(false)
	x.clock.WaitArmed(t, armed+2, patience) // the next beat
	x.clock.Advance(beat)
	x.ping(c)
	x.closedAfter(c, beat)
	if got := c.closeReason(); got != "heartbeat timeout" {
		t.Errorf("close reason %q, want heartbeat timeout", got)
	}
}

func containsSeq(got []api.EditorState, want ...api.EditorState) bool {
	i := 0
	for _, s := range got {
		if i < len(want) && s == want[i] {
			i++
		}
	}
	return i == len(want)
}
