package engine_test

import (
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/definitions/run"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/enginetest"
	"github.com/unitymcp/unitymcp/engine/tools"
)

// A destructive tool that also reads (catalog.Tool.Writes) needs confirm only
// for the calls that change something: its reads reach the editor without
// it, its writes are refused before they do, and a write's refusal says
// only what applies (no dry_run offered by a tool that has none).
func TestConfirmOnlyForCallsThatWrite(t *testing.T) {
	se := enginetest.NewSim(t, engine.Options{Tools: tools.All(), Definitions: run.New().Handle}, editorsim.Config{})
	for _, tc := range []struct {
		tool    string
		args    map[string]any
		confirm bool // whether the daemon asks for confirm
	}{
		{"project_settings", map[string]any{"property_path": "player/"}, false},
		{"project_settings", map[string]any{"values": map[string]any{"player/productName": "X"}}, true},
		{"project_packages", map[string]any{}, false},
		{"project_packages", map[string]any{"action": "remove", "package": "com.unity.timeline"}, true},
		{"build_settings", map[string]any{}, false},
		{"build_settings", map[string]any{"scenes": []any{"Assets/A.unity"}}, true},
		{"build_player", map[string]any{"output_path": "Builds/Game.exe"}, false},
		{"build_player", map[string]any{"output_path": ".git/hooks/post-merge"}, true},
	} {
		_, terr := se.CallTool(t, tc.tool, tc.args)
		asked := terr != nil && terr.Code == api.CodeConfirmRequired
		if asked != tc.confirm {
			t.Errorf("%s %v: confirm asked %v (%v), want %v", tc.tool, tc.args, asked, terr, tc.confirm)
		}
	}
	_, terr := se.CallTool(t, "project_packages", map[string]any{"action": "add", "package": "com.unity.timeline"})
	if terr == nil || terr.Code != api.CodeConfirmRequired || terr.Data != nil || strings.Contains(terr.Message, "dry_run") {
		t.Errorf("project_packages add: %v; want confirmation_required that offers no dry_run (it has none)", terr)
	}
}
