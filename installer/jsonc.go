package installer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tailscale/hujson"
)

// setMember sets doc[path…][name] = value in a JSON or JSONC document,
// creating the objects on the way, and keeps every comment, every other
// member, the key order and the file's indentation. It reports whether the
// document changed (false when the member already has that value).
func setMember(doc []byte, path []string, name string, value any) ([]byte, bool, error) {
	if len(bytes.TrimSpace(doc)) == 0 {
		doc = []byte("{}\n")
	}
	root, err := hujson.Parse(doc)
	if err != nil {
		return nil, false, fmt.Errorf("not valid JSON/JSONC: %w", err)
	}
	unit := indentUnit(doc)
	obj, indent, compact, err := objectAt(&root, path, unit)
	if err != nil {
		return nil, false, err
	}
	text, _ := json.MarshalIndent(value, indent, unit)
	if compact {
		text, _ = json.Marshal(value)
	}
	var nv hujson.Value
	if nv, err = hujson.Parse(text); err != nil {
		return nil, false, err
	}
	for i := range obj.Members {
		m := &obj.Members[i]
		if memberName(m) != name {
			continue
		}
		if sameJSON(m.Value, text) {
			return doc, false, nil
		}
		nv.BeforeExtra = hujson.Extra(" ")
		nv.AfterExtra = m.Value.AfterExtra
		m.Value = nv
		return root.Pack(), true, nil
	}
	key, _ := json.Marshal(name)
	nv.BeforeExtra = hujson.Extra(" ")
	if compact {
		nv.BeforeExtra = nil
		obj.Members = append(obj.Members, hujson.ObjectMember{Name: hujson.Value{Value: hujson.String(string(key[1 : len(key)-1]))}, Value: nv})
		return root.Pack(), true, nil
	}
	// A comment that trailed the last member (stored before the closing
	// brace) stays on that member's line.
	lead := ""
	if after := string(obj.AfterExtra); strings.Contains(after, "\n") {
		i := strings.Index(after, "\n")
		lead, obj.AfterExtra = after[:i], hujson.Extra(after[i:])
	}
	member := hujson.ObjectMember{Name: hujson.Value{BeforeExtra: hujson.Extra(lead + "\n" + indent), Value: hujson.String(string(key[1 : len(key)-1]))}, Value: nv}
	// A trailing comma (hujson: a non-nil AfterExtra on the last value)
	// moves to the new last member, so the file keeps its style and an
	// uninstall gives it back as it was.
	if n := len(obj.Members); n > 0 && obj.Members[n-1].Value.AfterExtra != nil {
		member.Value.AfterExtra = hujson.Extra{}
	}
	obj.Members = append(obj.Members, member)
	// The closing brace goes on its own line at the object's indentation.
	if !strings.Contains(string(obj.AfterExtra), "\n") {
		obj.AfterExtra = hujson.Extra("\n" + strings.TrimSuffix(indent, unit))
	}
	return root.Pack(), true, nil
}

// removeMember deletes doc[path…][name]; false when it was not there.
func removeMember(doc []byte, path []string, name string) ([]byte, bool, error) {
	root, err := hujson.Parse(doc)
	if err != nil {
		return nil, false, fmt.Errorf("not valid JSON/JSONC: %w", err)
	}
	cur := &root
	for _, p := range path {
		o, ok := cur.Value.(*hujson.Object)
		if !ok {
			return doc, false, nil
		}
		var next *hujson.Value
		for i := range o.Members {
			if memberName(&o.Members[i]) == p {
				next = &o.Members[i].Value
			}
		}
		if next == nil {
			return doc, false, nil
		}
		cur = next
	}
	o, ok := cur.Value.(*hujson.Object)
	if !ok {
		return doc, false, nil
	}
	for i := range o.Members {
		if memberName(&o.Members[i]) == name {
			if last := len(o.Members) - 1; i == last && i > 0 && o.Members[i].Value.AfterExtra != nil && o.Members[i-1].Value.AfterExtra == nil {
				o.Members[i-1].Value.AfterExtra = hujson.Extra{} // the trailing comma stays
			}
			o.Members = append(o.Members[:i], o.Members[i+1:]...)
			if len(o.Members) == 0 && strings.TrimSpace(string(o.AfterExtra)) == "" {
				o.AfterExtra = nil // {} rather than a brace left on a line of its own
			}
			return root.Pack(), true, nil
		}
	}
	return doc, false, nil
}

