package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
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
		{`{"a":"spaces stay inside strings"}`, true}, {`{"a":"\" ","b":1}`, true}, {`{"a":"\\"," b":1}`, true},
		{`{"a":"\\" ,"b":1}`, false}, {"{\"a\":\"’…•\"}", true}, {"{\"a\":\"\u2029\"}", false}, {`["x" ]`, false},
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
	f.Fuzz(func(t *testing.T, res []byte) {
		checkEncodeToolResult(t, res, nil)
		checkWriteToolAnswer(t, res)
	})
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

// largeResult is a JSON result of about n bytes with what the text's
// escaping touches (quotes, backslashes, multi-byte runes across every piece
// boundary); with html, also what json.Marshal rewrites in structured
// content (HTML characters, U+2028, a tab), so it is not compact-safe.
func largeResult(n int, html bool) json.RawMessage {
	extra := ""
	if html {
		extra = ` <b>&amp;</b>\t\u2028`
	}
	b := []byte(`{"Logs":[`)
	for i := 0; len(b) < n; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, fmt.Sprintf(`{"Message":"line %d \"quoted\" \\ 日本語 😀%s","N":%d}`, i, extra, i)...)
	}
	return append(b, "]}"...)
}

// writeToolAnswer writes the bytes answerFast builds for the same answer,
// for both revisions, whatever the result.
func TestWriteToolAnswerAsBuilt(t *testing.T) {
	t.Parallel()
	results := []json.RawMessage{largeResult(200<<10, false), largeResult(200<<10, true), json.RawMessage(`{ "spaced" : "<not compact>" }`)}
	for _, r := range resultSeeds {
		results = append(results, json.RawMessage(r))
	}
	for _, res := range results {
		checkWriteToolAnswer(t, res)
	}
}

// checkWriteToolAnswer fails t unless writeToolAnswer writes what
// encodeToolResult (and encodeModernResult) build, for a result both take.
func checkWriteToolAnswer(t *testing.T, res json.RawMessage) {
	t.Helper()
	structured, err := structuredContent(res)
	if err != nil {
		return // not valid JSON: answered as an encoding error, never streamed
	}
	for _, meta := range []string{"", modernServerInfo} {
		built, err := encodeToolResult(res, nil)
		if meta != "" {
			built, err = encodeModernResult(res, nil, meta)
		}
		if err != nil {
			t.Fatalf("result %.60q: %v", res, err)
		}
		want := append(append([]byte(`{"jsonrpc":"2.0","id":"x-1","result":`), built...), "}\n"...)
		var got bytes.Buffer
		if err := writeToolAnswer(&got, []byte(`"x-1"`), res, structured, meta); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Fatalf("result %.60q, meta %q:\nwritten %.300s\nbuilt   %.300s", res, meta, got.Bytes(), want)
		}
	}
}

// Writing a large result's answer holds no copy of it: what it allocates is
// a piece's scratch, whatever the result's size.
func TestWriteToolAnswerHoldsNoCopy(t *testing.T) {
	res := largeResult(4<<20, false)
	structured, err := structuredContent(res)
	if err != nil || &structured[0] != &res[0] {
		t.Fatalf("a compact result's structured content is not the result itself (%v)", err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if err := writeToolAnswer(io.Discard, []byte("1"), res, structured, modernServerInfo); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 512<<10 {
		t.Fatalf("writing a %d-byte result's answer allocated %d bytes; want under 512 KiB (a piece's scratch)", len(res), got)
	}
}

// Through the daemon: a tools/call whose result is over streamResultAbove is
// written as it goes (no Content-Length, so net/http sends it chunked) and
// is byte for byte mcp-go's answer for it.
func TestLargeResultStreamedAsMCPGo(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	for i := 0; i < 2000; i++ { // ~300 KB of Console, answered inline by get-logs
		d.sim.Log("Warning", fmt.Sprintf("warning %d: <b>a \"quoted\"</b> & 日本語 😀", i), "UnityEngine.Debug:LogWarning (object)\nGame.Update () (at Assets/Game.cs:12)")
	}
	f := d.srv.mcp.get("", d.srv.maxPins())
	meta := `"_meta":{"io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"},"io.modelcontextprotocol/protocolVersion":"2026-07-28"}`
	body := `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{` + meta + `,"name":"get-logs","arguments":{"MaxCount":5000,"IncludeStackTrace":true}}}`
	serve := func(viaMCPGo bool) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", "http://127.0.0.1/mcp", strings.NewReader(body))
		for k, v := range map[string]string{"Authorization": "Bearer " + d.token, "Content-Type": "application/json",
			"Accept": "application/json, text/event-stream", "Mcp-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "get-logs"} {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		if viaMCPGo {
			f.http.ServeHTTP(rec, req)
		} else {
			d.srv.ServeHTTP(rec, req)
		}
		return rec
	}
	before := d.srv.fastCalls.Load()
	fast := serve(false)
	if d.srv.fastCalls.Load() == before {
		t.Fatal("not answered by the fast path")
	}
	if n := fast.Body.Len(); n < 128<<10 {
		t.Fatalf("the answer is %d bytes: too small to be streamed (2,000 log entries should give more): %.900s", n, fast.Body.String())
	}
	if cl := fast.Header().Get("Content-Length"); cl != "" {
		t.Errorf("a large answer carries Content-Length %s: it was built whole, not streamed", cl)
	}
	slow := serve(true)
	if a, b := strings.TrimSpace(fast.Body.String()), strings.TrimSpace(slow.Body.String()); a != b {
		t.Fatalf("fast path (%d bytes) and mcp-go (%d bytes) differ:\nfast   %.300s\nmcp-go %.300s", len(a), len(b), a, b)
	}
}
