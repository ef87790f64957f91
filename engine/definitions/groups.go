package definitions

import (
	"strings"

	"github.com/unitymcp/unitymcp/engine/api"
)

// Groups are the known tool groups.
var Groups = api.Groups

// prefixGroups maps a name's prefix to its group, in the order tried. It
// follows isuzu-shiranui/UnityMCP's derivation, so a definition lands in the
// same group there and here. A name matching no prefix is in "code".
var prefixGroups = []struct{ prefix, group string }{
	{"console_", "diagnostics"}, {"compile_", "diagnostics"}, {"test_", "diagnostics"},
	{"editor_", "diagnostics"}, {"job_", "diagnostics"}, {"project_", "diagnostics"},
	{"definitions_", "diagnostics"},
	{"animator_", "authoring"}, {"animation_", "authoring"}, {"gameobject_", "authoring"}, {"inspect_", "authoring"},
	{"asset_", "authoring"}, {"scene_", "authoring"}, {"prefab_", "authoring"},
	{"menu_", "authoring"}, {"play_mode_", "authoring"},
	{"render_", "rendering"}, {"shader_", "rendering"}, {"material_", "rendering"}, {"gpu_", "rendering"},
	{"timeline_", "timeline"}, {"recorder_", "timeline"},
	{"build_", "build"},
	{"input_", "input"},
	{"execute_", "code"}, {"reflect_", "code"},
}

// PrefixTable is the prefix → group table, for docs.
func PrefixTable() [][2]string {
	out := make([][2]string, 0, len(prefixGroups))
	for _, p := range prefixGroups {
		out = append(out, [2]string{p.prefix, p.group})
	}
	return out
}

// diagnosticNames are read-only tools whose prefix would put them in
// authoring; isuzu-shiranui/UnityMCP lists them by name, so a definition of
// that name lands in diagnostics there and here.
var diagnosticNames = map[string]bool{
	"play_mode_status": true, "scene_browse_hierarchy": true, "scene_list": true, "inspect_read": true,
	"inspect_list": true, "asset_find": true, "asset_info": true, "capture_screenshot": true,
	"animator_inspect": true, "animator_audit": true,
}

// GroupOf infers a tool's group from its name.
func GroupOf(name string) string {
	if diagnosticNames[name] {
		return "diagnostics"
	}
	for _, p := range prefixGroups {
		if strings.HasPrefix(name, p.prefix) {
			return p.group
		}
	}
	return "code"
}

// KnownGroup reports whether g is a group name.
func KnownGroup(g string) bool {
	for _, k := range Groups {
		if k == g {
			return true
		}
	}
	return false
}
