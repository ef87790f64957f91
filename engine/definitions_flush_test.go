package engine_test

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/definitions"
	"github.com/unitymcp/unitymcp/engine/definitions/run"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/enginetest"
	"github.com/unitymcp/unitymcp/engine/tools"
)

// A definition written just before its first call is found by that call:
// a call of a tool the catalog lacks loads first what the watcher holds
// for its debounce (first-use report, finding 27: the agent wrote a
// definition, called it at once and got unknown_tool). The debounce here
// is an hour, so only the flush can load the file.
func TestACallLoadsADefinitionWrittenAMomentAgo(t *testing.T) {
	se := enginetest.NewSim(t, engine.Options{Tools: tools.All(), Definitions: run.New().Handle}, editorsim.Config{})
	shared := se.State().SharedToolsDir()
	if err := os.MkdirAll(shared, 0o700); err != nil {
		t.Fatal(err)
	}
	w, err := definitions.Watch(se.State().ToolsRoot(), time.Hour, slog.New(slog.DiscardHandler), se.ReloadDefinitions)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	se.SetDefinitionWatcher(w.WatchProject)
	se.SetDefinitionFlush(w.Flush)

	call := func() *api.ToolError {
		_, terr := se.Call(context.Background(), engine.Request{Project: se.Sim.Hash(), Tool: "fresh_probe", Args: []byte(`{}`)})
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
	if se.UnknownTool(se.Sim.Hash(), "fresh_probe") != nil || se.UnknownTool(se.Sim.Hash(), "no_such_probe") == nil {
		t.Errorf("UnknownTool does not match the catalog")
	}
}
