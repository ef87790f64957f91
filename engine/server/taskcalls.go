package server

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
)

// The task methods, as the dispatcher serves them (dispatch.go): a
// task-augmented tools/call, tasks/get, tasks/result, tasks/list and
// tasks/cancel, for a session on HTTP or a stdio stream alike.

// taskParams is what the task methods read of a request's params.
type taskParams struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
	Task      json.RawMessage `json:"task"`
	Meta      struct {
		ProgressToken any `json:"progressToken"`
	} `json:"_meta"`
	TaskID string `json:"taskId"`
	Cursor string `json:"cursor"`
}

// isTaskMessage reports whether m is a request the task methods answer: a
// tools/call with params.task, or a tasks/* request.
func isTaskMessage(m api.Message) bool {
	switch mcp.MCPMethod(m.Method) {
	case mcp.MethodToolsCall:
		return m.IsRequest() && m.Task
	case mcp.MethodTasksGet, mcp.MethodTasksResult, mcp.MethodTasksList, mcp.MethodTasksCancel:
		return m.IsRequest()
	}
	return false
}

// serveTask answers a task request (isTaskMessage) of session sid, pinned
// to project hash.
func (s *Server) serveTask(ctx context.Context, hash, sid string, m api.Message) []byte {
	ts := &s.mcp.tasks
	if cs, key := ts.client(sid); sid == "" || cs == nil || key != hash {
		return api.ErrorAnswer(m.ID, mcp.INVALID_REQUEST, "", "MCP tasks belong to a session: initialize one (protocol 2025-11-25) and send its Mcp-Session-Id with every request")
	}
	var p taskParams
	if len(m.Params) > 0 && json.Unmarshal(m.Params, &p) != nil {
		return api.ErrorAnswer(m.ID, mcp.INVALID_PARAMS, "", "params must be an object")
	}
	switch mcp.MCPMethod(m.Method) {
	case mcp.MethodToolsCall:
		return s.createTask(ctx, hash, sid, m.ID, &p)
	case mcp.MethodTasksList:
		if p.Cursor != "" {
			return api.ErrorAnswer(m.ID, mcp.INVALID_PARAMS, "", "tasks/list answers every task of the session on one page; it takes no cursor")
		}
		return resultAnswer(m.ID, mcp.ListTasksResult{Tasks: ts.list(sid)})
	}
	t := ts.get(sid, p.TaskID)
	if t == nil {
		return api.ErrorAnswer(m.ID, mcp.INVALID_PARAMS, "", fmt.Sprintf("task %.80q not found in this session (tasks belong to the session that made them, and are dropped when their ttl ends)", p.TaskID))
	}
	switch mcp.MCPMethod(m.Method) {
	case mcp.MethodTasksCancel:
		wire, ok := ts.finish(t, mcp.TaskStatusCancelled, "cancelled by the client", s.cancelledResult(t))
		if !ok {
			wire, _ = ts.snapshot(t)
			return api.ErrorAnswer(m.ID, mcp.INVALID_PARAMS, "", fmt.Sprintf("task %s is already %s; only a working task can be cancelled", t.id, wire.Status))
		}
		t.cancel()
		s.taskStatus(t, wire)
		return resultAnswer(m.ID, mcp.CancelTaskResult{Task: wire})
	case mcp.MethodTasksResult:
		select {
		case <-t.done:
		case <-ctx.Done():
			return api.ErrorAnswer(m.ID, mcp.REQUEST_INTERRUPTED, "", "the request ended before the task did")
		}
		_, res := ts.snapshot(t)
		return resultAnswer(m.ID, res)
	}
	wire, _ := ts.snapshot(t) // tasks/get
	return resultAnswer(m.ID, mcp.GetTaskResult{Task: wire})
}

