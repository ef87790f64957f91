package editorsim

import (
	"context"
	"os"
	"path/filepath"
	"testing"

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
