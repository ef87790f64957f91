package catalog

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/unitymcp/unitymcp/engine/params"
)

// get-menu-items and execute-menu-item carry uLoopMCP's names, so they take
// uLoop's parameters as its TOOL_REFERENCE listed them (v1.4, the last with
// both tools): name, type, default and enum. execute-menu-item adds only
// this product's safety switches, confirm and dry_run.
func TestULoopMenuSurface(t *testing.T) {
	t.Parallel()
	want := map[string]map[string]seedParam{
		"get-menu-items": {"FilterText": {"string", "", nil}, "FilterType": {"string", "contains", []string{"contains", "exact", "startswith"}},
			"IncludeValidation": {"boolean", false, nil}, "MaxCount": {"number", 200.0, nil}},
		"execute-menu-item": {"MenuItemPath": {"string", "<required>", nil}, "UseReflectionFallback": {"boolean", true, nil},
			"confirm": {"boolean", false, nil}, "dry_run": {"boolean", false, nil}},
	}
	for _, tool := range Builtins() {
		w, ok := want[tool.Name]
		if !ok {
			continue
		}
		delete(want, tool.Name)
		ps, _ := params.Parse(tool.Schema)
		var names []string
		for _, p := range ps {
			names = append(names, p.Name)
			sp, ok := w[p.Name]
			if !ok {
				t.Errorf("%s: parameter %s is not uLoop's", tool.Name, p.Name)
				continue
			}
			if p.Type != sp.typ || !slices.Equal(p.Enum, sp.enum) {
				t.Errorf("%s.%s: %s %v, uLoop's %s %v", tool.Name, p.Name, p.Type, p.Enum, sp.typ, sp.enum)
			}
			if sp.def == "<required>" {
				if !p.Required {
					t.Errorf("%s.%s should be required", tool.Name, p.Name)
				}
				continue
			}
			got, _ := json.Marshal(p.Default)
			def, _ := json.Marshal(sp.def)
			if string(got) != string(def) {
				t.Errorf("%s.%s: default %s, uLoop's %s", tool.Name, p.Name, got, def)
			}
		}
		if len(names) != len(w) {
			t.Errorf("%s: parameters %v, want %d", tool.Name, names, len(w))
		}
	}
	for name := range want {
		t.Errorf("%s is not built in", name)
	}
}
