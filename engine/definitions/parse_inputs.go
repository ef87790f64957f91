package definitions

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/unitymcp/unitymcp/engine/params"
)

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
