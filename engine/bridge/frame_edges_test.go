package bridge

import (
	"strings"
	"testing"
)

// richFrames touch every branch of the one-pass decoder: every kind of
// value, escapes of each kind, numbers with fraction and exponent, nesting,
// whitespace of each kind between tokens.
var richFrames = []string{
	`{"jsonrpc":"2.0","id":-12.5e+3,"method":"tools/call","params":{"a":[true,false,null,0,-0.1E-2,"\"\\\/\b\f\n\r\t\u00aF\u09Af"],"o":{}}}`,
	"{\t\"jsonrpc\"\r:\n\"2.0\" ,\"id\":\"x\",\"result\":[ [] , {\"k\" : 1} ]}",
	`{"jsonrpc":"2.0","id":7,"result":{"s":"é ~","n":10,"z":0e0,"e":1E9}}`,
}

// edgeBytes are the bytes at the edges of the decoder's character classes.
var edgeBytes = []byte{0x00, 0x1f, ' ', '!', '"', '\\', '/', '0', '1', '9', ':', '@', 'A', 'F', 'G', 'a', 'e', 'f', 'g', 'E',
	'`', '+', '-', '.', ',', '[', ']', '{', '}', 't', 'n', 'u', '~', 0x7f, 0x80, 0xff}

// The one-pass decoder agrees with json.Unmarshal — same fields, an error
// exactly when it gives one — on every frame one edit away from a real
// one: each prefix (a frame cut short), and each byte replaced by a byte at
// the edge of a character class (a digit, a hex digit, a control
// character, a quote, a bracket…). The fuzz target explores further; this
// pins the edges in every go test run.
func TestDecodeFrameEdges(t *testing.T) {
	t.Parallel()
	for _, f := range richFrames {
		checkFrame(t, []byte(f))
		for n := 0; n < len(f); n++ {
			// Capacity exactly its length: a read past the end panics
			// instead of reading what happens to lie beyond it.
			checkFrame(t, []byte(f[:n])[:n:n])
		}
		for i := 0; i < len(f); i++ {
			for _, b := range edgeBytes {
				edited := []byte(f)
				edited[i] = b
				checkFrame(t, edited)
			}
		}
	}
	for _, f := range []string{
		`{"id":1e5}`, `{"id":-0}`, `{"id":0.0}`, `{"id":00}`, `{"id":-01}`, `{"id":1.5.}`, `{"id":1e+}`, `{"id":1e-5}`, `{"id":.5}`,
		`{"id":"\u0000"}`, `{"id":"\uD834\uDD1E"}`, `{"id":"\u"}`, `{"id":"\u0"}`, `{"id":"\u00"}`, `{"id":"\u000"}`, `{"id":"\`,
		`{"id":tr}`, `{"id":nul}`, `{"id":fals}`, `{"id":nulll}`, `{"a"}`, `{"a" 1}`, `{"a":}`, `{,}`, `{"a":1,,"b":2}`, `[`, `{"a":[}`,
		`{"a":[1 2]}`, `{"a":{"b":1 "c":2}}`, "{\"method\":\"a\x7fb\"}", `{"method":"a b"}`, `{"method":"~"}`, `{"method":""}`,
		`{"method":"\u0041"}`, `{"jsonrpc":2}`, `{"Method":"x","method":"y"}`, `{"method":"y","METHOD":"x"}`, ` null `, `nul`,
	} {
		checkFrame(t, []byte(f))
	}
	// The nesting limit, counted the same way inside each member.
	for _, levels := range []int{9999, 10000} {
		deep := strings.Repeat("[", levels) + strings.Repeat("]", levels)
		checkFrame(t, []byte(`{"result":{"a":`+deep[1:len(deep)-1]+`}}`))
		checkFrame(t, []byte(`{"id":1,"result":`+deep+`}`))
	}
}

// The frames of every call and its answer are decoded in one pass (the
// reason the decoder exists: json.Unmarshal reads each frame twice, the
// largest single cost of the editor hop). Printable ASCII of any kind in
// the jsonrpc and method strings (DEL included: JSON refuses only control
// characters below space), and anything in ids, params and results, stays
// on that path; only escapes and non-ASCII there, an error object and
// member names in another case leave it.
func TestDecodeFrameOnePass(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		frame    string
		onePass  bool
		wantMeth string
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"callId":"a","tool":"get-logs","arguments":{}}}`, true, "tools/call"},
		{`{"jsonrpc":"2.0","id":"s","result":{"x":"é\n","y":[-1.5e3]}}`, true, ""},
		{`{"jsonrpc":"2.0","method":" !~","params":null}`, true, " !~"},
		{`{"jsonrpc":"2.0","id":3,"error":null,"result":{}}`, true, ""},
		{`{"jsonrpc":"2.0","method":"caf\u00e9"}`, false, "café"},
		{`{"jsonrpc":"2.0","method":"é"}`, false, "é"},
		{"{\"jsonrpc\":\"2.0\",\"method\":\"a\x7f\"}", true, "a\x7f"}, // DEL is printable enough for JSON
		{`{"jsonrpc":"2.0","id":3,"error":{"code":1,"message":"m"}}`, false, ""},
		{`{"jsonrpc":"2.0","Method":"x"}`, false, "x"},
		{`{"jsonrpc":"2.0","m\u0065thod":"x"}`, false, "x"},
	} {
		var m message
		handled, _ := decodeFrameFast([]byte(c.frame), &m)
		if handled != c.onePass {
			t.Errorf("%s: one pass %v, want %v", c.frame, handled, c.onePass)
		}
		got, err := decodeFrame([]byte(c.frame))
		if err != nil || got.Method != c.wantMeth {
			t.Errorf("%s: method %q, %v; want %q", c.frame, got.Method, err, c.wantMeth)
		}
	}
}
