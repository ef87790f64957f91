package shim

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/unitymcp/unitymcp/engine/api"
)

// responseID agrees with encoding/json on which messages are responses and
// what their id is, for any input that is a JSON object, under the rule it
// documents: members in order, a method means not a response, a result or
// error after the id ends the scan.
//
//	go test -run XXX -fuzz FuzzResponseID -fuzztime 60s ./engine/shim/
func FuzzResponseID(f *testing.F) {
	for _, s := range []string{`{"jsonrpc":"2.0","id":1,"result":{}}`, `{"jsonrpc":"2.0","id":"a","error":{"code":1}}`,
		`{"jsonrpc":"2.0","method":"notifications/message","params":{}}`, `{"jsonrpc":"2.0","id":3,"method":"ping"}`,
		`{"result":{"x":"}"},"id":7}`, ` { "id" : 1e3 , "result" : [1,{"a":"\""}] } `, `{"id":null,"error":{}}`, `[]`, `{`, `{"id":}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		id, ok := responseID(b) // never panics, on anything
		if !json.Valid(b) || bytes.IndexByte(b, '\\') >= 0 {
			return // the daemon writes valid JSON; escaped keys are not compared
		}
		d := json.NewDecoder(bytes.NewReader(b))
		if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
			return
		}
		var wantID json.RawMessage
		wantOK, decided := false, false
		for d.More() && !decided {
			k, _ := d.Token()
			var v json.RawMessage
			if d.Decode(&v) != nil {
				return
			}
			switch k {
			case "id":
				wantID = v
			case "method":
				wantOK, decided = false, true
			case "result", "error":
				if wantID != nil {
					wantOK, decided = true, true
				}
			}
		}
		if !decided {
			wantOK = wantID != nil
		}
		if ok != wantOK || (ok && api.IDKey(id) != api.IDKey(wantID)) {
			t.Fatalf("responseID(%s) = %s %v; encoding/json says %s %v", b, id, ok, wantID, wantOK)
		}
	})
}

// requestHead, where it answers, gives what json.Unmarshal into a head
// gives; where it does not, handle decodes.
//
//	go test -run XXX -fuzz FuzzRequestHead -fuzztime 60s ./engine/shim/
func FuzzRequestHead(f *testing.F) {
	for _, s := range []string{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get-logs","arguments":{}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`, `{"id":"a\"b","method":"ping","params":null}`,
		`{"ID":1,"method":"ping"}`, `{"id":1,"id":2}`, `{"method":"a","method":null}`, `{"params":{"name":"a"},"params":{}}`,
		`{"params":{"name":"a","name":null}}`, `{"params":{"Name":"x"}}`, `{"params":[]}`, `{"method":5}`, `null`, `5`, `{`,
		`{"paramſ":{"name":"x"}}`, `{"me\u0074hod":"x"}`, `{"params":{"name":"\u0041"}}`, ` {"id" : 1e3 , "method":"x"} `,
		`{"PARAMS":{"name":"x"}}`, `{"params":{"nAmE":"x"}}`, `{"Method":"x","method":"y"}`, `{"ıd":1,"id":2}`,
		`{"id":"\u212a","method":"tools/call"}`, `{"id":"a\\b"}`, `{"jsonrpc":"2.0","params":{"name":"x","arguments":{"name":"y"}}}`,
		"{\"params\":{\"name\":\"\x8f\"}}"} { // the last: not UTF-8, which a decode replaces
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got, ok := requestHead(b) // never panics, on anything
		if !ok {
			return
		}
		var want head
		if err := json.Unmarshal(b, &want); err != nil {
			t.Fatalf("requestHead(%s) answered, but json.Unmarshal fails: %v", b, err)
		}
		if string(got.ID) != string(want.ID) || got.Method != want.Method || got.Params.Name != want.Params.Name {
			t.Fatalf("requestHead(%s) = %q %q %q; json.Unmarshal gives %q %q %q", b, got.ID, got.Method, got.Params.Name, want.ID, want.Method, want.Params.Name)
		}
	})
}
