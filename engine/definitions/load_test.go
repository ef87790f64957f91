package definitions

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// builtin answers for the tools that are not definitions in these tests.
func builtin(name string) (bool, bool) {
	switch name {
	case "get-logs", "reflect_read", "input_replay", "render_compare", "input_pointer":
		return true, false
	case "execute_code", "wipe_scene":
		return true, true
	}
	return false, false
}

func write(t *testing.T, dir, name, content string) string {
	t.Helper()
	os.MkdirAll(dir, 0o755)
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// One case per rule: each invalid definition gives its specific reason.
func TestRules(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, json, want string
	}{
		{"not json", `{"name": `, "not a JSON object"},
		{"array", `[1]`, "not a JSON object"},
		{"two values", `{"name":"a_b","description":"d","kind":"probe","reads":[{"id":"a","path":"@selection"}]} {}`, "more than one JSON value"},
		{"missing name", `{"description":"d","kind":"probe","reads":[{"id":"a","path":"@selection"}]}`, "$.name: required field is missing"},
		{"missing description", `{"name":"a_b","kind":"probe","reads":[{"id":"a","path":"@selection"}]}`, "$.description: required field is missing"},
		{"missing kind", `{"name":"a_b","description":"d"}`, "$.kind: required field is missing"},
		{"bad kind", `{"name":"a_b","description":"d","kind":"macro"}`, `$.kind: "macro" is not a kind`},
		{"bad name", `{"name":"Camera-Probe","description":"d","kind":"probe","reads":[{"id":"a","path":"@selection"}]}`, "does not follow the tool name rule"},
		{"long name", `{"name":"` + strings.Repeat("a", 65) + `","description":"d","kind":"probe","reads":[{"id":"a","path":"@selection"}]}`, "tool name rule"},
		{"unknown top key", `{"name":"a_b","description":"d","kind":"probe","reads":[{"id":"a","path":"@selection"}],"colour":1}`, "$.colour: unknown key"},
		{"key of another kind", `{"name":"a_b","description":"d","kind":"probe","reads":[{"id":"a","path":"@selection"}],"file":"x.cs"}`, "$.file: unknown key (it belongs to kind script)"},
		{"unknown group", `{"name":"a_b","description":"d","kind":"probe","group":"physics","reads":[{"id":"a","path":"@selection"}]}`, `$.group: "physics" is not a known group`},
		{"bad idempotency", `{"name":"a_b","description":"d","kind":"probe","idempotency":"maybe","reads":[{"id":"a","path":"@selection"}]}`, `$.idempotency: "maybe" is not safe or unsafe`},
		{"probe off main thread", `{"name":"a_b","description":"d","kind":"probe","mainThread":false,"reads":[{"id":"a","path":"@selection"}]}`, "$.mainThread: a probe reads Unity objects"},
		{"undoGroup on probe", `{"name":"a_b","description":"d","kind":"probe","undoGroup":"x","reads":[{"id":"a","path":"@selection"}]}`, "$.undoGroup: only a sequence"},
		{"undoGroup off main thread", `{"name":"a_b","description":"d","kind":"sequence","mainThread":false,"undoGroup":"x","steps":[{"id":"s","tool":"get-logs"}]}`, "$.undoGroup: undoGroup needs mainThread: true"},
		{"bad maxResultSizeChars", `{"name":"a_b","description":"d","kind":"probe","maxResultSizeChars":-5,"reads":[{"id":"a","path":"@selection"}]}`, "$.maxResultSizeChars: must be a whole number"},
		{"bad alwaysLoad", `{"name":"a_b","description":"d","kind":"probe","alwaysLoad":"yes","reads":[{"id":"a","path":"@selection"}]}`, "$.alwaysLoad: must be true or false"},
		{"inputs not object", `{"name":"a_b","description":"d","kind":"probe","inputs":[1],"reads":[{"id":"a","path":"@selection"}]}`, "$.inputs: must be an object"},
		{"input unknown key", `{"name":"a_b","description":"d","kind":"probe","inputs":{"n":{"type":"string","description":"x","min":1}},"reads":[{"id":"a","path":"@selection"}]}`, "$.inputs.n.min: unknown key"},
		{"input bad type", `{"name":"a_b","description":"d","kind":"probe","inputs":{"n":{"type":"float","description":"x"}},"reads":[{"id":"a","path":"@selection"}]}`, "$.inputs.n.type: must be one of string"},
		{"input no description", `{"name":"a_b","description":"d","kind":"probe","inputs":{"n":{"type":"string"}},"reads":[{"id":"a","path":"@selection"}]}`, "$.inputs.n.description: required"},
		{"input default wrong type", `{"name":"a_b","description":"d","kind":"probe","inputs":{"n":{"type":"number","description":"x","default":"big"}},"reads":[{"id":"a","path":"@selection"}]}`, `$.inputs.n.default: "big" does not fit`},
		{"input default outside enum", `{"name":"a_b","description":"d","kind":"probe","inputs":{"n":{"type":"string","description":"x","enum":["a","b"],"default":"c"}},"reads":[{"id":"a","path":"@selection"}]}`, `$.inputs.n.default: "c" does not fit`},
		{"input enum wrong type", `{"name":"a_b","description":"d","kind":"probe","inputs":{"n":{"type":"integer","description":"x","enum":[1,"two"]}},"reads":[{"id":"a","path":"@selection"}]}`, `$.inputs.n.enum[1]: "two" is not a integer`},
		{"reserved input", `{"name":"a_b","description":"d","kind":"probe","inputs":{"confirm":{"type":"boolean","description":"x"}},"reads":[{"id":"a","path":"@selection"}]}`, `$.inputs.confirm: "confirm" is reserved`},
		{"example bad", `{"name":"a_b","description":"d","kind":"probe","inputs":{"n":{"type":"number","description":"x"}},"examples":[{"n":"one"}],"reads":[{"id":"a","path":"@selection"}]}`, "$.examples[0]: does not fit the inputs: n must be number"},
		{"example string bad", `{"name":"a_b","description":"d","kind":"probe","examples":["{nope"],"reads":[{"id":"a","path":"@selection"}]}`, "$.examples[0]: the string is not a JSON object"},
		{"example unknown arg", `{"name":"a_b","description":"d","kind":"probe","examples":[{"zz":1}],"reads":[{"id":"a","path":"@selection"}]}`, `$.examples[0]: does not fit the inputs: unknown argument "zz"`},
		{"probe no reads", `{"name":"a_b","description":"d","kind":"probe"}`, "$.reads: required for a probe"},
		{"probe empty reads", `{"name":"a_b","description":"d","kind":"probe","reads":[]}`, "$.reads: must be a non-empty array"},
		{"read unknown key", `{"name":"a_b","description":"d","kind":"probe","reads":[{"id":"a","path":"@selection","as":"x"}]}`, "$.reads[0].as: unknown key"},
		{"read dup id", `{"name":"a_b","description":"d","kind":"probe","reads":[{"id":"a","path":"@selection"},{"id":"a","path":"@selection"}]}`, `$.reads[1].id: "a" is used by an earlier read`},
		{"read bad path", `{"name":"a_b","description":"d","kind":"probe","reads":[{"id":"a","path":"@scene:Canvas"}]}`, "$.reads[0].path: @scene: must be followed"},
		{"read no path", `{"name":"a_b","description":"d","kind":"probe","reads":[{"id":"a"}]}`, "$.reads[0].path: required"},
		{"bad mode", `{"name":"a_b","description":"d","kind":"probe","mode":"diff","reads":[{"id":"a","path":"@selection"}]}`, "$.mode: must be \"changes\""},
		{"script no file", `{"name":"a_b","description":"d","kind":"script"}`, "$.file: required for a script"},
		{"script missing file", `{"name":"a_b","description":"d","kind":"script","file":"nope.cs"}`, "nope.cs does not exist"},
		{"sequence no steps", `{"name":"a_b","description":"d","kind":"sequence"}`, "$.steps: required for a sequence"},
		{"step unknown key", `{"name":"a_b","description":"d","kind":"sequence","steps":[{"id":"s","tool":"get-logs","retry":2}]}`, "$.steps[0].retry: unknown key"},
		{"step dup id", `{"name":"a_b","description":"d","kind":"sequence","steps":[{"id":"s","tool":"get-logs"},{"id":"s","tool":"get-logs"}]}`, `$.steps[1].id: "s" is used by an earlier step`},
		{"step no tool", `{"name":"a_b","description":"d","kind":"sequence","steps":[{"id":"s"}]}`, "$.steps[0].tool: required"},
		{"forward reference", `{"name":"a_b","description":"d","kind":"sequence","steps":[{"id":"a","tool":"get-logs","arguments":{"x":"{{b.c}}"}},{"id":"b","tool":"get-logs"}]}`, `refers to "b", which is not an earlier step`},
		{"self reference", `{"name":"a_b","description":"d","kind":"sequence","steps":[{"id":"a","tool":"get-logs","arguments":{"x":"{{a.c}}"}}]}`, "refers to this step itself"},
		{"partial reference", `{"name":"a_b","description":"d","kind":"sequence","steps":[{"id":"a","tool":"get-logs"},{"id":"b","tool":"get-logs","arguments":{"x":"Temp/{{a.c}}.png"}}]}`, "must be the whole string"},
		{"unknown step tool", `{"name":"a_b","description":"d","kind":"sequence","steps":[{"id":"a","tool":"get_logz"}]}`, `$.steps[0].tool: no tool is named "get_logz"`},
		{"destructive false on destructive sequence", `{"name":"a_b","description":"d","kind":"sequence","destructive":false,"steps":[{"id":"a","tool":"wipe_scene"}]}`, "$.destructive: false, but step 0 (wipe_scene) is destructive"},
		{"destructive probe", `{"name":"a_b","description":"d","kind":"probe","destructive":true,"reads":[{"id":"a","path":"@selection"}]}`, "$.destructive: a probe only reads"},
		{"clash with built-in", `{"name":"reflect_read","description":"d","kind":"probe","reads":[{"id":"a","path":"@selection"}]}`, "already a built-in or editor tool"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			p := write(t, dir, "def.json", c.json)
			set := Load([]Dir{{dir, SourceProject}}, builtin)
			if len(set.Defs) != 0 {
				t.Fatalf("loaded %s although it is invalid", set.Defs[0].Name)
			}
			if len(set.Rejected) != 1 || set.Rejected[0].File != p {
				t.Fatalf("rejections: %+v", set.Rejected)
			}
			got := strings.Join(set.Rejected[0].Reasons, "\n")
			if !strings.Contains(got, c.want) {
				t.Errorf("reasons:\n%s\nwant one containing %q", got, c.want)
			}
		})
	}
}

