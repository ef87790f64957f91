package e2e

import (
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

// get-menu-items lists the editor's menu, filtered, with the items the deny
// list refuses marked.
func TestGetMenuItemsFilters(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	e.startSim(newProject(t, "MenuList"), editorsim.Config{})
	st, all := e.call("", "get-menu-items", map[string]any{})
	if st != 200 || all["count"].(float64) < 10 {
		t.Fatalf("unfiltered: %d %v", st, all)
	}
	st, r := e.call("", "get-menu-items", map[string]any{"filter": "build"})
	if st != 200 {
		t.Fatalf("filtered: %d %v", st, r)
	}
	var got []string
	for _, it := range r["items"].([]any) {
		m := it.(map[string]any)
		got = append(got, m["path"].(string))
		if m["denied"] != true {
			t.Errorf("%s not marked denied: %v", m["path"], m)
		}
	}
	if want := "File/Build Settings...,File/Build And Run"; strings.Join(got, ",") != want {
		t.Errorf("filter build: got %v, want %v", got, want)
	}
	_, r = e.call("", "get-menu-items", map[string]any{"filter": "create empty"})
	items := r["items"].([]any)
	if len(items) != 1 || items[0].(map[string]any)["denied"] != false || items[0].(map[string]any)["enabled"] != true {
		t.Errorf("filter create empty: got %v", items)
	}
}

// execute-menu-item is destructive: without confirm it is refused by the
// daemon, dry_run says what would run and runs nothing, confirm runs it.
func TestExecuteMenuItemConfirmAndDryRun(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	e.startSim(newProject(t, "MenuRun"), editorsim.Config{})
	const item = "GameObject/Create Empty"
	st, r := e.call("", "execute-menu-item", map[string]any{"path": item})
	if st != 409 || errCode(r) != "confirmation_required" {
		t.Fatalf("without confirm: %d %v", st, r)
	}
	// The refusal carries the dry run's answer: the agent sees what would run
	// without a second call, and nothing ran.
	em, _ := r["error"].(map[string]any)
	data, _ := em["data"].(map[string]any)
	if dry, _ := data["dry_run"].(map[string]any); dry["would_execute"] != true || dry["path"] != item {
		t.Fatalf("without confirm: the refusal has no dry run: %v", r)
	}
	if menuLogged(e, item) {
		t.Fatalf("the refusal's dry run ran %s", item)
	}
	st, r = e.call("", "execute-menu-item", map[string]any{"path": item, "dry_run": true})
	if st != 200 || r["dry_run"] != true || r["would_execute"] != true || r["path"] != item {
		t.Fatalf("dry_run: %d %v", st, r)
	}
	if menuLogged(e, item) {
		t.Fatalf("dry_run ran %s", item)
	}
	st, r = e.call("", "execute-menu-item", map[string]any{"path": item, "confirm": true})
	if st != 200 || r["executed"] != true {
		t.Fatalf("confirm: %d %v", st, r)
	}
	if !menuLogged(e, item) {
		t.Fatalf("confirm did not run %s", item)
	}
	if st, r := e.call("", "execute-menu-item", map[string]any{"path": "File/Nope", "confirm": true}); st != 404 || errCode(r) != "not_found" {
		t.Errorf("unknown item: %d %v", st, r)
	}
	if st, r := e.call("", "execute-menu-item", map[string]any{"path": "Edit/Redo", "confirm": true}); st == 200 || errCode(r) != "menu_item_failed" {
		t.Errorf("disabled item: %d %v", st, r)
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
			st, r := e.call("", "execute-menu-item", map[string]any{"path": item, mode: true})
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
	if st, r := e.call("", "execute-menu-item", map[string]any{"path": "File/Build And Run", "confirm": true}); st != 200 || r["executed"] != true {
		t.Errorf("allowed by the settings: %d %v", st, r)
	}
	if st, r := e.call("", "execute-menu-item", map[string]any{"path": "Help/About Unity", "confirm": true}); st == 200 || errCode(r) != "menu_item_denied" {
		t.Errorf("denied by the settings: %d %v", st, r)
	}
	if st, r := e.call("", "execute-menu-item", map[string]any{"path": "File/Build Settings...", "confirm": true}); st == 200 || errCode(r) != "menu_item_denied" {
		t.Errorf("still denied by default: %d %v", st, r)
	}
}