// createTask starts a task-augmented tools/call and answers its
// CreateTaskResult.
func (s *Server) createTask(ctx context.Context, hash, sid string, id json.RawMessage, p *taskParams) []byte {
	tool := s.eng.Lookup(hash, p.Name)
	if tool == nil {
		return api.ErrorAnswer(id, mcp.INVALID_PARAMS, "", fmt.Sprintf("tool %.80q not found", p.Name))
	}
	if tool.TaskSupport == "" {
		// The spec's answer (2025-11-25, tool-level negotiation): -32601.
		return api.ErrorAnswer(id, mcp.METHOD_NOT_FOUND, "", fmt.Sprintf("%s does not run as a task (its execution.taskSupport is forbidden); call it without params.task", tool.Name))
	}
	var tp struct {
		TTL *int64 `json:"ttl"`
	}
	if json.Unmarshal(p.Task, &tp) != nil {
		return api.ErrorAnswer(id, mcp.INVALID_PARAMS, "", "params.task must be an object, with an optional ttl in milliseconds")
	}
	ttl := defaultTaskTTL
	if tp.TTL != nil {
		ms := min(max(*tp.TTL, minTaskTTL.Milliseconds()), maxTaskTTL.Milliseconds())
		ttl = time.Duration(ms) * time.Millisecond
	}
	ts := &s.mcp.tasks
	now := time.Now()
	// The work outlives this request (and the request's context, which the
	// transport cancels once the answer is written); it ends with the ttl,
	// a tasks/cancel or the session.
	tctx, cancel := context.WithDeadline(context.WithoutCancel(ctx), now.Add(ttl))
	t := &task{id: newTaskID(), session: sid, tool: tool.Name, created: now, ttl: ttl, cancel: cancel,
		done: make(chan struct{}), status: mcp.TaskStatusWorking, message: fmt.Sprintf(msgRunning, tool.Name), updated: now}
	t.expiry = time.AfterFunc(ttl, func() { ts.drop(t) })
	if !ts.add(t) {
		t.expiry.Stop()
		cancel()
		return api.ErrorAnswer(id, mcp.INVALID_REQUEST, "", fmt.Sprintf("this session keeps %d tasks already (running, or finished and within their ttl); take their results (tasks/result), cancel one (tasks/cancel), ask for shorter ttls, or call %s without params.task", maxTasksPerSession, tool.Name))
	}
	wire, _ := ts.snapshot(t)
	go s.runTask(tctx, hash, t, p.Arguments, p.Meta.ProgressToken)
	return resultAnswer(id, mcp.CreateTaskResult{Task: wire})
}

// runTask runs the task's call through the engine, as a plain call runs,
// and settles the task with its result. A panic in the call fails the
// task with an internal error, and one in the task's own bookkeeping is
// logged (settleOnPanic); neither ends the daemon.
func (s *Server) runTask(ctx context.Context, hash string, t *task, args json.RawMessage, token any) {
	defer t.cancel()
	defer s.settleOnPanic(t)
	ts := &s.mcp.tasks
	var mu sync.Mutex // orders the notifications of this task
	n := 0
	// setStatus changes statusMessage (a notifications/tasks/status when it
	// changed); progress sends notifications/progress when the client gave
	// a progressToken.
	setStatus := func(msg string) {
		mu.Lock()
		defer mu.Unlock()
		if wire, changed := ts.setMessage(t, msg); changed {
			s.taskStatus(t, wire)
		}
	}
	progress := func(msg string) {
		if token == nil {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		n++
		s.notify(t, string(mcp.MethodNotificationProgress), map[string]any{"progressToken": token, "progress": n, "message": msg})
	}
	stop := s.watchEditor(ctx, hash, t, func(msg string) { setStatus(msg); progress(msg) })
	// The engine reports a call held for a reload about once a second.
	held := func(_, _ float64, msg string) {
		setStatus(fmt.Sprintf(msgReloading, t.tool))
		progress(msg)
	}
	res, terr := s.callRecovered(ctx, engine.Request{Project: hash, Tool: t.tool, Args: args, Roots: noRoots, Progress: held, Session: "mcp:" + t.session})
	stop()
	status, msg := mcp.TaskStatusCompleted, t.tool+" finished"
	if terr != nil {
		// 2025-11-25: a tool call whose result has isError ends "failed";
		// tasks/result still answers that result.
		status, msg = mcp.TaskStatusFailed, terr.Message
	}
	if wire, ok := ts.finish(t, status, msg, taskResult(t.id, res, terr)); ok {
		s.taskStatus(t, wire)
	}
}

// settleOnPanic, deferred by runTask, logs a panic outside the tool call
// (callRecovered has the call's) and fails the task if it is not settled
// yet, so that tasks/result answers.
func (s *Server) settleOnPanic(t *task) {
	v := recover()
	if v == nil {
		return
	}
	s.log.Error("panic running a task", "tool", t.tool, "panic", v, "stack", string(debug.Stack()))
	defer func() {
		if v := recover(); v != nil { // settling failed too: the task's ttl drops it
			s.log.Error("panic settling a task", "tool", t.tool, "panic", v)
		}
	}()
	terr := api.Errorf(api.CodeInternal, "the daemon failed running %s (a bug; its log has the details)", t.tool)
	if wire, ok := s.mcp.tasks.finish(t, mcp.TaskStatusFailed, terr.Message, taskResult(t.id, nil, terr)); ok {
		s.taskStatus(t, wire)
	}
}

// callRecovered is the front's call with a panic turned into an internal
// error (the mcp-go path has WithRecovery for the same).
func (s *Server) callRecovered(ctx context.Context, req engine.Request) (res json.RawMessage, terr *api.ToolError) {
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("panic in a tool call", "tool", req.Tool, "panic", p, "stack", string(debug.Stack()))
			res, terr = nil, api.Errorf(api.CodeInternal, "the daemon failed running %s (a bug; its log has the details)", req.Tool)
		}
	}()
	return s.mcp.call(ctx, req)
}

