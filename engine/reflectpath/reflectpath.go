// Package reflectpath parses reflection paths, the addresses reflect_read
// and probe reads use: a root, then members separated by "/".
//
//	@type:Ns.Type/member        a type's static members
//	Ns.Type/member              the same, without @type: (bare type name)
//	@scene:/Canvas/Button[1]/…  a GameObject by hierarchy path; the next
//	                            segment may name one of its components
//	@id:12345/…                 an object by instance id
//	@selection/…                the active selection
//	@sceneview:camera/…         the Scene View's camera
//
// Members follow reflect_read's rules: fields and properties by name, an
// optional index suffix ([0], [2][1], ["key"]) on any segment. Where the
// @scene: hierarchy path ends is decided by the editor while resolving; the
// parser only splits segments.
package reflectpath

import (
	"fmt"
	"strconv"
	"strings"
)

// Root kinds.
const (
	RootType       = "type"
	RootScene      = "scene"
	RootID         = "id"
	RootSelection  = "selection"
	RootSceneView  = "sceneview"
	maxPathLength  = 4096
	maxSegmentsLen = 128
)

// Path is a parsed reflection path.
type Path struct {
	Root string `json:"root"`
	// Arg is the root's argument: the type name (@type:, bare), the
	// instance id (@id:), "camera" (@sceneview:).
	Arg      string    `json:"arg,omitempty"`
	Segments []Segment `json:"segments"`
}

// Segment is one "/"-separated step with its index suffixes.
type Segment struct {
	Name    string  `json:"name"`
	Indexes []Index `json:"indexes,omitempty"`
}

// Index is one [n] or ["key"] suffix.
type Index struct {
	Int   int    `json:"int,omitempty"`
	Key   string `json:"key,omitempty"`
	IsKey bool   `json:"isKey,omitempty"`
}

// Parse reads a path; the error says what is wrong and where.
func Parse(s string) (Path, error) {
	if strings.TrimSpace(s) == "" {
		return Path{}, fmt.Errorf("empty path")
	}
	if len(s) > maxPathLength {
		return Path{}, fmt.Errorf("path longer than %d characters", maxPathLength)
	}
	var p Path
	rest := s
	switch {
	case strings.HasPrefix(s, "@scene:"):
		p.Root = RootScene
		rest = strings.TrimPrefix(s, "@scene:")
		if !strings.HasPrefix(rest, "/") {
			return Path{}, fmt.Errorf("@scene: must be followed by a hierarchy path starting with /, e.g. @scene:/Canvas/Button")
		}
		rest = rest[1:]
		if rest == "" {
			return Path{}, fmt.Errorf("@scene:/ names no GameObject")
		}
	case strings.HasPrefix(s, "@type:"):
		p.Root = RootType
		p.Arg, rest, _ = strings.Cut(strings.TrimPrefix(s, "@type:"), "/")
		if err := checkTypeName(p.Arg); err != nil {
			return Path{}, fmt.Errorf("@type:%s: %v", p.Arg, err)
		}
	case strings.HasPrefix(s, "@id:"):
		p.Root = RootID
		p.Arg, rest, _ = strings.Cut(strings.TrimPrefix(s, "@id:"), "/")
		if _, err := strconv.ParseInt(p.Arg, 10, 64); err != nil {
			return Path{}, fmt.Errorf("@id:%s: the instance id must be an integer", p.Arg)
		}
	case s == "@selection" || strings.HasPrefix(s, "@selection/"):
		p.Root = RootSelection
		rest = strings.TrimPrefix(strings.TrimPrefix(s, "@selection"), "/")
	case strings.HasPrefix(s, "@sceneview:"):
		p.Root = RootSceneView
		p.Arg, rest, _ = strings.Cut(strings.TrimPrefix(s, "@sceneview:"), "/")
		if p.Arg != "camera" {
			return Path{}, fmt.Errorf("@sceneview:%s: only @sceneview:camera is known", p.Arg)
		}
	case strings.HasPrefix(s, "@"):
		root, _, _ := strings.Cut(s, "/")
		return Path{}, fmt.Errorf("unknown root %q; roots are @type:, @scene:, @id:, @selection, @sceneview:camera, or a bare type name", root)
	default:
		p.Root = RootType
		p.Arg, rest, _ = strings.Cut(s, "/")
		if err := checkTypeName(p.Arg); err != nil {
			return Path{}, fmt.Errorf("type %q: %v", p.Arg, err)
		}
		if rest == "" {
			return Path{}, fmt.Errorf("%q names a type but no member; add one, e.g. %s/memberName", s, s)
		}
	}
	if rest == "" {
		return p, nil
	}
	for i, raw := range strings.Split(rest, "/") {
		if i >= maxSegmentsLen {
			return Path{}, fmt.Errorf("more than %d segments", maxSegmentsLen)
		}
		seg, err := parseSegment(raw)
		if err != nil {
			return Path{}, fmt.Errorf("segment %d %q: %v", i+1, raw, err)
		}
		p.Segments = append(p.Segments, seg)
	}
	return p, nil
}

