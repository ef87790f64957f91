package editorsim

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

// The record behind Executions grows by a call id per call, with the
// session each came from; the command (NoExecutions) keeps none, so a long
// run does not grow without bound.
func TestExecutionsRecord(t *testing.T) {
	t.Parallel()
	proj := t.TempDir()
	if err := os.MkdirAll(filepath.Join(proj, "Assets"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, off := range []bool{false, true} {
		s, err := New(Config{ProjectDir: proj, NoExecutions: off})
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"a", "b", "a"} {
			if _, err := s.call(context.Background(), nil, bridge.CallParams{CallID: id, Tool: "get-logs", Session: "s-" + id}); err != nil {
				t.Fatalf("get-logs: %v", err)
			}
		}
		got := s.Executions()
		switch {
		case off && len(got) != 0:
			t.Errorf("NoExecutions kept %v", got)
		case !off && (len(got) != 2 || got["a"].Count != 2 || got["b"].Count != 1 || got["a"].Tool != "get-logs" || got["b"].Session != "s-b"):
			t.Errorf("Executions = %v, want a twice and b once", got)
		}
	}
}

// A tool that panics gives the main thread back: the peer answers that
// call with an error, and the next call runs (not parallel: it adds a
// tool).
func TestPanickingToolFreesTheMainThread(t *testing.T) {
	proj := t.TempDir()
	if err := os.MkdirAll(filepath.Join(proj, "Assets"), 0o755); err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{ProjectDir: proj})
	if err != nil {
		t.Fatal(err)
	}
	tools["sim_panic"] = func(context.Context, *Sim, bridge.CallParams) (any, func(), error) { panic("a tool's bug") }
	defer delete(tools, "sim_panic")
	func() {
		defer func() {
			if v := recover(); v != "a tool's bug" {
				t.Fatalf("recovered %v, want the tool's panic", v)
			}
		}()
		s.call(context.Background(), nil, bridge.CallParams{CallID: "p", Tool: "sim_panic"})
	}()
	done := make(chan error, 1)
	go func() {
		_, err := s.call(context.Background(), nil, bridge.CallParams{CallID: "n", Tool: "get-logs"})
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("the call after the panic: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the call after a tool's panic waited 10 s for the main thread")
	}
}
