package server

import (
	"encoding/json"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"
)

// The modern fast path leaves tools whose parameters travel in Mcp-Param
// headers to mcp-go; the front finds them once per tool set, and a tool
// set that changes is read again.
func TestFrontHeaderTools(t *testing.T) {
	f := &front{srv: mcpserver.NewMCPServer("t", "0")}
	if !f.hasHeaderParams("any") {
		t.Fatal("before any tool set, every tool must count as having header parameters")
	}
	plain := mcp.NewToolWithRawSchema("plain", "", json.RawMessage(`{"type":"object","properties":{"a":{"type":"string"}}}`))
	headed := mcp.NewToolWithRawSchema("headed", "", json.RawMessage(
		`{"type":"object","properties":{"o":{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"}}}}}`))
	f.setTools([]mcpserver.ServerTool{{Tool: plain}, {Tool: headed}})
	if f.hasHeaderParams("plain") || !f.hasHeaderParams("headed") {
		t.Fatalf("plain %v, headed %v: want false, true", f.hasHeaderParams("plain"), f.hasHeaderParams("headed"))
	}
	if f.srv.GetTool("headed") == nil {
		t.Fatal("setTools did not give the server its tools")
	}
	// The same name, now without header parameters (a definition edited).
	f.setTools([]mcpserver.ServerTool{{Tool: mcp.NewToolWithRawSchema("headed", "", json.RawMessage(`{"type":"object"}`))}})
	if f.hasHeaderParams("headed") {
		t.Fatal("a tool that lost its header parameters still counts as having them")
	}
}
