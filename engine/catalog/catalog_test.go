package catalog

import (
	"strings"
	"testing"
)

func TestParseGroups(t *testing.T) {
	t.Parallel()
	g, terr := ParseGroups(" Input, build ")
	if terr != nil || len(g) != 2 || g[0] != "input" || g[1] != "build" {
		t.Fatalf("got %v %v", g, terr)
	}
	if _, terr := ParseGroups("inputs"); terr == nil || !strings.Contains(terr.Message, "diagnostics") {
		t.Fatalf("unknown group not rejected with the list: %v", terr)
	}
}

// The first tool of a name wins, in list order; Lookup agrees with Tools.
func TestSnapshotFirstOfANameWins(t *testing.T) {
	t.Parallel()
	a, b, c := &Tool{Name: "x", Description: "a"}, &Tool{Name: "x", Description: "b"}, &Tool{Name: "y"}
	s := NewSnapshot([]*Tool{a}, []*Tool{b, c})
	if s.Lookup("x") != a || s.Lookup("y") != c || s.Lookup("z") != nil {
		t.Errorf("lookup: x=%v y=%v z=%v", s.Lookup("x"), s.Lookup("y"), s.Lookup("z"))
	}
	if got := strings.Join(s.Names(), ","); got != "x,y" {
		t.Errorf("names %s, want x,y", got)
	}
	if s.Suggest("X") != "x" || s.Suggest("get_logs") != "" {
		t.Errorf("suggest: %q %q", s.Suggest("X"), s.Suggest("get_logs"))
	}
}
