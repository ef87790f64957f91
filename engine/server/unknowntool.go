package server

import (
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/unitymcp/unitymcp/engine/api"
)

// A tools/call of a name no tool has is answered as a tool error result
// (isError, code unknown_tool, "did you mean", the tools there are), as
// REST and the CLI answer it and the README promises, instead of mcp-go's
// bare JSON-RPC error "tool not found". The daemon answers it before
// mcp-go sees the call (ownMessage).

// toolsCallMark is in every tools/call request body; serveOwn parses only
// the bodies that hold it (or the task marks).
var toolsCallMark = []byte(`"` + string(mcp.MethodToolsCall) + `"`)

// unknownToolCall answers m when it calls a tool project hash's catalog
// does not have; ok false for every other message.
func (s *Server) unknownToolCall(hash string, m api.Message) (answer []byte, ok bool) {
	if mcp.MCPMethod(m.Method) != mcp.MethodToolsCall || !m.IsRequest() {
		return nil, false
	}
	terr := s.eng.UnknownTool(hash, m.Name)
	if terr == nil || isTaskMessage(m) { // a task answers it itself (taskcalls.go)
		return nil, false
	}
	return resultAnswer(m.ID, toolResult(nil, terr)), true
}
