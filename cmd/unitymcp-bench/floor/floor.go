// Package floor holds the floors of the tool-call benchmarks: servers that
// answer what a unitymcp daemon answers with as little in between as
// possible. The in-process benchmarks (engine/e2e/overhead_test.go) serve
// them in the test process; the deployed-shape benchmark runs each as its own
// process (unitymcp-bench -floor MODE).
package floor

import (
	"context"
	"encoding/json"
	"io"
	"net/http"

	"github.com/coder/websocket"
	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"
)

// EchoJSON is the answer every target gives: a get-logs-shaped result.
const EchoJSON = `{"DisplayedCount":0,"IncludeStackTrace":false,"LogType":"All","Logs":[],"MaxCount":100,"SearchText":"","TotalCount":0,"Ver":"0.1.0-dev"}`

// Frame is a bridge answer frame of the size the editor sends for EchoJSON:
// what the WebSocket and raw-HTTP floors carry each way.
var Frame = []byte(`{"jsonrpc":"2.0","id":1,"result":` + EchoJSON + `}`)

// Plain is the loopback floor (b): a plain net/http handler that speaks just
// enough Streamable HTTP (2025) for an SDK client and answers every
// tools/call with EchoJSON.
func Plain() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		body, _ := io.ReadAll(r.Body)
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		json.Unmarshal(body, &m)
		if len(m.ID) == 0 {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		var result string
		switch m.Method {
		case "initialize":
			w.Header().Set("Mcp-Session-Id", "plain")
			result = `{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"plain","version":"1"}}`
		case "tools/list":
			result = `{"tools":[{"name":"get-logs","inputSchema":{"type":"object"}}]}`
		default:
			q, _ := json.Marshal(EchoJSON)
			result = `{"content":[{"type":"text","text":` + string(q) + `}],"structuredContent":` + EchoJSON + `}`
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"jsonrpc":"2.0","id":`+string(m.ID)+`,"result":`+result+`}`)
	})
}

// MCPGo is floor (a): a bare mcp-go server whose tool answers in-process —
// what the MCP stack costs with no routing, catalog or editor hop.
func MCPGo() http.Handler {
	s := mcpserver.NewMCPServer("bare", "1", mcpserver.WithToolCapabilities(true))
	s.AddTool(mcp.NewToolWithRawSchema("get-logs", "echo", json.RawMessage(`{"type":"object"}`)),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent(EchoJSON)}, StructuredContent: json.RawMessage(EchoJSON)}, nil
		})
	return mcpserver.NewStreamableHTTPServer(s)
}

// MCPGoHop is floor (c): floor (a) whose tool first sends Frame to the
// WebSocket echo at echo (the wsecho floor, another process) and reads it
// back — an MCP server that reaches an editor with nothing of its own in
// between: what any daemon that forwards a call to an editor costs at
// least, against which the guard's 1.5 × floor (a) can be read.
// Connections are kept for the next call (one per call in flight).
func MCPGoHop(echo string) http.Handler {
	idle := make(chan *websocket.Conn, 64)
	s := mcpserver.NewMCPServer("bare+hop", "1", mcpserver.WithToolCapabilities(true))
	s.AddTool(mcp.NewToolWithRawSchema("get-logs", "echo through a WebSocket hop", json.RawMessage(`{"type":"object"}`)),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var c *websocket.Conn
			select {
			case c = <-idle:
			default:
				var err error
				if c, _, err = websocket.Dial(context.Background(), "ws://"+echo+"/", nil); err != nil {
					return nil, err
				}
			}
			if err := c.Write(ctx, websocket.MessageText, Frame); err != nil {
				c.CloseNow()
				return nil, err
			}
			if _, _, err := c.Read(ctx); err != nil {
				c.CloseNow()
				return nil, err
			}
			select {
			case idle <- c:
			default:
				c.CloseNow()
			}
			return &mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent(EchoJSON)}, StructuredContent: json.RawMessage(EchoJSON)}, nil
		})
	return mcpserver.NewStreamableHTTPServer(s)
}

// WSEcho is a WebSocket server (the bridge's library) that echoes every
// message: the physical floor of the editor hop.
func WSEcho() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		for {
			typ, data, err := c.Read(r.Context())
			if err != nil {
				return
			}
			if c.Write(r.Context(), typ, data) != nil {
				return
			}
		}
	})
}

// Raw answers every request with Frame: a raw HTTP round trip, the physical
// floor of the client's hop.
func Raw() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.Write(Frame)
	})
}

// Modes names the floors for unitymcp-bench -floor; arg is -echo's value
// (the WebSocket echo floor (c) reaches).
var Modes = map[string]func(arg string) http.Handler{
	"plain": func(string) http.Handler { return Plain() }, "mcpgo": func(string) http.Handler { return MCPGo() },
	"wsecho": func(string) http.Handler { return WSEcho() }, "raw": func(string) http.Handler { return Raw() },
	"mcpgohop": MCPGoHop,
}
