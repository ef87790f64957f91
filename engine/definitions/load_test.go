package definitions

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/params"
)

// testTools are the tools that are not definitions in these tests (the
// corpus test uses the real built-ins).
var testTools = map[string]Tool{
	"get-logs":       {Params: []params.Param{params.P("SearchText", "string", "s").Def(""), params.P("MaxCount", "number", "n").Def(100)}, ReadOnly: true, MainThread: true},
	"render_compare": {Params: []params.Param{params.P("before", "string", "b").Must(), params.P("after", "string", "a").Must()}},
	"wipe_scene":     {Params: ConfirmParams(), Destructive: true, MainThread: true},
}

func write(t testing.TB, dir, name, content string) string {
	t.Helper()
	os.MkdirAll(dir, 0o755)
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func seq(name string, calls ...string) string {
	var steps []string
	for i, c := range calls {
		steps = append(steps, `{"id":"s`+string(rune('a'+i))+`","tool":"`+c+`"}`)
	}
	return `{"name":"` + name + `","description":"d","kind":"sequence","steps":[` + strings.Join(steps, ",") + `]}`
}

func reasonsOf(set *Set) map[string]string {
	out := map[string]string{}
	for _, r := range set.Rejected {
		out[r.Name] = strings.Join(r.Reasons, "; ")
	}
	return out
}

func TestCycles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write(t, dir, "a.json", seq("seq_a", "seq_b"))
	write(t, dir, "b.json", seq("seq_b", "seq_c"))
	write(t, dir, "c.json", seq("seq_c", "get-logs", "seq_a"))
	write(t, dir, "d.json", seq("seq_d", "seq_a"))      // uses a rejected one
	write(t, dir, "e.json", seq("seq_e", "seq_f"))      // fine, nested
	write(t, dir, "f.json", seq("seq_f", "wipe_scene")) // destructive
	write(t, dir, "self.json", seq("seq_self", "seq_self"))
	set := Load([]Dir{{dir, SourceProject}}, testTools)
	var loaded []string
	for _, d := range set.Defs {
		loaded = append(loaded, d.Name)
	}
	if strings.Join(loaded, ",") != "seq_e,seq_f" {
		t.Fatalf("loaded %v, rejected %v", loaded, set.Rejected)
	}
	reasons := reasonsOf(set)
	for _, n := range []string{"seq_a", "seq_b", "seq_c"} {
		if !strings.Contains(reasons[n], "in a cycle (") {
			t.Errorf("%s: %q", n, reasons[n])
		}
	}
	if !strings.Contains(reasons["seq_self"], "names this sequence itself") {
		t.Errorf("self cycle: %q", reasons["seq_self"])
	}
	if !strings.Contains(reasons["seq_d"], `"seq_a" is a definition that was rejected`) {
		t.Errorf("seq_d: %q", reasons["seq_d"])
	}
	if !set.Get("seq_e").Destructive || !set.Get("seq_f").Destructive {
		t.Errorf("destructiveness did not propagate through nested sequences")
	}
	if !strings.Contains(string(set.Get("seq_e").Schema()), `"confirm"`) {
		t.Errorf("confirm not injected: %s", set.Get("seq_e").Schema())
	}
}

