package definitions

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/params"
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
		"{name}}":                 "{name}}", // followed by }: not a placeholder (isuzu's rule)
		"{{name}":                 "{{name}",
		"unterminated {name":      "unterminated {name",
		"no braces":               "no braces",
		"{na me}":                 "{na me}",
	}
	for s, want := range cases {
		if got := Substitute(s, in); got != want {
			t.Errorf("Substitute(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestParseRef(t *testing.T) {
	t.Parallel()
	good := map[string]string{
		"{{replay.capture.path}}":   "replay .capture.path",
		"{{ replay.capture.path }}": "replay .capture.path",
		"{{a.items[0].name}}":       "a .items[0].name",
		"{{a[2]}}":                  "a [2]",
		"{{a['odd key'][\"x\"]}}":   `a ["odd key"]["x"]`,
		"{{step-1}}":                "step-1 ",
		"{{a.size.1}}":              "a .size.1",
	}
	for s, want := range good {
		r, ok, err := ParseRef(s)
		var b strings.Builder
		for _, p := range r.Path {
			b.WriteString(p.String())
		}
		if got := r.Step + " " + b.String(); !ok || err != nil || got != want {
			t.Errorf("ParseRef(%q) = %q %v %v, want %q", s, got, ok, err, want)
		}
	}
	for _, s := range []string{"{{a.*}}", "{{a..b}}", "{{a[*]}}", "{{1a}}", "{{a[?(@.x)]}}", "{{$.a}}", "{{a[1:2]}}"} {
		if _, ok, err := ParseRef(s); !ok || err == nil {
			t.Errorf("ParseRef(%q): ok %v err %v, want an error", s, ok, err)
		}
	}
	for _, s := range []string{"x{{a}}", "{a}", "{{a}}x", "plain"} {
		if _, ok, _ := ParseRef(s); ok {
			t.Errorf("ParseRef(%q) took a longer string for a reference", s)
		}
	}
}

func TestResolveArgs(t *testing.T) {
	t.Parallel()
	var results map[string]any
	json.Unmarshal([]byte(`{"replay":{"capture":{"path":"Temp/a.png","size":[3,4]},"ok":true}}`), &results)
	ps := []params.Param{params.P("count", "integer", "c"), params.P("label", "string", "l"), params.P("xs", "array", "x").Of("number")}
	args := map[string]any{"before": "baseline_{name}.png", "after": "{{replay.capture.path}}",
		"h": "{{replay.capture.size.1}}", "h2": "{{ replay.capture.size[1] }}", "whole": "{{replay}}", "list": []any{"{{replay.ok}}"},
		"count": "{n}", "label": "{n}", "xs": []any{"{n}", 1.0}}
	got, err := resolveArgs(args, ps, map[string]any{"name": "look", "n": 7.0}, results)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(got)
	want := `{"after":"Temp/a.png","before":"baseline_look.png","count":7,"h":4,"h2":4,"label":"7","list":[true],"whole":{"capture":{"path":"Temp/a.png","size":[3,4]},"ok":true},"xs":[7,1]}`
	if string(b) != want {
		t.Errorf("got %s\nwant %s", b, want)
	}
	plan, _ := resolveArgs(map[string]any{"after": "{{replay.x}}", "n": "{n}"}, nil, map[string]any{"n": 1.0}, nil)
	if plan["after"] != "{{replay.x}}" || plan["n"] != "1" {
		t.Errorf("a plan keeps references as written: %v", plan)
	}
	for _, bad := range []string{"{{replay.nope}}", "{{other.x}}", "{{replay.capture.size.9}}", "{{replay.ok.x}}", "{{replay[0]}}"} {
		if _, err := resolveArgs(map[string]any{"a": bad}, nil, nil, results); err == nil {
			t.Errorf("resolve %q gave no error", bad)
		}
	}
}

func FuzzTemplates(f *testing.F) {
	for _, s := range []string{"{name}", "{{a.b.0}}", "x{{y}}z", "{", "}}{{", "{{a..b}}", "{{ a['k'][0] }}", "{a}}", "{{{a}}}"} {
		f.Add(s)
	}
	results := map[string]any{"a": map[string]any{"b": []any{1.0}}}
	f.Fuzz(func(t *testing.T, s string) {
		_ = Substitute(s, map[string]any{"name": "v", "n": 1.0})
		if r, ok, err := ParseRef(s); ok && err == nil && r.Step == "" {
			t.Fatalf("ParseRef(%q) gave an empty step", s)
		}
		resolveArgs(map[string]any{"k": []any{s}}, nil, map[string]any{"name": "v"}, results)
	})
}
