package bridge

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// ParseCallParams reads a call's params with the result of
// json.Unmarshal(data, &p) — same fields, same acceptance — in one pass
// for params as the daemon writes them (appendJSON): plain keys, plain
// strings, numbers, literals. Anything else (an escaped or non-ASCII key or
// string, a field of another type or case, a field twice, an argument that
// is an object or array) goes to json.Unmarshal, or, for an argument, to
// json.Unmarshal of that value alone. It is how editorsim reads each call:
// encoding/json's validity scan and reflective decode were a quarter of its
// CPU per call (docs/performance.md). FuzzParseCallParams compares the two.
func ParseCallParams(data []byte) (CallParams, error) {
	var p CallParams
	if parseCallParamsFast(data, &p) {
		return p, nil
	}
	p = CallParams{}
	err := json.Unmarshal(data, &p)
	return p, err
}

// callParamsFields are CallParams' member names; a key that matches one
// but for case is left to encoding/json.
var callParamsFields = []string{"callId", "tool", "arguments", "deadlineMs", "session"}

// parseCallParamsFast reports false when data needs json.Unmarshal.
func parseCallParamsFast(data []byte, p *CallParams) bool {
	i := skipSpace(data, 0)
	if i == len(data) || data[i] != '{' {
		return false
	}
	var seen uint8 // the fields met, one bit each (callParamsFields' order)
	end, stopped, err := scanComposite(data, i, 1, func(key, val []byte) bool {
		for k, f := range callParamsFields {
			switch {
			case string(key) == f:
				if seen&(1<<k) != 0 {
					return false // twice: json.Unmarshal decides what the second does
				}
				seen |= 1 << k
			case bytes.EqualFold(key, []byte(f)):
				return false // encoding/json matches member names case-insensitively
			}
		}
		var ok bool
		switch string(key) {
		case "callId":
			p.CallID, ok = plainString(val)
		case "tool":
			p.Tool, ok = plainString(val)
		case "session":
			p.Session, ok = plainString(val)
		case "deadlineMs":
			var err error
			p.DeadlineMs, err = strconv.ParseInt(string(val), 10, 64)
			ok = err == nil
		case "arguments":
			p.Arguments, ok = plainArguments(val)
		default:
			ok = true // a member CallParams does not have: ignored
		}
		return ok
	})
	return !stopped && err == nil && skipSpace(data, end) == len(data)
}

// plainArguments is the arguments object val as json.Unmarshal decodes it
// into a map[string]any; ok false when the object needs json.Unmarshal
// (null included: it leaves the map as it was).
func plainArguments(val []byte) (map[string]any, bool) {
	if val[0] != '{' {
		return nil, false
	}
	args := map[string]any{}
	_, stopped, err := scanComposite(val, 0, 2, func(key, v []byte) bool {
		a, ok := plainValue(v)
		if ok {
			args[string(key)] = a
		}
		return ok
	})
	return args, !stopped && err == nil
}

// plainValue is JSON value v (already scanned: valid) as json.Unmarshal
// decodes it into an any; an object or array is json.Unmarshal's, and a
// string that is not plain too; ok false for a number float64 cannot hold.
func plainValue(v []byte) (any, bool) {
	switch v[0] {
	case '"':
		if s, ok := plainString(v); ok {
			return s, true
		}
	case 't':
		return true, true
	case 'f':
		return false, true
	case 'n':
		return nil, true
	case '{', '[':
	default:
		f, err := strconv.ParseFloat(string(v), 64)
		return f, err == nil
	}
	var a any
	return a, json.Unmarshal(v, &a) == nil
}
