package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
)

// menuLogged reports whether the simulator's console says it ran item.
func menuLogged(e *env, item string) bool {
	e.t.Helper()
	_, logs := e.call("", "get-logs", map[string]any{"SearchText": "Executed menu item " + item})
	n, _ := logs["TotalCount"].(float64)
	return n > 0
}

// get-menu-items takes uLoop's parameters (FilterText, FilterType,
// IncludeValidation, MaxCount) and answers with uLoop's fields (MenuItems of
// Path, MethodName, TypeName, AssemblyName, Priority, IsValidateFunction,
// CanExecuteViaEditorApplication; TotalCount, FilteredCount, AppliedFilter,
// AppliedFilterType), the items the deny list refuses marked Denied.
func TestGetMenuItemsFilters(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	e.startSim(newProject(t, "MenuList"), editorsim.Config{})
	paths := func(r map[string]any) []string {
		var out []string
		for _, it := range r["MenuItems"].([]any) {
			out = append(out, it.(map[string]any)["Path"].(string))
		}
		return out
	}
	st, all := e.call("", "get-menu-items", map[string]any{})
	if st != 200 || all["FilteredCount"].(float64) < 10 || all["TotalCount"] != all["FilteredCount"] || all["AppliedFilterType"] != "contains" {
		t.Fatalf("unfiltered: %d %v", st, all)
	}
	st, r := e.call("", "get-menu-items", map[string]any{"FilterText": "build"})
	if st != 200 || r["AppliedFilter"] != "build" {
		t.Fatalf("filtered: %d %v", st, r)
	}
	for _, it := range r["MenuItems"].([]any) {
		m := it.(map[string]any)
		denied := strings.HasPrefix(m["Path"].(string), "File/Build")
		if m["Denied"] != denied || denied && !strings.Contains(fmt.Sprint(m["WarningMessage"]), "menuItems.allow") {
			t.Errorf("%s: Denied %v, want %v: %v", m["Path"], m["Denied"], denied, m)
		}
	}
	if got, want := strings.Join(paths(r), ","), "File/Build Settings...,File/Build And Run,Tools/Game/Rebuild Atlas"; got != want {
		t.Errorf("FilterText build: got %v, want %v", got, want)
	}
	for _, tc := range []struct{ text, typ, want string }{
		{"file/build", "startswith", "File/Build Settings...,File/Build And Run"},
		{"build", "startswith", ""},
		{"gameobject/create empty", "exact", "GameObject/Create Empty"},
	} {
		_, r = e.call("", "get-menu-items", map[string]any{"FilterText": tc.text, "FilterType": tc.typ})
		if got := strings.Join(paths(r), ","); got != tc.want {
			t.Errorf("FilterText %q %s: got %q, want %q", tc.text, tc.typ, got, tc.want)
		}
	}
	// A project's own item names its method; its validation function is
	// listed only with IncludeValidation, and cannot be executed.
	_, r = e.call("", "get-menu-items", map[string]any{"FilterText": "Rebuild Atlas", "IncludeValidation": true})
	items := r["MenuItems"].([]any)
	if len(items) != 2 {
		t.Fatalf("with IncludeValidation: %v", items)
	}
	item, val := items[0].(map[string]any), items[1].(map[string]any)
	if item["MethodName"] != "RebuildAtlas" || item["TypeName"] != "Game.Editor.DebugMenu" || item["AssemblyName"] != "Game.Editor" ||
		item["IsValidateFunction"] != false || item["CanExecuteViaEditorApplication"] != true || item["Enabled"] != false {
		t.Errorf("the item: %v", item)
	}
	if val["MethodName"] != "CanRebuildAtlas" || val["IsValidateFunction"] != true || val["CanExecuteViaEditorApplication"] != false {
		t.Errorf("its validation function: %v", val)
	}
	// MaxCount cuts the list and says how many more matched.
	_, r = e.call("", "get-menu-items", map[string]any{"FilterText": "File/", "MaxCount": 2})
	if len(r["MenuItems"].([]any)) != 2 || r["FilteredCount"] != 2.0 || !strings.Contains(r["Message"].(string), "4 more item(s) match") {
		t.Errorf("MaxCount 2: %v", r)
	}
	// Our own names of an earlier version are refused with the right ones.
	if st, r := e.call("", "get-menu-items", map[string]any{"filter": "x"}); st != 400 || !strings.Contains(fmt.Sprint(r), "FilterText") {
		t.Errorf("the old parameter name: %d %v", st, r)
	}
}

