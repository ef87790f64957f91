package server

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
)

var resultSeeds = []string{`{"a":1}`, "{\t\"a\":1\r\n}", `{ "a" : [1, 2] }`, "{\"t\":\"\u2028\"}", `{ "a" : [1, 2] ,"b":"<tag>&amp;"}`, `{"u":"é\u2028"}`, `[]`, `"s"`, `null`, ``, `{"x":"\u003c"}`}

// encodeToolResult writes the bytes json.Marshal writes for the mcp-go
// CallToolResult of the same answer (results and tool errors).
func TestEncodeToolResultMatchesMCPGo(t *testing.T) {
	t.Parallel()
	for _, r := range resultSeeds {
		checkEncodeToolResult(t, json.RawMessage(r), nil)
	}
	checkEncodeToolResult(t, nil, api.Errorf(api.CodeInvalidParams, "bad <value> & more"))
	if _, err := encodeToolResult(json.RawMessage(`{"a":`), nil); err == nil {
		t.Error("invalid JSON from the engine was encoded")
	}
}

// The shortcut copies exactly the bodies json.Marshal gives back as they
// are, and is taken for a compact one (the editor's answers are).
func TestCompactSafe(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		body string
		safe bool
	}{
		{`{"DisplayedCount":0,"Logs":[],"SearchText":"x"}`, true},
		{`[1,"é",null]`, true},
		{"", false}, {`{"a": 1}`, false}, {"{\t}", false}, {"{\r}", false}, {"{\n}", false},
		{`{"a":"<"}`, false}, {`{"a":">"}`, false}, {`{"a":"&"}`, false}, {"{\"a\":\"\u2028\"}", false},
	} {
		if got := compactSafe([]byte(c.body)); got != c.safe {
			t.Errorf("compactSafe(%q) = %v, want %v", c.body, got, c.safe)
		}
	}
}

func checkEncodeToolResult(t *testing.T, res json.RawMessage, terr *api.ToolError) {
	t.Helper()
	want, werr := json.Marshal(toolResult(res, terr))
	got, gerr := encodeToolResult(res, terr)
	if (werr == nil) != (gerr == nil) || !bytes.Equal(got, want) {
		t.Fatalf("result %q: got %s (%v); mcp-go's marshal gives %s (%v)", res, got, gerr, want, werr)
	}
}

func FuzzEncodeToolResult(f *testing.F) {
	for _, s := range resultSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, res []byte) { checkEncodeToolResult(t, res, nil) })
}

