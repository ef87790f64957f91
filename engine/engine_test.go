package engine

import (
	"encoding/json"
	"strings"
	"testing"
)

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
