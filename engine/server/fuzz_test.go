package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
)

// FuzzMCPPost sends arbitrary bodies to /mcp on an initialised session,
// through the dispatcher (the daemon's task methods, then mcp-go): no
// panic, and a JSON answer is valid JSON whose id is the request's.
//
//	go test -run XXX -fuzz FuzzMCPPost -fuzztime 60s ./engine/server/
func FuzzMCPPost(f *testing.F) {
	d := newTestDaemon(f, 2*time.Second, 10*time.Millisecond, 3*time.Second)
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get-logs","arguments":{"MaxCount":3}}}`,
		`{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"name":"find-game-objects","arguments":{"NamePattern":"Main Camera"}}}`,
		`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"get-logs","arguments":{"LogType":"Nope"}}}`,
		`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"definitions_list"}}`,
		`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"get-logs","arguments":[1,2]}}`,
		`{"jsonrpc":"2.0","id":1e3,"method":"tools/call","params":{"name":"get-logs","arguments":null}}`,
		`{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"get-logs","_meta":{"progressToken":1}}}`,
		`{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"run-tests","task":{"ttl":1000}}}`,
		`{"jsonrpc":"2.0","id":13,"method":"tasks/get","params":{"taskId":"nope"}}`,
		`{"jsonrpc":"2.0","id":14,"method":"tasks/list","params":[]}`,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}`,
		`[{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get-logs"}}]`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`{"jsonrpc":"1.0","id":3,"method":"tools/call","params":{"name":"get-logs"}}`,
		`{"id":null,"method":"tools/call"}`,
		`{"jsonrpc":"2.0","id":{"a":1},"method":"tools/call","params":{"name":"get-logs"}}`,
		`tools/call`,
		``,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		// Every request is bounded (3 s context, 2 s call timeout); one that
		// hangs anyway leaves the stacks of all goroutines and fails.
		hang := time.AfterFunc(10*time.Second, func() {
			buf := make([]byte, 1<<20)
			os.WriteFile(filepath.Join(os.TempDir(), "FuzzMCPPost-hang.txt"), buf[:runtime.Stack(buf, true)], 0o644)
			panic(fmt.Sprintf("request hung for 10 s: %q", body))
		})
		defer hang.Stop()
		rec := d.post(body)
		if !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") || rec.Code != http.StatusOK {
			return
		}
		out := bytes.TrimSpace(rec.Body.Bytes())
		if !json.Valid(out) {
			t.Fatalf("invalid JSON answer to %q: %s", body, out)
		}
		var req struct {
			ID json.RawMessage `json:"id"`
		}
		var resp struct {
			ID json.RawMessage `json:"id"`
		}
		if json.Unmarshal([]byte(body), &req) != nil || !api.PlainID(req.ID) || json.Unmarshal(out, &resp) != nil {
			return
		}
		var a, b any
		json.Unmarshal(req.ID, &a)
		json.Unmarshal(resp.ID, &b)
		if aj, _ := json.Marshal(a); string(aj) != func() string { bj, _ := json.Marshal(b); return string(bj) }() {
			t.Fatalf("answer id %s for request id %s (%q)", resp.ID, req.ID, body)
		}
	})
}
