package catalog

import (
	"slices"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/api"
)

// Which tools a listing of groups shows: the default set for none, the
// project's own tools in it, named groups exactly, "all" everything,
// nothing for an empty (not nil) list.
func TestListingByGroups(t *testing.T) {
	t.Parallel()
	own := &Tool{Name: "my_probe", Group: "rendering", Source: api.SourceDefinition}
	tools := append(Builtins(), own)
	names := func(groups []string) []string {
		var out []string
		for _, tl := range Listing(tools, groups) {
			out = append(out, tl.Name)
		}
		return out
	}
	def := names(nil)
	for _, want := range []string{"compile", "simulate-keyboard", "gameobject_create", "tool_groups", "my_probe"} {
		if !slices.Contains(def, want) {
			t.Errorf("default listing lacks %s", want)
		}
	}
	for _, not := range []string{"render_compare", "input_pointer", "prefab_apply"} {
		if slices.Contains(def, not) {
			t.Errorf("default listing has %s", not)
		}
	}
	// A group lists exactly its tools (the project's own in it too), in catalog order.
	var rendering []string
	extra := 0
	for _, tl := range tools {
		if tl.Group == "rendering" {
			rendering = append(rendering, tl.Name)
			if !tl.InDefault() {
				extra++
			}
		}
	}
	if got := names([]string{"rendering"}); !slices.Equal(got, rendering) || !slices.Contains(got, "render_compare") || !slices.Contains(got, "my_probe") {
		t.Errorf("rendering lists %v, want %v", got, rendering)
	}
	if got := names([]string{ListDefault, "rendering"}); len(got) != len(def)+extra || !slices.Contains(got, "render_compare") {
		t.Errorf("default,rendering lists %v", got)
	}
	if got := names([]string{ListAll}); len(got) != len(tools) {
		t.Errorf("all lists %d of %d", len(got), len(tools))
	}
	if got := names([]string{}); len(got) != 0 {
		t.Errorf("an empty list shows %v", got)
	}
	// Every built-in is in some group ?group= can name.
	for _, tl := range Builtins() {
		if !slices.Contains(api.Groups, tl.Group) {
			t.Errorf("%s is in group %q, which ?group= cannot name", tl.Name, tl.Group)
		}
	}
	if _, terr := ParseGroups("default, ALL ,input"); terr != nil {
		t.Errorf("ParseGroups: %v", terr)
	}
	if _, terr := ParseGroups("renderin"); terr == nil || !strings.Contains(terr.Message, `"renderin"`) {
		t.Errorf("a misspelt group is not refused by name: %v", terr)
	}
}
