package catalog

import (
	"os"
	"strings"
	"testing"
)

// TestReadmeToolTable keeps the README's tool table generated from the
// registry. Regenerate with UPDATE_README=1 go test ./engine/catalog -run Readme.
func TestReadmeToolTable(t *testing.T) {
	const begin, end = "<!-- tools:begin -->\n", "<!-- tools:end -->"
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i, j := strings.Index(s, begin), strings.Index(s, end)
	if i < 0 || j < i {
		t.Fatalf("README.md lacks the %q … %q markers", begin, end)
	}
	want := ToolTable()
	if s[i+len(begin):j] == want {
		return
	}
	if os.Getenv("UPDATE_README") == "1" {
		s = s[:i+len(begin)] + want + s[j:]
		if err := os.WriteFile("../../README.md", []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md's tool table is stale; run UPDATE_README=1 go test ./engine/catalog -run Readme")
}
