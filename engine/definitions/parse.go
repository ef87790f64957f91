package definitions

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// parse.go: one definition file's top-level keys and their rules (Parse).
// The inputs and examples are checked in parse_inputs.go, each kind's own
// keys in parse_kinds.go.

var (
	inputName   = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	stepID      = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]*$`)
	placeholder = regexp.MustCompile(`\{[A-Za-z_][A-Za-z0-9_]*\}`)
)

// reserved input names: injected by the daemon.
var reserved = map[string]bool{"confirm": true, "dry_run": true, "target": true}

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
