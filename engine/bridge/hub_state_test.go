package bridge

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
)

// Calls the editor lists in reload.starting's spanning are answered with
// what the next hello delivers: a result, an error, or (missing from
// delivered) ErrInterrupted, and never sent again.
func TestHubDeliversSpanningCalls(t *testing.T) {
	x := newHarness(t, Options{Heartbeat: time.Hour})
	c1 := x.dial()
	calls := map[string]<-chan result{}
	ids := map[string]string{}
	for _, tool := range []string{"compile", "run-tests", "simulate-keyboard"} {
		calls[tool] = x.call(tool, CallOptions{Idempotent: tool != "simulate-keyboard"})
		r := x.sent(c1)
		ids[r.call().Tool] = r.call().CallID
	}
	x.event(c1, api.EventReloadStarting, ReloadStarting{Spanning: []string{ids["compile"], ids["run-tests"], ids["simulate-keyboard"]}})
	if got := x.state(); got != api.StateReloading {
		t.Fatalf("state after reload.starting = %s, want %s", got, api.StateReloading)
	}
	x.drop(c1)
	for tool, ch := range calls {
		x.pendingCall(ch, tool+" spanning the reload")
	}

	c2 := x.connect()
	x.hello(c2,
		Delivery{CallID: ids["compile"], Result: json.RawMessage(`{"Message":"delivered after the reload"}`)},
		Delivery{CallID: ids["run-tests"], Error: NewToolError("editor_error", "the test runner failed")},
		Delivery{CallID: "someone-else", Result: json.RawMessage(`{}`)})
	// Were a delivery dropped, its idempotent call would be re-sent on c2.
	if r := x.endedBefore(calls["compile"], c2); r.err != nil || string(r.res) != `{"Message":"delivered after the reload"}` {
		t.Errorf("compile = %s %v, want the delivered result", r.res, r.err)
	}
	var re *RPCError
	if r := x.endedBefore(calls["run-tests"], c2); !errors.As(r.err, &re) || re.ToolCode() != "editor_error" {
		t.Errorf("run-tests = %s %v, want the delivered tool error", r.res, r.err)
	}
	x.wantErr(x.wait(calls["simulate-keyboard"]), ErrInterrupted, "simulate-keyboard spanning but not delivered")
	// Delivered answers are final: none of the calls reaches the new connection.
	x.notSent(c2)
	if got := x.state(); got != api.StateConnected {
		t.Errorf("state after the hello = %s, want %s", got, api.StateConnected)
	}
}

// An idempotent call in flight on a connection that ends after
// reload.starting, not listed in spanning, is sent again (same call id,
// same session) on the next connection and answered from there.
func TestHubResendsIdempotentCallAfterReload(t *testing.T) {
	x := newHarness(t, Options{Heartbeat: time.Hour})
	c1 := x.dial()
	ch := x.call("get-logs", CallOptions{Idempotent: true, Session: "0123456789abcdef"})
	first := x.sent(c1)
	if first.call().Session != "0123456789abcdef" {
		t.Errorf("sent with session %q, want the caller's", first.call().Session)
	}
	x.event(c1, api.EventReloadStarting, ReloadStarting{})
	x.drop(c1)
	x.pendingCall(ch, "get-logs across the reload")

	c2 := x.dial()
	again := x.sentBefore(c2, ch)
	if again.call().CallID != first.call().CallID || again.call().Tool != "get-logs" || again.call().Session != "0123456789abcdef" {
		t.Errorf("re-sent %s %s, want get-logs %s", again.call().Tool, again.call().CallID, first.call().CallID)
	}
	again.answer(`{"TotalCount":2}`)
	if r := x.wait(ch); r.err != nil || string(r.res) != `{"TotalCount":2}` {
		t.Errorf("get-logs = %s %v, want the second connection's answer", r.res, r.err)
	}
}

// A call that is not idempotent, interrupted the same way, ends with
// ErrInterrupted and is never sent twice.
func TestHubInterruptsNonIdempotentCall(t *testing.T) {
	x := newHarness(t, Options{Heartbeat: time.Hour})
	c1 := x.dial()
	ch := x.call("simulate-keyboard", CallOptions{})
	x.sent(c1)
	x.event(c1, api.EventReloadStarting, ReloadStarting{})
	x.drop(c1)
	x.wantErr(x.wait(ch), ErrInterrupted, "simulate-keyboard across the reload")
	c2 := x.dial()
	x.notSent(c2)
}

