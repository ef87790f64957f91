package definitions

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// reasons.go: how problems are written down. Every reason starts with the
// JSON path it is about ($.steps[1].arguments.LogType), names the offending
// value and says what is allowed; warnings have the same shape.

// problems collects reasons (or warnings), each with its JSON path.
type problems []string

func (p *problems) add(path, format string, a ...any) {
	msg := fmt.Sprintf(format, a...)
	if path != "" {
		msg = path + ": " + msg
	}
	*p = append(*p, msg)
}

var plainKey = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// jpath is the JSON path of key inside parent: $.a.b, or $.a["odd key"].
func jpath(parent, key string) string {
	if plainKey.MatchString(key) {
		return parent + "." + key
	}
	return parent + "[" + quote(key) + "]"
}

// jindex is the JSON path of element i of the array at parent.
func jindex(parent string, i int) string { return fmt.Sprintf("%s[%d]", parent, i) }

// quote writes a string as JSON does.
func quote(s string) string { return string(mustJSON(s)) }

// shown writes a JSON value for a message, shortened when long.
func shown(raw []byte) string {
	s := strings.TrimSpace(string(raw))
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// kindName names the JSON kind of a raw value: "a string", "an array".
func kindName(raw json.RawMessage) string {
	s := strings.TrimSpace(string(raw))
	if s == "" {
		return "nothing"
	}
	switch s[0] {
	case '"':
		return "a string"
	case '[':
		return "an array"
	case '{':
		return "an object"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

func mustJSON(v any) []byte { b, _ := json.Marshal(v); return b }
