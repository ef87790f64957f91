package definitions

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// stepRef matches a whole-string step reference {{stepId.json.path}}.
var stepRef = regexp.MustCompile(`^\{\{([A-Za-z_][A-Za-z0-9_-]*)((?:\.[^.{}]+)*)\}\}$`)

// Substitute replaces {name} with the value of each declared input. Values
// that are not strings are written as JSON. {{…}} step references and
// {unknown} names are left alone.
func Substitute(s string, inputs map[string]any) string {
	if !strings.Contains(s, "{") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == '{' && strings.HasPrefix(s[i:], "{{") {
			end := strings.Index(s[i:], "}}")
			if end < 0 {
				b.WriteString(s[i:])
				break
			}
			b.WriteString(s[i : i+end+2])
			i += end + 2
			continue
		}
		if s[i] == '{' {
			end := strings.IndexByte(s[i+1:], '}')
			if end >= 0 {
				name := s[i+1 : i+1+end]
				if v, ok := inputs[name]; ok {
					b.WriteString(stringOf(v))
					i += end + 2
					continue
				}
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

func stringOf(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case nil:
		return ""
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// Ref is a parsed step reference.
type Ref struct {
	Step string
	Path []string
}

// ParseRef reports whether s is a whole-string step reference.
func ParseRef(s string) (Ref, bool) {
	m := stepRef.FindStringSubmatch(s)
	if m == nil {
		return Ref{}, false
	}
	r := Ref{Step: m[1]}
	if m[2] != "" {
		r.Path = strings.Split(m[2][1:], ".")
	}
	return r, true
}

// Refs lists the step references inside a JSON value, and strings that
// hold "{{" without being a whole reference (load-time mistakes).
func Refs(v any) (refs []Ref, partial []string) {
	walk(v, func(s string) {
		if r, ok := ParseRef(s); ok {
			refs = append(refs, r)
		} else if strings.Contains(s, "{{") {
			partial = append(partial, s)
		}
	})
	return refs, partial
}

func walk(v any, fn func(string)) {
	switch x := v.(type) {
	case string:
		fn(x)
	case []any:
		for _, e := range x {
			walk(e, fn)
		}
	case map[string]any:
		for _, e := range x {
			walk(e, fn)
		}
	}
}

// Resolve returns a copy of v with {input} substituted in every string and
// each whole-string {{stepId.path}} replaced by that token of an earlier
// step's result, keeping its JSON type.
func Resolve(v any, inputs map[string]any, results map[string]any) (any, error) {
	switch x := v.(type) {
	case string:
		if r, ok := ParseRef(x); ok {
			res, ok := results[r.Step]
			if !ok {
				return nil, fmt.Errorf("%s refers to step %q, which has no result", x, r.Step)
			}
			return Lookup(res, r.Path)
		}
		return Substitute(x, inputs), nil
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			r, err := Resolve(e, inputs, results)
			if err != nil {
				return nil, err
			}
			out[i] = r
		}
		return out, nil
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			r, err := Resolve(e, inputs, results)
			if err != nil {
				return nil, err
			}
			out[k] = r
		}
		return out, nil
	}
	return v, nil
}

// Lookup follows a dotted path into a decoded JSON value; numeric parts
// index arrays.
func Lookup(v any, path []string) (any, error) {
	cur := v
	for i, p := range path {
		switch x := cur.(type) {
		case map[string]any:
			next, ok := x[p]
			if !ok {
				return nil, fmt.Errorf("no %q at %s", p, strings.Join(path[:i], "."))
			}
			cur = next
		case []any:
			n, err := strconv.Atoi(p)
			if err != nil || n < 0 || n >= len(x) {
				return nil, fmt.Errorf("%q is not an index of the %d-element array at %s", p, len(x), strings.Join(path[:i], "."))
			}
			cur = x[n]
		default:
			return nil, fmt.Errorf("cannot follow %q into a %s at %s", p, kindOf(cur), strings.Join(path[:i], "."))
		}
	}
	return cur, nil
}

func kindOf(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case float64, json.Number:
		return "number"
	case bool:
		return "boolean"
	case nil:
		return "null"
	}
	return fmt.Sprintf("%T", v)
}
