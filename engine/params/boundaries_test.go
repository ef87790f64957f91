package params

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// An enum also takes its index (run-tests' FilterType "exact" is 1): every
// index from 0 to len-1 names its value, and anything past either end is
// refused with the choices, never an index out of range on the call path.
func TestEnumIndexBounds(t *testing.T) {
	t.Parallel()
	ps := []Param{P("mode", "string", "m").OneOf("all", "exact", "regex")}
	for _, c := range []struct {
		args string
		want any // the canonical value, or the problem (a string starting "mode ")
	}{
		{`{"mode":0}`, "all"},
		{`{"mode":1}`, "exact"},
		{`{"mode":2}`, "regex"},
		{`{"mode":3}`, "mode must be one of all, exact, regex, got number 3"},
		{`{"mode":-1}`, "mode must be one of all, exact, regex, got number -1"},
		{`{"mode":0.5}`, "mode must be one of all, exact, regex, got number 0.5"},
		{`{"mode":true}`, "mode must be one of all, exact, regex, got boolean true"},
	} {
		in, err := Decode([]byte(c.args))
		if err != nil {
			t.Fatal(err)
		}
		got, err := Check("run-tests", ps, in)
		problem, _ := c.want.(string)
		if strings.HasPrefix(problem, "mode ") {
			if err == nil || !strings.Contains(err.Error(), problem) {
				t.Errorf("%s: got %v, %v; want %q", c.args, got, err, problem)
			}
			continue
		}
		if err != nil || got["mode"] != c.want {
			t.Errorf("%s: got %v, %v; want mode %v", c.args, got["mode"], err, c.want)
		}
	}
}

// A missing required argument is named with what to give: the type, the
// choices of an enum (either kind), or what an id looks like.
func TestRequiredSaysWhatToGive(t *testing.T) {
	t.Parallel()
	ps := []Param{
		P("key", "string", "k").Must(),
		P("mode", "string", "m").OneOf("all", "exact").Must(),
		{Name: "level", Type: "integer", EnumAny: []any{1.0, 2.0}, Required: true},
		P("instance_id", TypeID, "i").Must(),
	}
	_, err := Check("tool", ps, map[string]any{})
	e, ok := err.(*Error)
	if !ok {
		t.Fatalf("got %v, want an *Error", err)
	}
	want := []string{"key is required (string)", "mode is required (one of all, exact)",
		"level is required (one of [1,2])", "instance_id is required (" + idKind + ")"}
	if !reflect.DeepEqual(e.Problems, want) {
		t.Errorf("problems %q, want %q", e.Problems, want)
	}
}

// A bound given on one side only checks that side, for numbers and for an
// array's length.
func TestOneSidedBounds(t *testing.T) {
	t.Parallel()
	five, two := 5.0, 2.0
	ps := []Param{{Name: "n", Type: "number", Max: &five}, {Name: "list", Type: "array", Max: &two},
		P("m", "number", "m").AtLeast(1)}
	checkEach(t, ps, []checkCase{
		{`{"n":5,"list":[1,2],"m":1}`, ""},
		{`{"n":-100}`, ""},
		{`{"n":6}`, "n must be at most 5, got 6"},
		{`{"list":[1,2,3]}`, "list must have at most 2 items, got 3"},
		{`{"m":0}`, "m must be at least 1, got 0"},
	})
}

// Ids at the edges of what is read exactly: the schema's pattern allows a
// sign and 20 digits (21 characters); an integer may be written with a
// fraction of zeros or an exponent, up to 64 characters and an exponent of
// ±64 (at both ends), beyond which it is refused before any big number is
// built.
func TestIDEdges(t *testing.T) {
	t.Parallel()
	ps := []Param{P("instance_id", TypeID, "i")}
	long := func(n int) string { return "12." + strings.Repeat("0", n-3) } // n characters, the value 12
	for _, c := range []struct {
		number string // as written in the call
		want   string // the id sent; "" = refused
	}{
		{`"-00000000000000000012"`, "-00000000000000000012"}, // the pattern's longest: sign and 20 digits
		{`9007199254740993.0`, "9007199254740993"},
		{`9007199254740993.5`, ""},
		{long(64), "12"},
		{long(65), ""},
		{`0.` + strings.Repeat("0", 44) + `1e64`, "10000000000000000000"}, // exponent at the bound
		{`1e65`, ""},
		{`0e-64`, "0"}, // the negative exponent's bound: 0e-64 is exactly the integer 0
		{`0E-64`, "0"},
		{`0e-65`, ""},
	} {
		args := `{"instance_id":` + c.number + `}`
		in, err := Decode([]byte(args))
		if err != nil {
			t.Fatalf("%s: %v", args, err)
		}
		got, err := Check("tool", ps, in)
		if c.want == "" {
			if err == nil {
				t.Errorf("%s: accepted as %v, want refused", c.number, got["instance_id"])
			}
			continue
		}
		if err != nil || got["instance_id"] != c.want {
			t.Errorf("%s: got %v, %v; want %q", c.number, got["instance_id"], err, c.want)
		}
	}
}

