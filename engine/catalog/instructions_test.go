package catalog

import (
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/api"
)

// The instructions name every tool of the catalog they are made for, and
// none that it lacks.
func TestInstructionsFollowTheCatalog(t *testing.T) {
	t.Parallel()
	full := NewSnapshot(Builtins())
	got := Instructions(full)
	for _, tl := range full.Tools() {
		if !strings.Contains(got, tl.Name) {
			t.Errorf("instructions do not name %s:\n%s", tl.Name, got)
		}
	}
	input := NewSnapshot(Filter(Builtins(), []string{"input"}), []*Tool{{Name: "my_probe", Group: "authoring", Source: api.SourceDefinition}})
	got = Instructions(input)
	if strings.Contains(got, "get-logs") || !strings.Contains(got, "simulate-keyboard") || !strings.Contains(got, "authoring: my_probe") {
		t.Errorf("instructions of an input-only catalog with one definition:\n%s", got)
	}
}

// The instructions tell agents what to do about project_ambiguous: call
// editors_list, then editor_select.
func TestInstructionsNameSelectEditor(t *testing.T) {
	t.Parallel()
	got := Instructions(NewSnapshot(Builtins()))
	if !strings.Contains(got, "project_ambiguous") || !strings.Contains(got, "editors_list, then editor_select") {
		t.Errorf("instructions do not say how to answer project_ambiguous:\n%s", got)
	}
}
