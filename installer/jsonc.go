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
// member, the key order, the file's indentation and its line ends. It
// reports whether the document changed (false when the member already has
// that value). A name given twice (parsers read the last) is left once,
// the last one set.
func setMember(doc []byte, path []string, name string, value any) ([]byte, bool, error) {
	return keepBOM(doc, func(doc []byte) ([]byte, bool, error) { return setMemberIn(doc, path, name, value) })
}

func setMemberIn(doc []byte, path []string, name string, value any) ([]byte, bool, error) {
	if len(bytes.TrimSpace(doc)) == 0 {
		doc = []byte("{}\n")
	} else if with, ok := commentsOnly(doc); ok {
		doc = with
	}
	root, err := hujson.Parse(doc)
	if err != nil {
		return nil, false, fmt.Errorf("not valid JSON/JSONC: %w", err)
	}
	unit, nl := indentUnit(doc), lineEnd(doc)
	obj, indent, compact, err := objectAt(&root, path, unit, nl)
	if err != nil {
		return nil, false, err
	}
	text, _ := json.MarshalIndent(value, indent, unit)
	if compact {
		text, _ = json.Marshal(value)
	}
	var nv hujson.Value
	if nv, err = hujson.Parse(bytes.ReplaceAll(text, []byte("\n"), []byte(nl))); err != nil {
		return nil, false, err
	}
	if at := membersNamed(obj, name); len(at) > 0 {
		i := at[len(at)-1]
		m := &obj.Members[i]
		if len(at) == 1 && sameJSON(m.Value, text) {
			return doc, false, nil
		}
		nv.BeforeExtra, nv.AfterExtra = m.Value.BeforeExtra, m.Value.AfterExtra // a comment after the colon stays
		m.Value = nv
		for k := len(at) - 2; k >= 0; k-- {
			removeAt(obj, at[k], nl)
		}
		return root.Pack(), true, nil
	}
	keyv := keyValue(name)
	if compact {
		obj.Members = append(obj.Members, hujson.ObjectMember{Name: keyv, Value: nv})
		return root.Pack(), true, nil
	}
	nv.BeforeExtra = hujson.Extra(" ")
	appendMember(obj, keyv, nv, indent, strings.TrimSuffix(indent, unit), nl)
	return root.Pack(), true, nil
}

// appendMember adds name: value as the last member of o, on a line of its
// own at indent (outer: the object's own). What trailed the last member on
// its line (a comment, a block comment of several lines) stays there; a
// trailing comma moves to the new last member, so the file keeps its style
// and an uninstall gives it back as it was; the closing brace goes on a
// line of its own.
func appendMember(o *hujson.Object, name, value hujson.Value, indent, outer, nl string) {
	lead, rest := lineRest(string(o.AfterExtra))
	name.BeforeExtra = hujson.Extra(strings.TrimRight(lead, " \t") + nl + indent)
	if n := len(o.Members); n > 0 && o.Members[n-1].Value.AfterExtra != nil {
		value.AfterExtra = hujson.Extra{}
	}
	o.Members = append(o.Members, hujson.ObjectMember{Name: name, Value: value})
	if rest == "" {
		rest = nl + outer
	}
	o.AfterExtra = hujson.Extra(rest)
}

// removeMember deletes doc[path…][name] (every member of that name);
// false when it was not there.
func removeMember(doc []byte, path []string, name string) ([]byte, bool, error) {
	return keepBOM(doc, func(doc []byte) ([]byte, bool, error) { return removeMemberIn(doc, path, name) })
}

func removeMemberIn(doc []byte, path []string, name string) ([]byte, bool, error) {
	if _, ok := commentsOnly(doc); ok || len(bytes.TrimSpace(doc)) == 0 {
		return doc, false, nil // an empty file, or one of comments only, holds no entry
	}
	root, err := hujson.Parse(doc)
	if err != nil {
		return nil, false, fmt.Errorf("not valid JSON/JSONC: %w", err)
	}
	o := objectOn(&root, path)
	if o == nil {
		return doc, false, nil
	}
	at := membersNamed(o, name)
	if len(at) == 0 {
		return doc, false, nil
	}
	nl := lineEnd(doc)
	for k := len(at) - 1; k >= 0; k-- {
		removeAt(o, at[k], nl)
	}
	return root.Pack(), true, nil
}

