package api

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// IDKey is the comparable form of a JSON-RPC id, by value: 1000 and 1e3 are the
// same number, "A" and "\u0041" the same string. Plain integers and strings
// without escapes (what clients send) are read without a JSON decoder.
func IDKey(id json.RawMessage) string {
	id = bytes.TrimSpace(id)
	if n := len(id); n >= 2 && id[0] == '"' && id[n-1] == '"' && bytes.IndexFunc(id[1:n-1], func(r rune) bool {
		return r == '"' || r == '\\' || r < 0x20 || r == utf8.RuneError
	}) < 0 {
		return "s:" + string(id[1:n-1])
	}
	if len(id) > 0 && len(id) <= 15 && id[0] >= '0' && id[0] <= '9' && (id[0] != '0' || len(id) == 1) {
		if v, err := strconv.ParseInt(string(id), 10, 64); err == nil {
			return "n:" + strconv.FormatFloat(float64(v), 'g', -1, 64)
		}
	}
	return decodedIDKey(id)
}

// decodedIDKey is IDKey for any id, through a JSON decoder.
func decodedIDKey(id json.RawMessage) string {
	d := json.NewDecoder(bytes.NewReader(id))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return string(bytes.TrimSpace(id))
	}
	switch x := v.(type) {
	case string:
		return "s:" + x
	case json.Number:
		if f, err := x.Float64(); err == nil {
			return "n:" + strconv.FormatFloat(f, 'g', -1, 64)
		}
		return "n:" + x.String()
	}
	return string(bytes.TrimSpace(id))
}

// PlainID reports whether a JSON-RPC id is a number or a string (not null,
// an object or an array).
func PlainID(id json.RawMessage) bool {
	id = bytes.TrimSpace(id)
	return len(id) > 0 && (id[0] == '"' || id[0] == '-' || (id[0] >= '0' && id[0] <= '9'))
}
