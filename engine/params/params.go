// Package params is the part of JSON Schema the daemon checks and fills in
// at call time: argument types, enums, required names and defaults. Built-in
// tools, editor-declared tools and definition inputs all go through it.
package params

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/unitymcp/unitymcp/engine/suggest"
)

// Param is one argument of a tool: the part of JSON Schema the daemon checks
// at call time (type, enum, required) and fills in (default).
type Param struct {
	Name string
	// Type is a JSON Schema type (boolean, number, integer, string, array,
	// object), a choice of them joined by "|" ("number|boolean": either), or
	// one of the daemon's own: TypeID (an instance or entity id, see id.go)
	// and TypeAny (any JSON value, null included).
	Type        string
	Description string
	Default     any
	HasDefault  bool
	Enum        []string
	// EnumAny holds an enum matched exactly, by JSON value: enums with
	// non-string members (numbers, booleans), and every enum of a definition
	// input (the definition-tools document checks inputs exactly).
	EnumAny  []any
	Items    string // element type of an array, "" for any
	Required bool
	// Min and Max bound a number, or the length of an array (nil: none).
	Min, Max *float64
	// Verbatim keeps the numbers inside an object or array as the client
	// wrote them (json.Number), for a value checked again later (a batch's
	// operations, whose ids must keep their digits); see floats.
	Verbatim bool
}

// P starts a parameter; the chain methods below finish it.
func P(name, typ, description string) Param {
	return Param{Name: name, Type: typ, Description: description}
}

// Def sets the default value.
func (p Param) Def(v any) Param { p.Default, p.HasDefault = v, true; return p }

// OneOf sets the enum.
func (p Param) OneOf(values ...string) Param { p.Enum = values; return p }

// Of sets the array element type.
func (p Param) Of(items string) Param { p.Items = items; return p }

// Must marks the parameter required.
func (p Param) Must() Param { p.Required = true; return p }

// KeepNumbers sets Verbatim.
func (p Param) KeepNumbers() Param { p.Verbatim = true; return p }

// AtLeast sets the smallest number (or array length) allowed.
func (p Param) AtLeast(min float64) Param { p.Min = &min; return p }

// Range sets the smallest and largest number (or array length) allowed.
func (p Param) Range(min, max float64) Param { p.Min, p.Max = &min, &max; return p }

// Schema renders params as a JSON Schema object.
func Schema(params []Param) json.RawMessage {
	props := map[string]any{}
	var required []string
	for _, p := range params {
		s := map[string]any{"type": p.Type}
		switch p.Type {
		case TypeID:
			s["type"], s["pattern"] = "string", IDPattern
		case TypeAny:
			delete(s, "type")
			s["anyOf"] = anyOf
		default:
			if alts := strings.Split(p.Type, "|"); len(alts) > 1 {
				// anyOf, not a type array: see TypeID for the clients that refuse one.
				delete(s, "type")
				choice := make([]map[string]string, len(alts))
				for i, a := range alts {
					choice[i] = map[string]string{"type": a}
				}
				s["anyOf"] = choice
			}
		}
		if p.Description != "" {
			s["description"] = p.Description
		}
		if p.HasDefault {
			s["default"] = p.Default
		}
		if len(p.Enum) > 0 {
			s["enum"] = p.Enum
		} else if len(p.EnumAny) > 0 {
			s["enum"] = p.EnumAny
		}
		if p.Type == "array" && p.Items != "" {
			s["items"] = map[string]any{"type": p.Items}
		}
		lo, hi := "minimum", "maximum"
		if p.Type == "array" {
			lo, hi = "minItems", "maxItems"
		}
		if p.Min != nil {
			s[lo] = *p.Min
		}
		if p.Max != nil {
			s[hi] = *p.Max
		}
		props[p.Name] = s
		if p.Required {
			required = append(required, p.Name)
		}
	}
	schema := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		schema["required"] = required
	}
	b, err := json.Marshal(schema)
	if err != nil {
		panic(err) // params are data written in this package
	}
	return b
}

