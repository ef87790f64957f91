package shim

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// responseID returns the id of a JSON-RPC response (an object with an id
// and no method) without decoding the message: members are read in order
// and the scan stops at the result or error once the id is known — the
// daemon writes the id first, so a large result is not read at all. ok is
// false for requests, notifications and anything malformed.
func responseID(b []byte) (id []byte, ok bool) {
	method, answered := false, false
	complete := members(b, func(key, value []byte) bool {
		switch string(key) {
		case "id":
			id = value
		case "method":
			method = true
			return true
		case "result", "error":
			answered = id != nil
			return answered
		}
		return false
	})
	switch {
	case method || !complete:
		return nil, false
	case answered:
		return id, true
	}
	return id, id != nil
}

// member returns the value of a top-level member of the JSON object b,
// reading members in order; nil when it is not found before b ends or
// stops being JSON (b may be the start of a message cut short).
func member(b []byte, name string) []byte {
	var found []byte
	members(b, func(key, value []byte) bool {
		if string(key) == name {
			found = value
		}
		return found != nil
	})
	return found
}

// members calls visit with each top-level member of the JSON object b, in
// order, until visit returns true. It reports false when b is not an object
// or stops being JSON before its members end (the end of b counts as their
// end: b may be cut short).
func members(b []byte, visit func(key, value []byte) (stop bool)) bool {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return false
	}
	for i++; ; {
		i = skipSpace(b, i)
		if i >= len(b) || b[i] == '}' {
			return true
		}
		if b[i] == ',' {
			i++
			continue
		}
		end := skipString(b, i)
		if end < 0 {
			return false
		}
		key := b[i+1 : end-1] // as written: escapes are not decoded
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ':' {
			return false
		}
		i = skipSpace(b, i+1)
		vend := skipValue(b, i)
		if vend < 0 {
			return false
		}
		if visit(key, b[i:vend]) {
			return true
		}
		i = vend
	}
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index after the string starting at b[i], -1 when
// there is none.
func skipString(b []byte, i int) int {
	if i >= len(b) || b[i] != '"' {
		return -1
	}
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return -1
}

// skipValue returns the index after the JSON value starting at b[i], -1
// when it is cut short. It does not validate: the daemon's output is JSON.
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for ; i < len(b); i++ {
			switch b[i] {
			case '"':
				end := skipString(b, i)
				if end < 0 {
					return -1
				}
				i = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
		}
		return -1
	}
	for ; i < len(b); i++ {
		switch b[i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return i
		}
	}
	return i
}

// requestHead reads a client's message for what the shim notes of it (id,
// method, params.name) with the scan above instead of a decode: on valid
// JSON that names its members plainly it gives what json.Unmarshal into a
// head gives. ok is false when that is not certain — b is not valid JSON or
// not an object, a key or the method has escapes, a key matches one of ours
// only without regard to case (encoding/json's rule), a member comes twice
// (a decode merges), or a value is of another type than a head's — and
// json.Unmarshal then decides, errors included. The id is a copy, as a
// decode's is: b may be large.
func requestHead(b []byte) (h head, ok bool) {
	if !json.Valid(b) {
		return head{}, false
	}
	ok = true
	var id, method, params bool // seen
	complete := members(b, func(key, value []byte) bool {
		switch string(key) {
		case "id":
			ok, id = !id, true
			h.ID = append(json.RawMessage(nil), value...)
		case "method":
			var m bool
			h.Method, m = plainString(value)
			ok, method = m && !method, true
		case "params":
			var m bool
			h.Params.Name, m = paramsName(value)
			ok, params = m && !params, true
		default:
			ok = plainKey(key, "id", "method", "params")
		}
		return !ok
	})
	return h, ok && complete
}

// plainKey says that key is written without escapes and matches none of
// ours regardless of case (so that encoding/json would not take it for one).
func plainKey(key []byte, ours ...string) bool {
	if bytes.IndexByte(key, '\\') >= 0 {
		return false
	}
	for _, o := range ours {
		if strings.EqualFold(string(key), o) {
			return false
		}
	}
	return true
}

// paramsName is params.name of a request ("" when params is null or has
// none); ok false as for requestHead.
func paramsName(b []byte) (name string, ok bool) {
	if string(b) == "null" {
		return "", true
	}
	if b[0] != '{' {
		return "", false
	}
	ok = true
	seen := false
	members(b, func(key, value []byte) bool {
		if string(key) == "name" {
			var m bool
			name, m = plainString(value)
			ok, seen = m && !seen, true
		} else {
			ok = plainKey(key, "name")
		}
		return !ok
	})
	return name, ok
}

// plainString is the JSON string b without its quotes when it has no escape
// and is valid UTF-8 (a decode replaces bad bytes); null is the empty
// string, as a decode leaves it; ok false otherwise.
func plainString(b []byte) (string, bool) {
	if string(b) == "null" {
		return "", true
	}
	if len(b) < 2 || b[0] != '"' || bytes.IndexByte(b, '\\') >= 0 || !utf8.Valid(b) {
		return "", false
	}
	return string(b[1 : len(b)-1]), true
}
