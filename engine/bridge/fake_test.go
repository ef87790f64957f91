package bridge

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/clock/clocktest"
	"github.com/unitymcp/unitymcp/engine/project"
)

// patience bounds every wait of these tests for something the hub must do;
// it is a watchdog that turns a hang into a failure, not a sleep.
const patience = 10 * time.Second

// fakeRequest is one request the hub sent to a fake editor.
type fakeRequest struct {
	method string
	params any
	reply  chan fakeReply
}

type fakeReply struct {
	result json.RawMessage
	err    error
}

// call is the request's tools/call params.
func (r *fakeRequest) call() CallParams { p, _ := r.params.(CallParams); return p }

// answer replies to the request with a JSON result.
func (r *fakeRequest) answer(result string) { r.reply <- fakeReply{result: json.RawMessage(result)} }

// fakeConn is a connection to a fake editor: it records what the hub sends
// and lets the test answer, close it, or leave pings unanswered.
type fakeConn struct {
	l        *link
	requests chan *fakeRequest // every tools/call, in order
	pings    chan struct{}     // one per ping sent
	notes    chan CancelParams // every call/cancel
	done     chan struct{}
	served   chan struct{} // closed once the hub recorded the end

	mu     sync.Mutex
	ended  bool
	reason string
	deaf   bool   // pings go unanswered
	pong   string // the answer to pings ("" is {})
}

