package editorsim

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

// simCall runs one tool on a simulator of a fresh project and returns its
// answer as JSON would carry it.
func simCall(t *testing.T, s *Sim, tool string, args map[string]any) map[string]any {
	t.Helper()
	res, err := s.call(context.Background(), nil, bridge.CallParams{CallID: tool, Tool: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	b, _ := json.Marshal(res)
	var out map[string]any
	json.Unmarshal(b, &out)
	return out
}

func newSim(t *testing.T, cfg Config) *Sim {
	t.Helper()
	cfg.ProjectDir = t.TempDir()
	os.MkdirAll(filepath.Join(cfg.ProjectDir, "Assets"), 0o755)
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The simulator answers run-tests, get-hierarchy and screenshot as the
// package does (Tests~/Fake/TestsAndHierarchyAnswersTests.cs): the failed
// tests inline, what the hierarchy file holds, what each PNG shows.
func TestAnswersSayWhatIsInTheFile(t *testing.T) {
	t.Parallel()
	s := newSim(t, Config{})
	r := simCall(t, s, "run-tests", map[string]any{"TestMode": "EditMode", "FilterType": "all"})
	failed, _ := r["FailedTests"].([]any)
	if r["FailedCount"] != 1.0 || len(failed) != 1 {
		t.Fatalf("run-tests: %v", r)
	}
	f := failed[0].(map[string]any)
	if f["TestName"] != "Game.Tests.PlayerTests.Jump_IncreasesHeight" || f["Message"] != "Expected 2 but was 1" ||
		!strings.HasPrefix(f["StackTrace"].(string), "at Game.Tests.PlayerTests.Jump_IncreasesHeight ()") || strings.Contains(f["StackTrace"].(string), "\n") {
		t.Errorf("the failed test: %v", f)
	}
	r = simCall(t, s, "run-tests", map[string]any{"TestMode": "EditMode", "FilterType": "exact", "FilterValue": "Game.Tests.MathTests.Add_Works"})
	if failed, _ := r["FailedTests"].([]any); r["Success"] != true || failed == nil || len(failed) != 0 {
		t.Errorf("a passing run lists failures: %v", r)
	}

	r = simCall(t, s, "get-hierarchy", map[string]any{"IncludeInactive": true, "MaxDepth": -1, "IncludeComponents": true, "UseComponentsLut": "auto"})
	ctx, _ := r["context"].(map[string]any)
	tree, _ := r["hierarchy"].([]any)
	if ctx == nil || ctx["nodeCount"].(float64) < 2 || len(tree) == 0 || !strings.Contains(r["message"].(string), "in 'hierarchy' below") {
		t.Errorf("small hierarchy: %v", r)
	}
	file, _ := os.ReadFile(r["hierarchyFilePath"].(string))
	var doc map[string]any
	json.Unmarshal(file, &doc)
	a, _ := json.Marshal(doc["hierarchy"])
	b, _ := json.Marshal(r["hierarchy"])
	if string(a) != string(b) {
		t.Errorf("the inline hierarchy is not the file's")
	}

	r = simCall(t, s, "screenshot", map[string]any{"WindowName": "Game", "MatchMode": "exact", "ResolutionScale": 0.1})
	shots, _ := r["Screenshots"].([]any)
	if len(shots) != 1 || shots[0].(map[string]any)["WindowTitle"] != "Game" ||
		!strings.HasPrefix(r["Message"].(string), "1 PNG screenshot(s): the Game window, 192x108 px (") {
		t.Errorf("screenshot: %v", r)
	}
}

// A hierarchy too large to inline is summed up by its roots.
func TestLargeHierarchyIsSummedUp(t *testing.T) {
	t.Parallel()
	s := newSim(t, Config{})
	s.st.mu.Lock()
	s.st.addBulk(600)
	s.st.mu.Unlock()
	r := simCall(t, s, "get-hierarchy", map[string]any{"IncludeInactive": true, "MaxDepth": -1, "IncludeComponents": true, "UseComponentsLut": "auto"})
	if _, inline := r["hierarchy"]; inline {
		t.Fatalf("a large hierarchy is inline")
	}
	var bulk map[string]any
	for _, root := range r["roots"].([]any) {
		if m := root.(map[string]any); m["name"] == "Bulk" {
			bulk = m
		}
	}
	// Bulk, 6 groups of 100 items.
	if bulk == nil || bulk["nodeCount"] != 607.0 || !strings.Contains(r["message"].(string), "too large to inline") {
		t.Errorf("large hierarchy: roots %v, message %q", r["roots"], r["message"])
	}
}

// execute-dynamic-code's CompileOnly in the simulator finds what it can
// without a compiler, and never claims to have compiled the code or applied
// a security level.
func TestSimCompileOnlyIsHonest(t *testing.T) {
	t.Parallel()
	s := newSim(t, Config{})
	for _, tc := range []struct {
		code string
		bad  bool
	}{
		{"return 1 +;", true},
		{"var x = Foo(1, 2;\nreturn x;", true},
		{"return 1;}", true},
		{"#error nope\nreturn 0;", true},
		{"int i = 0; i++; return i; // (ok)", false},
		{`return "a (string" + ')';`, false},
		{"System.IO.File.Delete(\"/etc/passwd\"); return 0;", false},
	} {
		r := simCall(t, s, "execute-dynamic-code", map[string]any{"Code": tc.code, "CompileOnly": true})
		if r["Success"] == tc.bad {
			t.Errorf("%q: Success %v, want %v (%v)", tc.code, r["Success"], !tc.bad, r["CompilationErrors"])
		}
		if !strings.Contains(fmt.Sprint(r["SecurityLevel"]), "not applied") || strings.Contains(fmt.Sprint(r["Result"]), "Compiled successfully") {
			t.Errorf("%q: the answer claims a compile or a security check: %v", tc.code, r)
		}
	}
}

// input_key takes KeyCode names and the modifiers the package knows, as
// the package does, and refuses the rest.
func TestSimInputKeyChecksNames(t *testing.T) {
	t.Parallel()
	s := newSim(t, Config{})
	call := func(args map[string]any) error {
		_, err := s.call(context.Background(), nil, bridge.CallParams{CallID: "k", Tool: "input_key", Arguments: args})
		return err
	}
	if err := call(map[string]any{"view": "scene", "key": "space", "action": "press", "modifiers": []any{"Shift", "cmd"}}); err != nil {
		t.Errorf("space with shift and cmd: %v", err)
	}
	if err := call(map[string]any{"view": "scene", "key": "NotAKey", "action": "press"}); err == nil || !strings.Contains(err.Error(), "not a UnityEngine.KeyCode name") {
		t.Errorf("NotAKey: %v", err)
	}
	if err := call(map[string]any{"view": "game", "key": "space", "action": "press", "modifiers": []any{"hyper"}}); err == nil || !strings.Contains(err.Error(), `unknown modifier "hyper"`) {
		t.Errorf("hyper: %v", err)
	}
}

// A compile that fixes a failed one reloads the domain even when the
// scripts are back as they were at the last success (the fix is a change).
func TestSimCompileAfterAFixReloads(t *testing.T) {
	t.Parallel()
	s := newSim(t, Config{})
	bad := filepath.Join(s.cfg.ProjectDir, "Assets", "Bad.cs")
	os.WriteFile(bad, []byte("#error boom\n"), 0o644)
	if r := simCall(t, s, "compile", map[string]any{}); r["Success"] != false {
		t.Fatalf("compile with #error: %v", r)
	}
	os.Remove(bad)
	r := simCall(t, s, "compile", map[string]any{})
	if r["Success"] != true || strings.Contains(fmt.Sprint(r["Message"]), "no script changed") {
		t.Errorf("compile after the fix: %v", r)
	}
}
