package api

import (
	"encoding/json"
	"errors"
	"testing"
)

// ParseMessage reads a message's id (null as none), method, params, the
// tool a tools/call names and whether it asks to run as a task; a batch and
// anything that is not a JSON object are refused.
func TestParseMessage(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		line               string
		id, method, name   string
		task, req, respons bool
	}{
		{line: ` {"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get-logs","arguments":{}}}`, id: "7", method: "tools/call", name: "get-logs", req: true},
		{line: `{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"run-tests","task":{"ttl":5}}}`, id: `"a"`, method: "tools/call", name: "run-tests", task: true, req: true},
		{line: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","task":null}}`, id: "1", method: "tools/call", name: "x", req: true},
		{line: `{"jsonrpc":"2.0","method":"notifications/initialized"}`, method: "notifications/initialized"},
		{line: `{"jsonrpc":"2.0","id":null,"method":"ping"}`, method: "ping"},
		{line: `{"jsonrpc":"2.0","id":3,"result":{}}`, id: "3", respons: true},
		{line: `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":[1]}`, id: "4", method: "tools/call", req: true},
	} {
		m, err := ParseMessage([]byte(c.line))
		if err != nil {
			t.Errorf("%s: %v", c.line, err)
			continue
		}
		if string(m.ID) != c.id || m.Method != c.method || m.Name != c.name || m.Task != c.task || m.IsRequest() != c.req || m.IsResponse() != c.respons {
			t.Errorf("%s: id %s method %q name %q task %v request %v response %v", c.line, m.ID, m.Method, m.Name, m.Task, m.IsRequest(), m.IsResponse())
		}
	}
	if _, err := ParseMessage([]byte(` [{"jsonrpc":"2.0","id":1,"method":"ping"}]`)); !errors.Is(err, ErrBatch) {
		t.Errorf("a batch: %v, want ErrBatch", err)
	}
	for _, bad := range []string{`"text"`, `{"id":`, ``} {
		if _, err := ParseMessage([]byte(bad)); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// Request writes a line ParseMessage reads back as that request; a method
// is quoted as JSON, and nil params leave the member out.
func TestRequestReadsBack(t *testing.T) {
	line := Request(json.RawMessage(`"unitymcp-7"`), "roots/list", nil)
	if string(line) != `{"jsonrpc":"2.0","id":"unitymcp-7","method":"roots/list"}` {
		t.Errorf("Request without params = %s", line)
	}
	line = Request(json.RawMessage(`12`), `odd"method`, json.RawMessage(`{"a":[1,2]}`))
	m, err := ParseMessage(line)
	if err != nil || string(m.ID) != "12" || m.Method != `odd"method` || string(m.Params) != `{"a":[1,2]}` || !m.IsRequest() {
		t.Errorf("Request(12, odd\"method, params) = %s, read back as %+v %v", line, m, err)
	}
}

// ErrorCodeOf reads the code of the daemon's error body, and nothing of
// anything else.
func TestErrorCodeOf(t *testing.T) {
	body, _ := json.Marshal(ErrorBody{Error: &ToolError{Code: CodeShuttingDown, Message: "the daemon is shutting down"}})
	for in, want := range map[string]ErrorCode{
		string(body):                            CodeShuttingDown,
		`{"error":{"message":"shutting_down"}}`: "",
		`shutting_down`:                         "",
		`{"error":"shutting_down"}`:             "",
		`{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"x"}}`: "",
	} {
		if got := ErrorCodeOf([]byte(in)); got != want {
			t.Errorf("ErrorCodeOf(%s) = %q, want %q", in, got, want)
		}
	}
}
