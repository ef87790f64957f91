package server

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
)

// tasks/list takes no params at all (a request without them lists the
// session's tasks) and refuses a cursor: it answers every task on one page.
func TestTasksListParams(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	rec := d.post(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"run-tests","task":{"ttl":60000}}}`)
	if !strings.Contains(rec.Body.String(), `"taskId"`) {
		t.Fatalf("creating a task: %s", rec.Body)
	}
	for _, c := range []struct{ req, want string }{
		{`{"jsonrpc":"2.0","id":3,"method":"tasks/list"}`, `"tasks":[{"taskId"`},
		{`{"jsonrpc":"2.0","id":4,"method":"tasks/list","params":{}}`, `"tasks":[{"taskId"`},
		{`{"jsonrpc":"2.0","id":5,"method":"tasks/list","params":{"cursor":"x"}}`, `it takes no cursor`},
		{`{"jsonrpc":"2.0","id":6,"method":"tasks/list","params":[1]}`, `params must be an object`},
	} {
		if rec := d.post(c.req); !strings.Contains(rec.Body.String(), c.want) {
			t.Errorf("%s: %d %.300s; want %s", c.req, rec.Code, rec.Body, c.want)
		}
	}
}

// A task follows its editor (here an unpinned stream's task, which goes to
// the one editor connected): a domain reload and the editor's return, and
// the end of what the task runs (tests for run-tests, the compilation for
// compile), each change its statusMessage (notifications/tasks/status) and,
// as the client gave a progressToken, send a notifications/progress
// counting up from 1. Events of other projects, a return without a
// reload, a repeated reload notice and the end of what the task does not
// run change nothing.
func TestTaskFollowsItsEditor(t *testing.T) {
	reloading := fmt.Sprintf(msgReloading, "run-tests")
	back := "running run-tests in the Unity editor (back after the domain reload)"
	tests := "EditMode tests finished: 3 passed, 1 failed; collecting the result"
	got := taskNotes(t, "run-tests", func(publish func(project, typ string, data any), ours string) {
		publish("ffffffffffffffff", api.EventEditorState, api.EditorInfo{State: api.StateReloading})
		publish(ours, api.EventEditorState, api.EditorInfo{State: api.StateConnected}) // no reload to return from
		publish(ours, api.EventEditorState, api.EditorInfo{State: api.StateReloading})
		publish(ours, api.EventEditorDisconnected, api.EditorInfo{State: api.StateReloading})
		publish(ours, api.EventEditorState, api.EditorInfo{State: api.StateReloading})
		publish(ours, api.EventEditorConnected, api.EditorInfo{State: api.StateConnected})
		publish(ours, api.EventEditorState, api.EditorInfo{State: api.StateConnected})
		publish(ours, api.EventCompileFinished, api.CompileFinished{ErrorCount: 2})
		publish(ours, api.EventTestsFinished, api.TestsFinished{Mode: "EditMode", Passed: 3, Failed: 1})
	})
	want := []string{
		"status working " + reloading, "progress 1 " + reloading,
		"status working " + back, "progress 2 " + back,
		"status working " + tests, "progress 3 " + tests,
		"status completed run-tests finished",
	}
	if !slices.Equal(got, want) {
		t.Errorf("a run-tests task's notifications:\n got %q\nwant %q", got, want)
	}
	got = taskNotes(t, "compile", func(publish func(project, typ string, data any), ours string) {
		publish(ours, api.EventTestsFinished, api.TestsFinished{Mode: "EditMode", Passed: 3, Failed: 1})
		publish(ours, api.EventCompileFinished, api.CompileFinished{ErrorCount: 2})
	})
	compiled := "compilation finished with 2 error(s)"
	want = []string{"status working " + compiled, "progress 1 " + compiled, "status completed compile finished"}
	if !slices.Equal(got, want) {
		t.Errorf("a compile task's notifications:\n got %q\nwant %q", got, want)
	}
}

// taskNotes runs tool as a task on a stream of a daemon with one editor,
// publishes events while the call runs, lets the call end, and answers the
// task's notifications/tasks/status and notifications/progress, in order
// ("status <status> <message>", "progress <n> <message>"), up to the
// terminal status.
func taskNotes(t *testing.T, tool string, events func(publish func(project, typ string, data any), ours string)) []string {
	t.Helper()
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	started, finish := make(chan struct{}), make(chan struct{})
	d.srv.mcp.call = func(ctx context.Context, _ engine.Request) (json.RawMessage, *api.ToolError) {
		close(started) // the task's watcher is subscribed by now
		select {
		case <-finish:
		case <-ctx.Done():
		}
		return json.RawMessage(`{"ok":true}`), nil
	}
	s := openStream(t, d)
	s.initialize()
	s.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"` + tool + `","arguments":{},"task":{"ttl":60000},"_meta":{"progressToken":"p1"}}}`)
	task := s.answer("1")["result"].(map[string]any)["task"].(map[string]any)["taskId"].(string)
	select {
	case <-started:
	case <-time.After(10 * time.Second):
		t.Fatal("the task's call did not start")
	}
	events(func(project, typ string, data any) {
		b, _ := json.Marshal(data)
		d.srv.eng.Events.Publish(api.Event{Type: typ, Project: project, Data: b})
	}, d.sim.Hash())
	close(finish)

	var got []string
	s.c.SetReadDeadline(time.Now().Add(10 * time.Second))
	for {
		l, err := s.br.ReadString('\n')
		if err != nil {
			t.Fatalf("the task's notifications: got %q, then %v", got, err)
		}
		var n struct {
			Method string `json:"method"`
			Params struct {
				Meta          map[string]any `json:"_meta"`
				Status        string         `json:"status"`
				StatusMessage string         `json:"statusMessage"`
				Progress      float64        `json:"progress"`
				Message       string         `json:"message"`
			} `json:"params"`
		}
		if json.Unmarshal([]byte(l), &n) != nil || !strings.Contains(fmt.Sprint(n.Params.Meta), task) {
			continue
		}
		switch n.Method {
		case "notifications/tasks/status":
			got = append(got, "status "+n.Params.Status+" "+n.Params.StatusMessage)
			if n.Params.Status != "working" {
				return got
			}
		case "notifications/progress":
			got = append(got, fmt.Sprintf("progress %v %s", n.Params.Progress, n.Params.Message))
		}
	}
}