// execute-menu-item is destructive: without confirm it is refused by the
// daemon, dry_run says what would run and runs nothing, confirm runs it.
func TestExecuteMenuItemConfirmAndDryRun(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	e.startSim(newProject(t, "MenuRun"), editorsim.Config{})
	const item = "GameObject/Create Empty"
	st, r := e.call("", "execute-menu-item", map[string]any{"MenuItemPath": item})
	if st != 409 || errCode(r) != "confirmation_required" {
		t.Fatalf("without confirm: %d %v", st, r)
	}
	// The refusal carries the dry run's answer: the agent sees what would run
	// without a second call, and nothing ran.
	em, _ := r["error"].(map[string]any)
	data, _ := em["data"].(map[string]any)
	if dry, _ := data["dry_run"].(map[string]any); dry["WouldExecute"] != true || dry["MenuItemPath"] != item {
		t.Fatalf("without confirm: the refusal has no dry run: %v", r)
	}
	if menuLogged(e, item) {
		t.Fatalf("the refusal's dry run ran %s", item)
	}
	st, r = e.call("", "execute-menu-item", map[string]any{"MenuItemPath": item, "dry_run": true})
	if st != 200 || r["DryRun"] != true || r["WouldExecute"] != true || r["MenuItemPath"] != item || r["ExecutionMethod"] != "EditorApplication" {
		t.Fatalf("dry_run: %d %v", st, r)
	}
	if menuLogged(e, item) {
		t.Fatalf("dry_run ran %s", item)
	}
	count := func() float64 {
		_, f := e.call("", "find-game-objects", map[string]any{"NamePattern": "GameObject"})
		n, _ := f["totalFound"].(float64)
		return n
	}
	before := count()
	st, r = e.call("", "execute-menu-item", map[string]any{"MenuItemPath": item, "confirm": true})
	if st != 200 || r["Success"] != true || r["MenuItemFound"] != true || r["ExecutionMethod"] != "EditorApplication" {
		t.Fatalf("confirm: %d %v", st, r)
	}
	if !menuLogged(e, item) {
		t.Fatalf("confirm did not run %s", item)
	}
	if after := count(); after != before+1 {
		t.Errorf("%s made %v GameObject(s) named GameObject, want 1", item, after-before)
	}
	if st, r := e.call("", "execute-menu-item", map[string]any{"MenuItemPath": "File/Nope", "confirm": true}); st != 404 || errCode(r) != "not_found" {
		t.Errorf("unknown item: %d %v", st, r)
	}
	// A disabled item of Unity's own has no method to fall back on; a
	// project's item runs through its [MenuItem] method unless
	// UseReflectionFallback is false.
	if st, r := e.call("", "execute-menu-item", map[string]any{"MenuItemPath": "Edit/Redo", "confirm": true}); st == 200 || errCode(r) != "menu_item_failed" {
		t.Errorf("disabled native item: %d %v", st, r)
	}
	const own = "Tools/Game/Rebuild Atlas"
	if st, r := e.call("", "execute-menu-item", map[string]any{"MenuItemPath": own, "UseReflectionFallback": false, "confirm": true}); st == 200 || errCode(r) != "menu_item_failed" {
		t.Errorf("disabled item without the fallback: %d %v", st, r)
	}
	if st, r := e.call("", "execute-menu-item", map[string]any{"MenuItemPath": own, "confirm": true}); st != 200 || r["ExecutionMethod"] != "Reflection" {
		t.Errorf("disabled item through its method: %d %v", st, r)
	}
}

// Items that quit, build, delete or save the project's settings are refused, confirmed or not, with a
// reason naming the item and the setting that allows it; the setting does.
func TestExecuteMenuItemDenied(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	proj := newProject(t, "MenuDeny")
	e.startSim(proj, editorsim.Config{})
	for _, item := range []string{"File/Exit", "File/Build And Run", "Assets/Delete", "Edit/Delete", "File/Save Project"} {
		for _, mode := range []string{"confirm", "dry_run"} {
			st, r := e.call("", "execute-menu-item", map[string]any{"MenuItemPath": item, mode: true})
			em, _ := r["error"].(map[string]any)
			msg, _ := em["message"].(string)
			if st == 200 || errCode(r) != "menu_item_denied" || !strings.Contains(msg, "'"+item+"'") ||
				!strings.Contains(msg, "menuItems.allow") || !strings.Contains(msg, "ProjectSettings/UnityMcpSettings.json") {
				t.Errorf("%s with %s: %d %v", item, mode, st, r)
			}
		}
		if menuLogged(e, item) {
			t.Errorf("denied %s ran", item)
		}
	}
	settings := `{"menuItems": {"allow": ["File/Build And Run"], "deny": ["Help/*"]}}`
	if err := os.WriteFile(filepath.Join(proj, "ProjectSettings", "UnityMcpSettings.json"), []byte(settings), 0o644); err != nil {
		t.Fatal(err)
	}
	if st, r := e.call("", "execute-menu-item", map[string]any{"MenuItemPath": "File/Build And Run", "confirm": true}); st != 200 || r["Success"] != true {
		t.Errorf("allowed by the settings: %d %v", st, r)
	}
	if st, r := e.call("", "execute-menu-item", map[string]any{"MenuItemPath": "Help/About Unity", "confirm": true}); st == 200 || errCode(r) != "menu_item_denied" {
		t.Errorf("denied by the settings: %d %v", st, r)
	}
	if st, r := e.call("", "execute-menu-item", map[string]any{"MenuItemPath": "File/Build Settings...", "confirm": true}); st == 200 || errCode(r) != "menu_item_denied" {
		t.Errorf("still denied by default: %d %v", st, r)
	}
}
