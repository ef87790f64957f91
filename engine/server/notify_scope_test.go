package server

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/definitions"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/project"
)

// postTo is d.post to path with session sid ("" for none), answering the
// recorder.
func (d *testDaemon) postTo(path, sid, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest("POST", "http://127.0.0.1"+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+d.token)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if sid != "" {
		req.Header.Set("Mcp-Session-Id", sid)
		req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	}
	rec := httptest.NewRecorder()
	d.srv.ServeHTTP(rec, req)
	return rec
}

// An editor of another project coming and going, or a catalog change that
// leaves a project's tools as they were, tells a session pinned to a
// project nothing: no tools/ or resources/list_changed (its tools and
// resources did not change), and so its answers stay plain JSON (mcp-go
// answers every later request of a session that was sent a notification
// as an SSE stream, which costs each call). The unpinned session, whose
// resource list does change, is told.
func TestNotificationsReachOnlyTheSessionsTheyConcern(t *testing.T) {
	d := newTestDaemon(t, 0, 0, 0)
	hash, err := project.HashDir(d.proj)
	if err != nil {
		t.Fatal(err)
	}
	pinned := "/projects/" + hash + "/mcp"
	rec := d.postTo(pinned, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}`)
	sid := rec.Header().Get("Mcp-Session-Id")
	if sid == "" {
		t.Fatalf("initialize on %s: %d %s", pinned, rec.Code, rec.Body)
	}
	d.postTo(pinned, sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	call := func(path, sid string) *httptest.ResponseRecorder {
		t.Helper()
		rec := d.postTo(path, sid, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get-logs","arguments":{}}}`)
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"result"`) {
			t.Fatalf("get-logs on %s: %d %s", path, rec.Code, rec.Body)
		}
		return rec
	}
	if ct := call(pinned, sid).Header().Get("Content-Type"); ct != "application/json" {
		t.Fatalf("the pinned session's first answer is %q, want application/json", ct)
	}

	// A second project's editor connects.
	other := filepath.Join(t.TempDir(), "Other")
	for _, dir := range []string{"Assets", "ProjectSettings"} {
		os.MkdirAll(filepath.Join(other, dir), 0o755)
	}
	d.startSim(t, other, editorsim.Config{BaseURL: d.srv.BaseURL, Token: d.token, StateDir: d.srv.eng.State().Root, Key: d.srv.Key})
	// The hub reports the connection after its hello; the unpinned
	// session's next answer carries resources/list_changed once it did
	// (resources/list: a call would ask this client which of two editors).
	deadline := time.Now().Add(10 * time.Second)
	for {
		body := d.postTo("/mcp", d.sid, `{"jsonrpc":"2.0","id":3,"method":"resources/list"}`).Body.String()
		if strings.Contains(body, "notifications/resources/list_changed") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the unpinned session was not told resources/list_changed when a second editor connected; its last answer:\n%s", body)
		}
	}

	rec = call(pinned, sid)
	if ct := rec.Header().Get("Content-Type"); ct != "application/json" || strings.Contains(rec.Body.String(), "list_changed") {
		t.Errorf("the session pinned to %s was told of another project's editor (Content-Type %q):\n%s", hash, ct, rec.Body)
	}

	// A reload of the definitions that leaves every catalog as it was (a
	// file saved unchanged) sends no tools/list_changed either.
	d.srv.eng.ReloadDefinitions([]string{definitions.SourceShared})
	rec = call(pinned, sid)
	if ct := rec.Header().Get("Content-Type"); ct != "application/json" || strings.Contains(rec.Body.String(), "list_changed") {
		t.Errorf("a reload that changed no tool was announced to the pinned session (Content-Type %q):\n%s", ct, rec.Body)
	}
}
