package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/unitymcp/unitymcp/engine/api"
)

// The fast path never answers a task-augmented tools/call, even when it
// would answer the same call without params.task.
func TestFastPathLeavesTaskCalls(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	f := d.srv.mcp.get("", d.srv.maxPins())
	try := func(body string) bool {
		req := httptest.NewRequestWithContext(context.Background(), "POST", "http://127.0.0.1/mcp", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Mcp-Session-Id", d.sid)
		return d.srv.tryFastCall(httptest.NewRecorder(), req, "", f, []byte(body))
	}
	if !try(`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"run-tests","arguments":{}}}`) {
		t.Fatal("the fast path did not answer a plain run-tests (the test cannot tell)")
	}
	if try(`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"run-tests","arguments":{},"task":{"ttl":60000}}}`) {
		t.Error("the fast path answered a task-augmented tools/call")
	}
}

// A task's ttl is clamped and answered; task requests need a session.
func TestTaskTTLAndSession(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	for _, c := range []struct {
		ttl  string
		want int64
	}{{`0`, 1000}, {`-5`, 1000}, {`2500`, 2500}, {`1000000000000000`, maxTaskTTL.Milliseconds()}, {`null`, defaultTaskTTL.Milliseconds()}} {
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

// tasks/result answers the bytes of the plain call's CallToolResult, with
// the related-task _meta in front.
func TestTaskResultIsThePlainResult(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		res  json.RawMessage
		terr *api.ToolError
	}{{json.RawMessage(`{"Success":true,"Ver":"1"}`), nil}, {nil, api.Errorf(api.CodeCancelled, "run-tests was <cancelled>")}} {
		got := taskResult("abc", c.res, c.terr)
		plain, _ := encodeToolResult(c.res, c.terr)
		want := append([]byte(`{"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"abc"}},`), plain[1:]...)
		if !bytes.Equal(got, want) {
			t.Errorf("got %s\nwant %s", got, want)
		}
		raw := json.RawMessage(got)
		tr, err := mcp.ParseTaskResultResult(&raw)
		if err != nil || tr.IsError != (c.terr != nil) || len(tr.Content) != 1 {
			t.Errorf("%s does not decode as a TaskResultResult: %+v %v", got, tr, err)
		}
	}
}
