package definitions

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/unitymcp/unitymcp/engine/params"
)

// template.go: the two templates of definition files. {name} is an input,
// replaced in reads[].path and in the strings of steps[].arguments (the rule
// of isuzu's loader: a name of letters, digits and _ in single braces, not
// part of {{ }}). A string that is exactly {{stepId.json.path}} (spaces
// inside the braces allowed) is a reference to an earlier step's result,
// inserted with its JSON type; inside a longer string {{…}} is literal text.

// placeholder is one {name} in a string: s[start:end] is "{name}".
type placeholder struct {
	name       string
	start, end int
}

func isNameStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isNameByte(c byte) bool  { return isNameStart(c) || c >= '0' && c <= '9' }

// placeholders finds the {name} placeholders of s: single braces around a
// name, not preceded by { and not followed by }.
func placeholders(s string) []placeholder {
	var out []placeholder
	for i := 0; i < len(s); i++ {
		if s[i] != '{' || i+1 >= len(s) || !isNameStart(s[i+1]) || i > 0 && s[i-1] == '{' {
			continue
		}
		j := i + 2
		for j < len(s) && isNameByte(s[j]) {
			j++
		}
		if j < len(s) && s[j] == '}' && (j+1 >= len(s) || s[j+1] != '}') {
			out = append(out, placeholder{name: s[i+1 : j], start: i, end: j + 1})
			i = j
		}
	}
	return out
}

// wholePlaceholder reports whether s is exactly one {name}.
func wholePlaceholder(s string) (string, bool) {
	ph := placeholders(s)
	if len(ph) == 1 && ph[0].start == 0 && ph[0].end == len(s) {
		return ph[0].name, true
	}
	return "", false
}

// Substitute replaces each {name} of s whose name is in inputs with its
// value: a string as it is, anything else as JSON.
func Substitute(s string, inputs map[string]any) string {
	ph := placeholders(s)
	if len(ph) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, p := range ph {
		v, ok := inputs[p.name]
		if !ok {
			continue
		}
		b.WriteString(s[last:p.start])
		b.WriteString(stringOf(v))
		last = p.end
	}
	b.WriteString(s[last:])
	return b.String()
}

func stringOf(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case nil:
		return ""
	}
	return string(mustJSON(v))
}

// Ref is a parsed step reference {{Step.path}}.
type Ref struct {
	Step string
	Path []PathPart
}

// PathPart is one step of a reference's path: .name (a key, or an index
// when it is a number and the value an array), [n] (an index) or ['key'].
type PathPart struct {
	Name    string
	Index   int
	Indexed bool // [n]
	Keyed   bool // ['key'] or ["key"]
}

func (p PathPart) String() string {
	switch {
	case p.Indexed:
		return fmt.Sprintf("[%d]", p.Index)
	case p.Keyed:
		return "[" + quote(p.Name) + "]"
	}
	return "." + p.Name
}

// looksLikeRef reports whether s is meant as a whole-string step reference.
func looksLikeRef(s string) bool {
	return len(s) >= 4 && strings.HasPrefix(s, "{{") && strings.HasSuffix(s, "}}")
}

// ParseRef reads a whole-string step reference. ok is false when s is not
// one; err says why a string of the form {{…}} cannot be followed.
func ParseRef(s string) (r Ref, ok bool, err error) {
	if !looksLikeRef(s) {
		return Ref{}, false, nil
	}
	inner := strings.TrimSpace(s[2 : len(s)-2])
	i := 0
	for i < len(inner) && (isNameByte(inner[i]) || inner[i] == '-') {
		i++
	}
	if i == 0 || !isNameStart(inner[0]) {
		return Ref{}, true, fmt.Errorf("%s does not start with a step id (letters, digits, _ or -, not starting with a digit or -); write {{stepId.json.path}}", quote(s))
	}
	r.Step = inner[:i]
	rest := inner[i:]
	for rest != "" {
		switch rest[0] {
		case '.':
			j := 1
			for j < len(rest) && !strings.ContainsRune(".[]'\"*$()?@ \t", rune(rest[j])) {
				j++
			}
			if j == 1 {
				return Ref{}, true, unsupported(s, rest)
			}
			r.Path = append(r.Path, PathPart{Name: rest[1:j]})
			rest = rest[j:]
		case '[':
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				return Ref{}, true, fmt.Errorf("%s: a [ without ]", quote(s))
			}
			body := strings.TrimSpace(rest[1:end])
			if len(body) >= 2 && (body[0] == '\'' || body[0] == '"') && body[len(body)-1] == body[0] {
				r.Path = append(r.Path, PathPart{Name: body[1 : len(body)-1], Keyed: true})
			} else if n, err := strconv.Atoi(body); err == nil && n >= 0 {
				r.Path = append(r.Path, PathPart{Index: n, Indexed: true})
			} else {
				return Ref{}, true, unsupported(s, rest[:end+1])
			}
			rest = rest[end+1:]
		default:
			return Ref{}, true, unsupported(s, rest)
		}
	}
	return r, true, nil
}

