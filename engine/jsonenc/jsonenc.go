// Package jsonenc appends JSON as encoding/json's Marshal writes it, byte
// for byte, without reflection, for the few shapes that every tool call
// carries: a call's arguments across the bridge (the daemon's largest single
// cost there was json.Marshal of that map: docs/performance.md's git
// history, its "Seventh round") and a tool result's text. Anything it does not know it reports, so
// that the caller hands it to json.Marshal; the fuzz tests hold every byte to
// json.Marshal's.
package jsonenc

import (
	"io"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"
)

// maxDepth bounds the nesting Value follows itself; deeper values (and
// cycles, which json.Marshal reports) are left to json.Marshal.
const maxDepth = 32

const hexDigits = "0123456789abcdef"

// String appends s quoted as json.Marshal quotes a string: '"', '\\' and
// the control characters escaped (\b \f \n \r \t by name, the rest as
// \u00XX), '<', '>' and '&' as \u003c \u003e \u0026, U+2028 and U+2029 as
// \u2028 \u2029, and each byte that is not part of valid UTF-8 as \ufffd.
func String[S ~string | ~[]byte](b []byte, s S) []byte {
	return append(escape(append(b, '"'), s), '"')
}

// WriteString writes s quoted as String appends it, a piece of at most
// 32 KiB of s at a time through scratch (grown as needed and returned), so
// that a long string is never held escaped whole: a large tool result's
// text goes to the client as it is escaped (docs/performance.md, "Large
// results").
func WriteString[S ~string | ~[]byte](w io.Writer, s S, scratch []byte) ([]byte, error) {
	return writeString(w, s, scratch, 32<<10)
}

// writeString is WriteString in pieces of at most piece bytes of s, each
// cut where escaping the whole of s would start a rune anyway, so that a
// rune is never split (the halves would each be invalid UTF-8, escaped as
// \ufffd): before a byte that can begin one (ASCII or a lead byte: no rune
// covers it as a continuation), or before a continuation byte with no lead
// byte in the utf8.UTFMax-1 bytes before it (then no valid rune covers it,
// and it is escaped alone).
func writeString[S ~string | ~[]byte](w io.Writer, s S, scratch []byte, piece int) ([]byte, error) {
	piece = max(piece, utf8.UTFMax) // a cut moved back still leaves a byte
	b := append(scratch[:0], '"')
	for len(s) > 0 {
		n := min(piece, len(s))
		if n < len(s) && !utf8.RuneStart(s[n]) {
			for j := n - 1; j >= n-(utf8.UTFMax-1); j-- {
				if utf8.RuneStart(s[j]) {
					n = j
					break
				}
			}
		}
		b = escape(b, s[:n])
		s = s[n:]
		if len(s) == 0 {
			break
		}
		if _, err := w.Write(b); err != nil {
			return b, err
		}
		b = b[:0]
	}
	b = append(b, '"')
	_, err := w.Write(b)
	return b, err
}

// escape appends s as the inside of a JSON string, as String quotes it.
func escape[S ~string | ~[]byte](b []byte, s S) []byte {
	done := 0 // s[:done] is in b
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[done:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			done = i
			continue
		}
		r, size := decodeRune(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(append(b, s[done:i]...), `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(append(b, s[done:i]...), '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		done = i
	}
	return append(b, s[done:]...)
}

func decodeRune[S ~string | ~[]byte](s S) (rune, int) {
	if len(s) > utf8.UTFMax {
		s = s[:utf8.UTFMax]
	}
	return utf8.DecodeRuneInString(string(s)) // no copy: the conversion only feeds the call
}

// Value appends v as json.Marshal writes it when v is made of nil, bool,
// string, the integer types, float64 and float32 (finite), []any, []string
// and map[string]any (keys sorted, as json.Marshal sorts them). ok is false
// for anything else — another type, NaN or an infinity (json.Marshal's
// error), nesting beyond maxDepth — and b is then returned as it came (its
// spare capacity, beyond len(b), may have been written).
func Value(b []byte, v any) (_ []byte, ok bool) {
	out, ok := value(b, v, 0)
	if !ok {
		return b, false
	}
	return out, true
}

func value(b []byte, v any, depth int) ([]byte, bool) {
	if depth > maxDepth {
		return b, false
	}
	switch v := v.(type) {
	case nil:
		return append(b, "null"...), true
	case bool:
		return strconv.AppendBool(b, v), true
	case string:
		return String(b, v), true
	case int:
		return strconv.AppendInt(b, int64(v), 10), true
	case int8:
		return strconv.AppendInt(b, int64(v), 10), true
	case int16:
		return strconv.AppendInt(b, int64(v), 10), true
	case int32:
		return strconv.AppendInt(b, int64(v), 10), true
	case int64:
		return strconv.AppendInt(b, v, 10), true
	case uint:
		return strconv.AppendUint(b, uint64(v), 10), true
	case uint8:
		return strconv.AppendUint(b, uint64(v), 10), true
	case uint16:
		return strconv.AppendUint(b, uint64(v), 10), true
	case uint32:
		return strconv.AppendUint(b, uint64(v), 10), true
	case uint64:
		return strconv.AppendUint(b, v, 10), true
	case float64:
		return float(b, v, 64)
	case float32:
		return float(b, float64(v), 32)
	case []string:
		if v == nil {
			return append(b, "null"...), true
		}
		b = append(b, '[')
		for i, s := range v {
			if i > 0 {
				b = append(b, ',')
			}
			b = String(b, s)
		}
		return append(b, ']'), true
	case []any:
		if v == nil {
			return append(b, "null"...), true
		}
		b = append(b, '[')
		for i, e := range v {
			if i > 0 {
				b = append(b, ',')
			}
			var ok bool
			if b, ok = value(b, e, depth+1); !ok {
				return b, false
			}
		}
		return append(b, ']'), true
	case map[string]any:
		return object(b, v, depth)
	}
	return b, false
}

// object appends m with its keys in order, as json.Marshal sorts a map's.
func object(b []byte, m map[string]any, depth int) ([]byte, bool) {
	if m == nil {
		return append(b, "null"...), true
	}
	var small [16]string
	keys := small[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(String(b, k), ':')
		var ok bool
		if b, ok = value(b, m[k], depth+1); !ok {
			return b, false
		}
	}
	return append(b, '}'), true
}

// float appends f as json.Marshal writes a float of the given bits: the
// shortest decimal that reads back as f, in exponent form (without a
// leading zero in a negative exponent) below 1e-6 and from 1e21.
func float(b []byte, f float64, bits int) ([]byte, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return b, false
	}
	format := byte('f')
	if a := math.Abs(f); a != 0 {
		if bits == 64 && (a < 1e-6 || a >= 1e21) || bits == 32 && (float32(a) < 1e-6 || float32(a) >= 1e21) {
			format = 'e'
		}
	}
	b = strconv.AppendFloat(b, f, format, -1, bits)
	if format == 'e' { // e-07 → e-7
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, true
}
