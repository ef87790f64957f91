package bridge

import (
	"bytes"
	"encoding/json"
	"errors"
)

// decodeFrame parses one JSON-RPC frame into a message with the result of
// json.Unmarshal(data, &m) — same fields, same acceptance — in one pass.
//
// Every call crosses the bridge as two frames, and json.Unmarshal reads each
// twice (a validity scan, then the decode, which scans the raw id, params
// and result once more) through a byte-at-a-time state machine: it was the
// largest single cost of the editor hop (docs/performance.md). This reads
// the top-level object itself, validating every value as strictly as
// encoding/json, and slices id, params and result out of the frame. The rare
// frames it does not take in one pass (an error object, escaped or
// non-ASCII member names and strings, keys in another case) go to
// json.Unmarshal; FuzzDecodeFrame compares the two.
func decodeFrame(data []byte) (message, error) {
	var m message
	if ok, err := decodeFrameFast(data, &m); ok {
		return m, err
	}
	m = message{}
	err := json.Unmarshal(data, &m)
	return m, err
}

var errFrameSyntax = errors.New("frame is not valid JSON")

// maxDepth is encoding/json's nesting limit.
const maxDepth = 10000

// decodeFrameFast reports false when data needs json.Unmarshal.
func decodeFrameFast(data []byte, m *message) (handled bool, err error) {
	i := skipSpace(data, 0)
	if i == len(data) {
		return true, errFrameSyntax
	}
	if data[i] != '{' {
		if bytes.Equal(bytes.TrimRight(data[i:], " \t\n\r"), []byte("null")) {
			return true, nil // encoding/json leaves the message empty
		}
		return false, nil // its error (type or syntax) comes from json.Unmarshal
	}
	end, stopped, err := scanComposite(data, i, 1, func(key, val []byte) bool {
		switch string(key) {
		case "jsonrpc", "method":
			s, ok := plainString(val)
			if !ok {
				return false
			}
			if string(key) == "jsonrpc" {
				m.JSONRPC = s
			} else {
				m.Method = s
			}
		case "id":
			m.ID = val
		case "params":
			m.Params = val
		case "result":
			m.Result = val
		case "error":
			return bytes.Equal(val, []byte("null")) // an error object is decoded by json.Unmarshal
		default:
			for _, f := range []string{"jsonrpc", "method", "id", "params", "result", "error"} {
				if bytes.EqualFold(key, []byte(f)) {
					return false // encoding/json matches member names case-insensitively
				}
			}
		}
		return true
	})
	if stopped {
		return false, nil
	}
	if err != nil {
		return true, err
	}
	if skipSpace(data, end) != len(data) {
		return true, errFrameSyntax
	}
	return true, nil
}

// plainString is the value of a JSON string of printable ASCII without
// escapes; ok is false for anything else (null included: json.Unmarshal
// then decides).
func plainString(v []byte) (string, bool) {
	if len(v) < 2 || v[0] != '"' {
		return "", false
	}
	for _, c := range v[1 : len(v)-1] {
		if c < 0x20 || c >= 0x80 || c == '\\' || c == '"' {
			return "", false
		}
	}
	return string(v[1 : len(v)-1]), true
}

func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// scanValue returns the end of the JSON value starting at data[i],
// checking its syntax as encoding/json does.
func scanValue(data []byte, i, depth int) (int, error) {
	if i >= len(data) {
		return 0, errFrameSyntax
	}
	switch c := data[i]; {
	case c == '"':
		end, _, err := scanString(data, i)
		return end, err
	case c == '{' || c == '[':
		if depth >= maxDepth {
			return 0, errors.New("frame nests too deeply")
		}
		end, _, err := scanComposite(data, i, depth+1, nil)
		return end, err
	case c == '-' || (c >= '0' && c <= '9'):
		return scanNumber(data, i)
	case c == 't':
		return scanLiteral(data, i, "true")
	case c == 'f':
		return scanLiteral(data, i, "false")
	case c == 'n':
		return scanLiteral(data, i, "null")
	}
	return 0, errFrameSyntax
}

func scanLiteral(data []byte, i int, lit string) (int, error) {
	if !bytes.HasPrefix(data[i:], []byte(lit)) {
		return 0, errFrameSyntax
	}
	return i + len(lit), nil
}

// scanComposite scans an object or array whose opening bracket is at i.
// For an object, member (when not nil) sees each member as it is scanned —
// keys of printable ASCII without escapes only: another key stops the scan
// — and stops it by returning false.
func scanComposite(data []byte, i, depth int, member func(key, val []byte) bool) (end int, stopped bool, err error) {
	object := data[i] == '{'
	closer := byte(']')
	if object {
		closer = '}'
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == closer {
		return i + 1, false, nil
	}
	for {
		var key []byte
		if object {
			if i >= len(data) || data[i] != '"' {
				return 0, false, errFrameSyntax
			}
			end, plain, err := scanString(data, i)
			if err != nil {
				return 0, false, err
			}
			if member != nil && !plain {
				return 0, true, nil
			}
			key = data[i+1 : end-1]
			i = skipSpace(data, end)
			if i >= len(data) || data[i] != ':' {
				return 0, false, errFrameSyntax
			}
			i = skipSpace(data, i+1)
		}
		end, err := scanValue(data, i, depth)
		if err != nil {
			return 0, false, err
		}
		if member != nil && object && !member(key, data[i:end]) {
			return 0, true, nil
		}
		i = skipSpace(data, end)
		if i >= len(data) {
			return 0, false, errFrameSyntax
		}
		switch data[i] {
		case ',':
			i = skipSpace(data, i+1)
		case closer:
			return i + 1, false, nil
		default:
			return 0, false, errFrameSyntax
		}
	}
}

// scanString scans a string whose quote is at i; plain reports printable
// ASCII without escapes.
func scanString(data []byte, i int) (end int, plain bool, err error) {
	plain = true
	for i++; i < len(data); i++ {
		switch c := data[i]; {
		case c == '"':
			return i + 1, plain, nil
		case c < 0x20:
			return 0, false, errFrameSyntax
		case c == '\\':
			plain = false
			i++
			if i >= len(data) {
				return 0, false, errFrameSyntax
			}
			switch data[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if i+4 >= len(data) {
					return 0, false, errFrameSyntax
				}
				for _, h := range data[i+1 : i+5] {
					if !(h >= '0' && h <= '9' || h >= 'a' && h <= 'f' || h >= 'A' && h <= 'F') {
						return 0, false, errFrameSyntax
					}
				}
				i += 4
			default:
				return 0, false, errFrameSyntax
			}
		case c >= 0x80:
			plain = false
		}
	}
	return 0, false, errFrameSyntax
}

// scanNumber scans -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?.
func scanNumber(data []byte, i int) (int, error) {
	if data[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			i++
			n++
		}
		return n
	}
	switch {
	case i < len(data) && data[i] == '0':
		i++
	case digits() == 0:
		return 0, errFrameSyntax
	}
	if i < len(data) && data[i] == '.' {
		i++
		if digits() == 0 {
			return 0, errFrameSyntax
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if digits() == 0 {
			return 0, errFrameSyntax
		}
	}
	return i, nil
}