// getMember returns doc[path…][name] as standard JSON, nil when absent.
func getMember(doc []byte, path []string, name string) []byte {
	std, err := hujson.Standardize(append([]byte(nil), doc...))
	if err != nil {
		return nil
	}
	var m map[string]any
	if json.Unmarshal(std, &m) != nil {
		return nil
	}
	cur := any(m)
	for _, p := range append(append([]string{}, path...), name) {
		o, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		if cur, ok = o[p]; !ok {
			return nil
		}
	}
	b, _ := json.Marshal(cur)
	return b
}

// objectAt walks (creating) the objects along path and returns the last
// one, the indentation its members use, and whether it is written on one
// line (a one-line object, or one made inside a one-line object: a member
// added to it stays on that line).
func objectAt(root *hujson.Value, path []string, unit string) (*hujson.Object, string, bool, error) {
	cur := root
	indent := unit
	oneLine := false
	for depth := 0; ; depth++ {
		o, ok := cur.Value.(*hujson.Object)
		if !ok {
			return nil, "", false, fmt.Errorf("%s is not an object", strings.Join(append([]string{"$"}, path[:depth]...), "."))
		}
		if len(o.Members) > 0 {
			indent = memberIndent(&o.Members[0], indent)
			oneLine = !strings.Contains(string(o.Members[0].Name.BeforeExtra), "\n")
		}
		if depth == len(path) {
			return o, indent, oneLine, nil
		}
		var next *hujson.Value
		for i := range o.Members {
			if memberName(&o.Members[i]) == path[depth] {
				next = &o.Members[i].Value
			}
		}
		if next == nil {
			key, _ := json.Marshal(path[depth])
			name := hujson.Value{BeforeExtra: hujson.Extra("\n" + indent), Value: hujson.String(string(key[1 : len(key)-1]))}
			value := hujson.Value{BeforeExtra: hujson.Extra(" "), Value: &hujson.Object{AfterExtra: hujson.Extra("\n" + indent)}}
			if oneLine {
				name.BeforeExtra, value.Value = hujson.Extra(" "), &hujson.Object{}
			}
			o.Members = append(o.Members, hujson.ObjectMember{Name: name, Value: value})
			if !oneLine && !strings.Contains(string(o.AfterExtra), "\n") {
				o.AfterExtra = hujson.Extra("\n" + strings.TrimSuffix(indent, unit))
			}
			next = &o.Members[len(o.Members)-1].Value
		} else if o2, ok := next.Value.(*hujson.Object); ok && len(o2.Members) > 0 {
			oneLine = false // its own members decide, at the next depth
		}
		cur = next
		indent += unit
	}
}

func memberName(m *hujson.ObjectMember) string {
	if s, ok := m.Name.Value.(hujson.Literal); ok {
		return s.String()
	}
	return ""
}

// memberIndent is the whitespace before a member on its line.
func memberIndent(m *hujson.ObjectMember, fallback string) string {
	extra := string(m.Name.BeforeExtra)
	i := strings.LastIndex(extra, "\n")
	if i < 0 {
		return fallback
	}
	ws := extra[i+1:]
	if strings.TrimSpace(ws) != "" {
		return fallback
	}
	return ws
}

// indentUnit guesses the file's indentation step (tab, 2 or 4 spaces).
func indentUnit(doc []byte) string {
	for _, line := range strings.Split(string(doc), "\n") {
		trimmed := strings.TrimLeft(line, " \t")
		if len(trimmed) == len(line) || trimmed == "" {
			continue
		}
		ws := line[:len(line)-len(trimmed)]
		if strings.HasPrefix(ws, "\t") {
			return "\t"
		}
		if len(ws) >= 4 && len(ws)%4 == 0 && !strings.Contains(string(doc), "\n  \"") {
			return "    "
		}
		return ws[:min(len(ws), 2)]
	}
	return "  "
}

func sameJSON(v hujson.Value, want []byte) bool {
	got := v.Clone()
	got.Standardize()
	var a, b any
	if json.Unmarshal(got.Pack(), &a) != nil || json.Unmarshal(want, &b) != nil {
		return false
	}
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}