func TestCycles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	seq := func(name string, calls ...string) string {
		var steps []string
		for i, c := range calls {
			steps = append(steps, `{"id":"s`+string(rune('a'+i))+`","tool":"`+c+`"}`)
		}
		return `{"name":"` + name + `","description":"d","kind":"sequence","steps":[` + strings.Join(steps, ",") + `]}`
	}
	write(t, dir, "a.json", seq("seq_a", "seq_b"))
	write(t, dir, "b.json", seq("seq_b", "seq_c"))
	write(t, dir, "c.json", seq("seq_c", "get-logs", "seq_a"))
	write(t, dir, "d.json", seq("seq_d", "seq_a"))      // uses a rejected one
	write(t, dir, "e.json", seq("seq_e", "seq_f"))      // fine, nested
	write(t, dir, "f.json", seq("seq_f", "wipe_scene")) // destructive
	write(t, dir, "self.json", seq("seq_self", "seq_self"))
	set := Load([]Dir{{dir, SourceProject}}, builtin)
	var loaded []string
	for _, d := range set.Defs {
		loaded = append(loaded, d.Name)
	}
	if strings.Join(loaded, ",") != "seq_e,seq_f" {
		t.Fatalf("loaded %v", loaded)
	}
	reasons := map[string]string{}
	for _, r := range set.Rejected {
		reasons[r.Name] = strings.Join(r.Reasons, "; ")
	}
	for _, n := range []string{"seq_a", "seq_b", "seq_c"} {
		if !strings.Contains(reasons[n], "cycle: ") {
			t.Errorf("%s: %q", n, reasons[n])
		}
	}
	if !strings.Contains(reasons["seq_self"], "seq_self → seq_self") {
		t.Errorf("self cycle: %q", reasons["seq_self"])
	}
	if !strings.Contains(reasons["seq_d"], `"seq_a" was rejected`) {
		t.Errorf("seq_d: %q", reasons["seq_d"])
	}
	if !set.Get("seq_e").Destructive || !set.Get("seq_f").Destructive {
		t.Errorf("destructiveness did not propagate through nested sequences")
	}
	if !strings.Contains(string(set.Get("seq_e").Schema()), `"confirm"`) {
		t.Errorf("confirm not injected: %s", set.Get("seq_e").Schema())
	}
}

