package definitions

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/unitymcp/unitymcp/engine/reflectpath"
	"github.com/unitymcp/unitymcp/engine/suggest"
)

var readKeys = []string{"id", "path", "depth", "max_items", "fields"}

var stepKeys = []string{"id", "tool", "arguments", "continue_on_error"}

var modes = []string{ModeFull, ModeChanges, ModeAll}

// elements reads the non-empty array at key, each element an object
// (its nulls removed); a missing element is reported and left nil.
func elements(f fields, key, kind, shape string) []map[string]json.RawMessage {
	at := jpath(f.at, key)
	raw, ok := f.obj[key]
	if !ok {
		f.ps.add(at, "required for a %s: [%s, …]", kind, shape)
		return nil
	}
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) != nil || len(items) == 0 {
		f.ps.add(at, "must be a non-empty array of %s, got %s", shape, shown(raw))
		return nil
	}
	out := make([]map[string]json.RawMessage, len(items))
	for i, it := range items {
		if m, ok := object(it); ok {
			out[i] = m
		} else {
			f.ps.add(jindex(at, i), "must be an object %s, got %s %s", shape, kindName(it), shown(it))
		}
	}
	return out
}

func parseProbe(f fields, d *Def) {
	d.Mode = ModeFull
	if m, ok := f.str("mode", false); ok {
		d.Mode = m
		if m != ModeFull && m != ModeAll && m != ModeChanges {
			f.ps.add("$.mode", "%s is not a mode%s; use \"changes\" (only the reads that changed since the last call) or \"full\" (every read, the default; \"all\" means the same)", quote(m), suggest.Hint(m, modes))
		}
	}
	reads := elements(f, "reads", KindProbe, "{id, path, depth?, max_items?, fields?}")
	ids := map[string]int{}
	for i, r := range reads {
		if r == nil {
			continue
		}
		at := jindex("$.reads", i)
		unknownKeys(at, r, readKeys, "a read", nil, f.ps)
		rf := fields{at: at, obj: r, ps: f.ps}
		rd := Read{Depth: 2, MaxItems: 20}
		if id, ok := rf.str("id", true); ok {
			rd.ID = id
			if first, dup := ids[id]; dup {
				f.ps.add(at+".id", "%s is also the id of reads[%d]; ids must be unique (they key the result)", quote(id), first)
			} else {
				ids[id] = i
			}
			if id == "" {
				d.Warnings = append(d.Warnings, at+`.id: empty; the result keys this read by "" — give it a name`)
			}
		}
		if n, ok := rf.integer("depth", "how deep objects are expanded"); ok {
			rd.Depth = n
		}
		if n, ok := rf.integer("max_items", "how many elements of a list are returned"); ok {
			rd.MaxItems = n
		}
		if raw, ok := r["fields"]; ok {
			var fs []json.RawMessage
			if json.Unmarshal(raw, &fs) != nil {
				f.ps.add(at+".fields", "must be an array of member names, got %s %s", kindName(raw), shown(raw))
			}
			for j, fr := range fs {
				var name string
				if json.Unmarshal(fr, &name) != nil || strings.TrimSpace(name) == "" {
					f.ps.add(jindex(at+".fields", j), "must be a member name, got %s", shown(fr))
					continue
				}
				rd.Fields = append(rd.Fields, name)
			}
		}
		if p, ok := rf.str("path", true); ok {
			rd.Path = p
			checkReadPath(at+".path", rd, d, f.ps)
		}
		d.Reads = append(d.Reads, rd)
	}
}

// checkReadPath checks a read's path: its {input}s are declared, and a path
// without any parses (with fields, each path/field does).
func checkReadPath(at string, rd Read, d *Def, ps *problems) {
	if strings.TrimSpace(rd.Path) == "" {
		ps.add(at, "empty; give a reflection path such as @scene:/Main Camera/Transform/position")
		return
	}
	if checkPlaceholders(at, rd.Path, d, ps) {
		return // the input may supply any part of the path: the editor checks it per call
	}
	paths := []string{rd.Path}
	if len(rd.Fields) > 0 {
		paths = paths[:0]
		for _, fl := range rd.Fields {
			paths = append(paths, rd.Path+"/"+fl)
		}
	}
	for _, p := range paths {
		if _, err := reflectpath.Parse(p); err != nil {
			ps.add(at, "%s: %v", quote(p), err)
			return
		}
	}
}

// checkPlaceholders reports the {name}s of s that are not declared inputs
// and records the uses of the declared ones; it reports whether s has any.
func checkPlaceholders(at, s string, d *Def, ps *problems) bool {
	ph := placeholders(s)
	names := make([]string, len(d.Inputs))
	for i, p := range d.Inputs {
		names[i] = p.Name
	}
	for _, p := range ph {
		if !hasInput(d, p.name) {
			ps.add(at, "{%s} in %s is not a declared input%s; declare it under inputs (\"%s\": {\"type\": \"string\"}) or write the value itself", p.name, quote(s), suggest.Hint(p.name, names), p.name)
			continue
		}
		if _, seen := d.uses[p.name]; !seen {
			d.uses[p.name] = strings.TrimPrefix(at, "$.")
		}
	}
	return len(ph) > 0
}

