package editorsim

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

// menuEntry is one item of the simulator's menu. The method fields are the
// [MenuItem] method behind it; Unity's own (native) items have none.
type menuEntry struct {
	path                  string
	enabled               bool
	method, typ, assembly string
	priority              int
	validate              string // the method of its validation function, if any
}

// simMenu is the simulator's small menu: a few of Unity's own items of each
// menu (some on the default deny list, one disabled), and a project's own
// [MenuItem]s, one with a validation function that refuses it.
var simMenu = []menuEntry{
	{path: "File/New Scene", enabled: true}, {path: "File/Save", enabled: true}, {path: "File/Save Project", enabled: true},
	{path: "File/Build Settings...", enabled: true}, {path: "File/Build And Run", enabled: true}, {path: "File/Exit", enabled: true},
	{path: "Edit/Undo", enabled: true}, {path: "Edit/Redo", enabled: false}, {path: "Edit/Delete", enabled: true}, {path: "Edit/Play", enabled: true},
	{path: "Assets/Refresh", enabled: true}, {path: "Assets/Delete", enabled: true},
	{path: "GameObject/Create Empty", enabled: true}, {path: "Window/General/Console", enabled: true}, {path: "Help/About Unity", enabled: true},
	{path: "Tools/Game/Reset Save Data", enabled: true, method: "ResetSaveData", typ: "Game.Editor.DebugMenu", assembly: "Game.Editor", priority: 1000},
	{path: "Tools/Game/Rebuild Atlas", enabled: false, method: "RebuildAtlas", typ: "Game.Editor.DebugMenu", assembly: "Game.Editor", priority: 1000, validate: "CanRebuildAtlas"},
}

// defaultMenuDeny mirrors the package's MenuRules.DefaultDeny (Editor/Core/MenuRules.cs).
var defaultMenuDeny = []string{"File/Exit", "File/Quit", "Unity/Quit*", "File/Build*", "File/New Project*",
	"File/Open Project*", "Assets/Delete", "Edit/Delete", "Edit/Clear All PlayerPrefs", "File/Save Project"}

const menuSettingsFile = "ProjectSettings/UnityMcpSettings.json"

// menuRules reads menuItems.allow and menuItems.deny from the project's
// settings file, as the package does.
func (s *Sim) menuRules() (deny, allow []string) {
	var doc struct {
		MenuItems struct {
			Allow []string `json:"allow"`
			Deny  []string `json:"deny"`
		} `json:"menuItems"`
	}
	if b, err := os.ReadFile(filepath.Join(s.cfg.ProjectDir, filepath.FromSlash(menuSettingsFile))); err == nil {
		_ = json.Unmarshal(b, &doc)
	}
	return append(append([]string{}, defaultMenuDeny...), doc.MenuItems.Deny...), doc.MenuItems.Allow
}

// menuMatch reports whether a deny or allow pattern matches path: equal
// ignoring case, or a prefix when the pattern ends in '*'.
func menuMatch(pattern, path string) bool {
	p, q := strings.ToLower(strings.TrimSpace(pattern)), strings.ToLower(path)
	if strings.HasSuffix(p, "*") {
		return strings.HasPrefix(q, strings.TrimSuffix(p, "*"))
	}
	return p == q
}

// menuDenied returns the deny pattern that refuses path, "" when allowed.
func menuDenied(path string, deny, allow []string) string {
	for _, a := range allow {
		if menuMatch(a, path) {
			return ""
		}
	}
	for _, d := range deny {
		if menuMatch(d, path) {
			return d
		}
	}
	return ""
}

// menuFilterMatches is the package's MenuRules.FilterMatches: FilterText
// matched as FilterType (contains, exact, startswith), ignoring case.
func menuFilterMatches(path, text, typ string) bool {
	p, t := strings.ToLower(path), strings.ToLower(text)
	switch {
	case t == "":
		return true
	case typ == "exact":
		return p == t
	case typ == "startswith":
		return strings.HasPrefix(p, t)
	}
	return strings.Contains(p, t)
}

