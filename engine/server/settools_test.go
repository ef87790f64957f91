package server

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"
)

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
