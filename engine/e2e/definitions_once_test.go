package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
)

// One definition file written into a project's folder changes the
// catalog once — one catalog.changed, so one tools/list_changed for each
// session — not twice (first-use report, finding 27: one cp, two
// list_changed). The events come on one bus in the order they are
// published, and definitions.changed is published after the catalog was
// told: the count is read when it arrives, no time gap judged.
func TestOneDefinitionWriteIsOneListChanged(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	sim := e.startSim(newProject(t, "Game"), editorsim.Config{})
	evs, stop := e.d.Engine.Events.Subscribe(256)
	defer stop()
	writeDef(t, e.State.ToolsDir(sim.Hash()), "once.json",
		`{"name":"once_probe","description":"d","kind":"probe","reads":[{"id":"a","path":"@selection"}]}`)
	changed := 0
	timeout := time.After(20 * time.Second)
	for {
		select {
		case ev := <-evs:
			switch ev.Type {
			case api.EventCatalogChanged:
				changed++
			case api.EventDefinitionsChanged:
				if changed != 1 {
					t.Errorf("one definition file written: the catalog changed %d times, want once", changed)
				}
				return
			}
		case <-timeout:
			t.Fatal("no definitions.changed after writing a definition file")
		}
	}
}

// notificationsFlow returns once c's session gets notifications: the SDK
// opens its stream (or its listen request, stateless) on its own after
// connecting and says nothing when it is up, so the catalog changes
// (catalogChange) until a list_changed arrives. It returns how many
// shared definitions it added.
func notificationsFlow(t testing.TB, e *env, c *sdkClient) int {
	t.Helper()
	before := c.listChanged.Load()
	for i := 0; i < 100; i++ {
		catalogChange(t, e, i)
		if c.waitListChanged(before, 200*time.Millisecond) {
			return i + 1
		}
	}
	t.Fatal("no notification reached the session")
	return 0
}

// catalogChange adds shared definition i and loads it at once: a change
// of every catalog, which every session is told of (a rebuild that
// changes nothing tells none).
func catalogChange(t testing.TB, e *env, i int) {
	t.Helper()
	dir := e.State.SharedToolsDir()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	body := fmt.Sprintf(`{"name":"definitions_change_%d","description":"d","kind":"probe","reads":[{"id":"a","path":"@selection"}]}`, i)
	if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("change_%d.json", i)), []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	e.d.Engine.ReloadDefinitions(nil)
}