func TestPrecedenceAndDefaults(t *testing.T) {
	t.Parallel()
	proj, shared := t.TempDir(), t.TempDir()
	probe := func(name, desc string) string {
		return `{"name":"` + name + `","description":"` + desc + `","kind":"probe","reads":[{"id":"a","path":"@selection/transform/position"}],"mode":"changes"}`
	}
	write(t, proj, "camera.json", probe("camera_probe", "project"))
	write(t, shared, "camera.json", probe("camera_probe", "shared"))
	write(t, shared, "other.json", probe("definitions_peek", "shared only"))
	write(t, proj, "other.json", probe("render_peek", "same file name, other tool"))
	write(t, proj, "dup.json", probe("render_peek", "duplicate in the same folder"))
	write(t, proj, "notes.txt", "ignored")
	write(t, proj, "light_bump.cs", "foreach (var l in Object.FindObjectsOfType<Light>()) l.intensity *= (float)args[\"factor\"];")
	write(t, proj, "light.json", `{"name":"light_bump","description":"d","kind":"script","file":"light_bump.cs","inputs":{"factor":{"type":"number","description":"f","default":1.5}},"examples":[{"factor":2},"{\"factor\":3}"]}`)
	set := Load([]Dir{{proj, SourceProject}, {shared, SourceShared}}, builtin)
	if d := set.Get("camera_probe"); d == nil || d.Description != "project" || d.Source != SourceProject {
		t.Errorf("project definition did not win: %+v", d)
	}
	if len(set.Shadowed) != 1 {
		t.Errorf("shadowed: %v", set.Shadowed)
	}
	if d := set.Get("definitions_peek"); d == nil || d.Group != "diagnostics" || !d.Idempotent || !d.MainThread {
		t.Errorf("definitions_peek: %+v", d)
	}
	if d := set.Get("render_peek"); d == nil || d.Group != "rendering" {
		t.Errorf("render_peek: %+v", d)
	}
	if len(set.Rejected) != 1 || !strings.Contains(set.Rejected[0].Reasons[0], "already defined by") {
		t.Errorf("rejected: %+v", set.Rejected)
	}
	d := set.Get("light_bump")
	if d == nil || d.Idempotent || d.Group != "code" || d.File != filepath.Join(proj, "light_bump.cs") || len(d.Examples) != 2 {
		t.Fatalf("light_bump: %+v", d)
	}
	if s := string(d.Schema()); !strings.Contains(s, `"default":1.5`) || strings.Contains(s, "confirm") {
		t.Errorf("schema: %s", s)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`{"name":"a_b","description":"d","kind":"probe","reads":[{"id":"a","path":"@selection/x"}]}`,
		`{"name":"s","description":"d","kind":"sequence","steps":[{"id":"a","tool":"t","arguments":{"x":"{{a.b}}"}}]}`,
		`{"name":"x","description":"d","kind":"script","file":"/nonexistent.cs","inputs":{"n":{"type":"integer","description":"n","enum":[1,2],"default":1}}}`,
		`{}`, `[]`, `null`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, reasons := Parse(data, "/tmp/fuzz.json", SourceProject)
		if reasons == nil && d == nil {
			t.Fatal("no definition and no reason")
		}
		if reasons == nil {
			d.Schema()
		}
	})
}
