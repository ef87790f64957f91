// Package definitions loads definition tools: one JSON file = one tool, of
// kind probe (a set of reflection reads), script (one C# file) or sequence
// (a chain of existing tools), from the per-user folders tools/<projectHash>/
// and tools/shared/ of the state directory and from <project>/.unitymcp/tools/,
// the folder committed with the project. It accepts every file the loader of
// isuzu-shiranui/UnityMCP (the system the definition-tools document
// describes) accepts, except where docs/definitions.md says why it is
// stricter; it gives each rejected file every reason at once (file, JSON
// path, the offending value, what is allowed), and a bad file never affects
// the others.
package definitions

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/params"
)

// Kinds.
const (
	KindProbe    = "probe"
	KindScript   = "script"
	KindSequence = "sequence"
)

// Probe modes: ModeFull (isuzu's name and the default; "all" is accepted as
// a synonym) returns every read, ModeChanges only what changed.
const (
	ModeFull    = "full"
	ModeAll     = "all"
	ModeChanges = "changes"
)

// NameRule is the rule every tool name follows: 1–64 characters, a
// lowercase letter, then lowercase letters, digits and underscores.
var NameRule = regexp.MustCompile(`^[a-z][a-z0-9_]{0,63}$`)

// Def is one loaded definition.
type Def struct {
	Name               string
	Description        string
	Kind               string
	Group              string
	Idempotent         bool // idempotency "safe"
	MainThread         bool
	Destructive        bool
	ReadOnly           bool // the readOnlyHint: safe, not destructive, and for a sequence every step read-only
	UndoGroup          string
	AlwaysLoad         bool
	MaxResultSizeChars int // 0 or less: no limit
	Inputs             []params.Param
	Examples           []map[string]any

	Reads []Read // probe
	Mode  string // probe: ModeFull, ModeAll or ModeChanges
	File  string // script: absolute path of the .cs
	Steps []Step // sequence

	// Path is the definition file, Source where it comes from (SourceProject,
	// SourceCommitted, SourceShared), Dir its folder.
	Path   string
	Source string
	Dir    string
	// Hash identifies the file's content (a changed file resets probe diffs).
	Hash string
	// Warnings are what loads but is probably a mistake, each with its JSON path.
	Warnings []string

	// uses maps each input a template refers to to the first place it does.
	uses map[string]string
	// set records which fields the file gave explicitly.
	mainThreadSet, destructiveSet bool
}

// Read is one probe read. Depth and MaxItems are reflect_read's depth and
// max_items; Fields, when set, reads those members of the value at Path
// instead of the whole value.
type Read struct {
	ID       string   `json:"id"`
	Path     string   `json:"path"`
	Depth    int      `json:"depth"`
	MaxItems int      `json:"max_items"`
	Fields   []string `json:"fields,omitempty"`
}

// Step is one sequence step.
type Step struct {
	ID              string         `json:"id"`
	Tool            string         `json:"tool"`
	Arguments       map[string]any `json:"arguments"`
	ContinueOnError bool           `json:"continue_on_error"`

	// params are the parameters of the step's tool when the set was loaded;
	// they type the {input} substitutions (Args).
	params []params.Param
}

// Args resolves the step's arguments for one call: {input} placeholders
// from inputs, whole-string {{step.path}} references from results (nil
// leaves them as written, for a dry run's plan).
func (s *Step) Args(inputs, results map[string]any) (map[string]any, error) {
	return resolveArgs(s.Arguments, s.params, inputs, results)
}

// Params are the tool's parameters: the inputs, plus confirm and dry_run
// for a destructive tool.
func (d *Def) Params() []params.Param {
	ps := append([]params.Param{}, d.Inputs...)
	if d.Destructive {
		ps = append(ps, ConfirmParams()...)
	}
	return ps
}

// Schema returns the tool's input schema (Params as JSON Schema).
func (d *Def) Schema() json.RawMessage { return params.Schema(d.Params()) }

// Unfilled lists, as messages for invalid_params, the inputs a template
// needs that a call's arguments (defaults already filled in) leave out: an
// optional input without a default is never substituted by an empty string.
func (d *Def) Unfilled(args map[string]any) []string {
	var out []string
	for _, name := range sortedKeys(d.uses) {
		if v, ok := args[name]; !ok || v == nil {
			out = append(out, fmt.Sprintf("input %q is needed by %s but was not given and has no default; pass %s", name, d.uses[name], name))
		}
	}
	return out
}

// ConfirmParams are the parameters injected into destructive tools.
func ConfirmParams() []params.Param {
	return []params.Param{
		params.P("confirm", "boolean", "Must be true to actually perform this destructive operation.").Def(false),
		params.P("dry_run", "boolean", "Report what the operation would affect without performing it.").Def(false),
	}
}

// Tool is what the loader knows of a tool that is not a definition (a
// built-in or a tool the editor declared): enough to check the steps that
// call it.
type Tool struct {
	Params      []params.Param
	Destructive bool
	ReadOnly    bool
	// MainThread reports whether the tool runs on the editor's main thread
	// (every editor tool; the daemon's own tools do not).
	MainThread bool
	// Check is the tool's rule across arguments, if it has one.
	Check func(args map[string]any) *api.ToolError
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
