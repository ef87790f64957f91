package shim

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
)

// runShim runs the shim with opt (In and Out filled in) and returns the
// client's side. A Run that returns early closes the stdin pipe, so that
// the client's next message fails the test at once instead of waiting for
// a reader forever; a Run that does not return once stdin ended and its
// context was cancelled fails the test after a generous bound.
func runShim(t *testing.T, opt Options) *client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	opt.In, opt.Out, opt.Project = inR, outW, "/p"
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		err := Run(ctx, opt)
		inR.CloseWithError(fmt.Errorf("Run returned (error %v) and reads stdin no more", err))
		done <- err
	}()
	t.Cleanup(func() {
		cancel()
		inW.Close()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Error("Run did not return once stdin ended and its context was cancelled")
		}
		outW.Close()
	})
	c := newClient(inW, outR)
	c.t = t
	return c
}

func answerFor(t *testing.T, c *client, id string) string {
	t.Helper()
	return c.answers(t, id)[api.IDKey(json.RawMessage(id))]
}

// With no daemon to dial the shim starts one (Start) and dials again: the
// client's message reaches the daemon Start brought up, and Start runs
// once.
func TestNoDaemonStartsOneAndDialsAgain(t *testing.T) {
	d := newFakeDaemon(t)
	var started atomic.Int32
	dial := func(ctx context.Context) (Dialed, error) {
		if started.Load() == 0 {
			return Dialed{}, errors.New("no daemon.json")
		}
		return d.dial(ctx)
	}
	start := func(context.Context) error { started.Add(1); return nil }
	c := runShim(t, Options{Dial: dial, Start: start})
	c.send(initialize)
	d.next(t).expect(t, `"method":"initialize"`)
	if n := started.Load(); n != 1 {
		t.Fatalf("Start ran %d times; want once", n)
	}
}

// A Start that fails, or no Start at all, answers the message with why the
// daemon is unreachable (and, for a failed Start, why it did not start).
func TestNoDaemonAndNoStartAnswersWhy(t *testing.T) {
	dial := func(context.Context) (Dialed, error) { return Dialed{}, errors.New("no daemon.json") }
	for _, c := range []struct {
		name  string
		start func(context.Context) error
		want  []string
	}{
		{"failing start", func(context.Context) error { return errors.New("disk full") },
			[]string{"unitymcp daemon unreachable: no daemon.json", "starting it failed: disk full"}},
		{"no start", nil, []string{"unitymcp daemon unreachable: no daemon.json"}},
	} {
		cl := runShim(t, Options{Dial: dial, Start: c.start})
		cl.send(initialize)
		got := answerFor(t, cl, "1")
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: answer %s; want it to say %q", c.name, got, w)
			}
		}
	}
}

// A daemon shutting down (503 shutting_down) is waited for: the shim dials
// again until its successor answers, and starts no daemon of its own.
func TestShuttingDownDaemonIsWaitedFor(t *testing.T) {
	d := newFakeDaemon(t)
	var dials atomic.Int32
	dial := func(ctx context.Context) (Dialed, error) {
		if dials.Add(1) > 2 {
			return d.dial(ctx)
		}
		a, b := net.Pipe()
		go func() { // the old daemon, refusing the stream
			buf := make([]byte, 4096)
			b.Read(buf)
			body := `{"error":{"code":"shutting_down","message":"the daemon is shutting down"}}`
			io.WriteString(b, "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: "+
				strconv.Itoa(len(body))+"\r\nConnection: close\r\n\r\n"+body)
			b.Close()
		}()
		return Dialed{Conn: a, Host: "127.0.0.1:1", Token: "tok"}, nil
	}
	var started atomic.Int32
	start := func(context.Context) error { started.Add(1); return errors.New("must not start") }
	c := runShim(t, Options{Dial: dial, Start: start})
	c.send(initialize)
	d.next(t).expect(t, `"method":"initialize"`)
	if n := started.Load(); n != 0 {
		t.Fatalf("Start ran %d times while the old daemon was shutting down; want none", n)
	}
}

// failingConn takes the stream's upgrade request and then fails every
// write: a connection that breaks as the message is sent.
type failingConn struct {
	net.Conn
	mu     sync.Mutex
	writes int
}

func (f *failingConn) Write(b []byte) (int, error) {
	f.mu.Lock()
	f.writes++
	n := f.writes
	f.mu.Unlock()
	if n > 1 {
		return 0, errors.New("broken pipe")
	}
	return f.Conn.Write(b)
}

// A message whose write fails is written again once on a new connection;
// when that fails too it is answered with why, after exactly two
// connections.
func TestWriteFailingTwiceIsAnswered(t *testing.T) {
	d := newFakeDaemon(t)
	var dials atomic.Int32
	dial := func(ctx context.Context) (Dialed, error) {
		dials.Add(1)
		dd, err := d.dial(ctx)
		if err == nil {
			dd.Conn = &failingConn{Conn: dd.Conn}
		}
		return dd, err
	}
	c := runShim(t, Options{Dial: dial})
	c.send(initialize)
	got := answerFor(t, c, "1")
	if !strings.Contains(got, "failed twice while sending") {
		t.Fatalf("answer %s; want the two failed writes named", got)
	}
	if n := dials.Load(); n != 2 {
		t.Fatalf("%d connections made; want 2 (the first and one retry)", n)
	}
}

