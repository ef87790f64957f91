package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"slices"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"
)

// MCP tasks (protocol revision 2025-11-25) for the long editor calls.
//
// run-tests and compile (execution.taskSupport "optional") may be called
// with params.task: the answer is a CreateTaskResult at once, the work is
// the same engine.Engine.Call a plain call makes (so the hub holds it across
// domain reloads exactly as it holds a plain call), and the client follows
// it with tasks/get, tasks/result (blocks until the task ends, then answers
// the CallToolResult a plain call would have), tasks/list and tasks/cancel.
//
// The daemon answers these requests itself, ahead of mcp-go, instead of
// using mcp-go's task machinery (WithTaskCapabilities + task tools), because
// in mcp-go v1.2.1 that machinery does not fit a daemon whose calls wait for
// editors:
//   - a task's work runs on a context derived from the tools/call request,
//     which mcp-go cancels as soon as the CreateTaskResult is answered: every
//     held call would end "cancelled" at once;
//   - notifications/tasks/status go to every session of the server, so one
//     session would learn another's task ids;
//   - its bound is on concurrent tasks per server, not per session; a task
//     without a ttl is kept for ever; nothing ends a session's tasks with it;
//   - a handler cannot set the task's statusMessage ("waiting for the domain
//     reload").
//
// mcp-go still advertises the capability (WithTaskCapabilities in mcp.go),
// and the tools carry execution.taskSupport, so initialize and tools/list
// are mcp-go's as before. What the daemon adds:
//   - a task belongs to the MCP session that made it: another session (of
//     any project) gets "task not found" for it, and its notifications go
//     to that session only; ending the session cancels and drops its tasks;
//   - at most maxTasksPerSession tasks are kept per session (running, or
//     finished and within their ttl); one more is refused with an error
//     that says how to make room;
//   - the ttl a client asks for is clamped to [minTaskTTL, maxTaskTTL]
//     (defaultTaskTTL when absent) and answered; the result is kept until
//     the ttl ends, and the work gets the ttl's end as its deadline (not the
//     engine's CallTimeout: a test run may be long, and the client said how
//     long it would wait);
//   - statusMessage follows the editor: held for a domain reload, back,
//     tests finished; with a progressToken, each change is also a
//     notifications/progress;
//   - a task's routing never asks the client for its roots (the request
//     that could carry that question has been answered): an unpinned
//     session with several editors gets project_ambiguous as the task's
//     result, as a client without roots does.

const (
	// maxTasksPerSession bounds the tasks one session keeps.
	maxTasksPerSession = 16
	// defaultTaskTTL is a task's ttl when the client names none.
	defaultTaskTTL = time.Hour
	minTaskTTL     = time.Second
	maxTaskTTL     = 24 * time.Hour
	// taskPollInterval is the pollInterval suggested to clients.
	taskPollInterval = time.Second
)

// Task status messages.
const (
	msgRunning   = "running %s in the Unity editor"
	msgReloading = "Unity is reloading scripts (domain reload); %s is held across it and goes on when the editor is back"
)

// taskStore holds the tasks of every session, whatever front it is on.
type taskStore struct {
	mu       sync.Mutex
	sessions map[string]map[string]*task // session id → task id → task
	// clients are the live sessions and the project each is pinned to, for
	// notifications with _meta (mcp-go's SendNotificationToSpecificClient
	// takes none).
	clients map[string]taskClient
}

type taskClient struct {
	cs  mcpserver.ClientSession
	key string // the front's project hash ("": not pinned)
}

// addSession notes a session mcp-go registered on the front of key (again
// when a stdio session moves to another project: editor_select).
func (ts *taskStore) addSession(cs mcpserver.ClientSession, key string) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if ts.clients == nil {
		ts.clients = map[string]taskClient{}
	}
	ts.clients[cs.SessionID()] = taskClient{cs, key}
}

// client returns a live session and its project, nil when it ended.
func (ts *taskStore) client(sid string) (mcpserver.ClientSession, string) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	c := ts.clients[sid]
	return c.cs, c.key
}

