package server

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/unitymcp/unitymcp/engine/api"
)

var idSeeds = []string{`1`, `0`, `42`, `007`, `-1`, `1e3`, `1000`, `1000000`, `123456789012345`, `1234567890123456`,
	`12345678901234567890`, `1.5`, `"a"`, `""`, `"\u0041"`, `"A"`, `"with \"quote\""`, `"é"`, "\"\xff\"", `"tab	"`,
	` 7 `, ` "x" `, `null`, `{}`, `"\ud800"`, `"�"`}

// The shortcut of idKey gives the decoder's answer wherever it applies.
func TestIDKeyShortcutAgrees(t *testing.T) {
	t.Parallel()
	for _, id := range idSeeds {
		if got, want := idKey(json.RawMessage(id)), decodedIDKey(bytes.TrimSpace([]byte(id))); got != want {
			t.Errorf("idKey(%s) = %q; the decoder says %q", id, got, want)
		}
	}
	if idKey(json.RawMessage(`1000`)) != idKey(json.RawMessage(`1e3`)) || idKey(json.RawMessage(`"A"`)) != idKey(json.RawMessage(`"\u0041"`)) {
		t.Error("ids equal by value have different keys")
	}
}

func FuzzIDKey(f *testing.F) {
	for _, s := range idSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, id []byte) {
		if got, want := idKey(id), decodedIDKey(bytes.TrimSpace(id)); got != want {
			t.Fatalf("idKey(%q) = %q; the decoder says %q", id, got, want)
		}
	})
}

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
