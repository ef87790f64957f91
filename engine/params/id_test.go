package params

import (
	"encoding/json"
	"strings"
	"testing"
)

// An id reaches the editor as a decimal string, byte for byte as written,
// whether the call gave an integer (of any 64-bit size: never through a
// double) or a string; anything else is refused naming the parameter.
func TestIDArguments(t *testing.T) {
	t.Parallel()
	ps := []Param{P("instance_id", TypeID, "i"), P("n", "number", "n").Def(1)}
	for _, c := range []struct {
		args string
		want string // the id sent; "" = refused
	}{
		{`{"instance_id":9007199254740993}`, "9007199254740993"}, // 2^53+1: a double says ...992
		{`{"instance_id":-9007199254740993}`, "-9007199254740993"},
		{`{"instance_id":"18446744073709551615"}`, "18446744073709551615"}, // uint64 max
		{`{"instance_id":18446744073709551615}`, "18446744073709551615"},
		{`{"instance_id":"-9223372036854775808"}`, "-9223372036854775808"}, // int64 min
		{`{"instance_id":"9007199254740993"}`, "9007199254740993"},
		{`{"instance_id":12}`, "12"},
		{`{"instance_id":12.0}`, "12"},                 // an integral double that is exact
		{`{"instance_id":"18446744073709551616"}`, ""}, // past uint64
		{`{"instance_id":"-9223372036854775809"}`, ""}, // past int64
		{`{"instance_id":18446744073709551616}`, ""},
		{`{"instance_id":1.5}`, ""},
		{`{"instance_id":9.007199254740993e15}`, "9007199254740993"}, // exactly, not through a double
		{`{"instance_id":1.8446744073709551616e19}`, ""},             // past uint64
		{`{"instance_id":1e400}`, ""},
		{`{"instance_id":1e1000000000}`, ""}, // refused before 10^1e9 is built
		{`{"instance_id":1e-1000000000}`, ""},
		{`{"instance_id":"12a"}`, ""},
		{`{"instance_id":" 12"}`, ""},
		{`{"instance_id":"+12"}`, ""},
		{`{"instance_id":""}`, ""},
		{`{"instance_id":"-"}`, ""},
		{`{"instance_id":true}`, ""},
		{`{"instance_id":{"id":1}}`, ""},
	} {
		in, err := Decode([]byte(c.args))
		if err != nil {
			t.Fatalf("%s: %v", c.args, err)
		}
		got, err := Check("tool", ps, in)
		if c.want == "" {
			if err == nil || !strings.Contains(err.Error(), "instance_id must be an id (an integer or a decimal string, within 64 bits)") {
				t.Errorf("%s: got %v, %v; want refused", c.args, got, err)
			}
			continue
		}
		if err != nil || got["instance_id"] != c.want {
			t.Errorf("%s: got %#v, %v; want %q", c.args, got["instance_id"], err, c.want)
		}
		b, _ := json.Marshal(got)
		if !strings.Contains(string(b), `"instance_id":"`+c.want+`"`) {
			t.Errorf("%s: encodes as %s", c.args, b)
		}
	}
	// A float64 (a definition step passing an earlier result decoded by
	// json.Unmarshal) is taken only while it is exact.
	if got, err := Check("tool", ps, map[string]any{"instance_id": float64(1 << 53)}); err != nil || got["instance_id"] != "9007199254740992" {
		t.Errorf("2^53 as a float64: %v %v", got, err)
	}
	if _, err := Check("tool", ps, map[string]any{"instance_id": float64(1<<53) * 2}); err == nil {
		t.Error("2^54 as a float64 accepted: it may not be the id meant")
	}
}

// Decode keeps numbers as written; Check gives every parameter but an id
// or an "any" the float64 json.Unmarshal would have, nested ones too.
func TestDecodeNumbers(t *testing.T) {
	t.Parallel()
	ps := []Param{P("n", "number", "n"), P("i", "integer", "i"), P("o", "object", "o"), P("a", "array", "a").Of("number"),
		P("v", TypeAny, "v"), P("e", "integer", "e").OneOf("zero", "one")}
	in, err := Decode([]byte(`{"n":1.5,"i":3,"o":{"x":[1,{"y":2}]},"a":[1,2],"v":{"big":9007199254740993},"e":1}`))
	if err != nil {
		t.Fatal(err)
	}
	got, err := Check("tool", ps, in)
	if err != nil {
		t.Fatal(err)
	}
	if got["n"] != 1.5 || got["i"] != 3.0 || got["e"] != "one" {
		t.Errorf("scalars: %#v", got)
	}
	if y := got["o"].(map[string]any)["x"].([]any)[1].(map[string]any)["y"]; y != 2.0 {
		t.Errorf("nested number %#v, want float64 2", y)
	}
	if a := got["a"].([]any); a[0] != 1.0 {
		t.Errorf("array item %#v", a[0])
	}
	b, _ := json.Marshal(got["v"])
	if string(b) != `{"big":9007199254740993}` {
		t.Errorf("any value %s, want the digits as written", b)
	}
	if in["o"].(map[string]any)["x"].([]any)[0] != json.Number("1") {
		t.Error("Check changed the caller's map")
	}
	for _, bad := range []string{`[1]`, `{"a":1} {}`, `{"a":1}x`, `{`} {
		if _, err := Decode([]byte(bad)); err == nil {
			t.Errorf("Decode(%s) took it", bad)
		}
	}
	for _, none := range []string{``, ` null `} {
		if m, err := Decode([]byte(none)); m != nil || err != nil {
			t.Errorf("Decode(%q) = %v, %v", none, m, err)
		}
	}
	if _, err := Check("tool", ps, map[string]any{"n": json.Number("1e999")}); err == nil || !strings.Contains(err.Error(), "beyond the range") {
		t.Errorf("1e999: %v", err)
	}
	// KeepNumbers: a value checked again later (a batch's operations)
	// keeps its digits for that check.
	ops := []Param{P("operations", "array", "o").Of("object").KeepNumbers()}
	in, _ = Decode([]byte(`{"operations":[{"args":{"instance_id":9007199254740993}}]}`))
	got, err = Check("tool", ops, in)
	if err != nil {
		t.Fatal(err)
	}
	if id := got["operations"].([]any)[0].(map[string]any)["args"].(map[string]any)["instance_id"]; id != json.Number("9007199254740993") {
		t.Errorf("operations' id %#v, want the digits as written", id)
	}
}

