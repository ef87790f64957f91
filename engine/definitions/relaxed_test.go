package definitions

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
)

// A file written for isuzu's loader (Json.NET's relaxed syntax) reads as
// the strict JSON it means: every byte of a bare word (letters from a to z
// and A to Z, digits 0 to 9, _ $ - + .) stays in it, quotes of either kind
// keep what is inside them, and comments, a byte-order mark and trailing
// commas go.
func TestRelaxedMeansStrictJSON(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{`{az: 1, AZ: 2, a09: 3, _$: 4, "q": 5}`, `{"az":1,"AZ":2,"a09":3,"_$":4,"q":5}`},
		{`{zeta: aZ09}`, `{"zeta":aZ09}`}, // a bare value stays bare: strict JSON then says what is wrong
		{`{n: -1.5e+3, m: +0, t: true, f: false, z: null}`, `{"n":-1.5e+3,"m":+0,"t":true,"f":false,"z":null}`},
		{`{'single': 'it', "dq": 'say "hi"', e: 'a\'b', b: '\\', u: '\u00e9', d: "a\"b"}`, `{"single":"it","dq":"say \"hi\"","e":"a'b","b":"\\","u":"\u00e9","d":"a\"b"}`},
		{"\xEF\xBB\xBF{a: 1}", `{"a":1}`},
		{"{a: 1, // to the end\n b: 2 /* in\nbetween */, c: [1, 2,],}", "{\"a\":1,\n\"b\":2 ,\"c\":[1,2]}"},
		{"[1,/**/2,\t3\r\n,]", "[1, 2,\t3\r\n]"},
		{"{a: [[],{},],}", `{"a":[[],{}]}`},
		{"[1, /* c */ ]", `[1]`},
		{"[1,/**/]", `[1]`},
		{"[1, // to the end\n]", "[1\n]"},
		{"{a: 1,\t\r\n}", "{\"a\":1\t\r\n}"},
		{"[1, /* a */ /* b */ // c\n /**/ ]", "[1 \n ]"},
	} {
		r, err := relax([]byte(c.in))
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if got := strings.ReplaceAll(string(r.out), " ", ""); got != strings.ReplaceAll(c.want, " ", "") {
			t.Errorf("%q reads as %s, want %s", c.in, r.out, c.want)
		}
	}
}

// What a relaxed file holds decodes to the values its author wrote.
func TestRelaxedValues(t *testing.T) {
	t.Parallel()
	in := "\xEF\xBB\xBF// a tool\n{\n  name: 'tool_x', /* the name */ count: -12.5e+1,\n  tags: ['a', \"b\", 'c\\'d',],\n  obj: {inner: {deep: true,},},\n}\n"
	var warnings []string
	top, why := decodeFile([]byte(in), &warnings)
	if why != "" {
		t.Fatal(why)
	}
	got := map[string]any{}
	for k, v := range top {
		var x any
		if err := json.Unmarshal(v, &x); err != nil {
			t.Fatal(err)
		}
		got[k] = x
	}
	want := map[string]any{"name": "tool_x", "count": -125.0, "tags": []any{"a", "b", "c'd"},
		"obj": map[string]any{"inner": map[string]any{"deep": true}}}
	if !reflect.DeepEqual(got, want) || len(warnings) != 0 {
		t.Errorf("got %v (warnings %v), want %v", got, warnings, want)
	}
}

// A key given twice in one object is a warning naming its path; the same
// name in another object, or as a value or an array element, is not.
func TestRelaxedDuplicateKeys(t *testing.T) {
	t.Parallel()
	for in, want := range map[string][]string{
		`{"a": 1, "a": 2}`:                       {"$.a"},
		`{a: 1, 'a': 2, "b": {c: 1, c: 2}}`:      {"$.a", "$.b.c"},
		`{"x": [{"k": 1, k: 2}, {"k": 3}]}`:      {"$.x[0].k"},
		`{"x": [{}, [], {"k": 1, k: 2}]}`:        {"$.x[2].k"},
		`{"a": {"b": 1}, "b": 2}`:                nil,
		`{"x": "a", "a": 1}`:                     nil,
		`{"x": ["a", "a", a, a], "a": 1}`:        nil,
		`{"x": {"y": [1, {"y": 2}]}, "y": 3}`:    nil,
		`{"s": "k", k: 1, "t": [[k], {k: 2}]}`:   nil,
		`{"o": {}, o2: {"o": 1, "p": {"o": 2}}}`: nil,
	} {
		r, err := relax([]byte(in))
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if !reflect.DeepEqual(r.dups, want) {
			t.Errorf("%s: duplicates %v, want %v", in, r.dups, want)
		}
	}
}

