package engine

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

func TestWithVer(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`{}`:              `{"Ver":"` + Version + `"}`,
		`{"a":1}`:         `{"a":1,"Ver":"` + Version + `"}`,
		` {"a":1} `:       `{"a":1,"Ver":"` + Version + `"}`,
		`{"Ver":"old"}`:   `{"Ver":"` + Version + `"}`,
		`{"x":"\"Ver\""}`: `{"x":"\"Ver\"","Ver":"` + Version + `"}`,
	} {
		got, terr := withVer(json.RawMessage(in))
		if terr != nil || string(got) != want {
			t.Errorf("withVer(%s) = %s, %v; want %s", in, got, terr, want)
		}
	}
	if _, terr := withVer(json.RawMessage(`[1]`)); terr == nil {
		t.Error("withVer accepted an array")
	}
}

func TestParseGroups(t *testing.T) {
	t.Parallel()
	g, terr := ParseGroups(" Input, build ")
	if terr != nil || len(g) != 2 || g[0] != "input" || g[1] != "build" {
		t.Fatalf("got %v %v", g, terr)
	}
	if _, terr := ParseGroups("inputs"); terr == nil || !strings.Contains(terr.Message, "diagnostics") {
		t.Fatalf("unknown group not rejected with the list: %v", terr)
	}
}

// Lookup searches in place on every call; it must find what the catalog
// lists first under each name: built-ins over editor tools, a project's own
// tools when pinned, the lowest project hash's when not.
func TestLookupAgreesWithCatalog(t *testing.T) {
	t.Parallel()
	e := New(Options{})
	schema := json.RawMessage(`{"type":"object"}`)
	decl := func(names ...string) []bridge.DeclaredTool {
		var out []bridge.DeclaredTool
		for _, n := range names {
			out = append(out, bridge.DeclaredTool{Name: n, Description: n, InputSchema: schema})
		}
		return out
	}
	e.setDeclared("bbbb", decl("shared", "onlyB"))
	e.setDeclared("aaaa", decl("shared", "onlyA"))
	e.setDeclared("cccc", decl("shared", "get-logs"))
	for _, hash := range []string{"", "aaaa", "bbbb", "cccc", "none"} {
		first := map[string]*Tool{}
		for _, tl := range e.Tools(hash) {
			if first[tl.Name] == nil {
				first[tl.Name] = tl
			}
		}
		for _, name := range []string{"shared", "onlyA", "onlyB", "get-logs", "compile", "missing"} {
			if got, want := e.Lookup(hash, name), first[name]; got != want {
				t.Errorf("Lookup(%q, %q) = %v; the catalog lists %v first", hash, name, got, want)
			}
		}
	}
	if tl := e.Lookup("", "shared"); tl == nil || tl != e.declared["aaaa"][0] {
		t.Errorf("unpinned lookup did not take the lowest hash's tool")
	}
}
