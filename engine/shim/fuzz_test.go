package shim

import (
	"bytes"
	"strings"
	"testing"
)

// The daemon's SSE answers as the shim reads them: any byte stream, no
// panic; a well-formed event stream gives back exactly its events' data.
//
//	go test -run XXX -fuzz FuzzReadSSE -fuzztime 60s ./engine/shim/
func FuzzReadSSE(f *testing.F) {
	for _, s := range []string{"event: message\ndata: {\"a\":1}\n\n", "data: x\r\ndata: y\r\n\r\n", ": ping\n\n", "data:", "\n\n\n", "id: 1\ndata: {}\n\ndata: []\n\n"} {
		f.Add(s, "")
	}
	f.Add("", "{\"jsonrpc\":\"2.0\"}")
	f.Fuzz(func(t *testing.T, stream, payload string) {
		var got [][]byte
		readSSE(strings.NewReader(stream), func(b []byte) { got = append(got, append([]byte(nil), b...)) })
		for _, g := range got {
			if len(g) == 0 {
				t.Fatalf("an empty event was emitted for %q", stream)
			}
		}
		// A stream we write ourselves from one single-line payload reads back as it.
		if payload == "" || strings.ContainsAny(payload, "\r\n") {
			return
		}
		got = nil
		readSSE(strings.NewReader("event: message\ndata: "+payload+"\n\n"), func(b []byte) { got = append(got, append([]byte(nil), b...)) })
		want := payload // the one space after "data:" is the field's, not the payload's
		if len(got) != 1 || !bytes.Equal(got[0], []byte(want)) {
			t.Fatalf("payload %q read back as %q", payload, got)
		}
	})
}