// A 2026-07-28 tools/call answered by the fast path is byte for byte what
// mcp-go answers for it (resultType, the server's identity in _meta), for
// a result and a tool error; requests mcp-go would refuse or treat
// otherwise (a header that does not mirror the body, a progress token, a
// version mismatch) are left to it.
func TestModernFastPathMatchesMCPGo(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	f := d.srv.mcp.get("", d.srv.maxPins())
	serve := func(body string, hdr map[string]string, viaMCPGo bool) (string, int64) {
		req := httptest.NewRequest("POST", "http://127.0.0.1/mcp", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+d.token)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		before := d.srv.fastCalls.Load()
		if viaMCPGo {
			f.http.ServeHTTP(rec, req)
		} else {
			d.srv.ServeHTTP(rec, req)
		}
		return strings.TrimSpace(rec.Body.String()), d.srv.fastCalls.Load() - before
	}
	meta := `"_meta":{"io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"},"io.modelcontextprotocol/protocolVersion":"2026-07-28"}`
	std := func(name string) map[string]string {
		return map[string]string{"Mcp-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": name}
	}
	for _, c := range []struct{ name, body string }{
		{"result", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{` + meta + `,"name":"get-logs","arguments":{"MaxCount":3}}}`},
		{"tool error", `{"jsonrpc":"2.0","id":"e","method":"tools/call","params":{` + meta + `,"name":"get-logs","arguments":{"LogType":"Nope"}}}`},
	} {
		fast, n := serve(c.body, std("get-logs"), false)
		slow, _ := serve(c.body, std("get-logs"), true)
		if n != 1 {
			t.Errorf("%s: not answered by the fast path", c.name)
		}
		if fast != slow {
			t.Errorf("%s:\nfast path %s\nmcp-go    %s", c.name, fast, slow)
		}
	}
	for _, c := range []struct {
		name, body string
		hdr        map[string]string
	}{
		{"name header mismatch", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{` + meta + `,"name":"get-logs","arguments":{}}}`, std("clear-console")},
		{"no method header", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{` + meta + `,"name":"get-logs","arguments":{}}}`, map[string]string{"Mcp-Protocol-Version": "2026-07-28", "Mcp-Name": "get-logs"}},
		{"progress token", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"_meta":{"progressToken":1,"io.modelcontextprotocol/protocolVersion":"2026-07-28"},"name":"get-logs","arguments":{}}}`, std("get-logs")},
		{"version only in the header", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get-logs","arguments":{}}}`, std("get-logs")},
		{"no client capabilities", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"},"name":"get-logs","arguments":{}}}`, std("get-logs")},
		{"capabilities not an object", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/clientCapabilities":"x","io.modelcontextprotocol/protocolVersion":"2026-07-28"},"name":"get-logs","arguments":{}}}`, std("get-logs")},
		{"an id mcp-go rewrites", `{"jsonrpc":"2.0","id":1.0,"method":"tools/call","params":{` + meta + `,"name":"get-logs","arguments":{}}}`, std("get-logs")},
		{"a string id mcp-go escapes", `{"jsonrpc":"2.0","id":"<a>","method":"tools/call","params":{` + meta + `,"name":"get-logs","arguments":{}}}`, std("get-logs")},
	} {
		got, n := serve(c.body, c.hdr, false)
		want, _ := serve(c.body, c.hdr, true)
		if n != 0 {
			t.Errorf("%s: answered by the fast path: %s", c.name, got)
		}
		if got != want {
			t.Errorf("%s: the daemon answered %s, mcp-go %s", c.name, got, want)
		}
	}
}

// A modern fast call is cancelled by a modern notifications/cancelled
// naming its id, as mcp-go cancels its own.
func TestModernFastCallCancelled(t *testing.T) {
	d := newTestDaemon(t, 60*time.Second, 30*time.Second, 0) // a domain reload lasts 30 s
	meta := `"_meta":{"io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"},"io.modelcontextprotocol/protocolVersion":"2026-07-28"}`
	post := func(body string, name string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", "http://127.0.0.1/mcp", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+d.token)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Mcp-Protocol-Version", "2026-07-28")
		req.Header.Set("Mcp-Method", strings.Split(strings.Split(body, `"method":"`)[1], `"`)[0])
		if name != "" {
			req.Header.Set("Mcp-Name", name)
		}
		rec := httptest.NewRecorder()
		d.srv.ServeHTTP(rec, req)
		return rec
	}
	// A compile that waits for the domain reload (30 s here: a script
	// changed) until the cancel ends it.
	os.MkdirAll(filepath.Join(d.proj, "Assets", "Scripts"), 0o755)
	if err := os.WriteFile(filepath.Join(d.proj, "Assets", "Scripts", "Changed.cs"), []byte("class Changed {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := d.srv.fastCalls.Load()
	done := make(chan *httptest.ResponseRecorder, 1)
	go func() {
		done <- post(`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{`+meta+`,"name":"compile","arguments":{"WaitForDomainReload":true}}}`, "compile")
	}()
	deadline := time.Now().Add(5 * time.Second)
	for d.srv.fastCalls.Load() == before {
		if time.Now().After(deadline) {
			t.Fatal("the call did not start on the fast path")
		}
		time.Sleep(time.Millisecond) // polls a counter: the call has no start event
	}
	start := time.Now()
	if rec := post(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{`+meta+`,"requestId":9}}`, ""); rec.Code != 202 {
		t.Fatalf("cancel: %d %s", rec.Code, rec.Body)
	}
	select {
	case rec := <-done:
		if !strings.Contains(rec.Body.String(), "cancel") {
			t.Errorf("the cancelled call answered %s", rec.Body)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the cancel did not end the call")
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("the call ended %v after the cancel", took)
	}
}

// A get-logs answer's tools/call result, as the fast path writes one per
// call (docs/performance.md, "Seventh round"):
//
//	go test -run XXX -bench EncodeToolResult ./engine/server/
func BenchmarkEncodeToolResult(b *testing.B) {
	b.ReportAllocs()
	res := json.RawMessage(`{"DisplayedCount":0,"IncludeStackTrace":false,"LogType":"All","Logs":[],"MaxCount":100,"SearchText":"","TotalCount":0,"Ver":"0.1.0-dev"}`)
	for b.Loop() {
		if _, err := encodeToolResult(res, nil); err != nil {
			b.Fatal(err)
		}
	}
}
