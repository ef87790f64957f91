package editorsim

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

// simMenu is the simulator's small menu: a few items of each of Unity's
// menus, some on the default deny list, one disabled.
var simMenu = []struct {
	path    string
	enabled bool
}{
	{"File/New Scene", true}, {"File/Save", true}, {"File/Save Project", true}, {"File/Build Settings...", true},
	{"File/Build And Run", true}, {"File/Exit", true},
	{"Edit/Undo", true}, {"Edit/Redo", false}, {"Edit/Delete", true}, {"Edit/Play", true},
	{"Assets/Refresh", true}, {"Assets/Delete", true},
	{"GameObject/Create Empty", true}, {"Window/General/Console", true}, {"Help/About Unity", true},
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

func simGetMenuItems(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	filter, max := strings.ToLower(a.str("filter")), int(a.num("max_results"))
	deny, allow := s.menuRules()
	items := []map[string]any{}
	total := 0
	for _, m := range simMenu {
		if filter != "" && !strings.Contains(strings.ToLower(m.path), filter) {
			continue
		}
		total++
		if max >= 0 && len(items) >= max {
			continue
		}
		items = append(items, map[string]any{"path": m.path, "enabled": m.enabled, "denied": menuDenied(m.path, deny, allow) != ""})
	}
	return map[string]any{"items": items, "count": len(items), "total": total, "filter": a.str("filter"),
		"message": "menu of the editor simulator"}, nil, nil
}

func simExecuteMenuItem(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	path := strings.Trim(strings.TrimSpace(a.str("path")), "/")
	found, enabled := false, false
	for _, m := range simMenu {
		if strings.EqualFold(m.path, path) {
			found, enabled, path = true, m.enabled, m.path
		}
	}
	if !found {
		return nil, nil, toolErr("not_found", "there is no menu item %q; get-menu-items lists them (filter narrows the list)", path)
	}
	deny, allow := s.menuRules()
	if d := menuDenied(path, deny, allow); d != "" {
		return nil, nil, toolErr("menu_item_denied", "%s", menuDeniedMessage(path, d))
	}
	if a.boolean("dry_run") {
		return map[string]any{"dry_run": true, "path": path, "enabled": enabled, "would_execute": enabled,
			"message": "would run " + path + " (nothing was run)"}, nil, nil
	}
	if !enabled {
		return nil, nil, toolErr("menu_item_failed", "Unity did not run %q: the item is disabled in the editor's current state (its validation refused it)", path)
	}
	s.st.mu.Lock()
	s.st.log("Log", "Executed menu item "+path+" (editor simulator)", "")
	s.st.mu.Unlock()
	return map[string]any{"path": path, "executed": true, "message": "ran " + path}, nil, nil
}

// menuDeniedMessage says which item the deny list refuses, by which entry,
// and the setting that overrides it (the package words it the same way).
func menuDeniedMessage(path, pattern string) string {
	return "'" + path + "' is refused: it matches '" + pattern + "' on the menu deny list (items that quit, build, delete or save the project's settings). " +
		"To allow it, add \"" + path + "\" to menuItems.allow in " + menuSettingsFile + "."
}
