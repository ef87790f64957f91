package catalog

import (
	"fmt"
	"strings"

	"github.com/unitymcp/unitymcp/engine/api"
)

// Instructions are the MCP server instructions for a catalog: what the
// server is for, its tools by group (so clients that defer tools behind a
// tool search know what to search for) and how calls behave. Generated from
// the catalog, so they name exactly the tools it has.
func Instructions(s *Snapshot) string {
	var b strings.Builder
	b.WriteString("unitymcp drives a running Unity Editor. Its tools, by group (search for these names when tools are deferred):")
	if s.Lookup("tool_groups") != nil {
		b.Reset()
		b.WriteString("unitymcp drives a running Unity Editor. A session lists a default set of its tools; tool_groups {enable: [group]} lists a group's too (or connect with ?group=all), and any tool can be called by name. All of them, by group (search for these names when tools are deferred):")
	}
	byGroup := map[string][]string{}
	for _, t := range s.Tools() {
		g := t.Group
		if g == "" {
			g = "other"
		}
		byGroup[g] = append(byGroup[g], t.Name)
	}
	for _, g := range append(append([]string{}, api.Groups...), "other") {
		if names := byGroup[g]; len(names) > 0 {
			fmt.Fprintf(&b, " %s: %s;", g, strings.Join(names, ", "))
		}
	}
	out := strings.TrimSuffix(b.String(), ";") + "."
	return out + ` Tools whose _meta "unitymcp/source" is "definition" are the project's own, defined as JSON files (probes, scripts, sequences); "editor" ones are declared by the project's C# code.` +
		` After editing C#, compile (build group) before anything else, read the Console (diagnostics) when it fails, then run the tests.` +
		` Calls made while Unity reloads scripts wait for it and then run; do not retry them. Every response carries Ver (the daemon version).` +
		pinning(s)
}

// pinning says how a session chooses among several open projects: with
// editors_list and editor_select when the catalog has them.
func pinning(s *Snapshot) string {
	if s.Lookup("editor_select") != nil && s.Lookup("editors_list") != nil {
		return ` If several Unity projects are open and a call answers project_ambiguous, call editors_list, then editor_select {project: <name|path|hash>} to pin this session to one (or connect with ?project=<path|name|hash>).`
	}
	return ` If several Unity projects are open, connect with ?project=<path|name|hash> to choose one.`
}