// Parse reads the checkable part of an object schema declared by an
// editor or a definition.
func Parse(raw json.RawMessage) ([]Param, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	var s struct {
		Type       any                        `json:"type"`
		Properties map[string]json.RawMessage `json:"properties"`
		Required   []string                   `json:"required"`
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, fmt.Errorf("input schema is not a JSON object: %w", err)
	}
	if s.Type != nil && s.Type != "object" {
		return nil, fmt.Errorf("input schema type must be \"object\", got %v", s.Type)
	}
	req := map[string]bool{}
	for _, r := range s.Required {
		req[r] = true
	}
	names := make([]string, 0, len(s.Properties))
	for n := range s.Properties {
		names = append(names, n)
	}
	sort.Strings(names)
	params := make([]Param, 0, len(names))
	for _, n := range names {
		var ps struct {
			Type        any             `json:"type"`
			Description string          `json:"description"`
			Default     json.RawMessage `json:"default"`
			Enum        []any           `json:"enum"`
			Pattern     string          `json:"pattern"`
			Items       struct {
				Type string `json:"type"`
			} `json:"items"`
		}
		if err := json.Unmarshal(s.Properties[n], &ps); err != nil {
			return nil, fmt.Errorf("property %q: %w", n, err)
		}
		p := Param{Name: n, Description: ps.Description, Required: req[n], Items: ps.Items.Type}
		switch t := ps.Type.(type) {
		case string:
			p.Type = t
		case []any: // ["number","null"]: check the non-null type
			for _, x := range t {
				if xs, ok := x.(string); ok && xs != "null" {
					p.Type = xs
				}
			}
		}
		if p.Type == "string" && ps.Pattern == IDPattern {
			p.Type = TypeID // the schema Schema writes for an id
		}
		if len(ps.Default) > 0 {
			var d any
			if err := json.Unmarshal(ps.Default, &d); err != nil {
				return nil, fmt.Errorf("property %q default: %w", n, err)
			}
			p.Default, p.HasDefault = d, true
		}
		allStrings := true
		for _, e := range ps.Enum {
			es, ok := e.(string)
			allStrings = allStrings && ok
			p.Enum = append(p.Enum, es)
		}
		if !allStrings {
			p.Enum, p.EnumAny = nil, ps.Enum
		}
		params = append(params, p)
	}
	return params, nil
}

// Check checks args against params and returns a copy with defaults
// filled in. Every problem is listed in one invalid_params error. Enum values
// in Enum match case-insensitively and by index (run-tests' "exact"(1)), and
// come out in their canonical spelling; values in EnumAny match exactly.
func Check(tool string, params []Param, args map[string]any) (map[string]any, error) {
	out := make(map[string]any, len(params))
	e := &Error{Tool: tool}
	for _, p := range params {
		v, present := args[p.Name]
		if !present || v == nil && p.Type != TypeAny { // null is a value of "any" (inspect_write's null reference)
			if p.Required && !p.HasDefault {
				e.add(p.Name, fmt.Sprintf("%s is required (%s)", p.Name, describe(p)))
				continue
			}
			if p.HasDefault {
				out[p.Name] = p.Default
			}
			continue
		}
		nv, err := checkValue(p, v)
		if err != "" {
			e.add(p.Name, err)
			continue
		}
		out[p.Name] = nv
	}
	var unknown []string
	for k := range args {
		if !declared(params, k) {
			unknown = append(unknown, k)
		}
	}
	sort.Strings(unknown)
	var names []string // the parameters, for the errors
	if len(unknown) > 0 {
		for _, p := range params {
			names = append(names, p.Name)
		}
	}
	for _, k := range unknown {
		if len(names) == 0 {
			e.add(k, fmt.Sprintf("unknown argument %q: %s takes no arguments", k, tool))
		} else {
			e.add(k, fmt.Sprintf("unknown argument %q%s (%s takes: %s; names are case-sensitive)", k, suggest.Hint(k, names), tool, strings.Join(names, ", ")))
		}
	}
	if len(e.Problems) > 0 {
		return nil, e
	}
	return out, nil
}

// declared says whether params has one named name (a scan: a tool has few).
func declared(params []Param, name string) bool {
	for _, p := range params {
		if p.Name == name {
			return true
		}
	}
	return false
}

func describe(p Param) string {
	if p.Type == TypeID {
		return idKind
	}
	if len(p.Enum) > 0 {
		return "one of " + strings.Join(p.Enum, ", ")
	}
	if len(p.EnumAny) > 0 {
		b, _ := json.Marshal(p.EnumAny)
		return "one of " + string(b)
	}
	return strings.ReplaceAll(p.Type, "|", " or ")
}