// An idempotent call interrupted by one reload after another is sent
// MaxResends+1 times in all, then fails with ErrReloadLimit naming the
// number of reloads (compile can cause the reload that interrupts it).
func TestHubBoundsResends(t *testing.T) {
	for _, tc := range []struct {
		name  string
		max   int
		sends int
	}{
		{"default", 0, 4}, // Options.MaxResends: "Zero means 3" re-sends
		{"one", 1, 2},
		{"never", -1, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := newHarness(t, Options{Heartbeat: time.Hour, MaxResends: tc.max})
			var ch <-chan result
			var id string
			for i := 0; i < tc.sends; i++ {
				c := x.dial()
				if i == 0 {
					ch = x.call("compile", CallOptions{Idempotent: true})
				}
				r := x.sentBefore(c, ch)
				if i == 0 {
					id = r.call().CallID
				} else if r.call().CallID != id {
					t.Errorf("send %d has call id %s, want %s", i+1, r.call().CallID, id)
				}
				x.event(c, api.EventReloadStarting, ReloadStarting{})
				x.drop(c)
			}
			// Were the re-sends unbounded, the next connection would get it.
			r := x.endedBefore(ch, x.dial())
			x.wantErr(r, ErrReloadLimit, "compile interrupted by every reload")
			reloads := fmt.Sprintf("%d domain reloads", tc.sends)
			if tc.sends == 1 {
				reloads = "a domain reload"
			}
			if r.err != nil && !strings.Contains(r.err.Error(), reloads) {
				t.Errorf("error %q does not say it was interrupted by %d reloads", r.err, tc.sends)
			}
			if errors.Is(r.err, ErrInterrupted) {
				t.Errorf("error %q reads as not re-sent (ErrInterrupted)", r.err)
			}
		})
	}
}

// An editor that does not come back from its reload is given up on once
// the reload grace has passed, not before: calls spanning the reload end
// with ErrDisconnected, held ones with ErrNotConnected, and new ones fail
// at once.
func TestHubReloadGrace(t *testing.T) {
	const grace = time.Minute
	x := newHarness(t, Options{Heartbeat: time.Hour, ReloadGrace: grace})
	spanning, held := x.reloadAway()

	x.clock.Advance(grace - time.Millisecond)
	if got := x.state(); got != api.StateReloading {
		t.Fatalf("state just before the grace = %s, want %s", got, api.StateReloading)
	}
	x.pendingCall(spanning, "the spanning compile before the grace")
	x.pendingCall(held, "the held get-logs before the grace")
	before := len(x.changed())

	x.clock.Advance(time.Millisecond)
	if got := x.state(); got != api.StateDisconnected {
		t.Fatalf("state after the grace = %s, want %s", got, api.StateDisconnected)
	}
	if changes := x.changed()[before:]; len(changes) != 1 || changes[0] != api.StateDisconnected {
		t.Errorf("OnChange after the grace: %v, want one change to disconnected", changes)
	}
	x.wantErr(x.wait(spanning), ErrDisconnected, "the spanning compile")
	x.wantErr(x.wait(held), ErrNotConnected, "the held get-logs")
	x.wantErr(x.wait(x.call("get-logs", CallOptions{})), ErrNotConnected, "a call after the grace")
}

// The Waiting report of a held call comes once a second of the clock,
// with the time waited.
func TestHubWaitingReportsEverySecond(t *testing.T) {
	x := newHarness(t, Options{Heartbeat: time.Hour})
	c := x.dial()
	x.event(c, api.EventReloadStarting, ReloadStarting{})
	held, waited := x.callHeld("get-logs", CallOptions{Idempotent: true})
	for want := time.Second; want <= 3*time.Second; want += time.Second {
		x.clock.Advance(time.Second)
		select {
		case got := <-waited:
			if got != want {
				t.Errorf("Waiting(%v), want %v", got, want)
			}
		case <-time.After(patience):
			t.Fatalf("no Waiting report after %v", want)
		}
	}
	x.drop(c)
	c2 := x.dial()
	x.sent(c2).answer(`{}`)
	if r := x.wait(held); r.err != nil {
		t.Errorf("held get-logs = %v", r.err)
	}
}

// An editor the daemon expects after its start gets ReconnectGrace to
// dial again: before it nothing changes, after it the held calls and new
// ones fail with ErrNotConnected. One that says hello in time gets them.
func TestHubReconnectGrace(t *testing.T) {
	const grace = 10 * time.Second
	expect := func(x *harness) {
		x.hub.Expect(api.EditorInfo{ProjectHash: testHash, ProjectPath: "/p", PID: 1})
	}
	t.Run("gone", func(t *testing.T) {
		x := newHarness(t, Options{Heartbeat: time.Hour, ReconnectGrace: grace})
		expect(x)
		held, _ := x.callHeld("get-logs", CallOptions{Idempotent: true})
		x.clock.Advance(grace - time.Millisecond)
		if got := x.state(); got != api.StateReconnecting {
			t.Fatalf("state just before the grace = %s, want %s", got, api.StateReconnecting)
		}
		x.pendingCall(held, "the held get-logs before the grace")
		x.clock.Advance(time.Millisecond)
		if got := x.state(); got != api.StateDisconnected {
			t.Fatalf("state after the grace = %s, want %s", got, api.StateDisconnected)
		}
		x.wantErr(x.wait(held), ErrNotConnected, "the held get-logs")
		x.wantErr(x.wait(x.call("get-logs", CallOptions{})), ErrNotConnected, "a call after the grace")
	})
	t.Run("back", func(t *testing.T) {
		x := newHarness(t, Options{Heartbeat: time.Hour, ReconnectGrace: grace})
		expect(x)
		held, _ := x.callHeld("get-logs", CallOptions{Idempotent: true})
		x.clock.Advance(grace / 2)
		c := x.dial()
		x.sent(c).answer(`{"TotalCount":1}`)
		if r := x.wait(held); r.err != nil || string(r.res) != `{"TotalCount":1}` {
			t.Errorf("held get-logs = %s %v, want the editor's answer", r.res, r.err)
		}
		x.clock.Advance(grace)
		if got := x.state(); got != api.StateConnected {
			t.Errorf("state after the grace of an editor that came back = %s, want %s", got, api.StateConnected)
		}
	})
}

