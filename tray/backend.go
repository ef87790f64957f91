// Package tray is the desktop tray: an icon that shows the editors' state
// and a menu to act on them. It talks to the daemon only through its local
// API (/health, /events, /config, /tools), so the same tray runs inside
// `unitymcp serve` or as its own process (`unitymcp tray`). Its menu is
// rebuilt from a state snapshot on every change.
package tray

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/client"
)

// Health is the part of /health the tray shows.
type Health struct {
	Version              string              `json:"version"`
	StateDir             string              `json:"stateDir"`
	MCPURL               string              `json:"mcpUrl"`
	Editors              []bridge.EditorInfo `json:"editors"`
	SharedDefinitionsDir string              `json:"sharedDefinitionsDir"`
}

// Backend is the daemon as the tray sees it.
type Backend struct{ C *client.Client }

// Health reads /health.
func (b Backend) Health(ctx context.Context) (Health, error) {
	var h Health
	body, status, err := b.C.Do(ctx, "GET", "/health", nil)
	if err != nil {
		return h, err
	}
	if status != http.StatusOK {
		return h, fmt.Errorf("health: HTTP %d", status)
	}
	return h, json.Unmarshal(body, &h)
}

// Notifications reads the switches from /config.
func (b Backend) Notifications(ctx context.Context) (map[string]bool, error) {
	var c struct {
		Notifications map[string]bool `json:"notifications"`
	}
	body, _, err := b.C.Do(ctx, "GET", "/config", nil)
	if err != nil {
		return nil, err
	}
	return c.Notifications, json.Unmarshal(body, &c)
}

// SetNotification switches one kind.
func (b Backend) SetNotification(ctx context.Context, kind string, on bool) error {
	body, _ := json.Marshal(map[string]any{"notifications": map[string]bool{kind: on}})
	_, status, err := b.C.Do(ctx, "POST", "/config", body)
	if err == nil && status != http.StatusOK {
		err = fmt.Errorf("config: HTTP %d", status)
	}
	return err
}

// Call runs a tool for a project and returns the message to show.
func (b Backend) Call(ctx context.Context, project, tool string, args map[string]any) (string, error) {
	a, _ := json.Marshal(args)
	body, isErr, err := b.C.CallTool(ctx, project, tool, a)
	if err != nil {
		return "", err
	}
	var m map[string]any
	json.Unmarshal(body, &m)
	if isErr {
		if e, ok := m["error"].(map[string]any); ok {
			return "", fmt.Errorf("%v", e["message"])
		}
		return "", fmt.Errorf("%s failed", tool)
	}
	for _, k := range []string{"Message", "message"} {
		if s, ok := m[k].(string); ok && s != "" {
			return s, nil
		}
	}
	return tool + " done", nil
}

// Events streams /events until ctx ends or the stream drops. onOpen runs
// once the stream is established (read the state then: nothing that happens
// after it is missed).
func (b Backend) Events(ctx context.Context, onOpen func(), fn func(engine.Event)) error {
	req, err := http.NewRequestWithContext(ctx, "GET", b.C.URL+"/events", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+b.C.Token)
	resp, err := b.C.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("events: HTTP %d", resp.StatusCode)
	}
	if onOpen != nil {
		onOpen()
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			var ev struct {
				Type    string          `json:"type"`
				Project string          `json:"project"`
				Data    json.RawMessage `json:"data"`
			}
			if json.Unmarshal([]byte(d), &ev) == nil {
				fn(engine.Event{Type: ev.Type, Project: ev.Project, Data: ev.Data})
			}
		}
	}
	return sc.Err()
}

// MCPURL is the MCP endpoint pinned to a project.
func (b Backend) MCPURL(hash string) string {
	return b.C.URL + "/projects/" + url.PathEscape(hash) + "/mcp"
}
