package server

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/catalog"
)

// listNames lists the session's tools by name.
func (d *testDaemon) listNames(t *testing.T) []string {
	t.Helper()
	rec := d.post(`{"jsonrpc":"2.0","id":7,"method":"tools/list"}`)
	var res struct {
		Result struct {
			Tools []struct{ Name string } `json:"tools"`
		} `json:"result"`
	}
	body := rec.Body.String()
	if i := strings.LastIndex(body, "data: "); i >= 0 { // an SSE answer: notifications first, the answer last
		body = strings.TrimSpace(body[i+len("data: "):])
	}
	if err := json.Unmarshal([]byte(body), &res); err != nil || len(res.Result.Tools) == 0 {
		t.Fatalf("tools/list: %v %s", err, rec.Body)
	}
	var out []string
	for _, tl := range res.Result.Tools {
		out = append(out, tl.Name)
	}
	return out
}

// listenGET opens the session's GET stream, as clients do for what the
// server sends on its own, and returns its lines as they come.
func (d *testDaemon) listenGET(t *testing.T, url string) <-chan string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", url+"/mcp", nil)
	req.Header.Set("Authorization", "Bearer "+d.token)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Session-Id", d.sid)
	req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET stream: %v %v", err, resp)
	}
	lines := make(chan string, 64)
	go func() {
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	return lines
}

// wantListChanged requires tools/list_changed in a call's answer or on the
// session's GET stream (mcp-go sends a notification made during a request
// on whichever of the two takes it first). The timeout only bounds a
// failure.
func wantListChanged(t *testing.T, call *httptest.ResponseRecorder, before []string, stream <-chan string) {
	t.Helper()
	const note = "notifications/tools/list_changed"
	if strings.Contains(strings.Join(before, "\n"), note) {
		return // on the call's own event stream, before its answer
	}
	deadline := time.After(10 * time.Second)
	for {
		select {
		case l, ok := <-stream:
			if !ok {
				t.Fatalf("the GET stream ended without tools/list_changed; the call answered:\n%s", call.Body)
			}
			if strings.Contains(l, note) {
				return
			}
		case <-deadline:
			t.Fatalf("no tools/list_changed in the call's answer nor on the GET stream:\n%s", call.Body)
		}
	}
}

// A session that asks for no group lists the default set; tool_groups
// adds a group to that session's list alone, tells it with
// tools/list_changed, and takes it off again.
func TestToolGroupsChangeOneSessionsList(t *testing.T) {
	d, _, _, url := newTestServer(t, 0, "Listing")
	d.initialize(t)
	stream := d.listenGET(t, url)
	other := *d
	other.sid = ""
	other.initialize(t)

	names := d.listNames(t)
	for _, want := range []string{"compile", "gameobject_create", "inspect_write", "batch", "tool_groups"} {
		if !slices.Contains(names, want) {
			t.Errorf("the default list lacks %s: %v", want, names)
		}
	}
	for _, not := range []string{"render_compare", "prefab_create", "input_pointer", "asset_find"} {
		if slices.Contains(names, not) {
			t.Errorf("the default list has %s, which is not in the default set", not)
		}
	}

	rec := d.post(`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"tool_groups","arguments":{"enable":["rendering"]}}}`)
	if body := rec.Body.String(); !strings.Contains(body, `\"changed\":true`) {
		t.Fatalf("enabling a group did not answer changed:\n%s", body)
	}
	wantListChanged(t, rec, d.events, stream)
	if names := d.listNames(t); !slices.Contains(names, "render_compare") || !slices.Contains(names, "compile") {
		t.Errorf("after enabling rendering the list should have render_compare and keep the default set: %v", names)
	}
	if names := other.listNames(t); slices.Contains(names, "render_compare") {
		t.Errorf("another session's list changed too: %v", names)
	}

	rec = d.post(`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"tool_groups","arguments":{"disable":["rendering","default"]}}}`)
	wantListChanged(t, rec, d.events, stream)
	if names := d.listNames(t); !slices.Equal(names, []string{"tool_groups"}) {
		t.Errorf("with every group off only tool_groups stays listed: %v", names)
	}

	rec = d.post(`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"tool_groups","arguments":{"enable":["rendring"]}}}`)
	if body := rec.Body.String(); !strings.Contains(body, `unknown tool group \"rendring\"`) || strings.Contains(strings.Join(d.events, ""), "list_changed") {
		t.Errorf("a misspelt group must be refused by name and change nothing:\n%s", body)
	}

	rec = d.post(`{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"tool_groups","arguments":{"enable":["all"]}}}`)
	if names := d.listNames(t); len(names) != len(catalog.Builtins()) {
		t.Errorf("enable all lists %d tools, want every built-in (%d): %s", len(names), len(catalog.Builtins()), rec.Body)
	}
}