// A ping the editor does not answer within a heartbeat closes the
// connection, and the editor counts as crashed; answered pings keep it.
func TestHubHeartbeat(t *testing.T) {
	const beat = 15 * time.Second
	x := newHarness(t, Options{Heartbeat: beat})
	c := x.dial()
	inflight := x.call("get-logs", CallOptions{Idempotent: true})
	x.sent(c)

	armed := x.clock.Armed()
	x.clock.Advance(beat)
	x.ping(c)
	// The ping's timeout, then the next beat once the answer is in.
	x.clock.WaitArmed(t, armed+2, patience)
	c.setDeaf(true)
	x.clock.Advance(beat)
	x.ping(c)
	x.closedAfter(c, beat)
	if got := c.closeReason(); got != "heartbeat timeout" {
		t.Errorf("close reason %q, want heartbeat timeout", got)
	}
	if got := x.state(); got != api.StateDisconnected {
		t.Errorf("state after the heartbeat timeout = %s, want %s", got, api.StateDisconnected)
	}
	x.wantErr(x.wait(inflight), ErrDisconnected, "the call in flight")
}

// ping waits for a ping on c.
func (x *harness) ping(c *fakeConn) {
	x.t.Helper()
	select {
	case <-c.pings:
	case <-time.After(patience):
		x.t.Fatal("no ping reached the editor")
	}
}

// A connection that says no hello within 10 s is closed.
func TestHubHelloTimeout(t *testing.T) {
	x := newHarness(t, Options{Heartbeat: time.Hour})
	c := x.connect()
	x.closedAfter(c, helloTimeout)
	if got := c.closeReason(); got != "no hello within 10s" {
		t.Errorf("close reason %q", got)
	}
	if _, ok := x.hub.Editor(testHash); ok {
		t.Error("a connection without hello made an editor")
	}
}

// Close answers every call it strands with ErrStopping: in flight, spanning
// a reload, or held for one.
func TestHubCloseStopsCalls(t *testing.T) {
	x := newHarness(t, Options{Heartbeat: time.Hour})
	c := x.dial()
	spanning := x.call("compile", CallOptions{Idempotent: true})
	id := x.sent(c).call().CallID
	inflight := x.call("simulate-keyboard", CallOptions{})
	x.sent(c)
	x.event(c, api.EventReloadStarting, ReloadStarting{Spanning: []string{id}})
	held, _ := x.callHeld("get-logs", CallOptions{Idempotent: true})
	before := len(x.changed())
	x.hub.Close()
	x.served(c)
	x.wantErr(x.wait(spanning), ErrStopping, "the spanning compile")
	x.wantErr(x.wait(inflight), ErrStopping, "the call in flight")
	x.wantErr(x.wait(held), ErrStopping, "the held call")
	x.wantErr(x.wait(x.call("get-logs", CallOptions{})), ErrStopping, "a call after Close")
	// The editor is not gone: no OnChange tells the descriptor otherwise,
	// so the next daemon expects it back.
	if changes := x.changed()[before:]; len(changes) != 0 {
		t.Errorf("OnChange during Close: %v, want none", changes)
	}
}

// A second connection for the same project replaces the first: the old one
// is closed, and its calls in flight end as a crash would end them.
func TestHubReplacedConnection(t *testing.T) {
	x := newHarness(t, Options{Heartbeat: time.Hour})
	c1 := x.dial()
	old := x.call("simulate-keyboard", CallOptions{})
	x.sent(c1)
	c2 := x.dial()
	x.served(c1)
	if got := c1.closeReason(); !strings.Contains(got, "replaced") {
		t.Errorf("old connection closed with %q", got)
	}
	x.wantErr(x.wait(old), ErrDisconnected, "the call on the replaced connection")
	ch := x.call("get-logs", CallOptions{})
	x.sent(c2).answer(`{}`)
	if r := x.wait(ch); r.err != nil {
		t.Errorf("call on the new connection: %v", r.err)
	}
	if got := x.state(); got != api.StateConnected {
		t.Errorf("state = %s, want %s", got, api.StateConnected)
	}
}
