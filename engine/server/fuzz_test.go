package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/state"
)

// fuzzDaemon is a server with a connected simulated editor and one
// initialised MCP session, shared by every fuzz input.
type fuzzDaemon struct {
	srv   *Server
	token string
	sid   string
}

func newFuzzDaemon(f *testing.F) *fuzzDaemon {
	dir, err := state.At(f.TempDir())
	if err != nil {
		f.Fatal(err)
	}
	token, err := dir.EnsureToken()
	if err != nil {
		f.Fatal(err)
	}
	eng := engine.New(engine.Options{State: dir, CallTimeout: 2 * time.Second})
	srv := New(eng, token, "", nil)
	ts := httptest.NewServer(srv)
	f.Cleanup(ts.Close)
	// Before the state folder is removed: the hub closes the editor's connection,
	// then the engine writes the last instance files, so nothing is written into a
	// folder being deleted (cleanups run last-registered first).
	f.Cleanup(eng.Close)
	f.Cleanup(eng.Hub.Close)
	srv.BaseURL = ts.URL
	proj := filepath.Join(f.TempDir(), "Fuzz")
	for _, d := range []string{"Assets", "ProjectSettings"} {
		os.MkdirAll(filepath.Join(proj, d), 0o755)
	}
	sim, err := editorsim.New(editorsim.Config{BaseURL: ts.URL, Token: token, ProjectDir: proj, StateDir: dir.Root, ReloadDelay: 10 * time.Millisecond})
	if err != nil {
		f.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { sim.Run(ctx); close(done) }()
	f.Cleanup(func() { cancel(); <-done })
	select {
	case <-sim.Connected():
	case <-time.After(10 * time.Second):
		f.Fatal("simulator did not connect")
	}
	d := &fuzzDaemon{srv: srv, token: token}
	rec := d.post(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"fuzz","version":"1"}}}`)
	d.sid = rec.Header().Get("Mcp-Session-Id")
	if d.sid == "" {
		f.Fatalf("initialize: %d %s", rec.Code, rec.Body)
	}
	d.post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return d
}

func (d *fuzzDaemon) post(body string) *httptest.ResponseRecorder {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	req := httptest.NewRequestWithContext(ctx, "POST", "http://127.0.0.1/mcp", strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+d.token)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if d.sid != "" {
		req.Header.Set("Mcp-Session-Id", d.sid)
		req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	}
	rec := httptest.NewRecorder()
	d.srv.ServeHTTP(rec, req)
	return rec
}

// FuzzMCPPost sends arbitrary bodies to /mcp on an initialised session,
// through the tools/call fast path and mcp-go: no panic, and a JSON answer
// is valid JSON whose id is the request's.
//
//	go test -run XXX -fuzz FuzzMCPPost -fuzztime 60s ./engine/server/
func FuzzMCPPost(f *testing.F) {
	d := newFuzzDaemon(f)
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get-logs","arguments":{"MaxCount":3}}}`,
		`{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"name":"find-game-objects","arguments":{"NamePattern":"Main Camera"}}}`,
		`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"get-logs","arguments":{"LogType":"Nope"}}}`,
		`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"definitions_list"}}`,
		`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"get-logs","arguments":[1,2]}}`,
		`{"jsonrpc":"2.0","id":1e3,"method":"tools/call","params":{"name":"get-logs","arguments":null}}`,
		`{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"get-logs","_meta":{"progressToken":1}}}`,
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
		if json.Unmarshal([]byte(body), &req) != nil || !plainID(req.ID) || json.Unmarshal(out, &resp) != nil {
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
