package server

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"
	"github.com/unitymcp/unitymcp/engine/catalog"
)

// The modern fast path leaves tools whose parameters may travel in
// Mcp-Param headers to mcp-go, judged from the engine's own tool.
func TestTakesHeaderParams(t *testing.T) {
	for _, c := range []struct {
		schema string
		want   bool
	}{
		{`{"type":"object","properties":{"a":{"type":"string"}}}`, false},
		{`{"type":"object","properties":{"o":{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"}}}}}`, true},
		{`{"type":"object","properties":{"r":{"type":"string","x-mcp-header" : "R"}}}`, true},
	} {
		if got := takesHeaderParams(&catalog.Tool{Schema: json.RawMessage(c.schema)}); got != c.want {
			t.Errorf("%s: %v, want %v", c.schema, got, c.want)
		}
	}
	if !takesHeaderParams(nil) {
		t.Error("an unknown tool must be left to mcp-go")
	}
}

// A tool whose x-mcp-header annotations mcp-go refuses is left out of the
// front's tools with a warning; mcp-go's SetTools would panic on it (an
// editor declares its tools' schemas as it likes).
func TestSetToolsSkipsInvalidHeaderAnnotations(t *testing.T) {
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	f := &front{srv: mcpserver.NewMCPServer("t", "0")}
	bad := mcp.NewToolWithRawSchema("bad", "", json.RawMessage(
		`{"type":"object","properties":{"o":{"type":"object","x-mcp-header":"Obj"}}}`))
	good := mcp.NewToolWithRawSchema("good", "", json.RawMessage(`{"type":"object"}`))
	if mcp.ValidateParamHeaderAnnotations(&bad) == nil {
		t.Fatal("the test's bad tool is valid to mcp-go")
	}
	f.setTools([]mcpserver.ServerTool{{Tool: bad}, {Tool: good}}, log)
	if f.srv.GetTool("bad") != nil || f.srv.GetTool("good") == nil {
		t.Fatalf("bad kept %v, good kept %v", f.srv.GetTool("bad") != nil, f.srv.GetTool("good") != nil)
	}
	if !bytes.Contains(logs.Bytes(), []byte("tool=bad")) {
		t.Fatalf("no warning names the tool left out: %s", logs.String())
	}
}
