package server

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/unitymcp/unitymcp/engine/api"
)

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
