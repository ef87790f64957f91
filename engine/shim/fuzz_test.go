package shim

import (
	"bytes"
	"encoding/json"
	"testing"
)

// leadingID, which names the answer to a message too large to send from
// the message's first bytes, finds the id only where the object holds it
// whole before anything cut short: for every cut of a valid object it
// answers nothing or what it answers for the whole, and what it answers
// is the value of a top-level "id" member.
//
//	go test -run XXX -fuzz FuzzLeadingID -fuzztime 60s ./engine/shim/
func FuzzLeadingID(f *testing.F) {
	for _, s := range []string{`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x"}}`,
		`{"method":"tools/call","params":{"arguments":{"id":3}},"id":"a"}`, `{"id":"a\"b","method":"ping"}`,
		`{"ID":1}`, `{"id":null}`, `{"id":{"x":1}}`, ` { "id" : 1e3 } `, `[]`, `{`, `{"id":`} {
		f.Add([]byte(s), uint(5))
	}
	f.Fuzz(func(t *testing.T, b []byte, cut uint) {
		whole := leadingID(b) // never panics, on anything
		if !json.Valid(b) {
			return
		}
		if whole != nil {
			var m map[string]json.RawMessage
			if json.Unmarshal(b, &m) != nil {
				t.Fatalf("leadingID(%s) = %s, but it is not an object", b, whole)
			}
			found := false
			d := json.NewDecoder(bytes.NewReader(b))
			d.Token()
			for d.More() {
				k, _ := d.Token()
				var v json.RawMessage
				d.Decode(&v)
				found = found || (k == "id" && bytes.Equal(v, whole))
			}
			if !found {
				t.Fatalf("leadingID(%s) = %s, which is no top-level id member", b, whole)
			}
		}
		k := int(cut % uint(len(b)+1))
		if part := leadingID(b[:k]); part != nil && !bytes.Equal(part, whole) {
			t.Fatalf("leadingID of %q cut at %d = %s; of the whole %s", b, k, part, whole)
		}
	})
}
