// Package definitions loads definition tools: one JSON file = one tool, of
// kind probe (a set of reflection reads), script (one C# file) or sequence
// (a chain of existing tools), from tools/<projectHash>/ and tools/shared/
// in the state directory. It validates every rule of the definition-tools
// document and gives each rejected file precise reasons (file and JSON
// path); a bad file never affects the others. docs/definitions.md has the
// rules.
package definitions

import (
	"encoding/json"
	"regexp"

	"github.com/unitymcp/unitymcp/engine/params"
)

// Kinds.
const (
	KindProbe    = "probe"
	KindScript   = "script"
	KindSequence = "sequence"
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
	UndoGroup          string
	AlwaysLoad         bool
	MaxResultSizeChars int
	Inputs             []params.Param
	Examples           []map[string]any

	Reads []Read // probe
	Mode  string // probe: "all" or "changes"
	File  string // script: absolute path of the .cs
	Steps []Step // sequence

	// Path is the definition file, Source "project" or "shared", Dir its folder.
	Path   string
	Source string
	Dir    string
	// Hash identifies the file's content (a changed file resets probe diffs).
	Hash string

	explicitNotDestructive bool
}

// Read is one probe read.
type Read struct {
	ID   string `json:"id"`
	Path string `json:"path"`
}

// Step is one sequence step.
type Step struct {
	ID              string         `json:"id"`
	Tool            string         `json:"tool"`
	Arguments       map[string]any `json:"arguments"`
	ContinueOnError bool           `json:"continue_on_error"`
}

// Schema returns the tool's input schema: the inputs, plus confirm and
// dry_run for destructive tools.
func (d *Def) Schema() json.RawMessage {
	ps := append([]params.Param{}, d.Inputs...)
	if d.Destructive {
		ps = append(ps, ConfirmParams()...)
	}
	return params.Schema(ps)
}

// ConfirmParams are the parameters injected into destructive tools.
func ConfirmParams() []params.Param {
	return []params.Param{
		params.P("confirm", "boolean", "Must be true to actually perform this destructive operation.").Def(false),
		params.P("dry_run", "boolean", "Report what the operation would affect without performing it.").Def(false),
	}
}

// Tools tells the loader about tools that are not definitions: whether a
// name exists and whether it is destructive.
type Tools func(name string) (exists, destructive bool)
