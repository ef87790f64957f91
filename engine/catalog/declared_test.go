package catalog

import (
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/api"
)

// TestDeclaredToolsListedSafely is attack E5n: an editor declares tools
// named with a slash, a newline, 100,000 characters, or like a built-in
// (its case changed, a Cyrillic letter, a Unicode dash, another
// separator), with a 4 MiB description or schema. Only names MCP allows
// that look like no built-in are listed, and what they cost tools/list is
// bounded.
func TestDeclaredToolsListedSafely(t *testing.T) {
	t.Parallel()
	obj := json.RawMessage(`{"type":"object"}`)
	hostile := []string{
		"a/../../health", "nl\nname", strings.Repeat("n", 100000), "has space", "quote\"d", "",
		"compile", "Compile", "COMPILE", "compіle", "ｃｏｍｐｉｌｅ", "comp\u200bile", "compiIe", "c0mpile",
		"open‐editor", "open_editor", "open.editor", "Open-Editor", "get_logs", "get-Iogs",
		"editor-open", "Editors_List", "editor.select",
	}
	var decl []api.DeclaredTool
	for _, n := range hostile {
		decl = append(decl, api.DeclaredTool{Name: n, Description: "d", InputSchema: obj})
	}
	decl = append(decl,
		api.DeclaredTool{Name: "big_schema", InputSchema: json.RawMessage(`{"type":"object","description":"` + strings.Repeat("s", 4<<20) + `"}`)},
		api.DeclaredTool{Name: "my-tool.v2", Description: strings.Repeat("long ", 1<<20), InputSchema: obj},
		api.DeclaredTool{Name: "spawn_enemy", Description: "Spawns an enemy.", InputSchema: obj})
	got := FromDeclared(decl, Builtins(), slog.New(slog.DiscardHandler))
	var names []string
	for _, tool := range got {
		names = append(names, tool.Name)
	}
	if strings.Join(names, ",") != "my-tool.v2,spawn_enemy" {
		t.Fatalf("listed %q, want only my-tool.v2 and spawn_enemy", names)
	}
	if n := len(got[0].Description); n > api.MaxDeclaredDescription+len("…") {
		t.Errorf("a declared description of 5 MiB is listed with %d bytes", n)
	}
	// Many well-named tools: the editor's share of tools/list is bounded.
	decl = nil
	for i := range 1000 {
		decl = append(decl, api.DeclaredTool{Name: "t" + strings.Repeat("x", 100) + string(rune('a'+i%26)) + strings.Repeat("y", i%50),
			Description: strings.Repeat("d", 4096), InputSchema: json.RawMessage(`{"type":"object","description":"` + strings.Repeat("s", 15000) + `"}`)})
	}
	total := 0
	got = FromDeclared(decl, Builtins(), slog.New(slog.DiscardHandler))
	for _, tool := range got {
		total += len(tool.Name) + len(tool.Description) + len(tool.Schema)
	}
	if len(got) > api.MaxDeclaredTools || total > api.MaxDeclaredBytes+api.MaxDeclaredTools*api.MaxToolName {
		t.Errorf("1000 declared tools: %d listed, %d bytes", len(got), total)
	}
}

// A skeleton separates names that do not look alike.
func TestSkeletonKeepsDistinctNames(t *testing.T) {
	t.Parallel()
	for _, pair := range [][2]string{{"compile", "compiler"}, {"get-logs", "get-log"}, {"run-tests", "run-test-suite"}, {"spawn_enemy", "spawn_enemies"}} {
		if skeleton(pair[0]) == skeleton(pair[1]) {
			t.Errorf("%q and %q have one skeleton %q", pair[0], pair[1], skeleton(pair[0]))
		}
	}
}