// removeAt deletes o's member i with what is on its own lines, and keeps
// what was not its own: a comment on the line before it (the previous
// member's, after its comma), and a comment between the previous member's
// value and its comma when that member becomes the last. The last member
// keeps a trailing comma only when the removed one had one: strict JSON
// files stay strict.
func removeAt(o *hujson.Object, i int, nl string) {
	m := o.Members[i]
	lead, _ := lineRest(string(m.Name.BeforeExtra))
	// A comment after it on its own line goes with it.
	after := &o.AfterExtra
	if i+1 < len(o.Members) {
		after = &o.Members[i+1].Name.BeforeExtra
	}
	if _, rest := lineRest(string(*after)); rest != "" {
		*after = hujson.Extra(rest)
	}
	if last := len(o.Members) - 1; i == last && i > 0 {
		prev := &o.Members[i-1].Value
		switch {
		case m.Value.AfterExtra == nil: // no trailing comma after it: none after prev either
			lead = string(prev.AfterExtra) + lead
			prev.AfterExtra = nil
		case prev.AfterExtra == nil:
			prev.AfterExtra = hujson.Extra{} // the trailing comma stays
		}
	}
	o.Members = append(o.Members[:i], o.Members[i+1:]...)
	if lead = strings.TrimRight(lead, " \t\r\n"); strings.TrimSpace(lead) != "" {
		if i < len(o.Members) {
			next := &o.Members[i].Name
			next.BeforeExtra = hujson.Extra(onLine(lead, string(next.BeforeExtra), nl))
		} else {
			o.AfterExtra = hujson.Extra(onLine(lead, string(o.AfterExtra), nl))
		}
	}
	if len(o.Members) == 0 && strings.TrimSpace(string(o.AfterExtra)) == "" {
		o.AfterExtra = nil // {} rather than a brace left on a line of its own
	}
}

// onLine is lead (comments) put in front of rest, with a line end between
// them when lead may end in a line comment and rest does not begin a line.
func onLine(lead, rest, nl string) string {
	if strings.Contains(lead, "//") && !strings.HasPrefix(strings.TrimLeft(rest, " \t\r"), "\n") {
		return lead + nl + rest
	}
	return lead + rest
}

// lineRest splits extra (the whitespace and comments hujson keeps around a
// value) where the line it starts on ends: lead is what stays on that line
// (a line comment, a block comment that begins on it, whatever its lines),
// rest begins with that line's end; rest is "" when no line ends in extra.
func lineRest(extra string) (lead, rest string) {
	for i := 0; i < len(extra); i++ {
		switch {
		case extra[i] == '\n':
			if i > 0 && extra[i-1] == '\r' {
				i--
			}
			return extra[:i], extra[i:]
		case strings.HasPrefix(extra[i:], "/*"):
			end := strings.Index(extra[i+2:], "*/")
			if end < 0 {
				return extra, ""
			}
			i += 2 + end + 1
		case strings.HasPrefix(extra[i:], "//"):
			end := strings.IndexByte(extra[i:], '\n')
			if end < 0 {
				return extra, ""
			}
			i += end - 1
		}
	}
	return extra, ""
}

// membersNamed lists the indexes of o's members called name, in order.
func membersNamed(o *hujson.Object, name string) []int {
	var at []int
	for i := range o.Members {
		if memberName(&o.Members[i]) == name {
			at = append(at, i)
		}
	}
	return at
}

// lastNamed is the value of o's last member called name (the one parsers
// read), nil when there is none.
func lastNamed(o *hujson.Object, name string) *hujson.Value {
	at := membersNamed(o, name)
	if len(at) == 0 {
		return nil
	}
	return &o.Members[at[len(at)-1]].Value
}

// keyValue is name as a member's key.
func keyValue(name string) hujson.Value {
	key, _ := json.Marshal(name)
	return hujson.Value{Value: hujson.String(string(key[1 : len(key)-1]))}
}

