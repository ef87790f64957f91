package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"
	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
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

// taskStore holds the tasks of one front's sessions.
type taskStore struct {
	mu       sync.Mutex
	sessions map[string]map[string]*task // session id → task id → task
	// clients are the live sessions, for notifications with _meta (mcp-go's
	// SendNotificationToSpecificClient takes none).
	clients map[string]mcpserver.ClientSession
}

// addSession notes a session mcp-go registered.
func (ts *taskStore) addSession(cs mcpserver.ClientSession) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if ts.clients == nil {
		ts.clients = map[string]mcpserver.ClientSession{}
	}
	ts.clients[cs.SessionID()] = cs
}

// client returns a live session, nil when it ended.
func (ts *taskStore) client(sid string) mcpserver.ClientSession {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return ts.clients[sid]
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
	result  []byte // the CallToolResult, once terminal
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
func (ts *taskStore) snapshot(t *task) (mcp.Task, []byte) {
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
func (ts *taskStore) finish(t *task, status mcp.TaskStatus, msg string, result []byte) (mcp.Task, bool) {
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

// taskRequest is the part of a JSON-RPC message the task methods read.
type taskRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
		Task      json.RawMessage `json:"task"`
		Meta      struct {
			ProgressToken any `json:"progressToken"`
		} `json:"_meta"`
		TaskID string `json:"taskId"`
		Cursor string `json:"cursor"`
	} `json:"params"`
}

// taskMark is in every message tryTask answers ("task": or "tasks/…").
var taskMark = []byte(`"task`)

// tryTask answers r itself when it is a task-augmented tools/call or a
// tasks/* request, and reports whether it did; otherwise r goes on to the
// fast path or mcp-go.
func (s *Server) tryTask(w http.ResponseWriter, r *http.Request, hash string, f *front, body []byte) bool {
	if !bytes.Contains(body, taskMark) {
		return false
	}
	var m taskRequest
	if json.Unmarshal(body, &m) != nil || m.JSONRPC != "2.0" || !api.PlainID(m.ID) {
		return false
	}
	switch m.Method {
	case string(mcp.MethodToolsCall):
		if isNull(m.Params.Task) {
			return false
		}
	case string(mcp.MethodTasksGet), string(mcp.MethodTasksResult), string(mcp.MethodTasksList), string(mcp.MethodTasksCancel):
	default:
		return false
	}
	id := bytes.TrimSpace(m.ID)
	sid := r.Header.Get(mcpserver.HeaderKeySessionID)
	if sid == "" || !f.fast.has(sid) {
		writeRPCError(w, id, mcp.INVALID_REQUEST, "MCP tasks belong to a session: initialize one (protocol 2025-11-25) and send its Mcp-Session-Id with every request")
		return true
	}
	if m.Method == string(mcp.MethodToolsCall) {
		s.createTask(w, r, hash, f, sid, id, &m)
		return true
	}
	if m.Method == string(mcp.MethodTasksList) {
		if m.Params.Cursor != "" {
			writeRPCError(w, id, mcp.INVALID_PARAMS, "tasks/list answers every task of the session on one page; it takes no cursor")
			return true
		}
		writeRPCResult(w, id, mcp.ListTasksResult{Tasks: f.tasks.list(sid)})
		return true
	}
	t := f.tasks.get(sid, m.Params.TaskID)
	if t == nil {
		writeRPCError(w, id, mcp.INVALID_PARAMS, fmt.Sprintf("task %.80q not found in this session (tasks belong to the session that made them, and are dropped when their ttl ends)", m.Params.TaskID))
		return true
	}
	switch m.Method {
	case string(mcp.MethodTasksGet):
		wire, _ := f.tasks.snapshot(t)
		writeRPCResult(w, id, mcp.GetTaskResult{Task: wire})
	case string(mcp.MethodTasksCancel):
		wire, ok := f.tasks.finish(t, mcp.TaskStatusCancelled, "cancelled by the client", s.cancelledResult(t))
		if !ok {
			wire, _ = f.tasks.snapshot(t)
			writeRPCError(w, id, mcp.INVALID_PARAMS, fmt.Sprintf("task %s is already %s; only a working task can be cancelled", t.id, wire.Status))
			return true
		}
		t.cancel()
		s.taskStatus(f, t, wire)
		writeRPCResult(w, id, mcp.CancelTaskResult{Task: wire})
	case string(mcp.MethodTasksResult):
		select {
		case <-t.done:
		case <-r.Context().Done():
			writeRPCError(w, id, mcp.REQUEST_INTERRUPTED, "the request ended before the task did")
			return true
		}
		_, res := f.tasks.snapshot(t)
		writeRPCRaw(w, id, res)
	}
	return true
}

// createTask starts a task-augmented tools/call and answers its
// CreateTaskResult.
func (s *Server) createTask(w http.ResponseWriter, r *http.Request, hash string, f *front, sid string, id json.RawMessage, m *taskRequest) {
	tool := s.eng.Lookup(hash, m.Params.Name)
	if tool == nil {
		writeRPCError(w, id, mcp.INVALID_PARAMS, fmt.Sprintf("tool %.80q not found", m.Params.Name))
		return
	}
	if tool.TaskSupport == "" {
		// The spec's answer (2025-11-25, tool-level negotiation): -32601.
		writeRPCError(w, id, mcp.METHOD_NOT_FOUND, fmt.Sprintf("%s does not run as a task (its execution.taskSupport is forbidden); call it without params.task", tool.Name))
		return
	}
	var tp struct {
		TTL *int64 `json:"ttl"`
	}
	if json.Unmarshal(m.Params.Task, &tp) != nil {
		writeRPCError(w, id, mcp.INVALID_PARAMS, "params.task must be an object, with an optional ttl in milliseconds")
		return
	}
	ttl := defaultTaskTTL
	if tp.TTL != nil {
		ms := min(max(*tp.TTL, minTaskTTL.Milliseconds()), maxTaskTTL.Milliseconds())
		ttl = time.Duration(ms) * time.Millisecond
	}
	now := time.Now()
	// The work outlives this request (and the request's context, which the
	// server cancels when the answer is written); it ends with the ttl, a
	// tasks/cancel or the session.
	ctx, cancel := context.WithDeadline(context.WithoutCancel(r.Context()), now.Add(ttl))
	t := &task{id: newTaskID(), session: sid, tool: tool.Name, created: now, ttl: ttl, cancel: cancel,
		done: make(chan struct{}), status: mcp.TaskStatusWorking, message: fmt.Sprintf(msgRunning, tool.Name), updated: now}
	t.expiry = time.AfterFunc(ttl, func() { f.tasks.drop(t) })
	if !f.tasks.add(t) {
		t.expiry.Stop()
		cancel()
		writeRPCError(w, id, mcp.INVALID_REQUEST, fmt.Sprintf("this session keeps %d tasks already (running, or finished and within their ttl); take their results (tasks/result), cancel one (tasks/cancel), ask for shorter ttls, or call %s without params.task", maxTasksPerSession, tool.Name))
		return
	}
	wire, _ := f.tasks.snapshot(t)
	go s.runTask(ctx, hash, f, t, m.Params.Arguments, m.Params.Meta.ProgressToken)
	writeRPCResult(w, id, mcp.CreateTaskResult{Task: wire})
}

// runTask runs the task's call through the engine, as a plain call runs,
// and settles the task with its result.
func (s *Server) runTask(ctx context.Context, hash string, f *front, t *task, args json.RawMessage, token any) {
	defer t.cancel()
	var mu sync.Mutex // orders the notifications of this task
	n := 0
	// setStatus changes statusMessage (a notifications/tasks/status when it
	// changed); progress sends notifications/progress when the client gave
	// a progressToken.
	setStatus := func(msg string) {
		mu.Lock()
		defer mu.Unlock()
		if wire, changed := f.tasks.setMessage(t, msg); changed {
			s.taskStatus(f, t, wire)
		}
	}
	progress := func(msg string) {
		if token == nil {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		n++
		s.notify(f, t, "notifications/progress", map[string]any{"progressToken": token, "progress": n, "message": msg})
	}
	stop := s.watchEditor(ctx, hash, t, func(msg string) { setStatus(msg); progress(msg) })
	// The engine reports a call held for a reload about once a second.
	held := func(_, _ float64, msg string) {
		setStatus(fmt.Sprintf(msgReloading, t.tool))
		progress(msg)
	}
	res, terr := s.eng.Call(ctx, engine.Request{Project: hash, Tool: t.tool, Args: args, Roots: noRoots, Progress: held, Session: "mcp:" + t.session})
	stop()
	status, msg := mcp.TaskStatusCompleted, t.tool+" finished"
	if terr != nil {
		// 2025-11-25: a tool call whose result has isError ends "failed";
		// tasks/result still answers that result.
		status, msg = mcp.TaskStatusFailed, terr.Message
	}
	if wire, ok := f.tasks.finish(t, status, msg, taskResult(t.id, res, terr)); ok {
		s.taskStatus(f, t, wire)
	}
}

// watchEditor follows the editor of the task's project on the event bus and
// reports what the task waits for; the returned func stops it. Unpinned
// calls are followed when one editor is connected (the one they go to).
func (s *Server) watchEditor(ctx context.Context, hash string, t *task, update func(msg string)) func() {
	if hash == "" {
		target, terr := s.eng.Resolve(ctx, "", nil)
		if terr != nil {
			return func() {}
		}
		hash = target.Hash
	}
	evs, unsubscribe := s.eng.Events.Subscribe(32)
	done := make(chan struct{})
	go func() {
		defer close(done)
		reloading := false
		for ev := range evs {
			if ev.Project != hash {
				continue
			}
			switch ev.Type {
			case api.EventEditorState, api.EventEditorConnected, api.EventEditorDisconnected:
				var info api.EditorInfo
				if ev.Decode(&info) != nil {
					continue
				}
				switch {
				case info.State == api.StateReloading && !reloading:
					reloading = true
					update(fmt.Sprintf(msgReloading, t.tool))
				case info.State == api.StateConnected && reloading:
					reloading = false
					update(fmt.Sprintf(msgRunning, t.tool) + " (back after the domain reload)")
				}
			case api.EventTestsFinished:
				var tf api.TestsFinished
				if t.tool == "run-tests" && ev.Decode(&tf) == nil {
					update(fmt.Sprintf("%s tests finished: %d passed, %d failed; collecting the result", tf.Mode, tf.Passed, tf.Failed))
				}
			case api.EventCompileFinished:
				var cf api.CompileFinished
				if t.tool == "compile" && ev.Decode(&cf) == nil {
					update(fmt.Sprintf("compilation finished with %d error(s)", cf.ErrorCount))
				}
			}
		}
	}()
	return func() { unsubscribe(); <-done }
}

// cancelledResult is what tasks/result answers for a cancelled task: the
// tool error a cancelled plain call gets.
func (s *Server) cancelledResult(t *task) []byte {
	return taskResult(t.id, nil, api.Errorf(api.CodeCancelled, "%s was cancelled by the client (tasks/cancel)", t.tool))
}

// taskResult is the tasks/result answer: the CallToolResult a plain call
// answers (the same bytes), with the related-task _meta the spec asks for.
func taskResult(id string, res json.RawMessage, terr *api.ToolError) []byte {
	b, err := encodeToolResult(res, terr)
	if err != nil {
		b, _ = encodeToolResult(nil, api.Errorf(api.CodeInternal, "encoding the result: %v", err))
	}
	meta, _ := json.Marshal(map[string]any{mcp.RelatedTaskMetaKey: mcp.RelatedTaskMeta(id)})
	out := append(append(append([]byte(`{"_meta":`), meta...), ','), b[1:]...)
	return out
}

// taskStatus sends notifications/tasks/status to the task's session.
func (s *Server) taskStatus(f *front, t *task, wire mcp.Task) {
	b, _ := json.Marshal(wire)
	var params map[string]any
	json.Unmarshal(b, &params)
	s.notify(f, t, mcp.MethodNotificationTasksStatus, params)
}

// notify queues a notification of task t for its session, with the
// related-task _meta the spec asks for; the session's next plain tools/call
// goes through mcp-go, which delivers it (as after a catalog change).
func (s *Server) notify(f *front, t *task, method string, params map[string]any) {
	cs := f.tasks.client(t.session)
	if cs == nil {
		return
	}
	n := mcp.JSONRPCNotification{JSONRPC: mcp.JSONRPC_VERSION, Notification: mcp.Notification{Method: method,
		Params: mcp.NotificationParams{Meta: map[string]any{mcp.RelatedTaskMetaKey: mcp.RelatedTaskMeta(t.id)}, AdditionalFields: params}}}
	// What mcp-go's SendNotificationToSpecificClient does: the session's
	// next answer may become a stream, and a full queue drops the message
	// (a client polls tasks/get anyway).
	if u, ok := cs.(mcpserver.SessionWithStreamableHTTPConfig); ok {
		u.UpgradeToSSEWhenReceiveNotification()
	}
	select {
	case cs.NotificationChannel() <- n:
		f.fast.markSessionDirty(t.session)
	default:
		s.log.Debug("task notification dropped: the session's queue is full", "session", t.session, "method", method)
	}
}

// has reports whether sid is a live session of the front.
func (f *fastSessions) has(sid string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.live[sid] != nil
}

// markSessionDirty notes that mcp-go may hold a notification for sid.
func (f *fastSessions) markSessionDirty(sid string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if s := f.live[sid]; s != nil {
		s.dirty = true
	}
}

// writeRPCResult answers a JSON-RPC result.
func writeRPCResult(w http.ResponseWriter, id json.RawMessage, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		writeRPCError(w, id, mcp.INTERNAL_ERROR, "encoding the answer: "+err.Error())
		return
	}
	writeRPCRaw(w, id, b)
}

// writeRPCError answers a JSON-RPC error.
func writeRPCError(w http.ResponseWriter, id json.RawMessage, code int, msg string) {
	b, _ := json.Marshal(map[string]any{"code": code, "message": msg})
	writeRPC(w, id, "error", b)
}

func writeRPCRaw(w http.ResponseWriter, id, result json.RawMessage) {
	writeRPC(w, id, "result", result)
}

// writeRPC writes {"jsonrpc":"2.0","id":<id as sent>,"<field>":<value>}.
func writeRPC(w http.ResponseWriter, id json.RawMessage, field string, value []byte) {
	out := make([]byte, 0, len(value)+len(id)+32)
	out = append(append(append(out, `{"jsonrpc":"2.0","id":`...), id...), `,"`+field+`":`...)
	out = append(append(out, value...), "}\n"...)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(out)))
	w.Write(out)
}
