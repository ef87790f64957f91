package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
)

// GET /events streams engine events: an editor connecting, its compile.
func TestEventsStream(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", e.URL+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+e.Token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	events := make(chan string, 64)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				events <- d
			}
		}
	}()
	dir := newProject(t, "Game")
	sim := e.startSim(dir, editorsim.Config{})
	os.WriteFile(filepath.Join(dir, "Assets/Scripts/Bad.cs"), []byte("#error nope\n"), 0o644)
	e.call("", "compile", map[string]any{})
	want := map[string]bool{"editor.connected": false, "catalog.changed": false, "compile.started": false, "compile.finished": false}
	deadline := time.After(5 * time.Second)
	for {
		done := true
		for _, v := range want {
			done = done && v
		}
		if done {
			return
		}
		select {
		case d := <-events:
			var ev struct {
				Type, Project string
				Data          json.RawMessage
			}
			json.Unmarshal([]byte(d), &ev)
			if _, ok := want[ev.Type]; ok {
				if ev.Project != sim.Hash() {
					t.Errorf("%s for project %q, want %s", ev.Type, ev.Project, sim.Hash())
				}
				if ev.Type == "compile.finished" && !strings.Contains(string(ev.Data), `"errorCount":1`) {
					t.Errorf("compile.finished data: %s", ev.Data)
				}
				want[ev.Type] = true
			}
		case <-deadline:
			t.Fatalf("events missing: %v", want)
		}
	}
}

// Malformed JSON-RPC and bad arguments get clear errors; the daemon keeps
// serving.
func TestBadInput(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	e.startSim(newProject(t, "Game"), editorsim.Config{})
	for _, body := range []string{`{not json`, `[]`, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":"x"}`} {
		status, resp := e.do("POST", "/mcp", []byte(body), map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream"})
		if status == http.StatusOK && !strings.Contains(string(resp), `"error"`) {
			t.Errorf("POST /mcp %s: %d %s", body, status, resp)
		}
		if status >= 500 {
			t.Errorf("POST /mcp %s: server error %d %s", body, status, resp)
		}
	}
	cases := []struct {
		tool, body string
		status     int
		code       string
	}{
		{"no-such-tool", `{}`, 404, "unknown_tool"},
		{"get_logs", `{}`, 404, "unknown_tool"},
		{"get-logs", `{"MaxCount":"x"}`, 400, "invalid_params"},
		{"get-logs", `[1,2]`, 400, "invalid_params"},
		{"get-logs", `{"maxcount":3}`, 400, "invalid_params"},
		{"run-tests", `{"TestMode":"Both"}`, 400, "invalid_params"},
		{"screenshot", `{"ResolutionScale":5}`, 400, "invalid_params"},
		{"find-game-objects", `{"SearchMode":"Regex","NamePattern":"("}`, 400, "invalid_params"},
	}
	for _, c := range cases {
		status, resp := e.do("POST", "/tools/"+c.tool, []byte(c.body), nil)
		var m map[string]any
		json.Unmarshal(resp, &m)
		if status != c.status || errCode(m) != c.code {
			t.Errorf("%s %s: %d %s, want %d %s", c.tool, c.body, status, resp, c.status, c.code)
		}
	}
	if status, resp := e.do("POST", "/tools/get_logs", []byte(`{}`), nil); !strings.Contains(string(resp), `Did you mean \"get-logs\"`) {
		t.Errorf("no suggestion for get_logs: %d %s", status, resp)
	}
	if status, _ := e.call("", "get-logs", map[string]any{}); status != http.StatusOK {
		t.Fatalf("daemon stopped serving: %d", status)
	}
}