func hasInput(d *Def, name string) bool {
	for _, p := range d.Inputs {
		if p.Name == name {
			return true
		}
	}
	return false
}

func parseScript(f fields, d *Def) {
	file, ok := f.str("file", true)
	if !ok {
		return
	}
	if strings.TrimSpace(file) == "" {
		f.ps.add("$.file", "empty; name the .cs file, absolute or relative to this definition's folder")
		return
	}
	abs := file
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(d.Dir, abs)
	}
	d.File = filepath.Clean(abs)
	fi, err := os.Stat(d.File)
	switch {
	case err != nil:
		f.ps.add("$.file", "%s does not exist (%s, relative to %s); create it or fix the path", d.File, quote(file), d.Dir)
	case fi.IsDir():
		f.ps.add("$.file", "%s is a folder, not a .cs file", d.File)
	default:
		if why := checkRegular(fi, MaxScriptSize, "a script file"); why != "" {
			f.ps.add("$.file", "%s: %s", d.File, why)
		}
	}
}

func parseSequence(f fields, d *Def) {
	steps := elements(f, "steps", KindSequence, "{id, tool, arguments?, continue_on_error?}")
	// every step id, to tell a reference to a later step from a typo
	all := map[string]bool{}
	for _, s := range steps {
		var id string
		if s != nil && json.Unmarshal(s["id"], &id) == nil {
			all[id] = true
		}
	}
	ids := map[string]int{}
	for i, s := range steps {
		if s == nil {
			continue
		}
		at := jindex("$.steps", i)
		unknownKeys(at, s, stepKeys, "a step", nil, f.ps)
		sf := fields{at: at, obj: s, ps: f.ps}
		var st Step
		if id, ok := sf.str("id", true); ok {
			st.ID = id
			if first, dup := ids[id]; dup {
				f.ps.add(at+".id", "%s is also the id of steps[%d]; ids must be unique (later steps refer to them)", quote(id), first)
			}
		}
		if tool, ok := sf.str("tool", true); ok {
			st.Tool = tool
			if tool == "" {
				f.ps.add(at+".tool", "empty; name the tool the step calls")
			}
		}
		if raw, ok := s["arguments"]; ok {
			var args map[string]any
			if json.Unmarshal(raw, &args) != nil || args == nil {
				f.ps.add(at+".arguments", "must be an object of the tool's arguments, got %s %s", kindName(raw), shown(raw))
			}
			st.Arguments = args
		}
		st.ContinueOnError, _ = sf.boolean("continue_on_error")
		walkStrings(st.Arguments, at+".arguments", func(vat, v string) {
			checkStepString(vat, v, st.ID, ids, all, d, f.ps)
		})
		if _, dup := ids[st.ID]; !dup {
			ids[st.ID] = i
		}
		d.Steps = append(d.Steps, st)
	}
}

// checkStepString checks one string of a step's arguments: a whole-string
// {{…}} must name an earlier step and a path this daemon follows; {name}s
// must be declared inputs; {{…}} inside a longer string is literal text.
func checkStepString(at, s, self string, earlier map[string]int, all map[string]bool, d *Def, ps *problems) {
	if r, ok, err := ParseRef(s); ok {
		switch {
		case err != nil:
			ps.add(at, "%v", err)
		case r.Step == self:
			ps.add(at, "{{%s…}} refers to this step itself; only earlier steps' results can be used", r.Step)
		default:
			if _, ok := earlier[r.Step]; !ok {
				hint := ""
				switch {
				case hasInput(d, r.Step):
					hint = fmt.Sprintf("; %s is an input: write {%s} (single braces) for it", r.Step, r.Step)
				case all[r.Step]:
					hint = " (it runs later)"
				default:
					ids := sortedKeys(earlier)
					hint = suggest.Hint(r.Step, ids)
				}
				ps.add(at, "{{%s…}} refers to %s, which is not an earlier step%s; a step can only use the results of the steps before it", r.Step, quote(r.Step), hint)
			}
		}
		return
	}
	checkPlaceholders(at, s, d, ps)
	if strings.Contains(s, "{{") {
		d.Warnings = append(d.Warnings, at+": "+quote(s)+" holds {{…}} inside a longer string, which is passed as literal text (as in isuzu's loader); only a string that is exactly {{stepId.json.path}} is replaced by a step's result")
	}
}

// walkStrings calls fn for every string inside v with its JSON path, in a
// stable order.
func walkStrings(v any, at string, fn func(at, s string)) {
	switch x := v.(type) {
	case string:
		fn(at, x)
	case []any:
		for i, e := range x {
			walkStrings(e, jindex(at, i), fn)
		}
	case map[string]any:
		for _, k := range sortedKeys(x) {
			walkStrings(x[k], jpath(at, k), fn)
		}
	}
}