func checkTypeName(t string) error {
	if t == "" {
		return fmt.Errorf("no type name")
	}
	for _, r := range t {
		if !(r == '.' || r == '_' || r == '+' || r == '`' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return fmt.Errorf("%q is not allowed in a type name", r)
		}
	}
	return nil
}

func parseSegment(raw string) (Segment, error) {
	name := raw
	var idx string
	if i := strings.IndexByte(raw, '['); i >= 0 {
		name, idx = raw[:i], raw[i:]
	}
	if strings.TrimSpace(name) == "" && idx == "" {
		return Segment{}, fmt.Errorf("empty segment (a doubled or trailing /)")
	}
	if strings.ContainsAny(name, "]\"") {
		return Segment{}, fmt.Errorf("stray ] or \" in a name")
	}
	seg := Segment{Name: name}
	for idx != "" {
		if idx[0] != '[' {
			return Segment{}, fmt.Errorf("text after an index: %q", idx)
		}
		end := strings.IndexByte(idx, ']')
		if len(idx) > 1 && idx[1] == '"' {
			q := strings.IndexByte(idx[2:], '"')
			if q < 0 || len(idx) < q+4 || idx[q+3] != ']' {
				return Segment{}, fmt.Errorf("unterminated [\"key\"] index")
			}
			seg.Indexes = append(seg.Indexes, Index{Key: idx[2 : q+2], IsKey: true})
			idx = idx[q+4:]
			continue
		}
		if end < 0 {
			return Segment{}, fmt.Errorf("missing ] in index")
		}
		n, err := strconv.Atoi(idx[1:end])
		if err != nil || n < 0 {
			return Segment{}, fmt.Errorf("index %q must be a non-negative integer or a \"quoted key\"", idx[1:end])
		}
		seg.Indexes = append(seg.Indexes, Index{Int: n})
		idx = idx[end+1:]
	}
	return seg, nil
}

// String renders a parsed path back to text (canonical form).
func (p Path) String() string {
	var b strings.Builder
	switch p.Root {
	case RootScene:
		b.WriteString("@scene:")
	case RootID:
		b.WriteString("@id:" + p.Arg)
	case RootSelection:
		b.WriteString("@selection")
	case RootSceneView:
		b.WriteString("@sceneview:" + p.Arg)
	default:
		b.WriteString("@type:" + p.Arg)
	}
	for _, s := range p.Segments {
		b.WriteString("/" + s.Name)
		for _, i := range s.Indexes {
			if i.IsKey {
				b.WriteString(`["` + i.Key + `"]`)
			} else {
				b.WriteString("[" + strconv.Itoa(i.Int) + "]")
			}
		}
	}
	return b.String()
}
