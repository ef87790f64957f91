package tools

import (
	"testing"

	"github.com/unitymcp/unitymcp/engine"
)

// Every built-in the catalog marks Native has its handler once the
// daemon's tools are wired in, and none without them.
func TestAllHandlesEveryNativeTool(t *testing.T) {
	t.Parallel()
	if missing := engine.New(engine.Options{Tools: All()}).Unhandled(); len(missing) != 0 {
		t.Errorf("native built-ins without a handler: %v", missing)
	}
	bare := engine.New(engine.Options{}).Unhandled()
	for name := range All() {
		found := false
		for _, m := range bare {
			found = found || m == name
		}
		if !found {
			t.Errorf("%s is handled by the engine without engine/tools: it belongs in one place", name)
		}
	}
}
