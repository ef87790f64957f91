package params

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// The daemon's own parameter types, beside JSON Schema's.
const (
	// TypeID is an instance or entity id: Unity 6000.5's entity ids pass
	// 2^53, where a JSON double (what most JSON readers, and every
	// JavaScript client, turn a number into) stops holding every integer
	// (isuzu-shiranui/UnityMCP 4.3.0 fixed "an instance id past 2^53 was
	// carried as a double"). A call may give it as a JSON integer of any
	// 64-bit size or as a decimal string; it reaches the editor as a
	// decimal string, byte for byte as the client wrote it.
	//
	// Its schema is {"type": "string", "pattern": IDPattern}: one type,
	// the string. A type array (["integer","string"]) is refused by some
	// clients' model APIs (Gemini's function declarations take one type;
	// gemini-cli is among the agents engine/e2e runs), and anyOf/oneOf are
	// handled unevenly; every client handles a string. A model asked for
	// a string writes the digits in quotes, which is also the one form
	// that crosses a JavaScript client (Claude Desktop, VS Code, Cursor)
	// exact. Integers are still accepted, for callers that send them
	// (isuzu habits, scripts, the CLI).
	TypeID = "id"
	// TypeAny is any JSON value, null included (inspect_write's value: a
	// null is the null object reference, not "left out"). A number inside
	// it that a double does not hold exactly (a long field past 2^53)
	// reaches the editor as the client wrote it. Its schema lists the
	// types in anyOf rather than leaving "type" out: a client that needs
	// a type fills a missing one in as "string" (codex-rs
	// sanitize_json_schema), so its model would write every value as
	// text; with anyOf it keeps the alternatives.
	TypeAny = "any"
)

// anyOf is TypeAny's schema: every JSON type.
var anyOf = []map[string]string{{"type": "string"}, {"type": "number"}, {"type": "boolean"},
	{"type": "object"}, {"type": "array"}, {"type": "null"}}

// IDPattern is the pattern of an id's schema: a decimal of at most 20
// digits (the range check is the daemon's: int64 or uint64).
const IDPattern = `^-?[0-9]{1,20}$`

const idKind = "an id (an integer or a decimal string, within 64 bits)"

// idValue is v as an id's decimal string: a string as it is, a decoder's
// json.Number as written (an integer in another form, 1.2e1, as its exact
// decimal), a float64 (what json.Unmarshal gives: a
// definition step passing an earlier result) only while it is exact.
func idValue(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, decimalID(x)
	case json.Number:
		if decimalID(string(x)) {
			return string(x), true
		}
		// 12.0, 1.2e1: exactly an integer, read without a double (and
		// without building 10^1000000000 for a hostile exponent).
		if !smallExponent(string(x)) {
			return "", false
		}
		r, ok := new(big.Rat).SetString(string(x))
		if !ok || !r.IsInt() {
			return "", false
		}
		s := r.Num().String()
		return s, decimalID(s)
	case float64:
		return exactFloatID(x)
	}
	return "", false
}

// smallExponent reports whether a JSON number is short and its exponent
// small enough that reading it exactly costs nothing: what an integer
// within 64 bits needs.
func smallExponent(s string) bool {
	if len(s) > 64 {
		return false
	}
	i := strings.IndexAny(s, "eE")
	if i < 0 {
		return true
	}
	e, err := strconv.Atoi(s[i+1:])
	return err == nil && e >= -64 && e <= 64
}

// decimalID reports whether s is an optional '-' and digits within int64
// (negative) or uint64.
func decimalID(s string) bool {
	if len(s) == 0 || len(s) > 21 {
		return false
	}
	digits := s
	if s[0] == '-' {
		digits = s[1:]
	}
	if digits == "" {
		return false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return false
		}
	}
	if s[0] == '-' {
		_, err := strconv.ParseInt(s, 10, 64)
		return err == nil
	}
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}

// exactFloatID is an integral double as a decimal, while every integer
// up to it is a double (|f| ≤ 2^53): past that it may not be the number
// the caller meant.
func exactFloatID(f float64) (string, bool) {
	if f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return "", false
	}
	return strconv.FormatInt(int64(f), 10), true
}

// floats turns the json.Number values of a decoder's UseNumber in v into
// float64, as json.Unmarshal decodes numbers, so every parameter but an id
// or an "any" holds what it always held. Containers are copied only when
// they hold a number; ok is false for a number beyond a double's range.
func floats(v any) (_ any, ok bool) {
	out, _, ok := floatsIn(v)
	return out, ok
}

func floatsIn(v any) (out any, changed, ok bool) {
	switch x := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		return f, true, err == nil
	case []any:
		var c []any
		for i, e := range x {
			ne, ch, ok := floatsIn(e)
			if !ok {
				return nil, false, false
			}
			if ch && c == nil {
				c = append([]any(nil), x...)
			}
			if c != nil {
				c[i] = ne
			}
		}
		if c != nil {
			return c, true, true
		}
	case map[string]any:
		var c map[string]any
		for k, e := range x {
			ne, ch, ok := floatsIn(e)
			if !ok {
				return nil, false, false
			}
			if ch {
				if c == nil {
					c = make(map[string]any, len(x))
					for k2, e2 := range x {
						c[k2] = e2
					}
				}
				c[k] = ne
			}
		}
		if c != nil {
			return c, true, true
		}
	}
	return v, false, true
}

// Decode reads a call's arguments (a JSON object; empty or null: none)
// keeping every number as written (json.Number), so that Check gives an
// id its exact digits; Check turns the other numbers into float64.
//
// Arguments whose numbers a double holds exactly — at most 15 digits, no
// exponent: nearly every call — are read by json.Unmarshal, as before
// ids (a decoder with UseNumber costs ~0.8 µs and ~750 bytes more per
// call); Check reads the same values from either.
func Decode(raw []byte) (map[string]any, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	if !inexactNumbers(raw) {
		var m map[string]any
		err := json.Unmarshal(raw, &m)
		return m, err
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var m map[string]any
	if err := d.Decode(&m); err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(raw[d.InputOffset():])) > 0 {
		return nil, errors.New("invalid character after the arguments object")
	}
	return m, nil
}

// inexactNumbers reports whether raw may hold a number a double does not
// hold as written: 16 digits or more (a '.' does not end the count), or an
// exponent. Digits and an 'e' inside strings count too: they only cost the
// slower decode.
func inexactNumbers(raw []byte) bool {
	run := 0
	for i, c := range raw {
		switch {
		case c >= '0' && c <= '9':
			if run++; run >= 16 {
				return true
			}
		case c == '.' && run > 0:
		case (c == 'e' || c == 'E') && i > 0 && raw[i-1] >= '0' && raw[i-1] <= '9':
			return true
		default:
			run = 0
		}
	}
	return false
}
