// Package definitions loads definition tools: one JSON file = one tool, of
// kind probe (a set of reflection reads), script (one C# file) or sequence
// (a chain of existing tools), from tools/<projectHash>/ and tools/shared/
// in the state directory. It validates every rule of the definition-tools
// document and gives each rejected file precise reasons (file and JSON
// path); a bad file never affects the others. docs/definitions.md has the
// rules.
package definitions

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/unitymcp/unitymcp/engine/params"
	"github.com/unitymcp/unitymcp/engine/reflectpath"
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

var (
	inputName   = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	stepID      = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]*$`)
	placeholder = regexp.MustCompile(`\{[A-Za-z_][A-Za-z0-9_]*\}`)
)

// reserved input names: injected by the daemon.
var reserved = map[string]bool{"confirm": true, "dry_run": true, "target": true}

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

// problems collects reasons, each with its JSON path.
type problems []string

func (p *problems) add(path, format string, a ...any) {
	msg := fmt.Sprintf(format, a...)
	if path != "" {
		msg = path + ": " + msg
	}
	*p = append(*p, msg)
}

var allowedTop = map[string][]string{
	"":           {"name", "description", "kind", "group", "idempotency", "mainThread", "destructive", "undoGroup", "alwaysLoad", "maxResultSizeChars", "inputs", "examples"},
	KindProbe:    {"reads", "mode"},
	KindScript:   {"file"},
	KindSequence: {"steps"},
}

// Parse reads one definition file's content. It checks everything that
// concerns the file alone; Load checks what needs the whole set (name
// clashes, steps naming other tools, cycles).
func Parse(data []byte, path, source string) (*Def, []string) {
	var ps problems
	sum := sha256.Sum256(data)
	d := &Def{Path: path, Source: source, Dir: filepath.Dir(path), Hash: hex.EncodeToString(sum[:8]), MainThread: true}
	var top map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&top); err != nil {
		return nil, []string{"not a JSON object: " + jsonErr(data, err)}
	}
	if top == nil {
		return nil, []string{"not a JSON object (null)"}
	}
	if dec.More() {
		return nil, []string{"more than one JSON value in the file; one file holds one tool"}
	}
	str := func(key string, required bool) string {
		raw, ok := top[key]
		if !ok {
			if required {
				ps.add("$."+key, "required field is missing")
			}
			return ""
		}
		var s string
		if json.Unmarshal(raw, &s) != nil {
			ps.add("$."+key, "must be a string, got %s", raw)
			return ""
		}
		if required && strings.TrimSpace(s) == "" {
			ps.add("$."+key, "must not be empty")
		}
		return s
	}
	boolean := func(key string) (val, set bool) {
		raw, ok := top[key]
		if !ok {
			return false, false
		}
		if json.Unmarshal(raw, &val) != nil {
			ps.add("$."+key, "must be true or false, got %s", raw)
			return false, false
		}
		return val, true
	}
	d.Name = str("name", true)
	d.Description = str("description", true)
	d.Kind = str("kind", true)
	if d.Name != "" && !NameRule.MatchString(d.Name) {
		ps.add("$.name", "%q does not follow the tool name rule: 1-64 characters, a lowercase letter first, then lowercase letters, digits or _", d.Name)
	}
	switch d.Kind {
	case KindProbe, KindScript, KindSequence, "":
	default:
		ps.add("$.kind", "%q is not a kind; use probe, script or sequence", d.Kind)
	}
	allowed := map[string]bool{}
	for _, k := range allowedTop[""] {
		allowed[k] = true
	}
	for _, k := range allowedTop[d.Kind] {
		allowed[k] = true
	}
	for _, k := range sortedKeys(top) {
		if allowed[k] {
			continue
		}
		other := ""
		for kind, keys := range allowedTop {
			if kind != "" && contains(keys, k) {
				other = fmt.Sprintf(" (it belongs to kind %s)", kind)
			}
		}
		ps.add("$."+k, "unknown key%s", other)
	}
	if g := str("group", false); g != "" {
		if !KnownGroup(g) {
			ps.add("$.group", "%q is not a known group; groups are %s", g, strings.Join(Groups, ", "))
		}
		d.Group = g
	} else {
		d.Group = GroupOf(d.Name)
	}
	switch idem := str("idempotency", false); idem {
	case "":
		d.Idempotent = d.Kind == KindProbe
	case "safe":
		d.Idempotent = true
	case "unsafe":
	default:
		ps.add("$.idempotency", "%q is not safe or unsafe", idem)
	}
	if v, set := boolean("mainThread"); set {
		d.MainThread = v
		if !v && d.Kind == KindProbe {
			ps.add("$.mainThread", "a probe reads Unity objects and must run on the main thread; remove mainThread: false")
		}
	}
	destructive, destructiveSet := boolean("destructive")
	d.Destructive = destructive
	if destructive && d.Kind == KindProbe {
		ps.add("$.destructive", "a probe only reads; it cannot be destructive")
	}
	if destructiveSet && !destructive {
		d.Destructive = false
	}
	if u := str("undoGroup", false); u != "" || top["undoGroup"] != nil {
		d.UndoGroup = u
		if d.Kind != KindSequence {
			ps.add("$.undoGroup", "only a sequence can have an undoGroup")
		} else if !d.MainThread {
			ps.add("$.undoGroup", "undoGroup needs mainThread: true")
		}
	}
	d.AlwaysLoad, _ = boolean("alwaysLoad")
	if raw, ok := top["maxResultSizeChars"]; ok {
		var n float64
		if json.Unmarshal(raw, &n) != nil || n < 0 || n != float64(int(n)) {
			ps.add("$.maxResultSizeChars", "must be a whole number of characters, 0 or more, got %s", raw)
		} else {
			d.MaxResultSizeChars = int(n)
		}
	}
	d.Inputs = parseInputs(top["inputs"], &ps)
	d.Examples = parseExamples(top["examples"], d, &ps)
	switch d.Kind {
	case KindProbe:
		parseProbe(top, d, &ps)
	case KindScript:
		parseScript(top, d, &ps)
	case KindSequence:
		parseSequence(top, d, &ps, destructiveSet && !destructive)
	}
	if len(ps) > 0 {
		return d, ps
	}
	return d, nil
}

var inputTypes = []string{"string", "integer", "number", "boolean", "object", "array"}

func parseInputs(raw json.RawMessage, ps *problems) []params.Param {
	if raw == nil {
		return nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		ps.add("$.inputs", "must be an object of name → {type, description, required?, default?, enum?}")
		return nil
	}
	var out []params.Param
	for _, name := range sortedKeys(m) {
		at := "$.inputs." + name
		if reserved[name] {
			ps.add(at, "%q is reserved (the daemon injects confirm and dry_run into destructive tools)", name)
			continue
		}
		if !inputName.MatchString(name) {
			ps.add(at, "an input name is letters, digits and _, not starting with a digit")
			continue
		}
		var in map[string]json.RawMessage
		if json.Unmarshal(m[name], &in) != nil || in == nil {
			ps.add(at, "must be an object {type, description, required?, default?, enum?}")
			continue
		}
		for _, k := range sortedKeys(in) {
			switch k {
			case "type", "description", "required", "default", "enum":
			default:
				ps.add(at+"."+k, "unknown key")
			}
		}
		p := params.Param{Name: name}
		if json.Unmarshal(in["type"], &p.Type) != nil || !contains(inputTypes, p.Type) {
			ps.add(at+".type", "must be one of %s", strings.Join(inputTypes, ", "))
			continue
		}
		if d, ok := in["description"]; !ok || json.Unmarshal(d, &p.Description) != nil || strings.TrimSpace(p.Description) == "" {
			ps.add(at+".description", "required: say what the input is for")
		}
		if r, ok := in["required"]; ok && json.Unmarshal(r, &p.Required) != nil {
			ps.add(at+".required", "must be true or false")
		}
		if e, ok := in["enum"]; ok {
			var vals []any
			if json.Unmarshal(e, &vals) != nil || len(vals) == 0 {
				ps.add(at+".enum", "must be a non-empty array of allowed values")
			} else {
				probe := params.Param{Name: name, Type: p.Type}
				allStrings := true
				for i, v := range vals {
					if _, err := params.Check("enum", []params.Param{probe}, map[string]any{name: v}); err != nil {
						ps.add(fmt.Sprintf("%s.enum[%d]", at, i), "%v is not a %s", string(mustJSON(v)), p.Type)
					}
					s, ok := v.(string)
					allStrings = allStrings && ok
					p.Enum = append(p.Enum, s)
				}
				if !allStrings {
					p.Enum, p.EnumAny = nil, vals
				}
			}
		}
		if dv, ok := in["default"]; ok {
			var v any
			json.Unmarshal(dv, &v)
			check := p
			check.Required = false
			if _, err := params.Check("default", []params.Param{check}, map[string]any{name: v}); err != nil || v == nil {
				ps.add(at+".default", "%s does not fit the input's type/enum", dv)
			}
			p.Default, p.HasDefault = v, true
		}
		out = append(out, p)
	}
	return out
}

func parseExamples(raw json.RawMessage, d *Def, ps *problems) []map[string]any {
	if raw == nil {
		return nil
	}
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) != nil {
		ps.add("$.examples", "must be an array of argument objects (or JSON strings of them)")
		return nil
	}
	var out []map[string]any
	for i, e := range list {
		at := fmt.Sprintf("$.examples[%d]", i)
		var obj map[string]any
		var s string
		if json.Unmarshal(e, &s) == nil {
			if json.Unmarshal([]byte(s), &obj) != nil || obj == nil {
				ps.add(at, "the string is not a JSON object")
				continue
			}
		} else if json.Unmarshal(e, &obj) != nil || obj == nil {
			ps.add(at, "must be an object or a JSON string of one")
			continue
		}
		all := append(append([]params.Param{}, d.Inputs...), ConfirmParams()...)
		if _, err := params.Check(d.Name, all, obj); err != nil {
			ps.add(at, "does not fit the inputs: %s", strings.Join(err.(*params.Error).Problems, "; "))
			continue
		}
		out = append(out, obj)
	}
	return out
}

func parseProbe(top map[string]json.RawMessage, d *Def, ps *problems) {
	d.Mode = "all"
	if raw, ok := top["mode"]; ok {
		if json.Unmarshal(raw, &d.Mode) != nil || (d.Mode != "all" && d.Mode != "changes") {
			ps.add("$.mode", "must be \"changes\" (only what changed since the last call) or \"all\"")
		}
	}
	var reads []map[string]json.RawMessage
	if raw, ok := top["reads"]; !ok {
		ps.add("$.reads", "required for a probe: [{id, path}, …]")
		return
	} else if json.Unmarshal(raw, &reads) != nil || len(reads) == 0 {
		ps.add("$.reads", "must be a non-empty array of {id, path}")
		return
	}
	seen := map[string]bool{}
	for i, r := range reads {
		at := fmt.Sprintf("$.reads[%d]", i)
		if r == nil {
			ps.add(at, "must be an object {id, path}")
			continue
		}
		for _, k := range sortedKeys(r) {
			if k != "id" && k != "path" {
				ps.add(at+"."+k, "unknown key")
			}
		}
		var rd Read
		if json.Unmarshal(r["id"], &rd.ID) != nil || rd.ID == "" {
			ps.add(at+".id", "required: a non-empty string")
		} else if seen[rd.ID] {
			ps.add(at+".id", "%q is used by an earlier read", rd.ID)
		}
		seen[rd.ID] = true
		if json.Unmarshal(r["path"], &rd.Path) != nil || rd.Path == "" {
			ps.add(at+".path", "required: a reflection path such as @scene:/Main Camera/Transform/position")
		} else {
			// {input} is substituted at call time; check the shape with a stand-in.
			test := placeholder.ReplaceAllStringFunc(rd.Path, func(m string) string {
				if hasInput(d, m[1:len(m)-1]) {
					return "0"
				}
				return m
			})
			if _, err := reflectpath.Parse(test); err != nil {
				ps.add(at+".path", "%v", err)
			}
		}
		d.Reads = append(d.Reads, rd)
	}
}

func hasInput(d *Def, name string) bool {
	for _, p := range d.Inputs {
		if p.Name == name {
			return true
		}
	}
	return false
}

func parseScript(top map[string]json.RawMessage, d *Def, ps *problems) {
	var f string
	if raw, ok := top["file"]; !ok || json.Unmarshal(raw, &f) != nil || f == "" {
		ps.add("$.file", "required for a script: the .cs file, absolute or relative to this definition")
		return
	}
	if !filepath.IsAbs(f) {
		f = filepath.Join(d.Dir, f)
	}
	d.File = filepath.Clean(f)
	fi, err := os.Stat(d.File)
	switch {
	case err != nil:
		ps.add("$.file", "%s does not exist", d.File)
	case fi.IsDir():
		ps.add("$.file", "%s is a folder, not a .cs file", d.File)
	}
}

func parseSequence(top map[string]json.RawMessage, d *Def, ps *problems, explicitNotDestructive bool) {
	var steps []map[string]json.RawMessage
	if raw, ok := top["steps"]; !ok {
		ps.add("$.steps", "required for a sequence: [{id, tool, arguments?, continue_on_error?}, …]")
		return
	} else if json.Unmarshal(raw, &steps) != nil || len(steps) == 0 {
		ps.add("$.steps", "must be a non-empty array of {id, tool, arguments?, continue_on_error?}")
		return
	}
	seen := map[string]bool{}
	for i, s := range steps {
		at := fmt.Sprintf("$.steps[%d]", i)
		if s == nil {
			ps.add(at, "must be an object {id, tool, arguments?, continue_on_error?}")
			continue
		}
		for _, k := range sortedKeys(s) {
			switch k {
			case "id", "tool", "arguments", "continue_on_error":
			default:
				ps.add(at+"."+k, "unknown key")
			}
		}
		var st Step
		if json.Unmarshal(s["id"], &st.ID) != nil || !stepID.MatchString(st.ID) {
			ps.add(at+".id", "required: letters, digits, _ or -, not starting with a digit")
		} else if seen[st.ID] {
			ps.add(at+".id", "%q is used by an earlier step", st.ID)
		}
		if json.Unmarshal(s["tool"], &st.Tool) != nil || st.Tool == "" {
			ps.add(at+".tool", "required: the name of the tool to call")
		}
		if raw, ok := s["arguments"]; ok {
			if json.Unmarshal(raw, &st.Arguments) != nil || st.Arguments == nil {
				ps.add(at+".arguments", "must be an object")
			}
		}
		if raw, ok := s["continue_on_error"]; ok && json.Unmarshal(raw, &st.ContinueOnError) != nil {
			ps.add(at+".continue_on_error", "must be true or false")
		}
		refs, partial := Refs(map[string]any(st.Arguments))
		for _, r := range refs {
			if !seen[r.Step] {
				if r.Step == st.ID {
					ps.add(at+".arguments", "{{%s…}} refers to this step itself; only earlier steps can be referenced", r.Step)
				} else {
					ps.add(at+".arguments", "{{%s…}} refers to %q, which is not an earlier step", r.Step, r.Step)
				}
			}
		}
		for _, p := range partial {
			ps.add(at+".arguments", "%q: a step reference must be the whole string, {{stepId.json.path}}", p)
		}
		seen[st.ID] = true
		d.Steps = append(d.Steps, st)
	}
	d.explicitNotDestructive = explicitNotDestructive
}

func jsonErr(data []byte, err error) string {
	if se, ok := err.(*json.SyntaxError); ok {
		line := 1 + bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n"))
		return fmt.Sprintf("%v (line %d)", err, line)
	}
	return err.Error()
}

func mustJSON(v any) []byte { b, _ := json.Marshal(v); return b }

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
