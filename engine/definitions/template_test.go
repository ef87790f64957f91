package definitions

import (
	"encoding/json"
	"testing"
)

func TestSubstitute(t *testing.T) {
	t.Parallel()
	in := map[string]any{"name": "look", "n": 2.0, "flag": true, "obj": map[string]any{"a": 1.0}}
	cases := map[string]string{
		"{name}":                  "look",
		"Temp/{name}_after.png":   "Temp/look_after.png",
		"{n}x{flag}":              "2xtrue",
		"{obj}":                   `{"a":1}`,
		"{unknown} stays":         "{unknown} stays",
		"{{replay.capture.path}}": "{{replay.capture.path}}",
		"{{name}} {name}":         "{{name}} look",
		"unterminated {name":      "unterminated {name",
		"no braces":               "no braces",
	}
	for in2, want := range cases {
		if got := Substitute(in2, in); got != want {
			t.Errorf("Substitute(%q) = %q, want %q", in2, got, want)
		}
	}
}

func TestResolve(t *testing.T) {
	t.Parallel()
	var results map[string]any
	json.Unmarshal([]byte(`{"replay":{"capture":{"path":"Temp/a.png","size":[3,4]},"ok":true}}`), &results)
	args := map[string]any{"before": "baseline_{name}.png", "after": "{{replay.capture.path}}",
		"h": "{{replay.capture.size.1}}", "whole": "{{replay}}", "list": []any{"{{replay.ok}}"}}
	got, err := Resolve(args, map[string]any{"name": "look"}, results)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(got)
	want := `{"after":"Temp/a.png","before":"baseline_look.png","h":4,"list":[true],"whole":{"capture":{"path":"Temp/a.png","size":[3,4]},"ok":true}}`
	if string(b) != want {
		t.Errorf("got %s\nwant %s", b, want)
	}
	for _, bad := range []string{"{{replay.nope}}", "{{other.x}}", "{{replay.capture.size.9}}", "{{replay.ok.x}}"} {
		if _, err := Resolve(bad, nil, results); err == nil {
			t.Errorf("Resolve(%q) gave no error", bad)
		}
	}
}

func FuzzTemplates(f *testing.F) {
	for _, s := range []string{"{name}", "{{a.b.0}}", "x{{y}}z", "{", "}}{{", "{{a..b}}"} {
		f.Add(s)
	}
	results := map[string]any{"a": map[string]any{"b": []any{1.0}}}
	f.Fuzz(func(t *testing.T, s string) {
		_ = Substitute(s, map[string]any{"name": "v", "n": 1.0})
		if r, ok := ParseRef(s); ok && r.Step == "" {
			t.Fatalf("ParseRef(%q) gave an empty step", s)
		}
		Refs(map[string]any{"k": []any{s}})
		Resolve(s, map[string]any{"name": "v"}, results)
	})
}