// "any" takes every JSON value, null included (a null object reference is
// a value, not "left out"); its schema lists every type in anyOf.
func TestAnyType(t *testing.T) {
	t.Parallel()
	ps := []Param{P("value", TypeAny, "v").Must()}
	for _, v := range []any{nil, "s", 1.0, true, []any{}, map[string]any{}} {
		got, err := Check("tool", ps, map[string]any{"value": v})
		if err != nil {
			t.Errorf("%#v refused: %v", v, err)
			continue
		}
		if _, ok := got["value"]; !ok {
			t.Errorf("%#v dropped", v)
		}
	}
	if _, err := Check("tool", ps, map[string]any{}); err == nil {
		t.Error("a required any left out was accepted")
	}
	if s := string(Schema(ps)); strings.Contains(s, `"type":"any"`) || !strings.Contains(s, `"value":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"},{"type":"object"},{"type":"array"},{"type":"null"}],"description":"v"}`) {
		t.Errorf("schema %s", s)
	}
}

// Schema writes an id as a string with IDPattern (one type, which every
// client takes), and Parse reads that back as an id; bounds round-trip.
func TestIDAndRangeSchema(t *testing.T) {
	t.Parallel()
	ps := []Param{P("instance_id", TypeID, "i"), P("limit", "integer", "l").Range(1, 500).Def(100),
		P("ops", "array", "o").Of("object").Range(1, 200), P("depth", "integer", "d").AtLeast(-1)}
	s := Schema(ps)
	for _, want := range []string{`"instance_id":{"description":"i","pattern":"^-?[0-9]{1,20}$","type":"string"}`,
		`"maximum":500,"minimum":1`, `"maxItems":200,"minItems":1`, `"depth":{"description":"d","minimum":-1,"type":"integer"}`} {
		if !strings.Contains(string(s), want) {
			t.Errorf("schema %s lacks %s", s, want)
		}
	}
	back, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range back {
		if p.Name == "instance_id" && p.Type != TypeID {
			t.Errorf("instance_id parsed back as %q", p.Type)
		}
	}
}

// Bounds refuse what is outside them, naming the parameter and the range.
func TestRanges(t *testing.T) {
	t.Parallel()
	ps := []Param{P("limit", "integer", "l").Range(1, 500).Def(100), P("index", "integer", "i").AtLeast(0).Def(0),
		P("ops", "array", "o").Range(1, 2)}
	checkEach(t, ps, []checkCase{
		{`{"limit":0}`, "limit must be from 1 to 500, got 0"},
		{`{"limit":501}`, "limit must be from 1 to 500, got 501"},
		{`{"index":-1}`, "index must be at least 0, got -1"},
		{`{"ops":[]}`, "ops must have from 1 to 2 items, got 0"},
		{`{"ops":[1,2,3]}`, "ops must have from 1 to 2 items, got 3"},
		{`{"limit":1,"index":0,"ops":[1]}`, ""},
		{`{"limit":500}`, ""},
	})
}

// Decode reads with json.Unmarshal only what a double holds as written;
// a long number or an exponent takes the decoder that keeps the digits.
func TestInexactNumbers(t *testing.T) {
	t.Parallel()
	for raw, want := range map[string]bool{
		`{"MaxCount":100,"X":1.5,"t":"abc"}`:      false,
		`{"n":123456789012345}`:                   false, // 15 digits
		`{"n":9007199254740993}`:                  true,
		`{"n":1234567890.123456}`:                 true, // 16 digits across the point
		`{"n":1e3}`:                               true,
		`{"n":-2.5E-7}`:                           true,
		`{"s":"see 1e3 in text","k":"e1"}`:        true, // only slower
		`{"s":"the end","k":"E"}`:                 false,
		`{"a":[123456789012345,123456789012345]}`: false,
	} {
		if got := inexactNumbers([]byte(raw)); got != want {
			t.Errorf("%s: %v, want %v", raw, got, want)
		}
		m, err := Decode([]byte(raw))
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		_, kept := m["n"].(json.Number)
		if _, isNum := m["n"]; isNum && kept != want {
			t.Errorf("%s: n is %T", raw, m["n"])
		}
	}
}
