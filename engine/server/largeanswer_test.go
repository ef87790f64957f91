package server

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/unitymcp/unitymcp/engine/api"
)

// compactSafe is true exactly for the JSON texts json.Marshal writes back
// unchanged: white space only inside strings (an escaped quote does not end
// one), none of the characters its HTML escaping rewrites anywhere.
//
// Not parallel, and first in this file: when the scan never ends, this
// fails before any test that would hang on it starts (go test -failfast).
func TestCompactSafe(t *testing.T) {
	cases := []struct {
		in   string
		want bool
	}{
		{``, false},
		{`1`, true},
		{`{"a":[1,"b c",null]}`, true},
		{`"tab\t and space "`, true},
		{`"a \" quote, then space"`, true},
		{`"a backslash \\" `, false},
		{`{"a": 1}`, false},
		{"[1,\n2]", false},
		{"[1,\r2]", false},
		{"[1,\t2]", false},
		{`"<b>"`, false},
		{`"a & b"`, false},
		{`"a > b"`, false},
		{"\"line\u2028sep\"", false},
		{"\"para\u2029sep\"", false},
		{"\"dash\u2014\"", true},
	}
	// Each case in a goroutine the test waits for with a bound: a scan that
	// does not end (a skipped byte stepped back over) fails here.
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, c := range cases {
			if got := compactSafe([]byte(c.in)); got != c.want {
				t.Errorf("compactSafe(%q) = %v, want %v", c.in, got, c.want)
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("compactSafe did not return")
	}
}

// A large tool answer written as it goes is the answer encodeAnswer
// builds whole, byte for byte, whatever its result holds (escapes, runes
// cut at the pieces' edges, white space and HTML characters json.Marshal
// rewrites in the structured content); what is not JSON is not split.
func TestLargeAnswerIsTheAnswer(t *testing.T) {
	t.Parallel()
	body := strings.Repeat(`{"Type":"Log","Message":"é \"q\" \\ \u003cb\u003e \t ☃"},`, 3000)
	for _, c := range []struct {
		name  string
		res   json.RawMessage
		terr  *api.ToolError
		split bool
	}{
		{"compact result", json.RawMessage(`{"Logs":[` + body + `{}],"Ver":"1"}`), nil, true},
		{"white space: json.Marshal compacts it", json.RawMessage(`{"Logs": [` + body + `{}]}`), nil, true},
		{"HTML characters: json.Marshal escapes them", json.RawMessage(`{"Logs":[` + body + `{"Message":"<b>&</b>` + "\u2028" + `"}]}`), nil, true},
		{"not JSON", json.RawMessage(`{"Logs":[` + body), nil, false},
		{"small", json.RawMessage(`{"Ver":"1"}`), nil, false},
		{"a large tool error", nil, api.Errorf(api.CodeInvalidParams, "%s", strings.Repeat("bad <input> é ", 10000)), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			resp := mcp.JSONRPCResponse{JSONRPC: "2.0", ID: mcp.NewRequestId(int64(7)), Result: toolResult(c.res, c.terr)}
			id := json.RawMessage(`"x-7"`)
			la := splitLarge(id, resp)
			if (la != nil) != c.split {
				t.Fatalf("split %v, want %v", la != nil, c.split)
			}
			if la == nil {
				return
			}
			var got bytes.Buffer
			if err := la.writeTo(&got); err != nil {
				t.Fatal(err)
			}
			if want := encodeAnswer(id, resp); !bytes.Equal(got.Bytes(), want) {
				i := 0
				for i < len(want) && i < got.Len() && want[i] == got.Bytes()[i] {
					i++
				}
				t.Fatalf("the answer written as it goes differs at byte %d of %d:\ngot  …%.80s\nwant …%.80s", i, len(want), got.Bytes()[i:], want[i:])
			}
		})
	}
}

// A result's text is written as it goes from one byte over
// streamResultAbove; one of exactly that size is encoded whole.
func TestSplitLargeThreshold(t *testing.T) {
	t.Parallel()
	for _, n := range []int{streamResultAbove, streamResultAbove + 1} {
		res := json.RawMessage(`{"s":"` + strings.Repeat("a", n-len(`{"s":""}`)) + `"}`)
		resp := mcp.JSONRPCResponse{JSONRPC: "2.0", ID: mcp.NewRequestId(int64(1)), Result: toolResult(res, nil)}
		if split, want := splitLarge(json.RawMessage(`1`), resp) != nil, n > streamResultAbove; split != want {
			t.Errorf("a result text of %d bytes (bound %d): split %v, want %v", len(res), streamResultAbove, split, want)
		}
	}
}