// A broken file is refused naming the line and column of the problem in
// the file as written (comments and all), never with a panic, whatever
// byte it ends on.
func TestRelaxedErrorPositions(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"{\n  a: 1\n  b: 2\n}":                 "line 3, column 3",
		"{a: 1, /* note */ b: ?}":              "line 1, column 22",
		"// header\n{\n\ta: [1, 2 3]}":         "line 3, column 11",
		"{\"name\": \"x\"}\n{}":                "more than one JSON value in the file (after the first, at line 2, column 1)",
		"{a: 1} /* never closed":               "a /* comment at line 1, column 8 is never closed",
		"{a: 1}\r\n\r\n  /* open":              "line 3, column 3 is never closed",
		"{a: 'open":                            "the file ends before its JSON value does",
		"'open":                                "the file ends before its JSON value does",
		"{a: 1,":                               "the file ends before its JSON value does",
		"{a: 1}}":                              "more than one JSON value in the file (after the first, at line 1, column 7)",
		"{a: 1} \n ]":                          "at line 2, column 2",
		"]":                                    "line 1, column 1",
		": 1":                                  "line 1, column 1",
		"{a: 1}:":                              "at line 1, column 7",
		"{a: 1}/":                              "line 1, column 7",
		"{a: /":                                "line 1, column 5",
		"[1,/":                                 "line 1, column 4",
		"[1, // the file ends in a comment":    "the file ends before its JSON value does",
		"[1, /* never":                         "a /* comment at line 1, column 5 is never closed",
		"{a: 'a\\x'}":                          "line 1, column 8",
		"{a: \"\\u12\"}":                       "line 1, column 10",
		"{a: 1, b: [1,\n2,\n3,\n4,\n5,\n6 7]}": "line 6, column 3",
	} {
		var warnings []string
		_, why := decodeFile([]byte(in), &warnings)
		if !strings.Contains(why, want) {
			t.Errorf("%q: %q, want it to say %q", in, why, want)
		}
	}
}

// relax ends on every input, each construct also as the file's first
// byte (where a scan that steps back falls off the start): whitespace, a
// comment to the end of the line, a closing bracket, a trailing comma, a
// comma, a colon, an opening bracket, a byte no JSON starts with, a quoted
// string. Bounded, so that a scan that stops advancing fails the test
// instead of hanging it (the bound only matters when it fails); the cases
// stop at the first wrong one, so that a scan stepping back and forth
// cannot pile up output for long. Not parallel: it runs before the
// package's parallel tests, every one of which reads files through relax,
// so that under go test -failfast a relax that never ends fails here
// first instead of hanging them.
func TestRelaxAlwaysEnds(t *testing.T) {
	cases := []struct{ in, want string }{
		{" 1", " 1"},
		{"// c\n1", "\n1"},
		{"1 // c", "1 "},
		{"]", "]"},
		{",]", "]"},
		{",1", ",1"},
		{":1", ":1"},
		{"{}", "{}"},
		{"?", "?"},
		{"'a'", `"a"`},
		{"{a: [1, ?,], b: 'c'}", `{"a": [1, ?], "b": "c"}`},
		{"[1,// c\n]", "[1\n]"},
	}
	wrong := make(chan string, 1)
	go func() {
		for _, c := range cases {
			if got, err := relaxCaught(c.in); err != nil || got != c.want {
				wrong <- fmt.Sprintf("relax(%q) = %q, %v; want %q", c.in, got, err, c.want)
				return
			}
		}
		wrong <- ""
	}()
	select {
	case w := <-wrong:
		if w != "" {
			t.Fatal(w)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("relax did not end within 10 s on one of these inputs")
	}
}

// relaxCaught is relax's output for in, a panic returned as an error.
func relaxCaught(in string) (out string, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	r, err := relax([]byte(in))
	if err != nil {
		return "", err
	}
	return string(r.out), nil
}
