package engine_test

import (
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/definitions/run"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/enginetest"
	"github.com/unitymcp/unitymcp/engine/tools"
)

// console_get_count through the daemon: counts by type, and a marker that
// counts only what came later, or all with cleared when the Console was
// cleared since.
func TestConsoleGetCountSim(t *testing.T) {
	se := enginetest.NewSim(t, engine.Options{Tools: tools.All(), Definitions: run.New().Handle}, editorsim.Config{})
	se.Sim.Log("Error", "first error", "")
	se.Sim.Log("Warning", "a warning", "")
	se.Sim.Log("Log", "a log", "")
	r := se.MustCall(t, "console_get_count", map[string]any{})
	if r["errorCount"] != 1.0 || r["warningCount"] != 1.0 || r["logCount"] != 1.0 || r["totalCount"] != 3.0 {
		t.Fatalf("counts: %v", r)
	}
	mark := r["marker"]
	se.Sim.Log("Error", "second error", "")
	r = se.MustCall(t, "console_get_count", map[string]any{"since": mark})
	if r["errorCount"] != 1.0 || r["totalCount"] != 1.0 || r["cleared"] != false {
		t.Errorf("since the marker: %v", r)
	}
	se.MustCall(t, "clear-console", map[string]any{})
	se.Sim.Log("Log", "after the clear", "")
	se.Sim.Log("Log", "and another", "")
	se.Sim.Log("Log", "and a third", "")
	se.Sim.Log("Log", "and a fourth", "")
	r = se.MustCall(t, "console_get_count", map[string]any{"since": mark})
	if r["cleared"] != true || r["totalCount"] != 4.0 || r["logCount"] != 4.0 {
		t.Errorf("since a marker of before a clear: %v", r)
	}
	if _, terr := se.CallTool(t, "console_get_count", map[string]any{"since": "yesterday"}); terr == nil || terr.Code != api.CodeInvalidParams || !strings.Contains(terr.Message, "yesterday") {
		t.Errorf("a bad marker: %v", terr)
	}
}
