package bridge

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

// expiringCtx is a context with a deadline that passes when the test says
// so (expire), not when the wall clock reaches it: the hub reads only
// Deadline, Done and Err.
type expiringCtx struct {
	context.Context
	at   time.Time
	once sync.Once
	done chan struct{}
}

func newExpiringCtx(at time.Time) *expiringCtx {
	return &expiringCtx{Context: context.Background(), at: at, done: make(chan struct{})}
}

func (c *expiringCtx) Deadline() (time.Time, bool) { return c.at, true }
func (c *expiringCtx) Done() <-chan struct{}       { return c.done }
func (c *expiringCtx) expire()                     { c.once.Do(func() { close(c.done) }) }

func (c *expiringCtx) Err() error {
	select {
	case <-c.done:
		return context.DeadlineExceeded
	default:
		return nil
	}
}

// callCtx starts a Hub.Call under ctx and returns where its result will come.
func (x *harness) callCtx(ctx context.Context, tool string, opt CallOptions) <-chan result {
	ch := make(chan result, 1)
	go func() {
		res, err := x.hub.Call(ctx, testHash, tool, map[string]any{}, opt)
		ch <- result{res, err}
	}()
	return ch
}

// cancelled waits for the call/cancel the editor gets on c.
func (x *harness) cancelled(c *fakeConn) CancelParams {
	x.t.Helper()
	select {
	case p := <-c.notes:
		return p
	case <-time.After(patience):
		x.t.Fatal("the editor was never told to cancel the call")
		return CancelParams{}
	}
}

// A caller that gives up — its MCP request cancelled, or its deadline
// passed — stops the work in the editor too: the editor was given the
// deadline with the call, is sent call/cancel naming that call, the caller
// gets its context's error, and the hub keeps nothing of the call.
func TestHubCancelReachesTheEditor(t *testing.T) {
	deadline := time.Date(2030, 1, 2, 3, 4, 5, 678e6, time.UTC)
	for _, tc := range []struct {
		name   string
		start  func() (ctx context.Context, giveUp func())
		wantMs int64 // the frame's deadlineMs
		want   error
	}{
		{"cancelled", func() (context.Context, func()) { return context.WithCancel(context.Background()) }, 0, context.Canceled},
		{"deadline", func() (context.Context, func()) { c := newExpiringCtx(deadline); return c, c.expire }, deadline.UnixMilli(), context.DeadlineExceeded},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := newHarness(t, Options{Heartbeat: time.Hour})
			c := x.dial()
			ctx, giveUp := tc.start()
			ch := x.callCtx(ctx, "run-tests", CallOptions{Idempotent: true})
			req := x.sent(c)
			if got := req.call().DeadlineMs; got != tc.wantMs {
				t.Errorf("deadlineMs %d reached the editor, want %d", got, tc.wantMs)
			}
			if n := x.hub.InFlight(testHash); n != 1 {
				t.Errorf("InFlight = %d while the editor runs the call, want 1", n)
			}
			giveUp()
			if got := x.cancelled(c); got.CallID != req.call().CallID {
				t.Errorf("call/cancel for %q, want the call sent (%q)", got.CallID, req.call().CallID)
			}
			x.wantErr(x.wait(ch), tc.want, "the call given up")
			if n := x.hub.InFlight(testHash); n != 0 {
				t.Errorf("InFlight = %d after the call was given up, want 0", n)
			}
			x.notSent(c) // an idempotent call given up is not sent again
		})
	}
}

// The hub holds nothing for a call once it is answered, whatever the
// answer: an editor that stays connected for days answers millions of
// calls, and InFlight (what the daemon reports as the editor's queue)
// counts only the calls it has not answered yet.
func TestHubHoldsNothingForAnsweredCalls(t *testing.T) {
	x := newHarness(t, Options{Heartbeat: time.Hour})
	c := x.dial()
	const n = 20
	var calls []<-chan result
	for i := 0; i < n; i++ {
		calls = append(calls, x.call("get-logs", CallOptions{Idempotent: i%2 == 0}))
	}
	var reqs []*fakeRequest
	for i := 0; i < n; i++ {
		reqs = append(reqs, x.sent(c))
	}
	if got := x.hub.InFlight(testHash); got != n {
		t.Fatalf("InFlight = %d with %d calls unanswered, want %d", got, n, n)
	}
	toolErr := NewToolError("editor_error", "no such window")
	for i, r := range reqs {
		if i%3 == 0 {
			r.reply <- fakeReply{err: toolErr}
		} else {
			r.answer(`{"TotalCount":0}`)
		}
	}
	failed := 0
	for _, ch := range calls {
		r := x.wait(ch)
		var re *RPCError
		switch {
		case errors.As(r.err, &re) && re.ToolCode() == "editor_error":
			failed++
		case r.err != nil || string(r.res) != `{"TotalCount":0}`:
			t.Errorf("a call ended %s %v, want the editor's answer", r.res, r.err)
		}
	}
	if want := (n + 2) / 3; failed != want {
		t.Errorf("%d calls got the tool error, want %d", failed, want)
	}
	if got := x.hub.InFlight(testHash); got != 0 {
		t.Errorf("InFlight = %d after every call was answered, want 0", got)
	}
}
