package e2e

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/daemon"
	"github.com/unitymcp/unitymcp/engine/project"
)

// Pins are bounded: each /projects/<hash>/mcp (or ?project=) pin holds an MCP
// server, so at most MaxPins are kept; one without sessions makes room for
// a new pin, and with every pinned project in use a new one is refused (503)
// until a session ends. A ?project= folder that is not a Unity project is
// refused instead of being remembered and watched.
func TestProjectPinsBounded(t *testing.T) {
	e := startDaemonWith(t, func(c *daemon.Config) { c.MaxPins = 2 })
	at := func(name string) string {
		dp, err := project.DataPath(newProject(t, name))
		if err != nil {
			t.Fatal(err)
		}
		return "/projects/" + project.Hash(dp) + "/mcp"
	}
	a, b, c := at("A"), at("B"), at("C")
	sa := newRawSessionAt(t, e, a)
	newRawSessionAt(t, e, b)
	third := &rawSession{t: t, e: e, path: c}
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`
	resp, body := third.post(init)
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(body, "too_many_projects") {
		t.Fatalf("a third pin with two pinned projects in use: %d %s", resp.StatusCode, body)
	}
	// The first project's session ends: its front may go, and the pin fits.
	req, _ := http.NewRequestWithContext(t.Context(), "DELETE", e.URL+a, nil)
	req.Header.Set("Authorization", "Bearer "+e.Token)
	req.Header.Set("Mcp-Session-Id", sa.sid)
	req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	if r, err := http.DefaultClient.Do(req); err != nil {
		t.Fatal(err)
	} else {
		r.Body.Close()
	}
	waitFor(t, 5*time.Second, func() bool { return e.d.Server.Sessions() == 1 }, "the deleted session to end")
	newRawSessionAt(t, e, c)

	// Not a Unity project: refused, not remembered.
	plain := &rawSession{t: t, e: e, path: "/mcp?project=" + t.TempDir()}
	if resp, body := plain.post(init); resp.StatusCode == http.StatusOK || !strings.Contains(body, "not a Unity project") {
		t.Errorf("a pin of a folder without Assets: %d %s", resp.StatusCode, body)
	}
}