func checkValue(p Param, v any) (any, string) {
	switch p.Type {
	case TypeID:
		id, ok := idValue(v)
		if !ok {
			return nil, fmt.Sprintf("%s must be %s, got %s", p.Name, idKind, Kind(v))
		}
		return id, ""
	case TypeAny:
		return v, "" // as the client wrote it: a long past 2^53 stays exact
	}
	if !p.Verbatim {
		var ok bool
		if v, ok = floats(v); !ok {
			return nil, fmt.Sprintf("%s holds a number beyond the range of a double", p.Name)
		}
	}
	bad := func() (any, string) {
		return nil, fmt.Sprintf("%s must be %s, got %s", p.Name, describe(p), Kind(v))
	}
	if len(p.Enum) > 0 {
		switch x := v.(type) {
		case string:
			for _, e := range p.Enum {
				if strings.EqualFold(e, x) {
					return e, ""
				}
			}
			return nil, fmt.Sprintf("%s must be one of %s, got %q", p.Name, strings.Join(p.Enum, ", "), x)
		case float64:
			if x == math.Trunc(x) && x >= 0 && int(x) < len(p.Enum) {
				return p.Enum[int(x)], ""
			}
		}
		return bad()
	}
	if !fitsType(p, v) {
		if len(p.EnumAny) > 0 {
			return bad()
		}
		return nil, fmt.Sprintf("%s must be %s, got %s", p.Name, describe(p), Kind(v))
	}
	if p.Type == "array" && p.Items != "" {
		for i, el := range v.([]any) {
			if _, msg := checkValue(Param{Name: fmt.Sprintf("%s[%d]", p.Name, i), Type: p.Items}, el); msg != "" {
				return nil, msg
			}
		}
	}
	if len(p.EnumAny) > 0 {
		got, _ := json.Marshal(v)
		for _, e := range p.EnumAny {
			if want, _ := json.Marshal(e); string(want) == string(got) {
				return v, ""
			}
		}
		return nil, fmt.Sprintf("%s must be %s, got %s", p.Name, describe(p), got)
	}
	if msg := checkRange(p, v); msg != "" {
		return nil, msg
	}
	return v, ""
}

// checkRange checks a number against p.Min and p.Max, or an array's length.
func checkRange(p Param, v any) string {
	if p.Min == nil && p.Max == nil {
		return ""
	}
	n, what := 0.0, "be"
	switch x := v.(type) {
	case float64:
		n = x
	case []any:
		n, what = float64(len(x)), "have"
	default:
		return ""
	}
	if (p.Min == nil || n >= *p.Min) && (p.Max == nil || n <= *p.Max) {
		return ""
	}
	items := ""
	if what == "have" {
		items = " items"
	}
	switch {
	case p.Max == nil:
		return fmt.Sprintf("%s must %s at least %v%s, got %v", p.Name, what, *p.Min, items, n)
	case p.Min == nil:
		return fmt.Sprintf("%s must %s at most %v%s, got %v", p.Name, what, *p.Max, items, n)
	}
	return fmt.Sprintf("%s must %s from %v to %v%s, got %v", p.Name, what, *p.Min, *p.Max, items, n)
}

// fitsType reports whether v is a JSON value of p's type (any value when
// the type is unknown).
func fitsType(p Param, v any) bool {
	if alts := strings.Split(p.Type, "|"); len(alts) > 1 {
		for _, a := range alts {
			if fitsType(Param{Type: a}, v) {
				return true
			}
		}
		return false
	}
	switch p.Type {
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "number":
		_, ok := v.(float64)
		return ok
	case "integer":
		f, ok := v.(float64)
		return ok && f == math.Trunc(f)
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	}
	return true
}

// Kind names a JSON value for a message: string "x", number 1, boolean
// true, array, object.
func Kind(v any) string {
	switch x := v.(type) {
	case string:
		return fmt.Sprintf("string %q", x)
	case bool:
		return fmt.Sprintf("boolean %v", x)
	case float64:
		return fmt.Sprintf("number %v", x)
	case json.Number:
		return "number " + string(x)
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

// Error lists every problem of one call's arguments.
type Error struct {
	Tool     string
	Problems []string
	// Args names the argument each problem is about, in the order of Problems.
	Args []string
}

func (e *Error) add(arg, problem string) {
	e.Problems = append(e.Problems, problem)
	e.Args = append(e.Args, arg)
}

func (e *Error) Error() string { return e.Tool + ": " + strings.Join(e.Problems, "; ") }