// The per-user project folder wins over the committed one, which wins over
// the shared one; a rejected file claims no name, so the next folder's
// definition is used; two files of one name in one folder: the first by
// file name loads.
func TestPrecedence(t *testing.T) {
	t.Parallel()
	proj, committed, shared := t.TempDir(), t.TempDir(), t.TempDir()
	probe := func(name, desc string) string {
		return `{"name":"` + name + `","description":"` + desc + `","kind":"probe","reads":[{"id":"a","path":"@selection/transform/position"}],"mode":"changes"}`
	}
	write(t, proj, "camera.json", probe("camera_probe", "project"))
	write(t, committed, "camera.json", probe("camera_probe", "committed"))
	write(t, shared, "camera.json", probe("camera_probe", "shared"))
	write(t, committed, "team.json", probe("team_probe", "committed"))
	write(t, shared, "team.json", probe("team_probe", "shared"))
	write(t, proj, "broken.json", `{"name":"fallback_probe","description":"d","kind":"probe","reads":[]}`)
	write(t, shared, "fallback.json", probe("fallback_probe", "shared"))
	write(t, proj, "badstep.json", seq("step_fallback", "get_logz"))
	write(t, shared, "goodstep.json", seq("step_fallback", "get-logs"))
	write(t, shared, "other.json", probe("definitions_peek", "shared only"))
	write(t, proj, "other.json", probe("render_peek", "same file name, other tool"))
	write(t, proj, "zdup.json", probe("render_peek", "duplicate in the same folder"))
	write(t, proj, "notes.txt", "ignored")
	set := Load([]Dir{{proj, SourceProject}, {committed, SourceCommitted}, {shared, SourceShared}}, testTools)
	for name, want := range map[string]string{"camera_probe": "project", "team_probe": "committed", "fallback_probe": "shared", "definitions_peek": "shared only"} {
		if d := set.Get(name); d == nil || d.Description != want {
			t.Errorf("%s: %+v, want the %s one", name, d, want)
		}
	}
	if d := set.Get("step_fallback"); d == nil || d.Source != SourceShared {
		t.Errorf("a project sequence rejected for its step should give way to the shared one: %+v", d)
	}
	shadowed := strings.Join(set.Shadowed, "\n")
	for _, want := range []string{
		"camera_probe: the project definition (" + filepath.Join(proj, "camera.json") + ") is used; it shadows the committed one",
		"camera_probe: the project definition (" + filepath.Join(proj, "camera.json") + ") is used; it shadows the shared one",
		"fallback_probe: the project definition (" + filepath.Join(proj, "broken.json") + ") was rejected, so the shared one",
	} {
		if !strings.Contains(shadowed, want) {
			t.Errorf("shadowed:\n%s\nlacks %q", shadowed, want)
		}
	}
	if d := set.Get("render_peek"); d == nil || d.Group != "rendering" || d.Description != "same file name, other tool" {
		t.Errorf("render_peek: %+v", d)
	}
	if r := reasonsOf(set)["render_peek"]; !strings.Contains(r, "is already defined by "+filepath.Join(proj, "other.json")+" in the same folder") {
		t.Errorf("same-folder duplicate: %q", r)
	}
	if d := set.Get("definitions_peek"); d == nil || d.Group != "diagnostics" || !d.Idempotent || !d.ReadOnly || !d.MainThread {
		t.Errorf("definitions_peek: %+v", d)
	}
}

// A definition rejected because another definition it calls was replaced
// is not lost: the round that gives the callee its next candidate links it.
func TestLinkingWaitsForTheCallee(t *testing.T) {
	t.Parallel()
	proj, shared := t.TempDir(), t.TempDir()
	// The project's helper is broken (unknown tool) and has no input "x";
	// the shared helper has it. The caller fits the shared one.
	write(t, proj, "helper.json", `{"name":"helper","description":"d","kind":"sequence","steps":[{"id":"a","tool":"nope"}]}`)
	write(t, shared, "helper.json", `{"name":"helper","description":"d","kind":"sequence","inputs":{"x":{"type":"string","description":"d"}},"steps":[{"id":"a","tool":"get-logs"}]}`)
	write(t, proj, "caller.json", `{"name":"caller","description":"d","kind":"sequence","steps":[{"id":"h","tool":"helper","arguments":{"x":"1"}}]}`)
	set := Load([]Dir{{proj, SourceProject}, {shared, SourceShared}}, testTools)
	if set.Get("caller") == nil || set.Get("helper") == nil || set.Get("helper").Source != SourceShared {
		t.Fatalf("defs %v, rejected %v", set.Defs, set.Rejected)
	}
}

