package engine

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

func consoleBatch(t *testing.T, b bridge.ConsoleBatch) json.RawMessage {
	t.Helper()
	data, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// The ring keeps the most recent entries in order, a clear empties it,
// and what an editor sends beyond the bounds is cut.
func TestConsoleRing(t *testing.T) {
	t.Parallel()
	e := New(Options{})
	var updates []Update
	e.OnUpdate(func(u Update) { updates = append(updates, u) })
	for i := 0; i < ConsoleRingSize+50; i += 10 {
		var b bridge.ConsoleBatch
		for j := i; j < i+10; j++ {
			b.Entries = append(b.Entries, bridge.ConsoleEntry{Type: "Log", Message: fmt.Sprint("m", j)})
		}
		e.editorEvent("h", bridge.Event{Type: bridge.EventConsole, Data: consoleBatch(t, b)})
	}
	got, _ := e.Console("h")
	if len(got) != ConsoleRingSize || got[0].Message != "m50" || got[len(got)-1].Message != fmt.Sprint("m", ConsoleRingSize+49) {
		t.Fatalf("ring: %d entries, first %q, last %q", len(got), got[0].Message, got[len(got)-1].Message)
	}
	if got[0].Seq != 51 || len(updates) != (ConsoleRingSize+50)/10 {
		t.Errorf("seq %d, %d updates", got[0].Seq, len(updates))
	}
	long := strings.Repeat("é", bridge.MaxConsoleMessage)
	e.editorEvent("h", bridge.Event{Type: bridge.EventConsole, Data: consoleBatch(t, bridge.ConsoleBatch{Cleared: true, Dropped: 3,
		Entries: []bridge.ConsoleEntry{{Type: "Error", Message: long}}})})
	got, dropped := e.Console("h")
	if len(got) != 1 || dropped != 3 || len(got[0].Message) > bridge.MaxConsoleMessage+len("…") || !strings.HasSuffix(got[0].Message, "…") {
		t.Errorf("after clear: %d entries, dropped %d, message of %d bytes", len(got), dropped, len(got[0].Message))
	}
	if other, _ := e.Console("other"); len(other) != 0 {
		t.Errorf("another project's console: %v", other)
	}
}
