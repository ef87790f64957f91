package engine

import (
	"encoding/json"
	"strings"
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

// The editor knows a session by a hash of its key, never the key (an
// Mcp-Session-Id is a capability); calls without a session are "cli".
func TestEditorSession(t *testing.T) {
	t.Parallel()
	mcp := editorSession("mcp:3b2f0c1e-8d47-4f0a-9c55-1d2e3f405162")
	if len(mcp) != 16 || strings.Trim(mcp, "0123456789abcdef") != "" || strings.Contains("mcp:3b2f0c1e-8d47-4f0a-9c55-1d2e3f405162", mcp) {
		t.Errorf("mcp session → %q, want 16 hex digits of a hash", mcp)
	}
	if mcp != editorSession("mcp:3b2f0c1e-8d47-4f0a-9c55-1d2e3f405162") {
		t.Error("not stable")
	}
	if hdr := editorSession("hdr:3b2f0c1e-8d47-4f0a-9c55-1d2e3f405162"); hdr == mcp || len(hdr) != 16 {
		t.Errorf("a header session %q collides with the MCP session of the same id", hdr)
	}
	for _, none := range []string{"rest", "stateless", ""} {
		if got := editorSession(none); got != "cli" {
			t.Errorf("%q → %q, want cli", none, got)
		}
	}
}
