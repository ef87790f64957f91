package definitions

import (
	"fmt"
	"slices"
	"strings"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/params"
)

// args.go: a step's arguments checked at load against the parameters of
// the tool it calls, by the same check a call goes through (params.Check),
// so a typo like "LogTyp" fails when the file loads, not when the sequence
// runs. A literal is checked as it is; a template stands in for a valid
// value of its parameter, and is checked for what it can produce: a string
// that is exactly {input} gives the input's JSON type, any other template
// gives text. When every argument is a literal, the tool's own rule across
// arguments runs too (reflect_read's path or paths, …).

// checkArgs returns the problems of step st's arguments against ps.
func checkArgs(at string, st *Step, ps []params.Param, check func(map[string]any) *api.ToolError, d *Def) []string {
	byName := map[string]params.Param{}
	for _, p := range ps {
		byName[p.Name] = p
	}
	argsAt := at + ".arguments"
	var out []string
	standIn := make(map[string]any, len(st.Arguments))
	literal := true
	for _, k := range sortedKeys(st.Arguments) {
		v := st.Arguments[k]
		p, known := byName[k]
		if !known || !hasTemplate(v) {
			standIn[k] = v // params.Check reports unknown names and literal mismatches
			continue
		}
		literal = false
		out = append(out, templateFit(jpath(argsAt, k), v, p, d)...)
		standIn[k] = validFor(p, v)
	}
	checked, err := params.Check(st.Tool, ps, standIn)
	if err != nil {
		pe := err.(*params.Error)
		for i, prob := range pe.Problems {
			arg := pe.Args[i]
			if _, given := st.Arguments[arg]; !given {
				p := byName[arg]
				out = append(out, fmt.Sprintf("%s: %s requires %s (%s), which this step does not give; add \"%s\": … to its arguments", argsAt, st.Tool, arg, aType(p.Type), arg))
				continue
			}
			if !strings.Contains(prob, st.Tool) {
				prob = st.Tool + ": " + prob
			}
			out = append(out, jpath(argsAt, arg)+": "+prob)
		}
		return out
	}
	if literal && check != nil {
		if terr := check(checked); terr != nil {
			out = append(out, argsAt+": "+terr.Message)
		}
	}
	return out
}

// hasTemplate reports whether v holds a step reference or an {input}.
func hasTemplate(v any) bool {
	found := false
	walkStrings(v, "", func(_, s string) {
		if _, ok, _ := ParseRef(s); ok || len(placeholders(s)) > 0 {
			found = true
		}
	})
	return found
}

// templateFit checks what a templated value of parameter p can produce.
func templateFit(at string, v any, p params.Param, d *Def) []string {
	switch x := v.(type) {
	case string:
		if _, ok, _ := ParseRef(x); ok || p.Type == "" || p.Type == "string" || p.Type == params.TypeAny {
			return nil // a reference's type is known only when it runs; text fits a string
		}
		if name, ok := wholePlaceholder(x); ok {
			in := inputNamed(d, name)
			if in == nil || in.Type == "" || typeFits(in.Type, p.Type) {
				return nil
			}
			declare := p.Type
			if declare == params.TypeID {
				declare = "string" // an input has a JSON Schema type; an id's digits fit a string (or an integer)
			}
			return []string{fmt.Sprintf("%s: %s passes the input %s (%s) to %s, which takes %s; declare %s as \"type\": %s", at, quote(x), name, aType(in.Type), p.Name, aType(p.Type), name, quote(declare))}
		}
		return []string{fmt.Sprintf("%s: %s is text once its {inputs} are filled in, and %s takes %s; write a string that is exactly \"{name}\" to pass an input with its type", at, quote(x), p.Name, aType(p.Type))}
	case []any:
		if p.Type != "array" {
			return nil // the stand-in keeps the array: params.Check reports the type
		}
		var out []string
		el := params.Param{Name: p.Name, Type: p.Items}
		for i, e := range x {
			eat := jindex(at, i)
			if hasTemplate(e) {
				out = append(out, templateFit(eat, e, el, d)...)
			} else if p.Items != "" {
				if _, err := params.Check(p.Name, []params.Param{{Name: p.Name, Type: p.Items}}, map[string]any{p.Name: e}); err != nil {
					out = append(out, fmt.Sprintf("%s: %s is not of type %s (the elements of %s)", eat, mustJSON(e), p.Items, p.Name))
				}
			}
		}
		return out
	}
	return nil
}

// aType names a JSON Schema type with its article: "a number", "an array".
func aType(t string) string {
	switch t {
	case "":
		return "any value"
	case "integer", "object", "array":
		return "an " + t
	case params.TypeID:
		return "an id (an integer or a decimal string)"
	case params.TypeAny:
		return "any value"
	}
	return "a " + t
}

// typeFits reports whether an input of type from may be passed, as it is,
// to a parameter of type to.
func typeFits(from, to string) bool {
	if alts := strings.Split(to, "|"); len(alts) > 1 { // a choice of types ("number|boolean")
		return slices.ContainsFunc(alts, func(a string) bool { return typeFits(from, a) })
	}
	return from == to || from == "integer" && to == "number" || from == "number" && to == "integer" ||
		to == params.TypeID && (from == "integer" || from == "string") || to == params.TypeAny
}

func inputNamed(d *Def, name string) *params.Param {
	for i := range d.Inputs {
		if d.Inputs[i].Name == name {
			return &d.Inputs[i]
		}
	}
	return nil
}

// validFor is a value that passes p's check, standing in for a template;
// a container of the wrong kind stays itself, so the check reports it.
func validFor(p params.Param, v any) any {
	switch v.(type) {
	case []any:
		if p.Type != "array" {
			return v
		}
	case map[string]any:
		if p.Type != "object" {
			return v
		}
	}
	switch {
	case len(p.Enum) > 0:
		return p.Enum[0]
	case len(p.EnumAny) > 0:
		return p.EnumAny[0]
	}
	switch p.Type {
	case params.TypeID:
		return "0"
	case "number", "integer":
		if p.Min != nil { // undo's count: 1 to 50
			return *p.Min
		}
		return 0.0
	case "boolean":
		return false
	case "object":
		return map[string]any{}
	case "array":
		n := 0
		if p.Min != nil { // batch's operations: at least 1
			n = int(*p.Min)
		}
		out := make([]any, n)
		for i := range out {
			out[i] = validFor(params.Param{Type: p.Items}, nil)
		}
		return out
	}
	return ""
}
