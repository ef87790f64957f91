package definitions

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// relaxed.go: definition files as isuzu-shiranui/UnityMCP reads them. Its
// loader parses with Json.NET's defaults (JObject.Parse), which accept what
// strict JSON does not: a UTF-8 byte-order mark, // and /* */ comments,
// trailing commas, 'single-quoted' strings and unquoted property names. A
// file written for it must load here, so relax turns such a file into strict
// JSON for encoding/json, keeping a map back to the input for error
// positions. Json.NET keeps the last of two equal keys, as encoding/json
// does; relax reports them (a warning: the first one is silently unused).

// relaxed is a file made strict.
type relaxed struct {
	out []byte
	at  []int // at[i] is the offset in the input of out[i]
	in  []byte
	// dups are the JSON paths of keys given twice in one object.
	dups []string
}

// frame is one open object or array while scanning.
type frame struct {
	object bool
	path   string
	keys   map[string]bool
	index  int
	// state: 0 expects a key (object) or a value (array), 1 expects ':',
	// 2 expects a value (object), 3 expects ',' or the closing bracket.
	state int
}

func relax(in []byte) (*relaxed, error) {
	r := &relaxed{in: in, out: make([]byte, 0, len(in)+16), at: make([]int, 0, len(in)+16)}
	i := 0
	if bytes.HasPrefix(in, []byte("\xEF\xBB\xBF")) {
		i = 3
	}
	var stack []*frame
	top := func() *frame {
		if len(stack) == 0 {
			return nil
		}
		return stack[len(stack)-1]
	}
	// valuePath is the path of the value about to start.
	valuePath := "$"
	valueDone := func() {
		if f := top(); f != nil {
			f.state = 3
		}
	}
	beforeValue := func() {
		f := top()
		if f != nil && !f.object {
			valuePath = jindex(f.path, f.index)
			f.index++
		}
	}
	key := func(k string) {
		f := top()
		if f.keys[k] {
			r.dups = append(r.dups, jpath(f.path, k))
		}
		f.keys[k] = true
		valuePath = jpath(f.path, k)
		f.state = 1
	}
	for i < len(in) {
		c := in[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			r.emit(c, i)
			i++
		case c == '/' && i+1 < len(in) && in[i+1] == '/':
			for i < len(in) && in[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(in) && in[i+1] == '*':
			end := bytes.Index(in[i+2:], []byte("*/"))
			if end < 0 {
				return nil, fmt.Errorf("a /* comment at %s is never closed with */", r.position(i))
			}
			r.emit(' ', i)
			i += end + 4
		case c == '"' || c == '\'':
			s, n := r.readString(in, i)
			f := top()
			if f != nil && f.object && f.state == 0 {
				key(s)
			} else {
				beforeValue()
				valueDone()
			}
			i = n
		case c == ',':
			if next := r.skipBlank(in, i+1); next < len(in) && (in[next] == ']' || in[next] == '}') {
				i++ // a trailing comma, as Json.NET allows
				continue
			}
			r.emit(c, i)
			if f := top(); f != nil {
				f.state = 0
			}
			i++
		case c == ':':
			r.emit(c, i)
			if f := top(); f != nil && f.state == 1 {
				f.state = 2
			}
			i++
		case c == '{' || c == '[':
			beforeValue()
			r.emit(c, i)
			stack = append(stack, &frame{object: c == '{', path: valuePath, keys: map[string]bool{}})
			i++
		case c == '}' || c == ']':
			r.emit(c, i)
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			valueDone()
			i++
		default:
			// A bare word: a number, true/false/null, or an unquoted key.
			j := i
			for j < len(in) && isWordByte(in[j]) {
				j++
			}
			if j == i {
				r.emit(c, i) // let encoding/json say what is wrong
				i++
				continue
			}
			word := in[i:j]
			if f := top(); f != nil && f.object && f.state == 0 {
				r.emit('"', i)
				for k := i; k < j; k++ {
					r.emit(in[k], k)
				}
				r.emit('"', j-1)
				key(string(word))
			} else {
				beforeValue()
				for k := i; k < j; k++ {
					r.emit(in[k], k)
				}
				valueDone()
			}
			i = j
		}
	}
	return r, nil
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$' || c == '-' || c == '+' || c == '.'
}

func (r *relaxed) emit(c byte, at int) {
	r.out = append(r.out, c)
	r.at = append(r.at, at)
}

// readString copies a "double" or 'single' quoted string at in[i] as a
// strict JSON string and returns its value and the offset after it.
func (r *relaxed) readString(in []byte, i int) (string, int) {
	q := in[i]
	start := len(r.out)
	r.emit('"', i)
	j := i + 1
	for j < len(in) && in[j] != q {
		switch {
		case in[j] == '\\' && j+1 < len(in):
			if q == '\'' && in[j+1] == '\'' {
				r.emit('\'', j+1) // \' needs no escape in a JSON string
			} else {
				r.emit('\\', j)
				r.emit(in[j+1], j+1)
			}
			j += 2
			continue
		case q == '\'' && in[j] == '"':
			r.emit('\\', j)
		}
		r.emit(in[j], j)
		j++
	}
	if j < len(in) {
		r.emit('"', j)
		j++
	}
	var s string
	if err := json.Unmarshal(r.out[start:], &s); err != nil {
		s = string(r.out[start:])
	}
	return s, j
}

func (r *relaxed) skipBlank(in []byte, i int) int {
	for i < len(in) {
		switch {
		case in[i] == ' ' || in[i] == '\t' || in[i] == '\n' || in[i] == '\r':
			i++
		case in[i] == '/' && i+1 < len(in) && in[i+1] == '/':
			for i < len(in) && in[i] != '\n' {
				i++
			}
		case in[i] == '/' && i+1 < len(in) && in[i+1] == '*':
			end := bytes.Index(in[i+2:], []byte("*/"))
			if end < 0 {
				return len(in)
			}
			i += end + 4
		default:
			return i
		}
	}
	return i
}

// position names an offset of the input as "line L, column C".
func (r *relaxed) position(off int) string {
	off = min(max(off, 0), len(r.in))
	line := 1 + bytes.Count(r.in[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(r.in[:off], '\n')
	return fmt.Sprintf("line %d, column %d", line, col)
}

// inputOffset maps an offset of the output to the input.
func (r *relaxed) inputOffset(out int) int {
	switch {
	case len(r.at) == 0:
		return 0
	case out >= len(r.at):
		return len(r.in)
	case out < 0:
		return 0
	}
	return r.at[out]
}