// simGetMenuItems answers as the package's MenuTools.GetMenuItems: uLoop's
// fields, one entry per item (its validation function too, with
// IncludeValidation).
func simGetMenuItems(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	text, typ, max := a.str("FilterText"), a.str("FilterType"), int(a.num("MaxCount"))
	if typ == "" {
		typ = "contains"
	}
	deny, allow := s.menuRules()
	items := []map[string]any{}
	total, matched := 0, 0
	for _, m := range simMenu {
		entries := []map[string]any{menuItemInfo(m, m.method, false, deny, allow)}
		if m.validate != "" && a.boolean("IncludeValidation") {
			entries = append(entries, menuItemInfo(m, m.validate, true, deny, allow))
		}
		for _, e := range entries {
			total++
			if !menuFilterMatches(m.path, text, typ) {
				continue
			}
			matched++
			if max < 0 || len(items) < max {
				items = append(items, e)
			}
		}
	}
	res := map[string]any{"MenuItems": items, "TotalCount": total, "FilteredCount": len(items), "AppliedFilter": text, "AppliedFilterType": typ}
	if matched > len(items) {
		res["Message"] = fmt.Sprintf("%d more item(s) match; raise MaxCount or narrow FilterText", matched-len(items))
	}
	return res, nil, nil
}

func menuItemInfo(m menuEntry, method string, validate bool, deny, allow []string) map[string]any {
	typ, assembly := m.typ, m.assembly
	if method == "" {
		typ, assembly = "", ""
	}
	it := map[string]any{"Path": m.path, "MethodName": method, "TypeName": typ, "AssemblyName": assembly, "Priority": m.priority,
		"IsValidateFunction": validate, "CanExecuteViaEditorApplication": !validate, "Enabled": !validate && m.enabled}
	d := menuDenied(m.path, deny, allow)
	it["Denied"] = d != ""
	if d != "" {
		it["WarningMessage"] = menuDeniedMessage(m.path, d)
	}
	return it
}

// simExecuteMenuItem answers as the package's MenuTools.ExecuteMenuItem.
// The simulator does what a few items do: GameObject/Create Empty adds a
// "GameObject" at the scene's root, Edit/Undo and Assets/Refresh log.
func simExecuteMenuItem(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	path := strings.Trim(strings.TrimSpace(a.str("MenuItemPath")), "/")
	fallback := true
	if v, ok := a["UseReflectionFallback"].(bool); ok {
		fallback = v
	}
	var m *menuEntry
	for i := range simMenu {
		if strings.EqualFold(simMenu[i].path, path) {
			m, path = &simMenu[i], simMenu[i].path
		}
	}
	if m == nil {
		return nil, nil, toolErr("not_found", "there is no menu item %q; get-menu-items lists them (FilterText narrows the list)", path)
	}
	deny, allow := s.menuRules()
	if d := menuDenied(path, deny, allow); d != "" {
		return nil, nil, toolErr("menu_item_denied", "%s", menuDeniedMessage(path, d))
	}
	canReflect := fallback && m.method != ""
	if a.boolean("dry_run") {
		would := m.enabled || canReflect
		how, details := "", path+" is disabled now and has no [MenuItem] method to invoke: it would not run"
		switch {
		case m.enabled:
			how, details = "EditorApplication", "would run "+path+" (nothing was run)"
		case would:
			how, details = "Reflection", "would run "+path+" (nothing was run)"
		}
		return map[string]any{"MenuItemPath": path, "Success": true, "MenuItemFound": true, "DryRun": true, "Enabled": m.enabled,
			"WouldExecute": would, "ExecutionMethod": how, "Details": details}, nil, nil
	}
	how, details := "EditorApplication", "ran "+path
	if !m.enabled {
		if !canReflect {
			hint := "; UseReflectionFallback=true invokes its [MenuItem] method anyway"
			if m.method == "" {
				hint = ", and it is one of Unity's own items, with no [MenuItem] method to invoke"
			}
			return nil, nil, toolErr("menu_item_failed", "Unity did not run %q: the item is disabled in the editor's current state (its validation refused it)%s", path, hint)
		}
		how, details = "Reflection", "ran "+path+" through its [MenuItem] method (Unity's menu refused it)"
	}
	s.st.mu.Lock()
	if path == "GameObject/Create Empty" {
		s.st.add(nil, "GameObject", "Untagged", true, transform(vec3(0, 0, 0)))
	}
	s.st.log("Log", "Executed menu item "+path+" (editor simulator)", "")
	s.st.mu.Unlock()
	return map[string]any{"MenuItemPath": path, "Success": true, "MenuItemFound": true, "ExecutionMethod": how, "Details": details}, nil, nil
}

// menuDeniedMessage says which item the deny list refuses, by which entry,
// and the setting that overrides it (the package words it the same way).
func menuDeniedMessage(path, pattern string) string {
	return "'" + path + "' is refused: it matches '" + pattern + "' on the menu deny list (items that quit, build, delete or save the project's settings). " +
		"To allow it, add \"" + path + "\" to menuItems.allow in " + menuSettingsFile + "."
}
