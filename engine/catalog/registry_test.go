package catalog

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/params"
)

// TestToolSnapshots keeps every built-in tool's public shape in
// testdata/toolsnaps; a missing or stale snapshot fails.
// Regenerate with UPDATE_TOOLSNAPS=1 go test ./engine/catalog -run TestToolSnapshots.
func TestToolSnapshots(t *testing.T) {
	dir := filepath.Join("testdata", "toolsnaps")
	update := os.Getenv("UPDATE_TOOLSNAPS") == "1"
	seen := map[string]bool{}
	for _, tool := range Builtins() {
		got, err := json.MarshalIndent(tool.Info(), "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, '\n')
		p := filepath.Join(dir, tool.Name+".snap")
		seen[tool.Name+".snap"] = true
		if update {
			os.MkdirAll(dir, 0o755)
			if err := os.WriteFile(p, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(p)
		if err != nil {
			t.Errorf("%s: no snapshot (%v); run with UPDATE_TOOLSNAPS=1", tool.Name, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: schema differs from its snapshot %s; review and run with UPDATE_TOOLSNAPS=1\ngot:\n%s", tool.Name, p, got)
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if !seen[e.Name()] {
			t.Errorf("stale snapshot %s: no such tool", e.Name())
		}
	}
}

func TestRegistryInvariants(t *testing.T) {
	t.Parallel()
	names := map[string]bool{}
	for _, tool := range Builtins() {
		if names[tool.Name] {
			t.Errorf("duplicate tool name %s", tool.Name)
		}
		names[tool.Name] = true
		if tool.Description == "" {
			t.Errorf("%s has no description", tool.Name)
		}
		if !slices.Contains(api.Groups, tool.Group) {
			t.Errorf("%s has unknown group %q", tool.Name, tool.Group)
		}
		if tool.Hints.ReadOnlyHint && tool.Hints.DestructiveHint {
			t.Errorf("%s is both read-only and destructive", tool.Name)
		}
		// Only editor calls go through the hub that holds them across
		// reloads, and only the long ones are worth a task.
		if want := tool.Name == "run-tests" || tool.Name == "compile" || longTasks[tool.Name]; (tool.TaskSupport == api.TaskSupportOptional) != want || (tool.TaskSupport != "" && tool.TaskSupport != api.TaskSupportOptional) {
			t.Errorf("%s: task support %q", tool.Name, tool.TaskSupport)
		}
		if tool.TaskSupport != "" && tool.Native {
			t.Errorf("%s runs in the daemon but is marked for tasks", tool.Name)
		}
		params, err := params.Parse(tool.Schema)
		if err != nil {
			t.Errorf("%s: its own schema does not parse: %v", tool.Name, err)
		}
		if len(params) != len(tool.Params) {
			t.Errorf("%s: schema round trip has %d params, want %d", tool.Name, len(params), len(tool.Params))
		}
		for _, p := range tool.Params {
			if p.Description == "" {
				t.Errorf("%s.%s has no description", tool.Name, p.Name)
			}
			if seed002[tool.Name] && !p.Required && !p.HasDefault {
				t.Errorf("%s.%s is optional without a default", tool.Name, p.Name)
			}
		}
	}
}

// longTasks are the issue-29 editor tools that run for minutes or across a
// reload (package changes, a target switch, a player build).
var longTasks = map[string]bool{"project_packages": true, "build_switch_target": true, "build_player": true}

// seedParam is one parameter as seed 002 lists it.
type seedParam struct {
	typ  string
	def  any
	enum []string
}

// TestSeedSurface checks names, types, enums and defaults against seed 002,
// transcribed here field by field.
func TestSeedSurface(t *testing.T) {
	t.Parallel()
	seed := map[string]map[string]seedParam{
		"compile": {"ForceRecompile": {"boolean", false, nil}, "WaitForDomainReload": {"boolean", false, nil}},
		"get-logs": {"LogType": {"string", "All", []string{"Error", "Warning", "Log", "All"}}, "MaxCount": {"number", 100.0, nil},
			"SearchText": {"string", "", nil}, "UseRegex": {"boolean", false, nil}, "SearchInStackTrace": {"boolean", false, nil},
			"IncludeStackTrace": {"boolean", false, nil}},
		"run-tests": {"FilterType": {"string", "all", []string{"all", "exact", "regex", "assembly"}}, "FilterValue": {"string", "", nil},
			"TestMode": {"string", "EditMode", []string{"EditMode", "PlayMode"}}, "SaveBeforeRun": {"boolean", false, nil}},
		"clear-console": {"AddConfirmationMessage": {"boolean", false, nil}},
		"find-game-objects": {"NamePattern": {"string", "", nil}, "SearchMode": {"string", "Exact", []string{"Exact", "Path", "Regex", "Contains", "Selected"}},
			"RequiredComponents": {"array", []any{}, nil}, "Tag": {"string", "", nil}, "Layer": {"number", nil, nil},
			"IncludeInactive": {"boolean", false, nil}, "MaxResults": {"number", 20.0, nil}, "IncludeInheritedProperties": {"boolean", false, nil}},
		"get-hierarchy": {"IncludeInactive": {"boolean", true, nil}, "MaxDepth": {"number", -1.0, nil}, "RootPath": {"string", nil, nil},
			"IncludeComponents": {"boolean", true, nil}, "IncludePaths": {"boolean", false, nil},
			"UseComponentsLut": {"string", "auto", []string{"auto", "true", "false"}}, "UseSelection": {"boolean", false, nil}},
		"execute-dynamic-code": {"Code": {"string", "", nil}, "Parameters": {"object", map[string]any{}, nil}, "CompileOnly": {"boolean", false, nil}},
		"focus-window":         {},
		"screenshot": {"WindowName": {"string", "Game", nil}, "ResolutionScale": {"number", 1.0, nil},
			"MatchMode": {"string", "exact", []string{"exact", "prefix", "contains"}}, "OutputDirectory": {"string", "", nil}},
		"control-play-mode": {"Action": {"string", "Play", []string{"Play", "Stop", "Pause"}}},
		"simulate-mouse-ui": {"Action": {"string", "Click", []string{"Click", "Drag", "DragStart", "DragMove", "DragEnd", "LongPress"}},
			"X": {"number", 0.0, nil}, "Y": {"number", 0.0, nil}, "FromX": {"number", 0.0, nil}, "FromY": {"number", 0.0, nil},
			"DragSpeed": {"number", 2000.0, nil}, "Duration": {"number", 0.5, nil}, "Button": {"string", "Left", []string{"Left", "Right", "Middle"}}},
		"simulate-mouse-input": {"Action": {"string", "Click", []string{"Click", "LongPress", "MoveDelta", "SmoothDelta", "Scroll"}},
			"X": {"number", 0.0, nil}, "Y": {"number", 0.0, nil}, "Button": {"string", "Left", []string{"Left", "Right", "Middle"}},
			"Duration": {"number", 0.0, nil}, "DeltaX": {"number", 0.0, nil}, "DeltaY": {"number", 0.0, nil},
			"ScrollX": {"number", 0.0, nil}, "ScrollY": {"number", 0.0, nil}},
		"simulate-keyboard": {"Action": {"string", "Press", []string{"Press", "KeyDown", "KeyUp"}}, "Key": {"string", "<required>", nil},
			"Duration": {"number", 0.0, nil}},
	}
	n := 0
	for _, tool := range Builtins() {
		want, ok := seed[tool.Name]
		if !ok {
			continue
		}
		n++
		params, _ := params.Parse(tool.Schema)
		if len(params) != len(want) {
			t.Errorf("%s: %d params, seed has %d", tool.Name, len(params), len(want))
		}
		for _, p := range params {
			w, ok := want[p.Name]
			if !ok {
				t.Errorf("%s: param %s is not in the seed", tool.Name, p.Name)
				continue
			}
			if p.Type != w.typ {
				t.Errorf("%s.%s: type %s, seed %s", tool.Name, p.Name, p.Type, w.typ)
			}
			if !slices.Equal(p.Enum, w.enum) {
				t.Errorf("%s.%s: enum %v, seed %v", tool.Name, p.Name, p.Enum, w.enum)
			}
			if w.def == "<required>" {
				if !p.Required {
					t.Errorf("%s.%s should be required", tool.Name, p.Name)
				}
				continue
			}
			gotDef, _ := json.Marshal(p.Default)
			wantDef, _ := json.Marshal(w.def)
			if !p.HasDefault || !bytes.Equal(gotDef, wantDef) {
				t.Errorf("%s.%s: default %s (set %v), seed %s", tool.Name, p.Name, gotDef, p.HasDefault, wantDef)
			}
		}
	}
	if n != len(seed) || n != len(seed002) {
		t.Errorf("%d of seed 002's %d tools are built in", n, len(seed))
	}
}

// seed002 names the uLoopMCP tools of seed 002, which give every optional
// parameter a default.
var seed002 = map[string]bool{"compile": true, "get-logs": true, "run-tests": true, "clear-console": true,
	"find-game-objects": true, "get-hierarchy": true, "execute-dynamic-code": true, "focus-window": true,
	"screenshot": true, "control-play-mode": true, "simulate-mouse-ui": true, "simulate-mouse-input": true,
	"simulate-keyboard": true}
