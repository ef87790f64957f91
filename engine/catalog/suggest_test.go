package catalog

import "testing"

// A misspelt name that asks to read is only pointed at a read-only tool:
// read-console is near clear-console by spelling, but the hint is get-logs
// or nothing — never a tool that changes something.
func TestSuggestionForAReadNameReads(t *testing.T) {
	t.Parallel()
	snap := NewSnapshot(Builtins())
	if got := snap.Suggest("read-console"); got == "clear-console" {
		t.Errorf("read-console suggests %q, which clears the Console", got)
	}
	if got := snap.Suggest("get-log"); got != "get-logs" {
		t.Errorf("get-log suggests %q, want get-logs", got)
	}
	if got := snap.Suggest("clear-consol"); got != "clear-console" {
		t.Errorf("clear-consol suggests %q, want clear-console", got)
	}
}
