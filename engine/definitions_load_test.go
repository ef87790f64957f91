package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/state"
)

// definitions.changed is published after the catalogs are rebuilt (and the
// front ends told): whoever acts on it sees the new definitions, pinned and
// unpinned. Each round checks the snapshots the moment the event arrives,
// while ReloadDefinitions may still be running.
func TestDefinitionsChangedAfterRebuild(t *testing.T) {
	t.Parallel()
	dir, err := state.At(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	e := New(Options{State: dir})
	defer e.Close()
	const hash = "0123456789abcdef"
	e.Snapshot(hash) // known, as a pinned session makes it
	ch, stop := e.Events.Subscribe(16)
	defer stop()
	for i := range 20 {
		desc := fmt.Sprintf("version %d", i)
		body := `{"name":"state_probe","description":"` + desc + `","kind":"probe","reads":[{"id":"a","path":"@selection"}]}`
		if err := os.WriteFile(filepath.Join(dir.ToolsDir(hash), "state.json"), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() { e.ReloadDefinitions([]string{hash}); close(done) }()
		for ev := range ch {
			if ev.Type != api.EventDefinitionsChanged {
				continue
			}
			for _, h := range []string{hash, ""} {
				if tl := e.Snapshot(h).Lookup("state_probe"); tl == nil && h == hash || tl != nil && tl.Description != desc {
					t.Fatalf("round %d: on definitions.changed the catalog %q has %v, want %q", i, h, tl, desc)
				}
			}
			break
		}
		<-done
	}
}