// getMember returns doc[path…][name] as standard JSON, nil when absent.
func getMember(doc []byte, path []string, name string) []byte {
	doc, _ = bytes.CutPrefix(doc, utf8BOM)
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

// missingKey is the index of the first object along path that doc lacks
// (an install adds the objects from there down), len(path) when doc has
// them all or is not JSONC it can read.
func missingKey(doc []byte, path []string) int {
	doc, _ = bytes.CutPrefix(doc, utf8BOM)
	if _, ok := commentsOnly(doc); ok || len(bytes.TrimSpace(doc)) == 0 {
		return 0
	}
	root, err := hujson.Parse(doc)
	if err != nil {
		return len(path)
	}
	for i := range path {
		if objectOn(&root, path[:i+1]) == nil {
			return i
		}
	}
	return len(path)
}

// removeMade takes out of doc the object at made (a prefix of path) that
// an install added, when it holds nothing but the empty objects down the
// rest of path and no comment is in it or goes with it (removeAt: on its
// own lines above it, on its line after it): what the install made, once
// its entry is gone. Unchanged, false, when it is not so, or when the
// object's name is there twice.
func removeMade(doc []byte, made, path []string) ([]byte, bool) {
	if len(made) == 0 || len(made) > len(path) {
		return doc, false
	}
	out, changed, err := keepBOM(doc, func(doc []byte) ([]byte, bool, error) {
		root, err := hujson.Parse(doc)
		if err != nil {
			return doc, false, nil
		}
		o := objectOn(&root, made[:len(made)-1])
		if o == nil {
			return doc, false, nil
		}
		at := membersNamed(o, made[len(made)-1])
		if len(at) != 1 || !bare(o, at[0]) || !hollow(&o.Members[at[0]].Value, path[len(made):]) {
			return doc, false, nil
		}
		removeAt(o, at[0], lineEnd(doc))
		return root.Pack(), true, nil
	})
	if err != nil || !changed {
		return doc, false
	}
	return out, true
}

// bare reports whether no comment is where removeAt takes o's member i
// away: on its own lines above it, around its name and in its value, on
// its line after it.
func bare(o *hujson.Object, i int) bool {
	m := &o.Members[i]
	_, above := lineRest(string(m.Name.BeforeExtra))
	after := o.AfterExtra
	if i+1 < len(o.Members) {
		after = o.Members[i+1].Name.BeforeExtra
	}
	sameLine, _ := lineRest(string(after))
	for _, e := range []string{above, string(m.Name.AfterExtra), sameLine, string(m.Value.Pack())} {
		if strings.Contains(e, "/") { // whitespace aside, extras hold comments only; names and braces no "/"
			return false
		}
	}
	return true
}

// objectOn is the object at path in v (the last member of each name, as
// JSON parsers read duplicates); nil when one is missing or not an object.
func objectOn(v *hujson.Value, path []string) *hujson.Object {
	for _, p := range path {
		o, ok := v.Value.(*hujson.Object)
		if !ok {
			return nil
		}
		if v = lastNamed(o, p); v == nil {
			return nil
		}
	}
	o, _ := v.Value.(*hujson.Object)
	return o
}

// hollow reports whether v holds nothing but the empty objects down path.
func hollow(v *hujson.Value, path []string) bool {
	for i := 0; ; i++ {
		o, ok := v.Value.(*hujson.Object)
		switch {
		case !ok:
			return false
		case len(o.Members) == 0:
			return true
		case i == len(path) || len(o.Members) > 1 || memberName(&o.Members[0]) != path[i]:
			return false
		}
		v = &o.Members[0].Value
	}
}

// objectAt walks (creating) the objects along path and returns the last
// one, the indentation its members use, and whether it is written on one
// line (a one-line object, or one made inside a one-line object: a member
// added to it stays on that line).
func objectAt(root *hujson.Value, path []string, unit, nl string) (*hujson.Object, string, bool, error) {
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
		next := lastNamed(o, path[depth])
		if next == nil {
			name := keyValue(path[depth])
			if oneLine {
				name.BeforeExtra = hujson.Extra(" ")
				o.Members = append(o.Members, hujson.ObjectMember{Name: name, Value: hujson.Value{BeforeExtra: hujson.Extra(" "), Value: &hujson.Object{}}})
			} else {
				value := hujson.Value{BeforeExtra: hujson.Extra(" "), Value: &hujson.Object{AfterExtra: hujson.Extra(nl + indent)}}
				appendMember(o, name, value, indent, strings.TrimSuffix(indent, unit), nl)
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

// utf8BOM starts files that some Windows editors save (Notepad did by
// default until 2019); JSON and TOML parsers refuse it, the clients skip it.
var utf8BOM = []byte("\xef\xbb\xbf")

// keepBOM runs edit on doc without its byte order mark, and puts the mark
// back in front of what edit wrote.
func keepBOM(doc []byte, edit func([]byte) ([]byte, bool, error)) ([]byte, bool, error) {
	body, ok := bytes.CutPrefix(doc, utf8BOM)
	if !ok {
		return edit(doc)
	}
	out, changed, err := edit(body)
	switch {
	case err != nil:
		return nil, false, err
	case !changed:
		return doc, false, nil
	}
	return append(append([]byte(nil), utf8BOM...), out...), true, nil
}

// commentsOnly reports whether doc is comments and white space only (a
// JSONC file with its content commented out), and returns it with an empty
// object after them.
func commentsOnly(doc []byte) ([]byte, bool) {
	if _, err := hujson.Parse(doc); err == nil {
		return nil, false
	}
	nl, sep := lineEnd(doc), lineEnd(doc)
	if bytes.HasSuffix(doc, []byte("\n")) {
		sep = "" // the last comment's line has ended
	}
	with := append(append([]byte(nil), doc...), sep+"{}"+nl...)
	root, err := hujson.Parse(with)
	if err != nil {
		return nil, false
	}
	o, ok := root.Value.(*hujson.Object)
	return with, ok && len(o.Members) == 0
}