// A connection lost with nothing in flight is looked for again in the
// background: once the daemon is back, its notifications reach the client
// without the client sending anything.
func TestIdleRedialRelaysNotifications(t *testing.T) {
	d := newFakeDaemon(t)
	c := startShim(t, d)
	c1 := initialized(t, c, d)
	c1.c.Close()
	c2 := d.next(t)
	c2.send(`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`)
	waitNotification(t, c, "notifications/tools/list_changed")
}

// waitNotification reads the client's lines until one holds method.
func waitNotification(t *testing.T, c *client, method string) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case l := <-c.lines:
			if strings.Contains(l, method) {
				return
			}
		case <-deadline:
			t.Fatalf("the client never received %s", method)
		}
	}
}

// switchedDial dials d while up is set and fails otherwise; every call is
// reported on dials.
func switchedDial(d *fakeDaemon, up *atomic.Bool, dials chan<- int) func(context.Context) (Dialed, error) {
	var n atomic.Int32
	return func(ctx context.Context) (Dialed, error) {
		defer func() { dials <- int(n.Add(1)) }()
		if !up.Load() {
			return Dialed{}, errors.New("no daemon.json")
		}
		return d.dial(ctx)
	}
}

// A connection lost with nothing in flight starts no daemon: the
// background redial only looks for one, and starting one is left to the
// client's next message.
func TestIdleLossStartsNoDaemon(t *testing.T) {
	d := newFakeDaemon(t)
	var up atomic.Bool
	up.Store(true)
	dials := make(chan int, 16)
	var started atomic.Int32
	start := func(context.Context) error { started.Add(1); return errors.New("not here") }
	c := runShim(t, Options{Dial: switchedDial(d, &up, dials), Start: start})
	c1 := initialized(t, c, d)
	up.Store(false)
	c1.c.Close()
	// The first dial made the connection; two more failed ones are the
	// redial's (a Start would run between a failed dial and the next).
	for n := 0; n < 3; {
		select {
		case n = <-dials:
		case <-time.After(10 * time.Second):
			t.Fatal("the shim did not look for the daemon again")
		}
	}
	if n := started.Load(); n != 0 {
		t.Fatalf("Start ran %d times after an idle connection was lost; want none", n)
	}
}

// A connection lost with a call in flight that cannot be remade answers
// the call, and the shim keeps looking for the daemon: once it is back its
// notifications reach the client.
func TestFailedReconnectKeepsRedialling(t *testing.T) {
	d := newFakeDaemon(t)
	var up atomic.Bool
	up.Store(true)
	dials := make(chan int, 64)
	c := runShim(t, Options{Dial: switchedDial(d, &up, dials)})
	c1 := initialized(t, c, d)
	c.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":{}}}`)
	c1.expect(t, `"id":2`)
	up.Store(false)
	c1.c.Close()
	if got := answerFor(t, c, "2"); !strings.Contains(got, "unreachable") {
		t.Fatalf("in-flight call answered %s; want the daemon unreachable", got)
	}
	up.Store(true)
	c2 := d.next(t)
	c2.send(`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`)
	waitNotification(t, c, "notifications/tools/list_changed")
}

// eofReader reports on eof when its reader has ended.
type eofReader struct {
	io.Reader
	once sync.Once
	eof  chan struct{}
}

func (e *eofReader) Read(b []byte) (int, error) {
	n, err := e.Reader.Read(b)
	if err != nil {
		e.once.Do(func() { close(e.eof) })
	}
	return n, err
}

// When stdin ends with a call in flight (`echo request | unitymcp stdio`),
// the shim keeps the stream until the answer arrives and relays it, then
// ends the stream and returns.
func TestStdinEndWaitsForTheAnswer(t *testing.T) {
	d := newFakeDaemon(t)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	in := &eofReader{Reader: inR, eof: make(chan struct{})}
	done := make(chan struct{})
	go func() {
		Run(context.Background(), Options{Dial: d.dial, Project: "/p", In: in, Out: outW})
		close(done)
	}()
	t.Cleanup(func() { inW.Close(); <-done; outW.Close() })
	c := newClient(inW, outR)
	c1 := initialized(t, c, d)
	c.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":{}}}`)
	c1.expect(t, `"id":2`)
	inW.Close()
	<-in.eof
	c1.send(`{"jsonrpc":"2.0","id":2,"result":{"content":[]}}`)
	if got := answerFor(t, c, "2"); !strings.Contains(got, `"result"`) {
		t.Fatalf("answer after stdin ended: %s; want the daemon's result", got)
	}
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the shim did not return once the last answer was relayed")
	}
}
