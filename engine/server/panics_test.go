package server

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"
	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
)

// panickySession is a client session whose notification queue panics.
type panickySession struct{ id string }

func (p panickySession) Initialize()       {}
func (p panickySession) Initialized() bool { return true }
func (p panickySession) NotificationChannel() chan<- mcp.JSONRPCNotification {
	panic("a session's bug")
}
func (p panickySession) SessionID() string { return p.id }

var _ mcpserver.ClientSession = panickySession{}

// A panic in a task's own bookkeeping — here its status notification,
// after the call — is logged and never ends the daemon; the task keeps
// the result it had.
func TestTaskBookkeepingPanicIsLogged(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	d.srv.mcp.call = func(context.Context, engine.Request) (json.RawMessage, *api.ToolError) {
		return json.RawMessage(`{"ok":true}`), nil
	}
	ts := &d.srv.mcp.tasks
	ts.addSession(panickySession{id: "s-panicky"}, "")
	ctx, cancel := context.WithCancel(t.Context())
	tk := &task{id: newTaskID(), session: "s-panicky", tool: "get-logs", created: time.Now(), ttl: time.Minute, cancel: cancel,
		done: make(chan struct{}), status: mcp.TaskStatusWorking, updated: time.Now()}
	tk.expiry = time.AfterFunc(time.Minute, func() { ts.drop(tk) })
	defer tk.expiry.Stop()
	if !ts.add(tk) {
		t.Fatal("the task store refused the task")
	}
	d.srv.runTask(ctx, "", tk, json.RawMessage(`{}`), nil) // must return, not panic
	wire, res := ts.snapshot(tk)
	if wire.Status != mcp.TaskStatusCompleted || !strings.Contains(string(res), `"ok":true`) {
		t.Errorf("the task after its notification panicked: %s %s, want completed with its result", wire.Status, res)
	}
	if s := d.logs.String(); !strings.Contains(s, "panic running a task") || !strings.Contains(s, "a session's bug") {
		t.Errorf("the log does not tell of the panic:\n%s", s)
	}
	// A panic before the task settled fails it, so that tasks/result answers.
	early := &task{id: newTaskID(), session: "s-quiet", tool: "get-logs", created: time.Now(), ttl: time.Minute, cancel: func() {},
		done: make(chan struct{}), status: mcp.TaskStatusWorking, updated: time.Now()}
	if !ts.add(early) {
		t.Fatal("the task store refused the second task")
	}
	func() {
		defer d.srv.settleOnPanic(early)
		panic("before the call")
	}()
	if wire, res := ts.snapshot(early); wire.Status != mcp.TaskStatusFailed || !strings.Contains(string(res), api.CodeInternal) {
		t.Errorf("a task whose goroutine panicked before it settled: %s %s, want failed with %s", wire.Status, res, api.CodeInternal)
	}
}

// A panic in the goroutine that follows a task's editor (here its status
// notification, on a tests.finished event while the call runs) is logged
// and ends that watch; the task still settles.
func TestTaskWatchPanicIsLogged(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	hash := d.sim.Hash()
	d.srv.mcp.call = func(ctx context.Context, req engine.Request) (json.RawMessage, *api.ToolError) {
		d.srv.eng.Events.Publish(api.Event{Type: api.EventTestsFinished, Project: hash, Data: json.RawMessage(`{"mode":"EditMode","passed":1,"failed":0,"skipped":0,"failures":[]}`)})
		deadline := time.Now().Add(10 * time.Second)
		for !strings.Contains(d.logs.String(), "panic following a task's editor") {
			if time.Now().After(deadline) {
				t.Error("the watch's panic was not logged within 10 s")
				break
			}
			time.Sleep(time.Millisecond)
		}
		return json.RawMessage(`{"ok":true}`), nil
	}
	ts := &d.srv.mcp.tasks
	ts.addSession(panickySession{id: "s-watched"}, "")
	ctx, cancel := context.WithCancel(t.Context())
	tk := &task{id: newTaskID(), session: "s-watched", tool: "run-tests", created: time.Now(), ttl: time.Minute, cancel: cancel,
		done: make(chan struct{}), status: mcp.TaskStatusWorking, updated: time.Now()}
	if !ts.add(tk) {
		t.Fatal("the task store refused the task")
	}
	d.srv.runTask(ctx, hash, tk, json.RawMessage(`{}`), nil)
	if wire, _ := ts.snapshot(tk); wire.Status != mcp.TaskStatusCompleted {
		t.Errorf("the task after its watch panicked: %s, want completed", wire.Status)
	}
	if s := d.logs.String(); !strings.Contains(s, "a session's bug") {
		t.Errorf("the log does not name the panic:\n%s", s)
	}
}

// A panic while an answer is written to a stdio stream (a large answer is
// written as it goes) ends that stream — half a line cannot be taken back
// — and is logged; the daemon goes on.
func TestStreamWritePanicEndsTheStream(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	daemonSide, clientSide := net.Pipe()
	defer clientSide.Close()
	go io.Copy(io.Discard, clientSide)
	st := &stream{s: d.srv, conn: daemonSide, out: bufio.NewWriter(daemonSide)}
	if st.writeWith(func(w io.Writer) error { w.Write([]byte(`{"jsonrpc":`)); panic("an encoder's bug") }) {
		t.Error("a write that panicked reported success")
	}
	if st.write([]byte(`{}`)) {
		t.Error("the stream took another write after a half-written line")
	}
	if _, err := daemonSide.Write([]byte("x")); !errors.Is(err, io.ErrClosedPipe) {
		t.Errorf("the stream's connection after the panic: write %v, want it closed", err)
	}
	if s := d.logs.String(); !strings.Contains(s, "panic writing to a stdio stream") || !strings.Contains(s, "an encoder's bug") {
		t.Errorf("the log does not tell of the panic:\n%s", s)
	}
}
