package definitions

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"github.com/unitymcp/unitymcp/engine/suggest"
)

// parse.go: one definition file's top-level keys and their rules (Parse).
// The inputs and examples are checked in parse_inputs.go, each kind's own
// keys in parse_kinds.go; what needs the whole set (steps calling other
// tools, cycles) in set.go.

// reserved input names: injected by the daemon (confirm, dry_run) or the
// routing key of isuzu's clients (target).
var reserved = map[string]bool{"confirm": true, "dry_run": true, "target": true}

var commonKeys = []string{"name", "description", "kind", "group", "idempotency", "mainThread", "destructive", "undoGroup", "alwaysLoad", "maxResultSizeChars", "inputs", "examples"}

var kindKeys = map[string][]string{
	KindProbe:    {"reads", "mode"},
	KindScript:   {"file"},
	KindSequence: {"steps"},
}

var kinds = []string{KindProbe, KindScript, KindSequence}

// fields reads the typed values of one JSON object, reporting what does not
// fit; null means absent for every field (as in isuzu's loader).
type fields struct {
	at  string
	obj map[string]json.RawMessage
	ps  *problems
}

// object decodes raw as a JSON object with its null members removed; ok is
// false (and nothing reported) when it is not an object.
func object(raw json.RawMessage) (map[string]json.RawMessage, bool) {
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil || m == nil {
		return nil, false
	}
	for k, v := range m {
		if string(bytes.TrimSpace(v)) == "null" {
			delete(m, k)
		}
	}
	return m, true
}

func (f fields) str(key string, required bool) (string, bool) {
	raw, ok := f.obj[key]
	if !ok {
		if required {
			f.ps.add(jpath(f.at, key), "required field is missing")
		}
		return "", false
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		f.ps.add(jpath(f.at, key), "must be a string, got %s %s", kindName(raw), shown(raw))
		return "", false
	}
	return s, true
}

func (f fields) boolean(key string) (val, set bool) {
	raw, ok := f.obj[key]
	if !ok {
		return false, false
	}
	if json.Unmarshal(raw, &val) != nil {
		f.ps.add(jpath(f.at, key), "must be true or false, got %s %s", kindName(raw), shown(raw))
		return false, false
	}
	return val, true
}

// integer reads a whole number that fits 32 bits, as isuzu's loader does.
func (f fields) integer(key, meaning string) (int, bool) {
	raw, ok := f.obj[key]
	if !ok {
		return 0, false
	}
	var n float64
	if json.Unmarshal(raw, &n) != nil || n != math.Trunc(n) || math.Abs(n) > math.MaxInt32 {
		f.ps.add(jpath(f.at, key), "must be a whole number (%s), got %s %s", meaning, kindName(raw), shown(raw))
		return 0, false
	}
	return int(n), true
}

// unknownKeys reports the keys of obj that are not in allowed, with the
// nearest allowed key; other(k) may say where a misplaced key belongs.
func unknownKeys(at string, obj map[string]json.RawMessage, allowed []string, what string, other func(k string) string, ps *problems) {
	for _, k := range sortedKeys(obj) {
		if slices.Contains(allowed, k) {
			continue
		}
		if other != nil {
			if where := other(k); where != "" {
				ps.add(jpath(at, k), "unknown key for %s (%s)", what, where)
				continue
			}
		}
		ps.add(jpath(at, k), "unknown key%s; %s takes %s", suggest.Hint(k, allowed), what, strings.Join(allowed, ", "))
	}
}

