package engine

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
		{"several problems at once", `{"Flag":"yes"}`, nil, []string{"Key is required", "Flag must be boolean"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var in map[string]any
			if err := json.Unmarshal([]byte(c.in), &in); err != nil {
				t.Fatal(err)
			}
			got, terr := CheckArgs("tool", params, in)
			if c.wantErr != nil {
				if terr == nil {
					t.Fatalf("got %v, want an error containing %q", got, c.wantErr)
				}
				if terr.Code != CodeInvalidParams {
					t.Errorf("code %s, want %s", terr.Code, CodeInvalidParams)
				}
				for _, w := range c.wantErr {
					if !strings.Contains(terr.Message, w) {
						t.Errorf("message %q does not contain %q", terr.Message, w)
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

func TestWithVer(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`{}`:              `{"Ver":"` + Version + `"}`,
		`{"a":1}`:         `{"a":1,"Ver":"` + Version + `"}`,
		` {"a":1} `:       `{"a":1,"Ver":"` + Version + `"}`,
		`{"Ver":"old"}`:   `{"Ver":"` + Version + `"}`,
		`{"x":"\"Ver\""}`: `{"x":"\"Ver\"","Ver":"` + Version + `"}`,
	} {
		got, terr := withVer(json.RawMessage(in))
		if terr != nil || string(got) != want {
			t.Errorf("withVer(%s) = %s, %v; want %s", in, got, terr, want)
		}
	}
	if _, terr := withVer(json.RawMessage(`[1]`)); terr == nil {
		t.Error("withVer accepted an array")
	}
}

func TestParseGroups(t *testing.T) {
	t.Parallel()
	g, terr := ParseGroups(" Input, build ")
	if terr != nil || len(g) != 2 || g[0] != "input" || g[1] != "build" {
		t.Fatalf("got %v %v", g, terr)
	}
	if _, terr := ParseGroups("inputs"); terr == nil || !strings.Contains(terr.Message, "diagnostics") {
		t.Fatalf("unknown group not rejected with the list: %v", terr)
	}
}
