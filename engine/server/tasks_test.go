package server

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/unitymcp/unitymcp/engine/api"
)

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