// Parse reads one definition file's content. It checks everything that
// concerns the file alone; Load checks what needs the whole set (name
// clashes, steps naming other tools and their arguments, cycles). The
// definition is nil only when the file is not a JSON object.
func Parse(data []byte, path, source string) (*Def, []string) {
	var ps problems
	sum := sha256.Sum256(data)
	d := &Def{Path: path, Source: source, Dir: filepath.Dir(path), Hash: hex.EncodeToString(sum[:8]), MainThread: true, uses: map[string]string{}}
	top, reason := decodeFile(data, &d.Warnings)
	if reason != "" {
		return nil, []string{reason}
	}
	f := fields{at: "$", obj: top, ps: &ps}
	name, nameGiven := f.str("name", true)
	d.Name = name
	if desc, ok := f.str("description", true); ok {
		d.Description = desc
		if strings.TrimSpace(desc) == "" {
			ps.add("$.description", "is empty; say what the tool does (the model chooses tools by it)")
		}
	}
	if k, ok := f.str("kind", true); ok {
		d.Kind = k
		if !slices.Contains(kinds, k) {
			ps.add("$.kind", "%s is not a kind%s; use probe (reflection reads), script (one C# file) or sequence (a chain of tools)", quote(k), suggest.Hint(k, kinds))
		}
	}
	if nameGiven && !NameRule.MatchString(d.Name) {
		ps.add("$.name", "%s does not follow the tool name rule ^[a-z][a-z0-9_]{0,63}$ (a lowercase letter, then lowercase letters, digits or _, at most 64)%s", quote(d.Name), nameFix(d.Name))
	}
	allowed := append([]string{}, commonKeys...)
	if keys, ok := kindKeys[d.Kind]; ok {
		allowed = append(allowed, keys...)
	} else {
		for _, k := range kinds { // the kind is unknown: do not call its keys unknown too
			allowed = append(allowed, kindKeys[k]...)
		}
	}
	what := "a " + d.Kind
	if _, ok := kindKeys[d.Kind]; !ok {
		what = "a definition"
	}
	unknownKeys("$", top, allowed, what, func(k string) string {
		for _, kind := range kinds {
			if slices.Contains(kindKeys[kind], k) {
				return "it belongs to kind " + kind
			}
		}
		return ""
	}, &ps)
	if g, ok := f.str("group", false); ok {
		if !KnownGroup(g) {
			ps.add("$.group", "%s is not a known group%s; use one of %s, or leave group out to take it from the name's prefix", quote(g), suggest.Hint(g, Groups), strings.Join(Groups, ", "))
		}
		d.Group = g
	} else {
		d.Group = GroupOf(d.Name)
	}
	switch idem, _ := f.str("idempotency", false); idem {
	case "":
		if _, given := top["idempotency"]; given {
			ps.add("$.idempotency", `"" is not an idempotency; use "safe" (the call may be re-run) or "unsafe" (it may not)`)
		}
		d.Idempotent = d.Kind == KindProbe
	case "safe":
		d.Idempotent = true
	case "unsafe":
	default:
		ps.add("$.idempotency", "%s is not an idempotency%s; use \"safe\" (the call may be re-run) or \"unsafe\" (it may not)", quote(idem), suggest.Hint(idem, []string{"safe", "unsafe"}))
	}
	if v, set := f.boolean("mainThread"); set {
		d.MainThread, d.mainThreadSet = v, true
		if !v && d.Kind == KindProbe {
			ps.add("$.mainThread", "false, but a probe reads Unity objects, which only the main thread may do; remove mainThread: false")
		}
	}
	d.Destructive, d.destructiveSet = f.boolean("destructive")
	if u, ok := f.str("undoGroup", false); ok {
		d.UndoGroup = u
		if d.Kind != KindSequence && d.Kind != "" {
			ps.add("$.undoGroup", "only a sequence can have an undoGroup (this is a %s); remove it", d.Kind)
		} else if !d.MainThread {
			ps.add("$.undoGroup", "needs mainThread: true (Undo works only on the main thread); remove mainThread: false or the undoGroup")
		}
	}
	d.AlwaysLoad, _ = f.boolean("alwaysLoad")
	d.MaxResultSizeChars, _ = f.integer("maxResultSizeChars", "characters; 0 or less means no limit")
	d.Inputs = parseInputs(top["inputs"], d, &ps)
	d.Examples = parseExamples(top["examples"], d, &ps)
	switch d.Kind {
	case KindProbe:
		parseProbe(f, d)
	case KindScript:
		parseScript(f, d)
	case KindSequence:
		parseSequence(f, d)
	}
	d.ReadOnly = d.Idempotent && !d.Destructive
	if len(ps) > 0 {
		return d, ps
	}
	return d, nil
}

// decodeFile reads the file's one JSON object; reason says why it is not
// one. Keys given twice become warnings.
func decodeFile(data []byte, warnings *[]string) (map[string]json.RawMessage, string) {
	rel, err := relax(data)
	if err != nil {
		return nil, "not valid JSON: " + err.Error()
	}
	dec := json.NewDecoder(bytes.NewReader(rel.out))
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		var se *json.SyntaxError
		switch {
		case errors.Is(err, io.EOF):
			return nil, "the file is empty; a definition is one JSON object {\"name\": …, \"description\": …, \"kind\": …}"
		case errors.Is(err, io.ErrUnexpectedEOF):
			return nil, "not valid JSON: the file ends before its JSON value does (a missing } or ]?)"
		case errors.As(err, &se):
			hint := ""
			if strings.Contains(se.Error(), "after object key:value pair") || strings.Contains(se.Error(), "after array element") {
				hint = " (a missing comma before it?)"
			}
			return nil, "not valid JSON at " + rel.position(rel.inputOffset(int(se.Offset)-1)) + ": " + se.Error() + hint
		}
		return nil, "not valid JSON: " + err.Error()
	}
	// Not dec.More, which says false for a stray } or ] after the value.
	end := int(dec.InputOffset())
	for end < len(rel.out) && strings.IndexByte(" \t\r\n", rel.out[end]) >= 0 {
		end++
	}
	if end < len(rel.out) {
		return nil, "more than one JSON value in the file (after the first, at " + rel.position(rel.inputOffset(end)) + "); one file holds one tool"
	}
	top, ok := object(raw)
	if !ok {
		return nil, "the file holds " + kindName(raw) + ", not a JSON object; a definition is one object {\"name\": …, \"description\": …, \"kind\": …}"
	}
	for _, p := range rel.dups {
		*warnings = append(*warnings, p+": given twice in the same object; the last one counts (as in Json.NET), remove the other")
	}
	return top, ""
}

// nameFix proposes a name that follows the rule, as the end of a message.
func nameFix(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9' && b.Len() > 0:
			b.WriteRune(r)
		case b.Len() > 0:
			b.WriteByte('_')
		}
	}
	fix := strings.Trim(b.String(), "_")
	if len(fix) > 64 {
		fix = strings.TrimRight(fix[:64], "_")
	}
	if !NameRule.MatchString(fix) {
		return ""
	}
	return "; for example " + quote(fix)
}
