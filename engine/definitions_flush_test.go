package engine

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/definitions"
	"github.com/unitymcp/unitymcp/engine/editorsim"
)

// A definition written just before its first call is found by that call:
// a call of a tool the catalog lacks loads first what the watcher holds
// for its debounce (first-use report, finding 27: the agent wrote a
// definition, called it at once and got unknown_tool). The debounce here
// is an hour, so only the flush can load the file.
func TestACallLoadsADefinitionWrittenAMomentAgo(t *testing.T) {
	se := newSimEngine(t, bridge.Options{}, editorsim.Config{})
	shared := se.opt.State.SharedToolsDir()
	if err := os.MkdirAll(shared, 0o700); err != nil {
		t.Fatal(err)
	}
	w, err := definitions.Watch(se.opt.State.ToolsRoot(), time.Hour, slog.New(slog.DiscardHandler), se.ReloadDefinitions)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	se.SetDefinitionWatcher(w.WatchProject)
	se.SetDefinitionFlush(w.Flush)

	call := func() *api.ToolError {
		_, terr := se.Call(context.Background(), Request{Project: se.sim.Hash(), Tool: "fresh_probe", Args: []byte(`{}`)})
		return terr
	}
	if terr := call(); terr == nil || terr.Code != api.CodeUnknownTool {
		t.Fatalf("before the file: %v, want unknown_tool", terr)
	}
	if err := os.WriteFile(filepath.Join(shared, "fresh.json"), []byte(`{"name":"fresh_probe","description":"d","kind":"probe","reads":[{"id":"playing","path":"UnityEditor.EditorApplication/isPlaying"}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	// The watcher reads the file's event on its own goroutine: until it
	// has, the call answers unknown_tool; once it has, the call runs
	// (an hour before the debounce would have loaded it).
	deadline := time.Now().Add(10 * time.Second)
	for {
		terr := call()
		if terr == nil {
			break
		}
		if terr.Code != api.CodeUnknownTool || time.Now().After(deadline) {
			t.Fatalf("calling a definition written a moment ago: %v", terr)
		}
		time.Sleep(5 * time.Millisecond)
	}
	if se.UnknownTool(se.sim.Hash(), "fresh_probe") != nil || se.UnknownTool(se.sim.Hash(), "no_such_probe") == nil {
		t.Errorf("UnknownTool does not match the catalog")
	}
}
