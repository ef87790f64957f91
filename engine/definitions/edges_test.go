package definitions

import (
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/params"
)

// A step may pass an input to a parameter of another type only where the
// value fits as it is: an integer or a string to an id (its digits fit
// either), an integer to a number and a number to an integer (checked when
// called); any other pairing is refused at load time, saying what to
// declare instead.
func TestStepInputTypesFit(t *testing.T) {
	t.Parallel()
	tools := map[string]Tool{"gameobject_select": {Params: []params.Param{params.P("instance_id", params.TypeID, "i"),
		params.P("count", "integer", "c"), params.P("scale", "number", "s")}, MainThread: true}}
	for _, c := range []struct{ input, param, want string }{
		{"integer", "instance_id", ""},
		{"string", "instance_id", ""},
		{"boolean", "instance_id", `steps[0].arguments.instance_id: "{v}" passes the input v (a boolean) to instance_id, which takes an id (an integer or a decimal string); declare v as "type": "string"`},
		{"number", "instance_id", `passes the input v (a number) to instance_id`},
		{"number", "count", ""},
		{"integer", "scale", ""},
		{"boolean", "count", `passes the input v (a boolean) to count, which takes an integer; declare v as "type": "integer"`},
		{"string", "scale", `passes the input v (a string) to scale, which takes a number`},
	} {
		dir := t.TempDir()
		write(t, dir, "s.json", `{"name":"pick","description":"d","kind":"sequence","inputs":{"v":{"type":"`+c.input+`","description":"d"}},
			"steps":[{"id":"a","tool":"gameobject_select","arguments":{"`+c.param+`":"{v}"}}]}`)
		set := Load([]Dir{{dir, SourceProject}}, tools)
		got := reasonsOf(set)["pick"]
		if c.want == "" && (got != "" || set.Get("pick") == nil) {
			t.Errorf("a %s input passed to %s: rejected: %s", c.input, c.param, got)
		}
		if c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("a %s input passed to %s: %q, want it to say %q", c.input, c.param, got, c.want)
		}
	}
}

// An input given as null is not given: a template that needs it says so
// rather than substituting "null".
func TestNullInputIsNotGiven(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write(t, dir, "s.json", `{"name":"find","description":"d","kind":"sequence","inputs":{"q":{"type":"string","description":"d"}},
		"steps":[{"id":"a","tool":"get-logs","arguments":{"SearchText":"{q}"}}]}`)
	d := Load([]Dir{{dir, SourceProject}}, testTools).Get("find")
	if d == nil {
		t.Fatal("rejected")
	}
	for _, c := range []struct {
		args map[string]any
		want int
	}{{map[string]any{}, 1}, {map[string]any{"q": nil}, 1}, {map[string]any{"q": "x"}, 0}, {map[string]any{"q": ""}, 0}} {
		if u := d.Unfilled(c.args); len(u) != c.want {
			t.Errorf("args %v: unfilled %v, want %d", c.args, u, c.want)
		}
	}
}

// A whole number field takes every 32-bit integer and refuses what lies
// beyond, showing the value given (whole up to 60 characters, shortened
// past that).
func TestWholeNumberFieldBounds(t *testing.T) {
	t.Parallel()
	probe := func(v string) string {
		return `{"name":"p","description":"d","kind":"probe","reads":[{"id":"a","path":"@selection"}],"maxResultSizeChars":` + v + `}`
	}
	long := `"` + strings.Repeat("x", 58) + `"` // 60 characters with its quotes
	longer := `"` + strings.Repeat("x", 59) + `"`
	for v, want := range map[string]string{
		"2147483647":  "",
		"-2147483647": "",
		"2147483648":  "$.maxResultSizeChars: must be a whole number (characters; 0 or less means no limit), got a number 2147483648",
		"-2147483648": "got a number -2147483648",
		"1.5":         "got a number 1.5",
		long:          "got a string " + long,
		longer:        "got a string " + longer[:57] + "...",
	} {
		d, reasons := Parse([]byte(probe(v)), "/p/p.json", SourceProject)
		got := strings.Join(reasons, "; ")
		if want == "" && (d == nil || got != "") {
			t.Errorf("maxResultSizeChars %s: %s", v, got)
		}
		if want != "" && !strings.Contains(got, want) {
			t.Errorf("maxResultSizeChars %s: %q, want it to say %q", v, got, want)
		}
	}
}

