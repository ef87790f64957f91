package catalog

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/params"
)

// animationNames are the sixteen animation tools, isuzu's names.
var animationNames = []string{
	"animator_create", "animator_inspect", "animator_audit", "animator_add_layer", "animator_remove_layer",
	"animator_add_state", "animator_remove_state", "animator_set_state", "animator_set_write_defaults",
	"animator_add_transition", "animator_remove_transition", "animator_add_parameter", "animator_remove_parameter",
	"animator_set_parameter", "animation_clip_create", "animation_clip_write_curves",
}

func animationTools(t *testing.T) map[string]*Tool {
	t.Helper()
	byName := map[string]*Tool{}
	for _, tool := range Builtins() {
		byName[tool.Name] = tool
	}
	for _, n := range animationNames {
		if byName[n] == nil {
			t.Fatalf("%s is not a built-in", n)
		}
	}
	return byName
}

// Each animation tool's tools/list entry stays within the per-tool budget,
// the two reads sit in diagnostics (isuzu's group for them) and the rest in
// authoring, and every controller tool names its asset by a required path.
func TestAnimationToolsShape(t *testing.T) {
	t.Parallel()
	byName := animationTools(t)
	total := 0
	for _, n := range animationNames {
		tool := byName[n]
		if b := listingBytes(tool); b > 700 {
			t.Errorf("%s: tools/list entry is %d bytes, over the 700-byte budget", n, b)
		} else {
			total += b
		}
		wantGroup := "authoring"
		if n == "animator_inspect" || n == "animator_audit" {
			wantGroup = "diagnostics"
		}
		if tool.Group != wantGroup {
			t.Errorf("%s: group %q, want %q", n, tool.Group, wantGroup)
		}
		readOnly := wantGroup == "diagnostics"
		if tool.Hints.ReadOnlyHint != readOnly {
			t.Errorf("%s: readOnlyHint %v, want %v", n, tool.Hints.ReadOnlyHint, readOnly)
		}
		if strings.Contains(n, "_remove_") != tool.Hints.DestructiveHint {
			t.Errorf("%s: destructiveHint %v; only the removals are destructive", n, tool.Hints.DestructiveHint)
		}
		if n == "animator_set_parameter" {
			continue
		}
		var path *Param
		for i := range tool.Params {
			if tool.Params[i].Name == "path" {
				path = &tool.Params[i]
			}
		}
		if path == nil || !path.Required {
			t.Errorf("%s: path must be a required parameter", n)
		}
	}
	t.Logf("16 animation tools: %d bytes ~%d tokens", total, total*10/42)
}

// The argument rules the daemon enforces before a call reaches the editor.
func TestAnimationArgumentChecks(t *testing.T) {
	t.Parallel()
	byName := animationTools(t)
	cases := []struct {
		tool, args, problem string
	}{
		{"animator_inspect", `{}`, "path is required"},
		{"animator_remove_transition", `{"path":"a.controller"}`, "give index or to_state"},
		{"animator_remove_transition", `{"path":"a.controller","index":0,"to_state":"Run"}`, "not both"},
		{"animator_add_parameter", `{"path":"a.controller","name":"x","type":"Vector"}`, "one of Float, Int, Bool, Trigger"},
		{"animator_set_state", `{"path":"a.controller","state":"Run"}`, "set is required"},
		{"animator_set_parameter", `{"object_path":"/Hero","name":"Speed"}`, "value is required"},
		{"animation_clip_write_curves", `{"path":"a.anim","curves":"x"}`, "curves must be array"},
		{"animator_add_transition", `{"path":"a.controller","to_state":"Run","conditions":"Speed > 1"}`, "conditions must be array"},
	}
	for _, c := range cases {
		tool := byName[c.tool]
		args, err := params.Decode([]byte(c.args))
		if err != nil {
			t.Fatal(err)
		}
		checked, err := params.Check(tool.Name, tool.Params, args)
		msg := ""
		if err != nil {
			msg = err.Error()
		} else if tool.Check != nil {
			if terr := tool.Check(checked); terr != nil {
				msg = terr.Message
			}
		}
		if !strings.Contains(msg, c.problem) {
			t.Errorf("%s %s: got %q, want a refusal containing %q", c.tool, c.args, msg, c.problem)
		}
	}
	// A valid call passes both.
	tool := byName["animator_remove_transition"]
	args, _ := params.Decode([]byte(`{"path":"a.controller","from_state":"Idle","index":1}`))
	checked, err := params.Check(tool.Name, tool.Params, args)
	if err != nil || tool.Check(checked) != nil {
		t.Errorf("a valid remove_transition call was refused: %v", err)
	}
}

// A parameter value is a number or a boolean: the schema says just that (not
// every JSON type), and the daemon refuses anything else before the editor
// sees it. The parameter texts say what they take.
func TestAnimationParameterTexts(t *testing.T) {
	t.Parallel()
	byName := animationTools(t)
	schemaOf := func(tool, param string) map[string]any {
		var s struct {
			Properties map[string]map[string]any `json:"properties"`
		}
		if err := json.Unmarshal(byName[tool].Schema, &s); err != nil {
			t.Fatal(err)
		}
		return s.Properties[param]
	}
	for _, c := range []struct{ tool, param, args string }{
		{"animator_set_parameter", "value", `{"object_path":"/Hero","name":"x","value":%s}`},
		{"animator_add_parameter", "default_value", `{"path":"a.controller","name":"x","default_value":%s}`},
	} {
		got, _ := json.Marshal(schemaOf(c.tool, c.param)["anyOf"])
		if string(got) != `[{"type":"number"},{"type":"boolean"}]` {
			t.Errorf("%s.%s: anyOf %s, want number and boolean only", c.tool, c.param, got)
		}
		tool := byName[c.tool]
		for _, v := range []string{`1.5`, `true`, `"fast"`} {
			args, err := params.Decode([]byte(fmt.Sprintf(c.args, v)))
			if err != nil {
				t.Fatal(err)
			}
			_, err = params.Check(tool.Name, tool.Params, args)
			if ok := v != `"fast"`; ok != (err == nil) || !ok && !strings.Contains(err.Error(), "number or boolean") {
				t.Errorf("%s.%s %s: got %v", c.tool, c.param, v, err)
			}
		}
	}
	for _, c := range []struct{ tool, param, says string }{
		{"animator_remove_transition", "index", "animator_inspect"},
		{"animator_set_state", "set", "name"},
		{"animator_set_state", "set", "#Clip"},
		{"animator_add_state", "motion", "#Clip"},
	} {
		if d, _ := schemaOf(c.tool, c.param)["description"].(string); !strings.Contains(d, c.says) {
			t.Errorf("%s.%s: %q does not mention %q", c.tool, c.param, d, c.says)
		}
	}
}
