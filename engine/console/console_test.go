package console

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
	var s Store
	var updates []Update
	s.OnUpdate(func(u Update) { updates = append(updates, u) })
	for i := 0; i < RingSize+50; i += 10 {
		var b bridge.ConsoleBatch
		for j := i; j < i+10; j++ {
			b.Entries = append(b.Entries, bridge.ConsoleEntry{Type: "Log", Message: fmt.Sprint("m", j)})
		}
		s.Logged("h", consoleBatch(t, b))
	}
	got, _ := s.Entries("h")
	if len(got) != RingSize || got[0].Message != "m50" || got[len(got)-1].Message != fmt.Sprint("m", RingSize+49) {
		t.Fatalf("ring: %d entries, first %q, last %q", len(got), got[0].Message, got[len(got)-1].Message)
	}
	if got[0].Seq != 51 || len(updates) != (RingSize+50)/10 {
		t.Errorf("seq %d, %d updates", got[0].Seq, len(updates))
	}
	long := strings.Repeat("é", bridge.MaxConsoleMessage)
	s.Logged("h", consoleBatch(t, bridge.ConsoleBatch{Cleared: true, Dropped: 3,
		Entries: []bridge.ConsoleEntry{{Type: "Error", Message: long}}}))
	got, dropped := s.Entries("h")
	if len(got) != 1 || dropped != 3 || len(got[0].Message) > bridge.MaxConsoleMessage+len("…") || !strings.HasSuffix(got[0].Message, "…") {
		t.Errorf("after clear: %d entries, dropped %d, message of %d bytes", len(got), dropped, len(got[0].Message))
	}
	if other, _ := s.Entries("other"); len(other) != 0 {
		t.Errorf("another project's console: %v", other)
	}
}

// The Console ring holds at most RingBytes of texts: entries at the
// size bounds push the oldest out before the entry count does, and the
// newest stay in order.
func TestRingBytesBounded(t *testing.T) {
	t.Parallel()
	var s Store
	big := bridge.ConsoleEntry{Type: "Error", Message: strings.Repeat("m", bridge.MaxConsoleMessage), StackTrace: strings.Repeat("s", bridge.MaxConsoleStack)}
	for i := range RingSize {
		en := big
		en.Message = fmt.Sprint(i, en.Message)[:bridge.MaxConsoleMessage]
		s.Logged("h", consoleBatch(t, bridge.ConsoleBatch{Entries: []bridge.ConsoleEntry{en}}))
	}
	got, _ := s.Entries("h")
	size := 0
	for _, en := range got {
		size += entrySize(en.ConsoleEntry)
	}
	if size > RingBytes || len(got) == RingSize || len(got) == 0 {
		t.Fatalf("%d entries of %d bytes kept; want under %d bytes", len(got), size, RingBytes)
	}
	if last := got[len(got)-1]; last.Seq != RingSize || !strings.HasPrefix(last.Message, fmt.Sprint(RingSize-1)) {
		t.Errorf("the newest entry is #%d %.8q, want #%d", last.Seq, last.Message, RingSize)
	}
	for i := 1; i < len(got); i++ {
		if got[i].Seq != got[i-1].Seq+1 {
			t.Fatalf("entries out of order at %d: %d after %d", i, got[i].Seq, got[i-1].Seq)
		}
	}
}
