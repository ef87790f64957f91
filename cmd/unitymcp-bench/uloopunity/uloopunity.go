// Package uloopunity is a TEST TOOL: a stand-in for the Unity side of
// hatayama/uLoopMCP (its McpBridgeServer), so that uLoop's TypeScript MCP
// server can be measured beside unitymcp on a machine without Unity
// (engine/e2e/uloop_test.go). It speaks that server's wire protocol as its
// sources describe it — JSON-RPC 2.0 over TCP, each message framed by a
// "Content-Length: N" header and a blank line — and answers what the server
// asks at start-up (set-client-name, get-tool-details, getAvailableTools,
// ping) and get-logs, with the get-logs answer shaped like editorsim's (no
// entries). It is not uLoop's code and never says it is Unity.
package uloopunity

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
)

// Serve answers connections on ln until it is closed.
func Serve(ln net.Listener) error {
	for {
		c, err := ln.Accept()
		if err != nil {
			return err
		}
		go serve(c)
	}
}

// getLogs is the answer to get-logs: editorsim's get-logs object with no
// entries, plus the Ver field uLoop's editor adds.
const getLogs = `{"TotalCount":0,"DisplayedCount":0,"LogType":"All","MaxCount":100,"SearchText":"","IncludeStackTrace":false,"Logs":[],"Ver":"2.1.1"}`

// toolDetails lists get-logs with the parameter schema uLoop's editor
// declares for it.
func toolDetails() []byte {
	p := func(typ, desc string, def any, enum []string) map[string]any {
		return map[string]any{"Type": typ, "Description": desc, "DefaultValue": def, "Enum": enum}
	}
	b, _ := json.Marshal(map[string]any{"Tools": []any{map[string]any{"name": "get-logs",
		"description": "Retrieve logs from Unity Console", "displayDevelopmentOnly": false,
		"parameterSchema": map[string]any{"Properties": map[string]any{
			"LogType":            p("string", "Log type to filter (Error, Warning, Log, All)", "All", []string{"Log", "Warning", "Error", "All"}),
			"MaxCount":           p("integer", "Maximum number of logs to retrieve", 100, nil),
			"SearchText":         p("string", "Text to search within log messages (retrieve all if empty)", "", nil),
			"UseRegex":           p("boolean", "Whether to use regular expression for search", false, nil),
			"SearchInStackTrace": p("boolean", "Whether to search within stack trace as well", false, nil),
			"IncludeStackTrace":  p("boolean", "Whether to display stack trace", false, nil),
		}, "Required": []string{}}}}, "Ver": "2.1.1"})
	return b
}

func serve(c net.Conn) {
	defer c.Close()
	r := bufio.NewReaderSize(c, 64<<10)
	w := bufio.NewWriter(c)
	details := toolDetails()
	for {
		n := -1
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimRight(line, "\r\n")
			if line == "" {
				break
			}
			if k, v, ok := strings.Cut(line, ":"); ok && strings.EqualFold(strings.TrimSpace(k), "Content-Length") {
				n, _ = strconv.Atoi(strings.TrimSpace(v))
			}
		}
		if n < 0 || n > 32<<20 {
			continue
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(r, body); err != nil {
			return
		}
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if json.Unmarshal(body, &req) != nil || len(req.ID) == 0 {
			continue // a notification
		}
		var resp bytes.Buffer
		switch req.Method {
		case "get-logs":
			fmt.Fprintf(&resp, `{"jsonrpc":"2.0","id":%s,"result":%s}`, req.ID, getLogs)
		case "set-client-name":
			fmt.Fprintf(&resp, `{"jsonrpc":"2.0","id":%s,"result":{"Message":"Client name set","ClientName":"","Ver":"2.1.1"}}`, req.ID)
		case "get-tool-details":
			fmt.Fprintf(&resp, `{"jsonrpc":"2.0","id":%s,"result":%s}`, req.ID, details)
		case "getAvailableTools":
			fmt.Fprintf(&resp, `{"jsonrpc":"2.0","id":%s,"result":["get-logs"]}`, req.ID)
		case "ping":
			fmt.Fprintf(&resp, `{"jsonrpc":"2.0","id":%s,"result":{"Message":"ping","Ver":"2.1.1"}}`, req.ID)
		default:
			m, _ := json.Marshal("method not found: " + req.Method)
			fmt.Fprintf(&resp, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":%s}}`, req.ID, m)
		}
		fmt.Fprintf(w, "Content-Length: %d\r\n\r\n", resp.Len())
		w.Write(resp.Bytes())
		if w.Flush() != nil {
			return
		}
	}
}
