package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	mcpclient "github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
)

// MCP tasks (2025-11-25) through mcp-go's client over Streamable HTTP: the
// official Go SDK (v1.8.0) has no tasks. Its CallTool decodes a
// CallToolResult, so the task-augmented tools/call goes through the same
// client's transport; tasks/get, tasks/result, tasks/list and tasks/cancel
// are the client's own methods.

// taskClient is one MCP session that speaks tasks.
type taskClient struct {
	t   *testing.T
	c   *mcpclient.Client
	tr  *transport.StreamableHTTP
	ids atomic.Int64

	mu    sync.Mutex
	notes []mcp.JSONRPCNotification
	woke  chan struct{} // signalled after each notification
}

func connectTasks(t *testing.T, e *env, path string) *taskClient {
	t.Helper()
	tr, err := transport.NewStreamableHTTP(e.URL+path,
		transport.WithHTTPHeaders(map[string]string{"Authorization": "Bearer " + e.Token}),
		transport.WithContinuousListening(), transport.WithHTTPLogger(quietLogger()))
	if err != nil {
		t.Fatal(err)
	}
	tc := &taskClient{t: t, c: mcpclient.NewClient(tr), tr: tr, woke: make(chan struct{}, 1)}
	tc.ids.Store(1000)
	tc.c.OnNotification(func(n mcp.JSONRPCNotification) {
		tc.mu.Lock()
		tc.notes = append(tc.notes, n)
		tc.mu.Unlock()
		select {
		case tc.woke <- struct{}{}:
		default:
		}
	})
	ctx := t.Context()
	if err := tc.c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tc.c.Close() })
	var init mcp.InitializeRequest
	init.Params.ProtocolVersion = mcp.ProtocolVersion20251125
	init.Params.ClientInfo = mcp.Implementation{Name: "tasks-e2e", Version: "1"}
	res, err := tc.c.Initialize(ctx, init)
	if err != nil {
		t.Fatal(err)
	}
	caps := res.Capabilities.Tasks
	if caps == nil || caps.List == nil || caps.Cancel == nil || caps.Requests == nil || caps.Requests.Tools == nil || caps.Requests.Tools.Call == nil {
		t.Fatalf("initialize: tasks capability %+v, want list, cancel and requests.tools.call", caps)
	}
	return tc
}

// callTask sends tools/call with params.task and returns the created task,
// or the JSON-RPC error.
func (tc *taskClient) callTask(tool string, args map[string]any, ttlMs int64, token any) (mcp.Task, *mcp.JSONRPCErrorDetails) {
	tc.t.Helper()
	params := map[string]any{"name": tool, "arguments": args, "task": map[string]any{"ttl": ttlMs}}
	if token != nil {
		params["_meta"] = map[string]any{"progressToken": token}
	}
	resp, err := tc.tr.SendRequest(tc.t.Context(), transport.JSONRPCRequest{JSONRPC: "2.0",
		ID: mcp.NewRequestId(tc.ids.Add(1)), Method: "tools/call", Params: params})
	if err != nil {
		tc.t.Fatalf("tools/call %s as a task: %v", tool, err)
	}
	if resp.Error != nil {
		return mcp.Task{}, resp.Error
	}
	var created struct {
		Task    mcp.Task        `json:"task"`
		Content json.RawMessage `json:"content"`
	}
	if err := json.Unmarshal(resp.Result, &created); err != nil || created.Task.TaskId == "" || created.Content != nil {
		tc.t.Fatalf("tools/call %s as a task answered %s, want a CreateTaskResult", tool, resp.Result)
	}
	if created.Task.Status != mcp.TaskStatusWorking || created.Task.TTL == nil || *created.Task.TTL != max(ttlMs, 1000) {
		tc.t.Fatalf("created task %+v, want working with ttl %d", created.Task, ttlMs)
	}
	return created.Task, nil
}

func (tc *taskClient) get(id string) (*mcp.GetTaskResult, error) {
	return tc.c.GetTask(tc.t.Context(), mcp.GetTaskRequest{Params: mcp.GetTaskParams{TaskId: id}})
}