// A sequence is read-only only when every step is: one that declares its
// idempotency safe but runs a destructive step is destructive, never
// read-only (a client would call it without asking) — even when the step
// is a tool that claims both (an editor-declared tool's hints are the
// editor's word).
func TestSafeSequenceWithADestructiveStep(t *testing.T) {
	t.Parallel()
	tools := map[string]Tool{"odd_wipe": {Params: ConfirmParams(), ReadOnly: true, Destructive: true, MainThread: true}}
	for k, v := range testTools {
		tools[k] = v
	}
	dir := t.TempDir()
	write(t, dir, "wipe.json", `{"name":"reset_all","description":"d","kind":"sequence","idempotency":"safe",
		"steps":[{"id":"a","tool":"get-logs"},{"id":"b","tool":"wipe_scene","arguments":{"confirm":true}}]}`)
	write(t, dir, "odd.json", `{"name":"odd_reset","description":"d","kind":"sequence","idempotency":"safe",
		"steps":[{"id":"a","tool":"odd_wipe","arguments":{"confirm":true}}]}`)
	write(t, dir, "look.json", `{"name":"look_all","description":"d","kind":"sequence","idempotency":"safe",
		"steps":[{"id":"a","tool":"get-logs"}]}`)
	set := Load([]Dir{{dir, SourceProject}}, tools)
	for name, want := range map[string]struct{ readOnly, destructive bool }{
		"reset_all": {false, true},
		"odd_reset": {false, true},
		"look_all":  {true, false},
	} {
		d := set.Get(name)
		if d == nil {
			t.Fatalf("%s rejected: %v", name, reasonsOf(set)[name])
		}
		if d.ReadOnly != want.readOnly || d.Destructive != want.destructive {
			t.Errorf("%s: readOnly %v destructive %v, want %v %v", name, d.ReadOnly, d.Destructive, want.readOnly, want.destructive)
		}
	}
}

// An input's name in a {placeholder} is letters a to z and A to Z, digits
// 0 to 9 (not first) and _: every such name is replaced, a name with any
// other character is text.
func TestPlaceholderNames(t *testing.T) {
	t.Parallel()
	in := map[string]any{"a": "1", "z": "2", "A": "3", "Z": "4", "_": "5", "a0": "6", "z9": "7", "Za_9": "8"}
	for s, want := range map[string]string{
		"{a}{z}{A}{Z}{_}":    "12345",
		"{a0}-{z9}-{Za_9}":   "6-7-8",
		"{0}{9a}{a-b}{a.b}":  "{0}{9a}{a-b}{a.b}",
		"{`}{@}{[}{a:}{ä}{}": "{`}{@}{[}{a:}{ä}{}",
		"x{a}{{z}}{Z}y":      "x1{{z}}4y",
	} {
		if got := Substitute(s, in); got != want {
			t.Errorf("Substitute(%q) = %q, want %q", s, got, want)
		}
	}
}

// A reference reaches every element of an array, the first (0) and the
// last included, and names the array's size for an index past its end
// (len included) instead of failing the call with a crash; [”] is the
// empty key. "{{}}" is a reference without a step id, refused as one.
func TestReferenceEdges(t *testing.T) {
	t.Parallel()
	result := map[string]any{"a": map[string]any{"xs": []any{"first", "mid", "last"}, "": "empty key"}}
	for ref, want := range map[string]string{
		"{{a.xs[0]}}":  "first",
		"{{a.xs.0}}":   "first",
		"{{a.xs[2]}}":  "last",
		"{{a['']}}":    "empty key",
		"{{a.xs[3]}}":  `[3] is not an index of the 3-element array at ".xs"`,
		"{{a.xs.3}}":   `.3 is not an index of the 3-element array at ".xs"`,
		"{{a.xs.-1}}":  "is not an index of the 3-element array",
		"{{}}":         `"{{}}" does not start with a step id`,
		"{{ }}":        "does not start with a step id",
		"{{a.xs[1]}}x": "",
	} {
		r, ok, err := ParseRef(ref)
		if want == "" {
			if ok {
				t.Errorf("%s read as a reference", ref)
			}
			continue
		}
		var got any
		if err == nil && ok {
			got, err = Lookup(result[r.Step], r.Path)
		}
		switch {
		case err != nil && !strings.Contains(err.Error(), want):
			t.Errorf("%s: %v, want %q", ref, err, want)
		case err == nil && got != want:
			t.Errorf("%s = %v, want %q", ref, got, want)
		}
	}
}
