package catalog

import (
	"encoding/json"
	"strings"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/definitions"
	"github.com/unitymcp/unitymcp/engine/suggest"
)

// Snapshot is one project's catalog at one moment: built when something it
// is made of changes (editors, their declared tools, definition files) and
// never changed after; the engine swaps in a new one atomically. Calls look
// tools up in it without building anything.
type Snapshot struct {
	tools  []*Tool
	byName map[string]*Tool
}

// NewSnapshot lists the tools of every list in order, the first of a name
// winning.
func NewSnapshot(lists ...[]*Tool) *Snapshot {
	s := &Snapshot{byName: map[string]*Tool{}}
	for _, l := range lists {
		for _, t := range l {
			if _, dup := s.byName[t.Name]; !dup {
				s.byName[t.Name] = t
				s.tools = append(s.tools, t)
			}
		}
	}
	return s
}

// Tools lists the catalog in order. The slice must not be changed.
func (s *Snapshot) Tools() []*Tool { return s.tools }

// Lookup finds a tool by name (nil when there is none). A name a tool had
// before it was renamed (Renamed) finds the tool by its name now; the
// tool's Name says which was found.
func (s *Snapshot) Lookup(name string) *Tool {
	if t := s.byName[name]; t != nil {
		return t
	}
	if now, ok := Renamed[name]; ok {
		return s.byName[now]
	}
	return nil
}

// Names lists the tool names in order.
func (s *Snapshot) Names() []string {
	out := make([]string, len(s.tools))
	for i, t := range s.tools {
		out[i] = t.Name
	}
	return out
}

// Suggest is a "did you mean" for a name that is not in the catalog (see
// package suggest). A name that asks to read (get-, read-, find-, list-…)
// is only ever pointed at a read-only tool: an agent that follows the hint
// for read-console must not clear the Console.
func (s *Snapshot) Suggest(name string) string {
	if !readingName(name) {
		return suggest.Closest(name, s.Names())
	}
	var ro []string
	for _, t := range s.tools {
		if t.Hints.ReadOnlyHint {
			ro = append(ro, t.Name)
		}
	}
	return suggest.Closest(name, ro)
}

// readingName reports whether a tool name starts with a verb that only
// reads.
func readingName(name string) bool {
	n := strings.ToLower(name)
	for _, v := range []string{"get", "read", "find", "list", "show", "search", "query", "inspect", "count", "view", "fetch", "describe"} {
		if n == v || strings.HasPrefix(n, v+"-") || strings.HasPrefix(n, v+"_") {
			return true
		}
	}
	return false
}

// FromDefinition converts a loaded definition file into a catalog tool.
func FromDefinition(d *definitions.Def) *Tool {
	desc := d.Description
	for i, ex := range d.Examples {
		b, _ := json.Marshal(ex)
		if i == 0 {
			desc += "\nExamples:"
		}
		desc += "\n" + string(b)
	}
	return &Tool{Name: d.Name, Description: desc, Group: d.Group, Schema: d.Schema(), Params: d.Params(),
		Hints:      api.Annotations{ReadOnlyHint: d.ReadOnly, DestructiveHint: d.Destructive, IdempotentHint: d.Idempotent},
		AlwaysLoad: d.AlwaysLoad, MaxResultSizeChars: d.MaxResultSizeChars, Source: api.SourceDefinition, Native: true, Def: d}
}

// ForLoader describes tools the way the definition loader needs them to
// check the steps that call them (a tool running in the daemon, Native, is
// the one kind that does not run on the editor's main thread).
func ForLoader(lists ...[]*Tool) map[string]definitions.Tool {
	out := map[string]definitions.Tool{}
	for _, l := range lists {
		for _, t := range l {
			out[t.Name] = definitions.Tool{Params: t.Params, Destructive: t.Hints.DestructiveHint, ReadOnly: t.Hints.ReadOnlyHint,
				MainThread: !t.Native, Check: t.Check}
		}
	}
	return out
}
