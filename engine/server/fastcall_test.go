package server

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/unitymcp/unitymcp/engine/api"
)

var resultSeeds = []string{`{"a":1}`, `{ "a" : [1, 2] ,"b":"<tag>&amp;"}`, `{"u":"é\u2028"}`, `[]`, `"s"`, `null`, ``, `{"x":"\u003c"}`}

// encodeToolResult writes the bytes json.Marshal writes for the mcp-go
// CallToolResult of the same answer (results and tool errors).
func TestEncodeToolResultMatchesMCPGo(t *testing.T) {
	t.Parallel()
	for _, r := range resultSeeds {
		checkEncodeToolResult(t, json.RawMessage(r), nil)
	}
	checkEncodeToolResult(t, nil, api.Errorf(api.CodeInvalidParams, "bad <value> & more"))
	if _, err := encodeToolResult(json.RawMessage(`{"a":`), nil); err == nil {
		t.Error("invalid JSON from the engine was encoded")
	}
}

func checkEncodeToolResult(t *testing.T, res json.RawMessage, terr *api.ToolError) {
	t.Helper()
	want, werr := json.Marshal(toolResult(res, terr))
	got, gerr := encodeToolResult(res, terr)
	if (werr == nil) != (gerr == nil) || !bytes.Equal(got, want) {
		t.Fatalf("result %q: got %s (%v); mcp-go's marshal gives %s (%v)", res, got, gerr, want, werr)
	}
}

func FuzzEncodeToolResult(f *testing.F) {
	for _, s := range resultSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, res []byte) { checkEncodeToolResult(t, res, nil) })
}
