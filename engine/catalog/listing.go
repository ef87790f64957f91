package catalog

import (
	"slices"

	"github.com/unitymcp/unitymcp/engine/api"
)

// What a session lists. Every tool of a catalog can be called by name at
// any time; what a client *lists* is what its model reads on every turn (a
// client that does not defer schemas hands all of them to the model), so
// the list is the context an agent pays for. A session that asks for no
// group lists the default set: the seed's uLoop surface, the tools a scene
// is built with, and tool_groups, which lists the other groups and turns
// them on for the session (the list updates with tools/list_changed). A
// URL's ?group= (and stdio's --group) names the groups to list instead;
// "default" and "all" are names there too. docs/performance.md measures
// what each listing costs.
const (
	// ListDefault names the default set in ?group=.
	ListDefault = "default"
	// ListAll names every tool in ?group=.
	ListAll = "all"
)

// defaultNames are the built-ins a session lists without asking: seed
// 002's tools (the uLoop surface this product answers for), choosing an
// editor, reading and building a scene, and tool_groups. The rest of the
// built-ins are one tool_groups call away.
var defaultNames = map[string]bool{
	// Seed 002.
	"compile": true, "get-logs": true, "run-tests": true, "clear-console": true,
	"find-game-objects": true, "get-hierarchy": true, "execute-dynamic-code": true,
	"focus-window": true, "screenshot": true, "control-play-mode": true,
	"simulate-mouse-ui": true, "simulate-mouse-input": true, "simulate-keyboard": true,
	// Several editors.
	"editors_list": true, "editor_select": true,
	// A scene: read it, build it, take it back, keep it.
	"scene_browse_hierarchy": true, "gameobject_create": true, "gameobject_delete": true,
	"gameobject_set_transform": true, "gameobject_add_component": true,
	"inspect_list": true, "inspect_read": true, "inspect_write": true,
	"batch": true, "undo": true, "scene_save": true,
	// The way to the rest.
	"tool_groups": true,
}

// alwaysLoadNames are the few tools a client that defers schemas behind a
// tool search (Claude Code) should keep loaded: what an agent calls first,
// and the way to every other tool.
var alwaysLoadNames = map[string]bool{
	"compile": true, "get-logs": true, "scene_browse_hierarchy": true, "tool_groups": true,
}

// InDefault reports whether a session that asks for no group lists t: a
// built-in of the default set, or any tool of the project's own (an
// editor-declared tool or a definition: the user added it to be used).
func (t *Tool) InDefault() bool {
	return t.Source != api.SourceBuiltin || defaultNames[t.Name]
}

// Listed reports whether a listing of groups (as ParseGroups returns them,
// or as tool_groups changed them) shows t. Nil is the default set; an
// empty list that is not nil (every group taken off) shows nothing.
func Listed(t *Tool, groups []string) bool {
	if groups == nil {
		return t.InDefault()
	}
	for _, g := range groups {
		switch g {
		case ListAll:
			return true
		case ListDefault:
			if t.InDefault() {
				return true
			}
		default:
			if t.Group == g {
				return true
			}
		}
	}
	return false
}

// Listing keeps the tools a listing of groups shows, in catalog order.
func Listing(tools []*Tool, groups []string) []*Tool {
	out := make([]*Tool, 0, len(tools))
	for _, t := range tools {
		if Listed(t, groups) {
			out = append(out, t)
		}
	}
	return out
}

// groupNames are the names ?group= and tool_groups take.
func groupNames() []string {
	return append([]string{ListDefault, ListAll}, api.Groups...)
}

// knownGroup reports whether g is a name ?group= takes.
func knownGroup(g string) bool { return slices.Contains(groupNames(), g) }
