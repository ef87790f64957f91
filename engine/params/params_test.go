package params

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestCheckArgs(t *testing.T) {
	t.Parallel()
	params := []Param{
		P("Mode", "string", "m").OneOf("all", "exact", "regex").Def("all"),
		P("Count", "number", "c").Def(10),
		P("N", "integer", "n").Def(1),
		P("Flag", "boolean", "f").Def(false),
		P("Key", "string", "k").Must(),
		P("List", "array", "l").Of("string").Def([]string{}),
		P("Obj", "object", "o").Def(map[string]any{}),
		{Name: "Level", Type: "integer", EnumAny: []any{1.0, 2.0, 3.0}, Default: 1.0, HasDefault: true},
	}
	cases := []struct {
		name    string
		in      string
		want    map[string]any
		wantErr []string
	}{
		{"defaults filled", `{"Key":"W"}`, map[string]any{"Mode": "all", "Count": 10, "N": 1, "Flag": false, "Key": "W"}, nil},
		{"enum case-insensitive", `{"Key":"W","Mode":"EXACT"}`, map[string]any{"Mode": "exact"}, nil},
		{"enum by index", `{"Key":"W","Mode":2}`, map[string]any{"Mode": "regex"}, nil},
		{"bad enum", `{"Key":"W","Mode":"fuzzy"}`, nil, []string{`Mode must be one of all, exact, regex, got "fuzzy"`}},
		{"missing required", `{}`, nil, []string{"Key is required"}},
		{"wrong type", `{"Key":"W","Count":"ten"}`, nil, []string{`Count must be number, got string "ten"`}},
		{"integer not whole", `{"Key":"W","N":1.5}`, nil, []string{"N must be integer"}},
		{"array items", `{"Key":"W","List":["a",2]}`, nil, []string{"List[1] must be string"}},
		{"unknown key", `{"Key":"W","count":3}`, nil, []string{`unknown argument "count"`, "case-sensitive"}},
		{"null means default", `{"Key":"W","Count":null}`, map[string]any{"Count": 10}, nil},
		{"numeric enum", `{"Key":"W","Level":3}`, map[string]any{"Level": 3.0}, nil},
		{"numeric enum miss", `{"Key":"W","Level":4}`, nil, []string{"Level must be one of [1,2,3], got 4"}},
		{"several problems at once", `{"Flag":"yes"}`, nil, []string{"Key is required", "Flag must be boolean"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var in map[string]any
			if err := json.Unmarshal([]byte(c.in), &in); err != nil {
				t.Fatal(err)
			}
			got, terr := Check("tool", params, in)
			if c.wantErr != nil {
				if terr == nil {
					t.Fatalf("got %v, want an error containing %q", got, c.wantErr)
				}
				for _, w := range c.wantErr {
					if !strings.Contains(terr.Error(), w) {
						t.Errorf("message %q does not contain %q", terr.Error(), w)
					}
				}
				return
			}
			if terr != nil {
				t.Fatalf("unexpected error %v", terr)
			}
			for k, v := range c.want {
				gb, _ := json.Marshal(got[k])
				wb, _ := json.Marshal(v)
				if string(gb) != string(wb) {
					t.Errorf("%s = %s, want %s", k, gb, wb)
				}
			}
		})
	}
}

// EnumAny matches exactly (definition inputs): no case folding, no index;
// the type is checked too.
func TestExactEnum(t *testing.T) {
	t.Parallel()
	ps := []Param{{Name: "axis", Type: "string", EnumAny: []any{"x", "y", "z"}}, {Name: "n", Type: "integer", EnumAny: []any{1.0, "two"}}}
	checkEach(t, ps, []checkCase{
		{`{"axis":"y"}`, ""},
		{`{"axis":"Y"}`, `axis must be one of ["x","y","z"], got "Y"`},
		{`{"axis":1}`, `axis must be one of ["x","y","z"], got number 1`},
		{`{"n":1}`, ""},
		{`{"n":"two"}`, `n must be one of [1,"two"], got string "two"`},
	})
}

// checkCase is a call's arguments and the problem expected ("" = accepted).
type checkCase struct{ args, want string }

// checkEach checks each case's arguments, decoded as a call's are.
func checkEach(t *testing.T, ps []Param, cases []checkCase) {
	t.Helper()
	for _, c := range cases {
		in, err := Decode([]byte(c.args))
		if err != nil {
			t.Fatalf("%s: %v", c.args, err)
		}
		_, err = Check("tool", ps, in)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.args, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: got %v, want %q", c.args, err, c.want)
		}
	}
}

// Unknown arguments get a "did you mean"; every problem names its argument.
func TestCheckNamesTheArgument(t *testing.T) {
	t.Parallel()
	_, err := Check("get-logs", []Param{P("LogType", "string", "l").Def("All"), P("MaxCount", "number", "m").Def(100)}, map[string]any{"LogTyp": "Error", "MaxCount": "5"})
	e, ok := err.(*Error)
	if !ok || len(e.Problems) != 2 || strings.Join(e.Args, ",") != "MaxCount,LogTyp" {
		t.Fatalf("got %#v", err)
	}
	if !strings.Contains(e.Problems[1], `unknown argument "LogTyp" (did you mean "LogType"?)`) {
		t.Errorf("no did-you-mean: %s", e.Problems[1])
	}
}