// wait polls tasks/get (as a client does, at the server's pollInterval
// or 20 ms, whichever is shorter here) until the task is terminal.
func (tc *taskClient) wait(id string) mcp.Task {
	tc.t.Helper()
	ctx, cancel := context.WithTimeout(tc.t.Context(), 30*time.Second)
	defer cancel()
	for {
		res, err := tc.get(id)
		if err != nil {
			tc.t.Fatalf("tasks/get %s: %v", id, err)
		}
		if res.Status.IsTerminal() {
			return res.Task
		}
		select {
		case <-ctx.Done():
			tc.t.Fatalf("task %s still %s: %s", id, res.Status, res.StatusMessage)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

func (tc *taskClient) result(id string) *mcp.TaskResultResult {
	tc.t.Helper()
	res, err := tc.c.TaskResult(tc.t.Context(), mcp.TaskResultRequest{Params: mcp.TaskResultParams{TaskId: id}})
	if err != nil {
		tc.t.Fatalf("tasks/result %s: %v", id, err)
	}
	if m, _ := res.Meta.AdditionalFields[mcp.RelatedTaskMetaKey].(map[string]any); m["taskId"] != id {
		tc.t.Errorf("tasks/result _meta %v, want the related task %s", res.Meta, id)
	}
	return res
}

func (tc *taskClient) plain(tool string, args map[string]any) *mcp.CallToolResult {
	tc.t.Helper()
	var req mcp.CallToolRequest
	req.Params.Name, req.Params.Arguments = tool, args
	res, err := tc.c.CallTool(tc.t.Context(), req)
	if err != nil {
		tc.t.Fatalf("plain %s: %v", tool, err)
	}
	return res
}

// waitNote waits for a notification that match accepts.
func (tc *taskClient) waitNote(what string, match func(mcp.JSONRPCNotification) bool) mcp.JSONRPCNotification {
	tc.t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		tc.mu.Lock()
		for _, n := range tc.notes {
			if match(n) {
				tc.mu.Unlock()
				return n
			}
		}
		tc.mu.Unlock()
		select {
		case <-tc.woke:
		case <-deadline:
			var got []string
			for _, n := range tc.notifications() {
				got = append(got, fmt.Sprintf("%s %v", n.Method, n.Params.AdditionalFields))
			}
			tc.t.Fatalf("no notification: %s; got:\n%s", what, strings.Join(got, "\n"))
		}
	}
}

func (tc *taskClient) notifications() []mcp.JSONRPCNotification {
	tc.mu.Lock()
	defer tc.mu.Unlock()
	return append([]mcp.JSONRPCNotification(nil), tc.notes...)
}

// statusNote matches notifications/tasks/status of a task whose
// statusMessage contains text (any status when text is "").
func statusNote(id string, status mcp.TaskStatus, text string) func(mcp.JSONRPCNotification) bool {
	return func(n mcp.JSONRPCNotification) bool {
		f := n.Params.AdditionalFields
		msg, _ := f["statusMessage"].(string)
		return n.Method == mcp.MethodNotificationTasksStatus && f["taskId"] == id &&
			(status == "" || f["status"] == string(status)) && strings.Contains(msg, text)
	}
}

// comparable is a tool result without the fields that differ between two
// runs (timestamps, and the NUnit file named after one).
func comparable(t *testing.T, isError bool, content []mcp.Content, structured any) string {
	t.Helper()
	if len(content) != 1 {
		t.Fatalf("content %v, want one text", content)
	}
	text, ok := content[0].(mcp.TextContent)
	if !ok {
		t.Fatalf("content %T, want text", content[0])
	}
	var body, sc map[string]any
	if err := json.Unmarshal([]byte(text.Text), &body); err != nil {
		t.Fatalf("text content is not JSON: %s", text.Text)
	}
	b, _ := json.Marshal(structured)
	json.Unmarshal(b, &sc)
	for _, m := range []map[string]any{body, sc} {
		delete(m, "CompletedAt")
		delete(m, "XmlPath")
	}
	if fmt.Sprint(body) != fmt.Sprint(sc) {
		t.Errorf("text %v and structured content %v differ", body, sc)
	}
	return fmt.Sprintf("isError=%v %v", isError, body)
}

// The check of issue 16: run-tests as a task while the editor reloads
// scripts. The call reaches the editor, a domain reload interrupts it, the
// hub re-sends it after the reload (run-tests is idempotent) — the task
// stays "working" throughout, says it waits for the reload, and tasks/result
// answers what a plain call answers.
func TestTaskRunTestsAcrossReload(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	dir := newProject(t, "Game")
	sim := e.startSim(dir, editorsim.Config{ReloadDelay: 300 * time.Millisecond, Slow: 200 * time.Millisecond})
	tc := connectTasks(t, e, "/mcp")
	args := map[string]any{"TestMode": "EditMode"}
	plain := tc.plain("run-tests", args)
	if plain.IsError {
		t.Fatalf("plain run-tests: %v", plain.Content)
	}
	before := len(sim.Executions())

	task, rpcErr := tc.callTask("run-tests", args, 60_000, "rt-1")
	if rpcErr != nil {
		t.Fatalf("run-tests as a task: %v", rpcErr)
	}
	waitFor(t, 10*time.Second, func() bool { return len(sim.Executions()) > before }, "the task's call to reach the editor")
	sim.Reload()
	tc.waitNote("the task waiting for the domain reload", statusNote(task.TaskId, mcp.TaskStatusWorking, "domain reload"))
	final := tc.wait(task.TaskId)
	if final.Status != mcp.TaskStatusCompleted || final.StatusMessage != "run-tests finished" {
		t.Fatalf("task ended %s (%s), want completed", final.Status, final.StatusMessage)
	}
	res := tc.result(task.TaskId)
	if got, want := comparable(t, res.IsError, res.Content, res.StructuredContent), comparable(t, plain.IsError, plain.Content, plain.StructuredContent); got != want {
		t.Errorf("tasks/result\n%s\nwant what the plain call answered\n%s", got, want)
	}
	// The reload interrupted the call once: it ran twice under one call id.
	sent := 0
	for _, ex := range sim.Executions() {
		if ex.Tool == "run-tests" && ex.Count == 2 {
			sent++
		}
	}
	if sent != 1 || sim.Reloads() != 1 {
		t.Errorf("%d run-tests calls re-sent after %d reloads, want 1 after 1", sent, sim.Reloads())
	}
	tc.waitNote("the completed status", statusNote(task.TaskId, mcp.TaskStatusCompleted, ""))
	// The editor reported the tests finished: the task said so.
	tc.waitNote("tests finished", statusNote(task.TaskId, mcp.TaskStatusWorking, "EditMode tests finished: 2 passed, 1 failed"))
	tc.waitNote("progress with the related task", func(n mcp.JSONRPCNotification) bool {
		rel, _ := n.Params.Meta[mcp.RelatedTaskMetaKey].(map[string]any)
		return n.Method == "notifications/progress" && n.Params.AdditionalFields["progressToken"] == "rt-1" && rel["taskId"] == task.TaskId
	})

	// A task made while the editor reloads is held, like a plain call.
	sim.Reload()
	e.waitState(sim.Hash(), api.StateReloading)
	held, rpcErr := tc.callTask("run-tests", args, 60_000, nil)
	if rpcErr != nil {
		t.Fatalf("run-tests as a task during a reload: %v", rpcErr)
	}
	if final := tc.wait(held.TaskId); final.Status != mcp.TaskStatusCompleted {
		t.Fatalf("held task ended %s (%s)", final.Status, final.StatusMessage)
	}
	tc.waitNote("the held task waiting for the reload", statusNote(held.TaskId, "", "domain reload"))
	res = tc.result(held.TaskId)
	if got, want := comparable(t, res.IsError, res.Content, res.StructuredContent), comparable(t, plain.IsError, plain.Content, plain.StructuredContent); got != want {
		t.Errorf("held task's result\n%s\nwant\n%s", got, want)
	}
	list, err := tc.c.ListTasks(t.Context(), mcp.ListTasksRequest{})
	if err != nil || len(list.Tasks) != 2 || list.Tasks[0].TaskId != task.TaskId || list.Tasks[1].TaskId != held.TaskId {
		t.Errorf("tasks/list: %+v, %v; want both tasks, oldest first", list, err)
	}
	// Plain calls are unchanged: a result, not a task.
	if again := tc.plain("run-tests", args); comparable(t, again.IsError, again.Content, again.StructuredContent) != comparable(t, plain.IsError, plain.Content, plain.StructuredContent) {
		t.Errorf("plain run-tests after the tasks: %v", again.Content)
	}
}

// compile with WaitForDomainReload as a task: its answer comes from the
// editor's hello after the reload (a spanning call) into the task.
func TestTaskCompileWaitForDomainReload(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	dir := newProject(t, "Game")
	sim := e.startSim(dir, editorsim.Config{ReloadDelay: 200 * time.Millisecond})
	tc := connectTasks(t, e, "/mcp")
	args := map[string]any{"ForceRecompile": true, "WaitForDomainReload": true}
	plain := tc.plain("compile", args)
	task, rpcErr := tc.callTask("compile", args, 60_000, nil)
	if rpcErr != nil {
		t.Fatalf("compile as a task: %v", rpcErr)
	}
	if final := tc.wait(task.TaskId); final.Status != mcp.TaskStatusCompleted {
		t.Fatalf("compile task ended %s (%s)", final.Status, final.StatusMessage)
	}
	res := tc.result(task.TaskId)
	got, want := comparable(t, res.IsError, res.Content, res.StructuredContent), comparable(t, plain.IsError, plain.Content, plain.StructuredContent)
	if got != want || !strings.Contains(got, "ProjectRoot:"+filepath.ToSlash(dir)) {
		t.Errorf("compile task's result\n%s\nwant\n%s", got, want)
	}
	if sim.Reloads() != 2 {
		t.Errorf("reloads = %d, want 2 (the plain compile's and the task's)", sim.Reloads())
	}
	tc.waitNote("the compile task waiting for the reload", statusNote(task.TaskId, "", "domain reload"))

	// A compile that fails ends the task "failed" — with the result a plain
	// call answers... which is not an error here: compile errors are data.
	os.WriteFile(filepath.Join(dir, "Assets/Scripts/Bad.cs"), []byte("#error nope\n"), 0o644)
	bad, _ := tc.callTask("compile", map[string]any{}, 60_000, nil)
	if final := tc.wait(bad.TaskId); final.Status != mcp.TaskStatusCompleted {
		t.Errorf("compile with errors ended %s, want completed (its errors are its result)", final.Status)
	}
	if res := tc.result(bad.TaskId); !strings.Contains(comparable(t, res.IsError, res.Content, res.StructuredContent), "ErrorCount:1") {
		t.Errorf("compile with errors: %v", res.Content)
	}
}

// tasks/cancel ends a held call: the task is cancelled, tasks/result
// answers the cancelled error, and the call never reaches the editor.
func TestTaskCancel(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	dir := newProject(t, "Game")
	sim := e.startSim(dir, editorsim.Config{ReloadDelay: time.Second})
	tc := connectTasks(t, e, "/mcp")
	sim.Reload()
	e.waitState(sim.Hash(), api.StateReloading)
	task, rpcErr := tc.callTask("run-tests", map[string]any{}, 60_000, nil)
	if rpcErr != nil {
		t.Fatal(rpcErr)
	}
	tc.waitNote("the task held for the reload", statusNote(task.TaskId, mcp.TaskStatusWorking, "domain reload"))
	res, err := tc.c.CancelTask(t.Context(), mcp.CancelTaskRequest{Params: mcp.CancelTaskParams{TaskId: task.TaskId}})
	if err != nil || res.Status != mcp.TaskStatusCancelled {
		t.Fatalf("tasks/cancel: %+v, %v", res, err)
	}
	if got, _ := tc.get(task.TaskId); got == nil || got.Status != mcp.TaskStatusCancelled {
		t.Fatalf("tasks/get after cancel: %+v", got)
	}
	out := tc.result(task.TaskId)
	if b, _ := json.Marshal(out.StructuredContent); !out.IsError || !strings.Contains(string(b), `"cancelled"`) {
		t.Errorf("tasks/result of a cancelled task: %s", b)
	}
	if _, err := tc.c.CancelTask(t.Context(), mcp.CancelTaskRequest{Params: mcp.CancelTaskParams{TaskId: task.TaskId}}); err == nil || !strings.Contains(err.Error(), "already cancelled") {
		t.Errorf("cancelling a cancelled task: %v, want an invalid-params error", err)
	}
	// The editor comes back; a plain call runs, the cancelled one never.
	e.waitState(sim.Hash(), api.StateConnected)
	if r := tc.plain("get-logs", map[string]any{}); r.IsError {
		t.Fatalf("get-logs: %v", r.Content)
	}
	for _, ex := range sim.Executions() {
		if ex.Tool == "run-tests" {
			t.Errorf("the cancelled run-tests reached the editor")
		}
	}
}

// A task is its session's: another session neither sees nor controls it,
// nor hears of it.
func TestTaskSessionIsolation(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	e.startSim(newProject(t, "Game"), editorsim.Config{})
	a, b := connectTasks(t, e, "/mcp"), connectTasks(t, e, "/mcp")
	task, rpcErr := a.callTask("run-tests", map[string]any{}, 60_000, nil)
	if rpcErr != nil {
		t.Fatal(rpcErr)
	}
	a.wait(task.TaskId)
	a.waitNote("a's own status", statusNote(task.TaskId, mcp.TaskStatusCompleted, ""))
	if _, err := b.get(task.TaskId); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("tasks/get from another session: %v, want not found", err)
	}
	if _, err := b.c.TaskResult(t.Context(), mcp.TaskResultRequest{Params: mcp.TaskResultParams{TaskId: task.TaskId}}); err == nil {
		t.Error("tasks/result from another session answered")
	}
	if _, err := b.c.CancelTask(t.Context(), mcp.CancelTaskRequest{Params: mcp.CancelTaskParams{TaskId: task.TaskId}}); err == nil {
		t.Error("tasks/cancel from another session answered")
	}
	if list, err := b.c.ListTasks(t.Context(), mcp.ListTasksRequest{}); err != nil || len(list.Tasks) != 0 {
		t.Errorf("tasks/list of another session: %+v, %v", list, err)
	}
	// b's own request round-trips after a's notifications were sent: had
	// any been b's, they would have arrived before this answer.
	b.plain("get-logs", map[string]any{})
	for _, n := range b.notifications() {
		if n.Method == mcp.MethodNotificationTasksStatus {
			t.Errorf("session b heard of a's task: %v", n.Params.AdditionalFields)
		}
	}
	if list, err := a.c.ListTasks(t.Context(), mcp.ListTasksRequest{}); err != nil || len(list.Tasks) != 1 {
		t.Errorf("tasks/list of the owner: %+v, %v", list, err)
	}
}

// The spec's error for a tool that does not run as a task, the bound on a
// session's tasks, and the ttl.
func TestTaskLimits(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	e.startSim(newProject(t, "Game"), editorsim.Config{})
	tc := connectTasks(t, e, "/mcp")
	if _, rpcErr := tc.callTask("get-logs", map[string]any{}, 60_000, nil); rpcErr == nil || rpcErr.Code != mcp.METHOD_NOT_FOUND {
		t.Errorf("get-logs as a task: %+v, want -32601", rpcErr)
	}
	tools, err := tc.c.ListTools(t.Context(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range tools.Tools {
		optional := tool.Execution != nil && tool.Execution.TaskSupport == mcp.TaskSupportOptional
		if want := tool.Name == "run-tests" || tool.Name == "compile"; optional != want {
			t.Errorf("%s: execution %+v", tool.Name, tool.Execution)
		}
	}
	short, rpcErr := tc.callTask("run-tests", map[string]any{}, 1000, nil)
	if rpcErr != nil {
		t.Fatal(rpcErr)
	}
	for i := 1; i < 16; i++ {
		if _, rpcErr := tc.callTask("run-tests", map[string]any{}, 60_000, nil); rpcErr != nil {
			t.Fatalf("task %d: %v", i+1, rpcErr)
		}
	}
	if _, rpcErr := tc.callTask("run-tests", map[string]any{}, 60_000, nil); rpcErr == nil || !strings.Contains(rpcErr.Message, "keeps 16 tasks") {
		t.Errorf("task 17: %+v, want the bound's error", rpcErr)
	}
	// The 1 s task is dropped when its ttl ends, which makes room.
	waitFor(t, 10*time.Second, func() bool { _, err := tc.get(short.TaskId); return err != nil }, "the 1 s task to expire")
	if _, rpcErr := tc.callTask("run-tests", map[string]any{}, 60_000, nil); rpcErr != nil {
		t.Errorf("a task after one expired: %v", rpcErr)
	}
}