func (c *fakeConn) Call(ctx context.Context, method string, params, out any) error {
	c.mu.Lock()
	ended, deaf, pong := c.ended, c.deaf, c.pong
	c.mu.Unlock()
	if ended {
		return ErrClosed
	}
	if method == MethodPing {
		c.pings <- struct{}{}
		if !deaf {
			if raw, ok := out.(*json.RawMessage); ok {
				*raw = json.RawMessage(cmp.Or(pong, "{}"))
			}
			return nil
		}
		select {
		case <-c.done:
			return ErrClosed
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	r := &fakeRequest{method: method, params: params, reply: make(chan fakeReply, 1)}
	c.requests <- r
	select {
	case rep := <-r.reply:
		if rep.err != nil {
			return rep.err
		}
		if raw, ok := out.(*json.RawMessage); ok {
			*raw = rep.result
		}
		return nil
	case <-c.done:
		return ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (c *fakeConn) Notify(method string, params any) error {
	if p, ok := params.(CancelParams); ok && method == MethodCancel {
		c.notes <- p
	}
	return nil
}

func (c *fakeConn) Close(reason string) {
	c.mu.Lock()
	if c.reason == "" {
		c.reason = reason
	}
	c.mu.Unlock()
	c.end()
}

func (c *fakeConn) Done() <-chan struct{} { return c.done }

// end ends the connection, as the editor closing its socket does.
func (c *fakeConn) end() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.ended {
		c.ended = true
		close(c.done)
	}
}

func (c *fakeConn) closeReason() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.reason
}

// setPong sets the answer to the next pings.
func (c *fakeConn) setPong(pong string) {
	c.mu.Lock()
	c.pong = pong
	c.mu.Unlock()
}

func (c *fakeConn) setDeaf(deaf bool) {
	c.mu.Lock()
	c.deaf = deaf
	c.mu.Unlock()
}

// harness drives a Hub with fake connections and a fake clock, the way
// ServeHTTP and Peer drive it with real ones.
type harness struct {
	t     *testing.T
	hub   *Hub
	clock *clocktest.Fake

	mu      sync.Mutex
	changes []api.EditorState // the state of every OnChange
}

// testDataPath is the project every fake editor says hello for.
const testDataPath = "/p/Assets"

var testHash = project.Hash(testDataPath)

func newHarness(t *testing.T, opt Options) *harness {
	t.Helper()
	clock := clocktest.New()
	opt.Clock = clock
	if opt.DaemonVersion == "" {
		opt.DaemonVersion = "test"
	}
	x := &harness{t: t, clock: clock}
	opt.OnChange = func(info api.EditorInfo, _ bool) {
		x.mu.Lock()
		x.changes = append(x.changes, info.State)
		x.mu.Unlock()
	}
	x.hub = NewHub(opt)
	t.Cleanup(x.hub.Close)
	return x
}

// changed is the state of every OnChange so far.
func (x *harness) changed() []api.EditorState {
	x.mu.Lock()
	defer x.mu.Unlock()
	return append([]api.EditorState(nil), x.changes...)
}

// connect opens a connection that has not said hello yet.
func (x *harness) connect() *fakeConn {
	x.t.Helper()
	c := &fakeConn{requests: make(chan *fakeRequest, 16), pings: make(chan struct{}, 16), notes: make(chan CancelParams, 16),
		done: make(chan struct{}), served: make(chan struct{})}
	c.l = &link{conn: c}
	if !x.hub.enter() || !x.hub.admit(c.l) {
		x.t.Fatal("the hub refused a connection")
	}
	go func() {
		defer close(c.served)
		defer x.hub.conns.Done()
		x.hub.serve(c.l, func() error { <-c.done; return nil })
	}()
	return c
}

// helloPending sends a hello and returns what the connection does once the
// answer is on the wire, for a test to call when it chooses.
func (x *harness) helloPending(c *fakeConn, delivered ...Delivery) (HelloResult, func()) {
	x.t.Helper()
	params, _ := json.Marshal(Hello{Protocol: ProtocolVersion, DataPath: testDataPath, Tools: []string{"get-logs", "compile"}, Delivered: delivered})
	res, err := x.hub.request(c.l, MethodHello, params)
	if err != nil {
		x.t.Fatalf("hello: %v", err)
	}
	r := res.(helloReply)
	return r.HelloResult, r.afterReply
}

// hello says hello and sends the answer, as Peer.serve does.
func (x *harness) hello(c *fakeConn, delivered ...Delivery) {
	x.t.Helper()
	_, sent := x.helloPending(c, delivered...)
	sent()
}

// dial connects and says hello.
func (x *harness) dial(delivered ...Delivery) *fakeConn {
	x.t.Helper()
	c := x.connect()
	x.hello(c, delivered...)
	return c
}

// event sends an editor event on c.
func (x *harness) event(c *fakeConn, typ string, data any) {
	x.t.Helper()
	d, _ := json.Marshal(data)
	params, _ := json.Marshal(Event{Type: typ, Data: d})
	x.hub.notification(c.l, MethodEvent, params)
}

// drop ends c from the editor's side and waits until the hub recorded it.
func (x *harness) drop(c *fakeConn) {
	x.t.Helper()
	c.end()
	x.served(c)
}

// served waits until the hub recorded the end of c.
func (x *harness) served(c *fakeConn) {
	x.t.Helper()
	select {
	case <-c.served:
	case <-time.After(patience):
		x.t.Fatal("the hub did not record the end of the connection")
	}
}

// reloadAway brings an editor into an announced reload whose connection has
// ended: a compile it listed as spanning the reload, and a get-logs held
// for its return.
func (x *harness) reloadAway() (spanning, held <-chan result) {
	x.t.Helper()
	c := x.dial()
	spanning = x.call("compile", CallOptions{Idempotent: true})
	id := x.sent(c).call().CallID
	x.event(c, api.EventReloadStarting, ReloadStarting{Spanning: []string{id}})
	x.drop(c)
	held, _ = x.callHeld("get-logs", CallOptions{Idempotent: true})
	return spanning, held
}

// closedAfter advances the clock by d in two steps: c must still be open a
// millisecond before, and its end recorded after.
func (x *harness) closedAfter(c *fakeConn, d time.Duration) {
	x.t.Helper()
	x.clock.Advance(d - time.Millisecond)
	select {
	case <-c.Done():
		x.t.Fatalf("the connection closed before %v had passed", d)
	default:
	}
	x.clock.Advance(time.Millisecond)
	x.served(c)
}

// result is what a Hub.Call returned.
type result struct {
	res json.RawMessage
	err error
}

// call starts a Hub.Call for tool and returns where its result will come.
func (x *harness) call(tool string, opt CallOptions) <-chan result {
	ch := make(chan result, 1)
	go func() {
		res, err := x.hub.Call(context.Background(), testHash, tool, map[string]any{}, opt)
		ch <- result{res, err}
	}()
	return ch
}

// callHeld starts a call and returns once the hub holds it (its first
// Waiting report), with the reports to come.
func (x *harness) callHeld(tool string, opt CallOptions) (<-chan result, <-chan time.Duration) {
	x.t.Helper()
	waited := make(chan time.Duration, 64)
	opt.Waiting = func(d time.Duration) { waited <- d }
	ch := x.call(tool, opt)
	select {
	case <-waited:
	case r := <-ch:
		x.t.Fatalf("%s was not held: %s %v", tool, r.res, r.err)
	case <-time.After(patience):
		x.t.Fatalf("%s was not held", tool)
	}
	return ch, waited
}

// sent waits for the next tools/call on c.
func (x *harness) sent(c *fakeConn) *fakeRequest {
	x.t.Helper()
	select {
	case r := <-c.requests:
		return r
	case <-time.After(patience):
		x.t.Fatal("no call reached the editor")
		return nil
	}
}

// sentBefore waits for the next tools/call on c, failing at once if the
// call ch ends instead.
func (x *harness) sentBefore(c *fakeConn, ch <-chan result) *fakeRequest {
	x.t.Helper()
	select {
	case r := <-c.requests:
		return r
	case r := <-ch:
		x.t.Fatalf("the call ended (%s %v) instead of reaching the editor", r.res, r.err)
	case <-time.After(patience):
		x.t.Fatal("no call reached the editor")
	}
	return nil
}

// endedBefore waits for the call ch to end, failing at once if a
// tools/call reaches c instead.
func (x *harness) endedBefore(ch <-chan result, c *fakeConn) result {
	x.t.Helper()
	select {
	case r := <-ch:
		return r
	case r := <-c.requests:
		x.t.Fatalf("%s (call %s) was sent again instead of ending", r.call().Tool, r.call().CallID)
	case <-time.After(patience):
		x.t.Fatal("the call did not end")
	}
	return result{}
}

// notSent checks that no tools/call is waiting on c.
func (x *harness) notSent(c *fakeConn) {
	x.t.Helper()
	select {
	case r := <-c.requests:
		x.t.Errorf("the editor got %s (call %s), want no call", r.call().Tool, r.call().CallID)
	default:
	}
}

// wait waits for a call's result.
func (x *harness) wait(ch <-chan result) result {
	x.t.Helper()
	select {
	case r := <-ch:
		return r
	case <-time.After(patience):
		x.t.Fatal("the call did not end")
		return result{}
	}
}

// pendingCall checks that the call has not ended.
func (x *harness) pendingCall(ch <-chan result, what string) {
	x.t.Helper()
	select {
	case r := <-ch:
		x.t.Fatalf("%s ended early: %s %v", what, r.res, r.err)
	default:
	}
}

// wantErr checks that a call ended with err.
func (x *harness) wantErr(r result, err error, what string) {
	x.t.Helper()
	if !errors.Is(r.err, err) {
		x.t.Errorf("%s: %s %v, want %v", what, r.res, r.err, err)
	}
}

// state is the editor's state.
func (x *harness) state() api.EditorState {
	info, _ := x.hub.Editor(testHash)
	return info.State
}
