package engine

import (
	"encoding/json"
	"testing"

	"github.com/unitymcp/unitymcp/engine/api"
)

func TestWithVer(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`{}`:              `{"Ver":"` + api.Version + `"}`,
		`{"a":1}`:         `{"a":1,"Ver":"` + api.Version + `"}`,
		` {"a":1} `:       `{"a":1,"Ver":"` + api.Version + `"}`,
		`{"Ver":"old"}`:   `{"Ver":"` + api.Version + `"}`,
		`{"x":"\"Ver\""}`: `{"x":"\"Ver\"","Ver":"` + api.Version + `"}`,
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