func unsupported(s, at string) error {
	return fmt.Errorf("%s: %s is not a path this daemon follows; a reference is {{stepId}} followed by .name, [n] or ['key'] parts (JSONPath wildcards, .. and filters are not supported)", quote(s), quote(at))
}

// resolveArgs resolves a step's arguments: whole-string {{…}} references
// from results (left as written when results is nil), {input}s from inputs.
// A string that is exactly {name} passed to a parameter that is not a
// string (number, integer, boolean, array, object) takes the input's value
// with its JSON type, so "{count}" reaches MaxCount as 3, not "3"; anywhere
// else substitution is textual.
func resolveArgs(args map[string]any, ps []params.Param, inputs, results map[string]any) (map[string]any, error) {
	types := map[string]params.Param{}
	for _, p := range ps {
		types[p.Name] = p
	}
	out := make(map[string]any, len(args))
	for k, v := range args {
		p := types[k]
		r, err := resolve(v, p.Type, p.Items, inputs, results)
		if err != nil {
			return nil, fmt.Errorf("argument %s: %w", k, err)
		}
		out[k] = r
	}
	return out, nil
}

func resolve(v any, typ, items string, inputs, results map[string]any) (any, error) {
	switch x := v.(type) {
	case string:
		if r, ok, _ := ParseRef(x); ok {
			if results == nil {
				return x, nil
			}
			res, ok := results[r.Step]
			if !ok {
				return nil, fmt.Errorf("%s refers to step %q, which has no result (it failed or did not run)", x, r.Step)
			}
			return Lookup(res, r.Path)
		}
		if name, ok := wholePlaceholder(x); ok && typ != "" && typ != "string" {
			if val, ok := inputs[name]; ok {
				return val, nil
			}
		}
		return Substitute(x, inputs), nil
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			r, err := resolve(e, items, "", inputs, results)
			if err != nil {
				return nil, err
			}
			out[i] = r
		}
		return out, nil
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			r, err := resolve(e, "", "", inputs, results)
			if err != nil {
				return nil, err
			}
			out[k] = r
		}
		return out, nil
	}
	return v, nil
}

// Lookup follows a reference's path into a decoded JSON value.
func Lookup(v any, path []PathPart) (any, error) {
	cur := v
	walked := ""
	for _, p := range path {
		switch x := cur.(type) {
		case map[string]any:
			if p.Indexed {
				return nil, fmt.Errorf("%s is an object at %q, not an array; use .name", p, walked)
			}
			next, ok := x[p.Name]
			if !ok {
				return nil, fmt.Errorf("no %q at %q (it has %s)", p.Name, walked, strings.Join(sortedKeys(x), ", "))
			}
			cur = next
		case []any:
			n, ok := p.Index, p.Indexed
			if !p.Indexed && !p.Keyed {
				i, err := strconv.Atoi(p.Name)
				n, ok = i, err == nil
			}
			if !ok || n < 0 || n >= len(x) {
				return nil, fmt.Errorf("%s is not an index of the %d-element array at %q", p, len(x), walked)
			}
			cur = x[n]
		default:
			return nil, fmt.Errorf("cannot follow %s into %s at %q", p, kindOf(cur), walked)
		}
		walked += p.String()
	}
	return cur, nil
}

func kindOf(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case float64, json.Number:
		return "a number"
	case bool:
		return "a boolean"
	case nil:
		return "null"
	}
	return fmt.Sprintf("%T", v)
}