// What Schema publishes is what Parse reads back (an editor-declared tool's
// schema comes through Parse): types, element types, required names,
// defaults and enums survive the round trip, and the JSON holds no key a
// client's schema validator would reject (no null "required", no element
// type on a non-array or an empty one).
func TestSchemaRoundTrip(t *testing.T) {
	t.Parallel()
	ps := []Param{
		P("a_list", "array", "l").Of("string"),
		P("b_any_list", "array", "l2"),
		P("c_mode", "string", "m").OneOf("all", "exact").Def("all"),
		P("d_key", "string", "k").Must().Of("number"), // Of on a non-array means nothing
		P("e_id", TypeID, "i"),
		{Name: "f_level", Type: "integer", EnumAny: []any{1.0, 2.0}},
	}
	s := Schema(ps)
	var doc struct {
		Properties map[string]map[string]any `json:"properties"`
		Required   []string                  `json:"required"`
	}
	if err := json.Unmarshal(s, &doc); err != nil {
		t.Fatal(err)
	}
	if items := doc.Properties["a_list"]["items"]; !reflect.DeepEqual(items, map[string]any{"type": "string"}) {
		t.Errorf("a_list items %v in %s", items, s)
	}
	for _, n := range []string{"b_any_list", "d_key"} {
		if items, ok := doc.Properties[n]["items"]; ok {
			t.Errorf("%s has items %v in %s", n, items, s)
		}
	}
	back, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	ps[3].Items = "" // not published, so not read back
	for i := range ps {
		ps[i].Description = back[i].Description
	}
	if !reflect.DeepEqual(back, ps) {
		t.Errorf("round trip:\n got %+v\nwant %+v", back, ps)
	}

	none := Schema([]Param{P("x", "string", "x")})
	if strings.Contains(string(none), "required") {
		t.Errorf("no parameter is required, yet the schema says %s", none)
	}
}

// Parse reads the checkable part of a declared schema and refuses one that
// is not an object schema, naming what it got.
func TestParseDeclaredSchemas(t *testing.T) {
	t.Parallel()
	ps, err := Parse(json.RawMessage(`{"type":"object","properties":{"n":{"type":["number","null"],"default":3},"v":{"enum":["a",1]}},"required":["v"]}`))
	if err != nil {
		t.Fatal(err)
	}
	want := []Param{{Name: "n", Type: "number", Default: 3.0, HasDefault: true}, {Name: "v", EnumAny: []any{"a", 1.0}, Required: true}}
	if !reflect.DeepEqual(ps, want) {
		t.Errorf("got %+v, want %+v", ps, want)
	}
	if ps, err := Parse(nil); ps != nil || err != nil {
		t.Errorf("no schema: %v, %v", ps, err)
	}
	for raw, problem := range map[string]string{
		`{"type":"array"}`:                              `input schema type must be "object", got array`,
		`[1]`:                                           "input schema is not a JSON object",
		`{"properties":{"x":{"default":}}}`:             "input schema is not a JSON object",
		`{"properties":{"x":{"description":1}}}`:        `property "x"`,
		`{"properties":{"x":{"default":"a","type":7}}}`: "",
	} {
		_, err := Parse(json.RawMessage(raw))
		switch {
		case problem == "" && err != nil:
			t.Errorf("%s: %v", raw, err)
		case problem != "" && (err == nil || !strings.Contains(err.Error(), problem)):
			t.Errorf("%s: got %v, want %q", raw, err, problem)
		}
	}
}