// Hidden .name.json files load (as in isuzu's loader); an editor's lock
// file is reported as skipped, never silently ignored.
func TestHiddenAndLockFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write(t, dir, ".hidden.json", `{"name":"hidden_probe","description":"d","kind":"probe","reads":[{"id":"a","path":"@selection"}]}`)
	write(t, dir, ".#hidden.json", `user@host.1234`)
	set := Load([]Dir{{dir, SourceProject}}, testTools)
	if set.Get("hidden_probe") == nil {
		t.Errorf("a hidden file did not load: %+v", set.Rejected)
	}
	if len(set.Skipped) != 1 || set.Skipped[0].File != filepath.Join(dir, ".#hidden.json") || !strings.Contains(set.Skipped[0].Reason, "lock file") {
		t.Errorf("skipped: %+v", set.Skipped)
	}
	if len(set.Rejected) != 0 {
		t.Errorf("rejected: %+v", set.Rejected)
	}
}

// Typed {input} substitution follows the parameters the step's tool had
// when the set loaded.
func TestStepArgsTyped(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write(t, dir, "s.json", `{"name":"typed","description":"d","kind":"sequence","inputs":{"n":{"type":"integer","description":"d"}},
		"steps":[{"id":"a","tool":"get-logs","arguments":{"MaxCount":"{n}","SearchText":"{n}"}}]}`)
	set := Load([]Dir{{dir, SourceProject}}, testTools)
	d := set.Get("typed")
	if d == nil {
		t.Fatalf("rejected: %v", set.Rejected)
	}
	args, err := d.Steps[0].Args(map[string]any{"n": 3.0}, nil)
	if err != nil || args["MaxCount"] != 3.0 || args["SearchText"] != "3" {
		t.Errorf("args %#v (%v): want MaxCount 3 (a number) and SearchText \"3\"", args, err)
	}
	if u := d.Unfilled(map[string]any{}); len(u) != 1 || !strings.Contains(u[0], `input "n" is needed by steps[0].arguments.MaxCount`) {
		t.Errorf("unfilled: %v", u)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`{"name":"a_b","description":"d","kind":"probe","reads":[{"id":"a","path":"@selection/x"}]}`,
		`{"name":"s","description":"d","kind":"sequence","steps":[{"id":"a","tool":"t","arguments":{"x":"{{a.b}}"}}]}`,
		`{"name":"x","description":"d","kind":"script","file":"/nonexistent.cs","inputs":{"n":{"type":"integer","description":"n","enum":[1,2],"default":1}}}`,
		"\xEF\xBB\xBF{name: 'x', /* c */ kind: 'probe', reads: [{id: 'a', path: '@selection',},],} // end",
		`{}`, `[]`, `null`, `{"a":1,"a":2}`, `/*`, `{'`,
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

// A panic in the parser rejects that file, with the panic as its reason,
// and the folder's other files load (not parallel: it replaces parse).
func TestParserPanicRejectsTheFile(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "boom.json", `{"name":"boom_probe","description":"d","kind":"probe","reads":[{"id":"a","path":"@selection"}]}`)
	write(t, dir, "fine.json", `{"name":"fine_probe","description":"d","kind":"probe","reads":[{"id":"a","path":"@selection"}]}`)
	defer func(p func([]byte, string, string) (*Def, []string)) { parse = p }(parse)
	real := parse
	parse = func(data []byte, path, source string) (*Def, []string) {
		if filepath.Base(path) == "boom.json" {
			panic("a parser's bug")
		}
		return real(data, path, source)
	}
	set := Load([]Dir{{dir, SourceProject}}, testTools)
	if set.Get("fine_probe") == nil {
		t.Errorf("the file beside the one whose parse panicked did not load: %+v", set.Rejected)
	}
	if len(set.Rejected) != 1 || set.Rejected[0].File != filepath.Join(dir, "boom.json") || !strings.Contains(strings.Join(set.Rejected[0].Reasons, " "), "a parser's bug") {
		t.Errorf("rejected: %+v, want boom.json with the panic as its reason", set.Rejected)
	}
}