// noRoots is the roots function of a task: the request that could ask
// the client is answered, so routing that needs roots fails as for a
// client without them, listing the editors.
func noRoots(context.Context) ([]string, error) { return nil, nil }

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
		defer func() { // a bug here ends the watch, not the daemon
			if v := recover(); v != nil {
				s.log.Error("panic following a task's editor", "tool", t.tool, "panic", v, "stack", string(debug.Stack()))
			}
		}()
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
func (s *Server) cancelledResult(t *task) json.RawMessage {
	return taskResult(t.id, nil, api.Errorf(api.CodeCancelled, "%s was cancelled by the client (tasks/cancel)", t.tool))
}

// taskResult is the tasks/result answer: the CallToolResult a plain call
// answers (toolResult), with the related-task _meta the spec asks for.
func taskResult(id string, res json.RawMessage, terr *api.ToolError) json.RawMessage {
	r := toolResult(res, terr)
	r.Meta = &mcp.Meta{AdditionalFields: map[string]any{mcp.RelatedTaskMetaKey: mcp.RelatedTaskMeta(id)}}
	b, err := json.Marshal(r)
	if err != nil {
		return taskResult(id, nil, api.Errorf(api.CodeInternal, "encoding the result: %v", err))
	}
	return b
}

// taskStatus sends notifications/tasks/status to the task's session.
func (s *Server) taskStatus(t *task, wire mcp.Task) {
	b, _ := json.Marshal(wire)
	var params map[string]any
	json.Unmarshal(b, &params)
	s.notify(t, mcp.MethodNotificationTasksStatus, params)
}

// notify queues a notification of task t for its session, with the
// related-task _meta the spec asks for: a stdio stream writes it at once,
// an HTTP session gets it on its GET stream or in its next answer.
func (s *Server) notify(t *task, method string, params map[string]any) {
	cs, _ := s.mcp.tasks.client(t.session)
	if cs == nil {
		return
	}
	n := mcp.JSONRPCNotification{JSONRPC: mcp.JSONRPC_VERSION, Notification: mcp.Notification{Method: method,
		Params: mcp.NotificationParams{Meta: map[string]any{mcp.RelatedTaskMetaKey: mcp.RelatedTaskMeta(t.id)}, AdditionalFields: params}}}
	// A full queue drops the message (a client polls tasks/get anyway).
	select {
	case cs.NotificationChannel() <- n:
	default:
		s.log.Debug("task notification dropped: the session's queue is full", "session", t.session, "method", method)
	}
}
