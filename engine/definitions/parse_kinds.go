package definitions

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/unitymcp/unitymcp/engine/reflectpath"
)

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
