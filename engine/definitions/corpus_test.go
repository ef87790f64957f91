package definitions_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/catalog"
	"github.com/unitymcp/unitymcp/engine/definitions"
)

// TestCorpus loads every file of testdata/corpus/{valid,invalid} on its
// own (with the shared folder testdata/corpus/lib and the real built-in
// tools) and compares the outcome with the file's header comments:
//
//	// want: <reason>       invalid/: the exact reasons, in order
//	// warn: <warning>      valid/: the exact warnings, in order
//	// expect: key=value …  valid/: properties of the loaded definition
//
// {dir} stands for the folder the file is loaded from. Comments are part of
// the format (isuzu's loader reads files with Json.NET, which allows them).
// After changing a message on purpose, review and regenerate the want and
// warn lines with UPDATE_CORPUS=1 go test ./engine/definitions -run Corpus.
func TestCorpus(t *testing.T) {
	lib, err := filepath.Abs(filepath.Join("testdata", "corpus", "lib"))
	if err != nil {
		t.Fatal(err)
	}
	tools := catalog.ForLoader(catalog.Builtins())
	update := os.Getenv("UPDATE_CORPUS") == "1"
	n := 0
	for _, kind := range []string{"valid", "invalid"} {
		dir := filepath.Join("testdata", "corpus", kind)
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if !strings.HasSuffix(e.Name(), ".json") {
				continue
			}
			n++
			src := filepath.Join(dir, e.Name())
			t.Run(kind+"/"+e.Name(), func(t *testing.T) {
				if !update {
					t.Parallel()
				}
				tmp := t.TempDir()
				data := copyCase(t, dir, e.Name(), tmp)
				h := parseHeader(data, tmp)
				set := definitions.Load([]definitions.Dir{{Path: tmp, Source: definitions.SourceProject}, {Path: lib, Source: definitions.SourceShared}}, tools)
				path := filepath.Join(tmp, e.Name())
				var def *definitions.Def
				for _, d := range set.Defs {
					if d.Path == path {
						def = d
					}
				}
				var reasons []string
				for _, r := range set.Rejected {
					if r.File == path {
						reasons = r.Reasons
					} else if r.Source == definitions.SourceShared {
						t.Fatalf("a shared helper was rejected: %s: %v", r.File, r.Reasons)
					}
				}
				var warnings []string
				if def != nil {
					warnings = def.Warnings
				}
				if update {
					rewrite(t, src, data, reasons, warnings, tmp)
					return
				}
				if kind == "invalid" {
					if def != nil {
						t.Fatalf("loaded %s although it is invalid", def.Name)
					}
					if len(h.want) == 0 {
						t.Fatalf("no // want: lines; the reasons are:\n%s", strings.Join(reasons, "\n"))
					}
					if !slices.Equal(reasons, h.want) {
						t.Errorf("reasons:\n%s\nwant:\n%s", strings.Join(reasons, "\n"), strings.Join(h.want, "\n"))
					}
					return
				}
				if def == nil {
					t.Fatalf("not loaded: %s", strings.Join(reasons, "\n"))
				}
				if !slices.Equal(warnings, h.warn) {
					t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(warnings, "\n"), strings.Join(h.warn, "\n"))
				}
				for _, kv := range h.expect {
					if got := property(def, kv[0]); got != kv[1] {
						t.Errorf("%s = %q, want %q", kv[0], got, kv[1])
					}
				}
			})
		}
	}
	if n < 80 {
		t.Errorf("the corpus has %d cases; some went missing", n)
	}
}

// copyCase copies a case file and the .cs files of its folder to tmp and
// returns the case's content.
func copyCase(t *testing.T, dir, name, tmp string) []byte {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	var data []byte
	for _, e := range entries {
		if e.Name() != name && !strings.HasSuffix(e.Name(), ".cs") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(tmp, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
		if e.Name() == name {
			data = b
		}
	}
	return data
}

type header struct {
	want, warn []string
	expect     [][2]string
}

func headerLines(data []byte) []string {
	var out []string
	for _, l := range strings.Split(string(bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))), "\n") {
		if !strings.HasPrefix(l, "//") {
			break
		}
		out = append(out, l)
	}
	return out
}

func parseHeader(data []byte, dir string) header {
	var h header
	for _, l := range headerLines(data) {
		switch {
		case strings.HasPrefix(l, "// want: "):
			h.want = append(h.want, strings.ReplaceAll(strings.TrimPrefix(l, "// want: "), "{dir}", dir))
		case strings.HasPrefix(l, "// warn: "):
			h.warn = append(h.warn, strings.ReplaceAll(strings.TrimPrefix(l, "// warn: "), "{dir}", dir))
		case strings.HasPrefix(l, "// expect: description="):
			h.expect = append(h.expect, [2]string{"description", strings.TrimPrefix(l, "// expect: description=")})
		case strings.HasPrefix(l, "// expect: "):
			for _, kv := range strings.Fields(strings.TrimPrefix(l, "// expect: ")) {
				k, v, _ := strings.Cut(kv, "=")
				h.expect = append(h.expect, [2]string{k, v})
			}
		}
	}
	return h
}

// rewrite replaces a case's want and warn lines with what the loader says.
func rewrite(t *testing.T, path string, data []byte, reasons, warnings []string, dir string) {
	bom := bytes.HasPrefix(data, []byte("\xEF\xBB\xBF"))
	lines := headerLines(data)
	body := strings.Join(strings.Split(string(bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))), "\n")[len(lines):], "\n")
	var out []string
	for _, l := range lines {
		if !strings.HasPrefix(l, "// want: ") && !strings.HasPrefix(l, "// warn: ") {
			out = append(out, l)
		}
	}
	for _, r := range reasons {
		out = append(out, "// want: "+strings.ReplaceAll(r, dir, "{dir}"))
	}
	for _, w := range warnings {
		out = append(out, "// warn: "+strings.ReplaceAll(w, dir, "{dir}"))
	}
	s := strings.Join(out, "\n") + "\n" + body
	if bom {
		s = "\xEF\xBB\xBF" + s
	}
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// property reads one property of a loaded definition for // expect: lines.
func property(d *definitions.Def, key string) string {
	switch key {
	case "kind":
		return d.Kind
	case "group":
		return d.Group
	case "mode":
		return d.Mode
	case "description":
		return d.Description
	case "idempotent":
		return fmt.Sprint(d.Idempotent)
	case "readOnly":
		return fmt.Sprint(d.ReadOnly)
	case "destructive":
		return fmt.Sprint(d.Destructive)
	case "mainThread":
		return fmt.Sprint(d.MainThread)
	case "maxResultSizeChars":
		return fmt.Sprint(d.MaxResultSizeChars)
	case "reads":
		return fmt.Sprint(len(d.Reads))
	case "steps":
		return fmt.Sprint(len(d.Steps))
	case "inputs", "params":
		ps := d.Inputs
		if key == "params" {
			ps = d.Params()[len(d.Inputs):]
		}
		var names []string
		for _, p := range ps {
			names = append(names, p.Name)
		}
		return strings.Join(names, ",")
	}
	return "unknown property " + key
}
