package server

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/unitymcp/unitymcp/engine/api"
)

// A task's ttl is clamped to 1 s … 24 h (1 h when absent: the numbers
// docs/architecture.md states) and answered; task requests need a session.
func TestTaskTTLAndSession(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	for _, c := range []struct {
		ttl  string
		want int64
	}{{`0`, 1000}, {`-5`, 1000}, {`2500`, 2500}, {`1000000000000000`, 24 * 3600 * 1000}, {`null`, 3600 * 1000}} {
		rec := d.post(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"run-tests","task":{"ttl":` + c.ttl + `}}}`)
		var resp struct {
			Result mcp.CreateTaskResult `json:"result"`
		}
		if json.Unmarshal(rec.Body.Bytes(), &resp) != nil || resp.Result.Task.TTL == nil || *resp.Result.Task.TTL != c.want {
			t.Errorf("ttl %s: %s, want ttl %d", c.ttl, rec.Body, c.want)
		}
	}
	sid := d.sid
	d.sid = ""
	rec := d.post(`{"jsonrpc":"2.0","id":3,"method":"tasks/list"}`)
	if !strings.Contains(rec.Body.String(), `"code":-32600`) || !strings.Contains(rec.Body.String(), "Mcp-Session-Id") {
		t.Errorf("tasks/list without a session: %s", rec.Body)
	}
	d.sid = sid
}

// tasks/result answers the plain call's CallToolResult (toolResult), with
// the related-task _meta in front.
func TestTaskResultIsThePlainResult(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		res  json.RawMessage
		terr *api.ToolError
	}{{json.RawMessage(`{"Success":true,"Ver":"1"}`), nil}, {nil, api.Errorf(api.CodeCancelled, "run-tests was <cancelled>")}} {
		got := taskResult("abc", c.res, c.terr)
		var m map[string]json.RawMessage
		if err := json.Unmarshal(got, &m); err != nil {
			t.Fatalf("%s: %v", got, err)
		}
		if string(m["_meta"]) != `{"io.modelcontextprotocol/related-task":{"taskId":"abc"}}` {
			t.Errorf("_meta %s, want the related task", m["_meta"])
		}
		delete(m, "_meta")
		plain, _ := json.Marshal(toolResult(c.res, c.terr))
		var want map[string]json.RawMessage
		json.Unmarshal(plain, &want)
		if a, b := mustJSON(m), mustJSON(want); a != b {
			t.Errorf("got %s\nwant %s", a, b)
		}
		raw := json.RawMessage(got)
		tr, err := mcp.ParseTaskResultResult(&raw)
		if err != nil || tr.IsError != (c.terr != nil) || len(tr.Content) != 1 {
			t.Errorf("%s does not decode as a TaskResultResult: %+v %v", got, tr, err)
		}
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// A session keeps at most maxTasksPerSession tasks: the last one that fits
// is kept, one more is refused, another session is not affected, and a
// task dropped (its ttl ended) makes room. tasks/list answers them oldest
// first (by id when made at the same instant).
func TestTaskStoreBoundAndOrder(t *testing.T) {
	t.Parallel()
	var ts taskStore
	base := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	mk := func(sid, id string, created time.Time) *task {
		return &task{id: id, session: sid, created: created, cancel: func() {}, status: mcp.TaskStatusWorking}
	}
	var kept []*task
	for i := range maxTasksPerSession {
		tk := mk("a", fmt.Sprintf("t%02d", i), base.Add(time.Duration(maxTasksPerSession-i)*time.Second))
		if !ts.add(tk) {
			t.Fatalf("task %d of a session refused; the bound is %d", i+1, maxTasksPerSession)
		}
		kept = append(kept, tk)
	}
	if ts.add(mk("a", "one-more", base)) {
		t.Errorf("task %d of a session kept; the bound is %d", maxTasksPerSession+1, maxTasksPerSession)
	}
	if !ts.add(mk("b", "other", base)) {
		t.Errorf("another session's first task refused")
	}
	list := ts.list("a")
	if len(list) != maxTasksPerSession || list[0].TaskId != fmt.Sprintf("t%02d", maxTasksPerSession-1) || list[len(list)-1].TaskId != "t00" {
		t.Errorf("tasks/list of a full session: %d tasks from %s to %s; want %d, from t15 (made first) to t00", len(list), list[0].TaskId, list[len(list)-1].TaskId, maxTasksPerSession)
	}
	ts.drop(kept[0])
	if ts.get("a", "t00") != nil || !ts.add(mk("a", "after-drop", base)) {
		t.Errorf("a dropped task is still kept, or made no room")
	}
	for _, tk := range kept[1:] {
		ts.drop(tk)
	}
	ts.drop(ts.get("a", "after-drop"))
	if _, ok := ts.sessions["a"]; ok {
		t.Errorf("a session whose tasks were all dropped is still kept")
	}
	ts.add(mk("c", "z", base))
	ts.add(mk("c", "y", base))
	ts.add(mk("c", "x", base.Add(-time.Second)))
	var ids []string
	for _, w := range ts.list("c") {
		ids = append(ids, w.TaskId)
	}
	if want := []string{"x", "y", "z"}; !slices.Equal(ids, want) {
		t.Errorf("tasks/list order %q, want %q (oldest first, then by id)", ids, want)
	}
}
