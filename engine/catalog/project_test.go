package catalog

import (
	"errors"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/api"
)

// The project, search and build tools: which read, which change what Undo
// cannot take back (destructive, confirm, dry_run), which run as tasks, and
// their groups (definitions.GroupOf of their names, as isuzu groups them).
func TestProjectAndBuildHints(t *testing.T) {
	t.Parallel()
	checkFamily(t, "project_s", map[string]familyWant{"project_settings": {"di", false, true, "diagnostics"}})
	checkFamily(t, "project_a", map[string]familyWant{"project_assemblies": {"ri", false, false, "diagnostics"}})
	checkFamily(t, "build_", map[string]familyWant{
		"build_settings":      {"di", false, true, "build"},
		"build_switch_target": {"di", false, true, "build"},
		"build_player":        {"d", false, true, "build"},
	})
	checkFamily(t, "search_", map[string]familyWant{"search_query": {"ri", false, false, "code"}})
	checkFamily(t, "reflect_find", map[string]familyWant{"reflect_find_type": {"ri", false, false, "code"}})
	// project_packages takes confirm without dry_run (the opposite change
	// undoes an add or remove), so it is checked on its own.
	tool := NewSnapshot(Builtins()).Lookup("project_packages")
	if got := hintLetters(tool.Hints); got != "di" || tool.Batch || tool.Group != "diagnostics" || !tool.HasParam("confirm") || tool.HasParam("dry_run") {
		t.Errorf("project_packages: hints %q batch %v group %s confirm %v dry_run %v; want \"di\", no batch, diagnostics, confirm only", got, tool.Batch, tool.Group, tool.HasParam("confirm"), tool.HasParam("dry_run"))
	}
	s := NewSnapshot(Builtins())
	for name, task := range map[string]bool{"project_packages": true, "build_switch_target": true, "build_player": true, "project_settings": false, "build_settings": false} {
		if got := s.Lookup(name).TaskSupport == api.TaskSupportOptional; got != task {
			t.Errorf("%s: task support %v, want %v", name, got, task)
		}
	}
}

// Which calls of the destructive tools that also read make the change their
// confirm is for (Tool.Writes, which the daemon's confirm rule asks): reads
// and resolve do not; a build does unless it goes to a fresh place under
// Builds/ as the arguments alone can tell.
func TestProjectWrites(t *testing.T) {
	t.Parallel()
	s := NewSnapshot(Builtins())
	for _, tc := range []struct {
		tool, args string
		writes     bool
	}{
		{"project_settings", `{"property_path": "player/productName"}`, false},
		{"project_settings", `{"values": {"player/productName": "X"}}`, true},
		{"project_packages", `{}`, false},
		{"project_packages", `{"action": "resolve"}`, false},
		{"project_packages", `{"action": "add", "package": "com.unity.timeline"}`, true},
		{"project_packages", `{"action": "remove", "package": "com.unity.timeline"}`, true},
		{"build_settings", `{}`, false},
		{"build_settings", `{"scenes": ["Assets/A.unity"]}`, true},
		{"build_player", `{"output_path": "Builds/Game.exe"}`, false},
		{"build_player", `{"output_path": "Builds\\Win\\Game.exe"}`, false},
		{"build_player", `{"output_path": "Builds/../Game.exe"}`, true},
		{"build_player", `{"output_path": "Builds"}`, true},
		{"build_player", `{"output_path": ".git/hooks/post-merge"}`, true},
		{"build_player", `{"output_path": "Builds/.hidden/Game.exe"}`, true},
		{"build_player", `{"output_path": "Out/Game.exe"}`, true},
		{"build_player", `{"output_path": "/tmp/Game.exe"}`, true},
		{"build_player", `{"output_path": "C:/Games/Game.exe"}`, true},
	} {
		tool := s.Lookup(tc.tool)
		args, err := prefabCheck(t, s, tc.tool, tc.args)
		if err != nil {
			t.Errorf("%s %s: refused: %v", tc.tool, tc.args, err)
			continue
		}
		if tool.Writes == nil || tool.Writes(args) != tc.writes {
			t.Errorf("%s %s: writes %v, want %v", tc.tool, tc.args, tool.Writes != nil && tool.Writes(args), tc.writes)
		}
	}
}

// The checks the daemon runs before a call reaches the editor, besides the
// confirm rule: the arguments each form needs.
func TestProjectArgumentChecks(t *testing.T) {
	t.Parallel()
	s := NewSnapshot(Builtins())
	for _, tc := range []struct {
		tool, args string
		code       api.ErrorCode // "" when the call passes
		says       string
	}{
		{"project_settings", `{"property_path": "player/"}`, "", ""},
		{"project_settings", `{}`, api.CodeInvalidParams, "neither"},
		{"project_settings", `{"property_path": "player/", "values": {}}`, api.CodeInvalidParams, "not both"},
		{"project_packages", `{"action": "add", "confirm": true}`, api.CodeInvalidParams, "needs package"},
		{"project_packages", `{"action": "add", "package": "com.unity.timeline", "confirm": true}`, "", ""},
		{"build_player", `{"output_path": "Builds/Game.exe", "dry_run": true}`, "", ""},
	} {
		_, err := prefabCheck(t, s, tc.tool, tc.args)
		if tc.code == "" {
			if err != nil {
				t.Errorf("%s %s: refused: %v", tc.tool, tc.args, err)
			}
			continue
		}
		var terr *api.ToolError
		if !errors.As(err, &terr) || terr.Code != tc.code || !strings.Contains(terr.Message, tc.says) {
			t.Errorf("%s %s: got %v, want %s saying %q", tc.tool, tc.args, err, tc.code, tc.says)
		}
	}
}
