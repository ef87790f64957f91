package definitions

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/unitymcp/unitymcp/engine/params"
	"github.com/unitymcp/unitymcp/engine/suggest"
)

var inputTypes = []string{"string", "integer", "number", "boolean", "object", "array"}

var inputKeys = []string{"type", "description", "required", "default", "enum"}

// typeAliases are the type names of other languages people write for a
// JSON Schema type.
var typeAliases = map[string]string{
	"float": "number", "double": "number", "decimal": "number", "real": "number",
	"int": "integer", "long": "integer", "short": "integer", "uint": "integer",
	"bool": "boolean", "str": "string", "text": "string", "char": "string",
	"list": "array", "tuple": "array", "dict": "object", "map": "object", "hash": "object",
}

// parseInputs reads $.inputs: name → {type, description?, required?,
// default?, enum?}. Any name is allowed but the reserved ones (as in isuzu's
// loader); {name} substitution reaches names of letters, digits and _.
func parseInputs(raw json.RawMessage, d *Def, ps *problems) []params.Param {
	if raw == nil {
		return nil
	}
	m, ok := object(raw)
	if !ok {
		ps.add("$.inputs", "must be an object of input name → {type, description?, required?, default?, enum?}, got %s %s", kindName(raw), shown(raw))
		return nil
	}
	var out []params.Param
	for _, name := range sortedKeys(m) {
		at := jpath("$.inputs", name)
		if reserved[name] {
			// Still declared below, so its {name} uses are not reported again.
			ps.add(at, "%s is reserved: the daemon adds confirm and dry_run to destructive tools, and target is the routing key; give the input another name", quote(name))
		}
		in, ok := object(m[name])
		if !ok {
			ps.add(at, "must be an object {type, description?, required?, default?, enum?}, got %s %s", kindName(m[name]), shown(m[name]))
			continue
		}
		unknownKeys(at, in, inputKeys, "an input", nil, ps)
		f := fields{at: at, obj: in, ps: ps}
		p := params.Param{Name: name}
		// A bad type is reported, and the input still counts as declared (its
		// {name} uses are not reported again).
		if typ, ok := f.str("type", true); ok {
			if slices.Contains(inputTypes, typ) {
				p.Type = typ
			} else {
				hint := suggest.Hint(typ, inputTypes)
				if alias, ok := typeAliases[strings.ToLower(typ)]; ok {
					hint = fmt.Sprintf(" (did you mean %q?)", alias)
				}
				ps.add(at+".type", "%s is not a type%s; use one of %s (the JSON Schema types)", quote(typ), hint, strings.Join(inputTypes, ", "))
			}
		}
		desc, isString := f.str("description", false)
		p.Description = desc
		if _, given := in["description"]; !given || isString && strings.TrimSpace(desc) == "" {
			d.Warnings = append(d.Warnings, at+".description: missing or empty; say what the input is for (the model sees it); the input works without one")
		}
		p.Required, _ = f.boolean("required")
		if e, ok := in["enum"]; ok {
			var vals []any
			if json.Unmarshal(e, &vals) != nil {
				ps.add(at+".enum", "must be an array of the allowed values, got %s %s", kindName(e), shown(e))
			} else {
				if len(vals) == 0 {
					d.Warnings = append(d.Warnings, at+".enum: empty, so no value can be passed; list the allowed values or remove enum")
				}
				for i, v := range vals {
					if _, err := params.Check(name, []params.Param{{Name: name, Type: p.Type}}, map[string]any{name: v}); err != nil {
						d.Warnings = append(d.Warnings, fmt.Sprintf("%s.enum[%d]: %s is not of type %s, so no call can pass it", at, i, mustJSON(v), p.Type))
					}
				}
				// Definition inputs match their enum exactly (see params.EnumAny).
				p.EnumAny = vals
			}
		}
		if dv, ok := in["default"]; ok {
			var v any
			json.Unmarshal(dv, &v)
			check := p
			check.Required = false
			if _, err := params.Check(name, []params.Param{check}, map[string]any{name: v}); err != nil {
				d.Warnings = append(d.Warnings, fmt.Sprintf("%s.default: %s does not fit the input (%s); it is used as written when a call leaves %s out", at, shown(dv), strings.Join(err.(*params.Error).Problems, "; "), name))
			}
			p.Default, p.HasDefault = v, true
		}
		out = append(out, p)
	}
	return out
}

// parseExamples reads $.examples: argument objects, or JSON strings of them.
// An example that does not fit the inputs still loads (with a warning), as
// in isuzu's loader: it is shown to the model as written.
func parseExamples(raw json.RawMessage, d *Def, ps *problems) []map[string]any {
	if raw == nil {
		return nil
	}
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) != nil {
		ps.add("$.examples", "must be an array of argument objects (or JSON strings of them), got %s %s", kindName(raw), shown(raw))
		return nil
	}
	var out []map[string]any
	for i, e := range items {
		at := jindex("$.examples", i)
		var obj map[string]any
		var s string
		if json.Unmarshal(e, &s) == nil {
			if json.Unmarshal([]byte(s), &obj) != nil || obj == nil {
				ps.add(at, "the string %s is not a JSON object of arguments", shown(e))
				continue
			}
		} else if json.Unmarshal(e, &obj) != nil || obj == nil {
			ps.add(at, "must be an object of arguments or a JSON string of one, got %s %s", kindName(e), shown(e))
			continue
		}
		all := append(append([]params.Param{}, d.Inputs...), ConfirmParams()...)
		if _, err := params.Check(d.Name, all, obj); err != nil {
			d.Warnings = append(d.Warnings, fmt.Sprintf("%s: does not fit the inputs (%s); it is shown to the model as written", at, strings.Join(err.(*params.Error).Problems, "; ")))
		}
		out = append(out, obj)
	}
	return out
}
