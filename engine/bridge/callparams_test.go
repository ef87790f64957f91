package bridge

import (
	"encoding/json"
	"reflect"
	"testing"
)

var callParamsSeeds = []string{
	`{"callId":"c-1","tool":"get-logs","arguments":{"IncludeStackTrace":false,"LogType":"All","MaxCount":100,"SearchText":""},"deadlineMs":1764600000000,"session":"3f9a1c07d2e4b6a8"}`,
	`{"callId":"c","tool":"t","arguments":{"a":{"b":[1,"x",null]},"c":[],"d":-0.5e-3,"e":true,"f":null,"g":"\u00e9","h":"é"}}`,
	`{"callId":"c","tool":"t","arguments":null}`, `{"callId":"c","tool":"t"}`, `{"callId":"c","tool":"t","arguments":{}}`,
	`{"callId":"c","tool":"t","arguments":[]}`, `{"callId":"c","tool":5}`, `{"callId":null,"tool":"t"}`,
	`{"CallID":"c","tool":"t"}`, `{"callId":"a","callId":"b"}`, `{"arguments":{"k":1,"k":2}}`, `{"arguments":{"k":1},"arguments":{"j":2}}`,
	`{"deadlineMs":1.5}`, `{"deadlineMs":1e3}`, `{"deadlineMs":-7}`, `{"deadlineMs":99999999999999999999}`, `{"deadlineMs":"1"}`,
	`{"arguments":{"n":1e999}}`, `{"arguments":{"n":-0}}`, `{"arguments":{"\u006b":1}}`, `{"other":{"x":[1,2]},"tool":"t"}`,
	`{"session":"a\"b"}`, ` { "tool" : "t" , "arguments" : { "a" : 1 } } `, `null`, `[]`, `"s"`, `{}`, ``, `{`, `{"tool":"t"} x`,
	`{"arguments":{"a":01}}`, `{"arguments":{"a":tru}}`, "{\"tool\":\"\xff\"}", `{"TOOL":"x"}`, `{"Arguments":{}}`,
}

// ParseCallParams must agree with json.Unmarshal on every input: the same
// fields, and an error exactly when json.Unmarshal gives one.
func checkCallParams(t *testing.T, data []byte) {
	t.Helper()
	var want CallParams
	werr := json.Unmarshal(data, &want)
	got, gerr := ParseCallParams(data)
	if (werr == nil) != (gerr == nil) {
		t.Fatalf("params %q: ParseCallParams error %v, json.Unmarshal error %v", data, gerr, werr)
	}
	if werr == nil && !reflect.DeepEqual(got, want) {
		t.Fatalf("params %q:\n got %#v\nwant %#v", data, got, want)
	}
}

func TestParseCallParamsAgreesWithEncodingJSON(t *testing.T) {
	t.Parallel()
	for _, s := range callParamsSeeds {
		checkCallParams(t, []byte(s))
	}
	// What the daemon writes takes the one-pass path.
	p := CallParams{CallID: "c-1", Tool: "get-logs", Arguments: map[string]any{"MaxCount": 100.0, "LogType": "All", "x": nil, "b": true, "at": []any{1.0, "x"}, "nested": map[string]any{"k": false}},
		DeadlineMs: 1764600000000, Session: "3f9a1c07d2e4b6a8"}
	b, err := appendParams(nil, p)
	if err != nil {
		t.Fatal(err)
	}
	var fast CallParams
	if !parseCallParamsFast(b, &fast) || !reflect.DeepEqual(fast, p) {
		t.Errorf("the daemon's params %s: one pass %v, %#v", b, parseCallParamsFast(b, &fast), fast)
	}
}

// go test -run XXX -fuzz FuzzParseCallParams -fuzztime 60s ./engine/bridge/
func FuzzParseCallParams(f *testing.F) {
	for _, s := range callParamsSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkCallParams(t, data) })
}