// task is one task-augmented tools/call.
type task struct {
	id, session, tool string
	created           time.Time
	ttl               time.Duration
	cancel            context.CancelFunc
	done              chan struct{} // closed with the terminal status
	expiry            *time.Timer

	// Under taskStore.mu.
	status  mcp.TaskStatus
	message string
	updated time.Time
	result  json.RawMessage // the CallToolResult, once terminal
}

// add keeps t for its session; false when the session has reached the bound.
func (ts *taskStore) add(t *task) bool {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if ts.sessions == nil {
		ts.sessions = map[string]map[string]*task{}
	}
	m := ts.sessions[t.session]
	if len(m) >= maxTasksPerSession {
		return false
	}
	if m == nil {
		m = map[string]*task{}
		ts.sessions[t.session] = m
	}
	m[t.id] = t
	return true
}

// get returns the session's task, nil when it has none of that id.
func (ts *taskStore) get(sid, id string) *task {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return ts.sessions[sid][id]
}

// list returns the session's tasks, oldest first.
func (ts *taskStore) list(sid string) []mcp.Task {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	tasks := make([]*task, 0, len(ts.sessions[sid]))
	for _, t := range ts.sessions[sid] {
		tasks = append(tasks, t)
	}
	slices.SortFunc(tasks, func(a, b *task) int {
		if c := a.created.Compare(b.created); c != 0 {
			return c
		}
		return bytes.Compare([]byte(a.id), []byte(b.id))
	})
	out := make([]mcp.Task, 0, len(tasks))
	for _, t := range tasks {
		out = append(out, t.wire())
	}
	return out
}

// wire is the task as the protocol shows it (under ts.mu).
func (t *task) wire() mcp.Task {
	ttl, poll := t.ttl.Milliseconds(), taskPollInterval.Milliseconds()
	return mcp.Task{TaskId: t.id, Status: t.status, StatusMessage: t.message,
		CreatedAt: t.created.UTC().Format(time.RFC3339Nano), LastUpdatedAt: t.updated.UTC().Format(time.RFC3339Nano),
		TTL: &ttl, PollInterval: &poll}
}

// snapshot returns the task's wire form and, when terminal, its result.
func (ts *taskStore) snapshot(t *task) (mcp.Task, json.RawMessage) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return t.wire(), t.result
}

// setMessage changes a working task's statusMessage; false when it is
// terminal or the message is the same.
func (ts *taskStore) setMessage(t *task, msg string) (mcp.Task, bool) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if t.status != mcp.TaskStatusWorking || t.message == msg {
		return mcp.Task{}, false
	}
	t.message, t.updated = msg, time.Now()
	return t.wire(), true
}

// finish gives t its terminal status and result; false when it already
// has one (a tasks/cancel came first).
func (ts *taskStore) finish(t *task, status mcp.TaskStatus, msg string, result json.RawMessage) (mcp.Task, bool) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if t.status.IsTerminal() {
		return mcp.Task{}, false
	}
	t.status, t.message, t.result, t.updated = status, msg, result, time.Now()
	close(t.done)
	return t.wire(), true
}

// drop forgets t (its ttl ended) and cancels its work if still running.
func (ts *taskStore) drop(t *task) {
	ts.mu.Lock()
	if m := ts.sessions[t.session]; m[t.id] == t {
		delete(m, t.id)
		if len(m) == 0 {
			delete(ts.sessions, t.session)
		}
	}
	ts.mu.Unlock()
	t.cancel()
}

// endSession cancels and forgets every task of a session that ended.
func (ts *taskStore) endSession(sid string) {
	ts.mu.Lock()
	m := ts.sessions[sid]
	delete(ts.sessions, sid)
	delete(ts.clients, sid)
	ts.mu.Unlock()
	for _, t := range m {
		t.expiry.Stop()
		t.cancel()
	}
}

// newTaskID is a random task id (128 bits, hex).
func newTaskID() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}
