package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
)

// The stdio stream: `unitymcp stdio` (engine/shim) keeps one connection to
// the daemon (engine/server/stream.go) and relays MCP over it. The shim opens
// it with GET PathStream upgraded to StreamProtocol (StreamRequest), after
// proving on that very connection that the daemon answers there (the
// token goes nowhere else); from then on both sides write JSON-RPC messages,
// one per line, exactly as MCP's stdio transport does. A message is read
// with ParseMessage on both sides, and the errors either side answers
// itself are written by ErrorAnswer. There are no other records: what the
// shim keeps across a daemon restart (the requests in flight, the client's
// initialize) it keeps for itself.
const (
	// PathStream is the stdio shim's one persistent connection.
	PathStream = "/mcp/stream"
	// StreamProtocol is the Upgrade token of PathStream.
	StreamProtocol = "unitymcp-stdio"
	// QueryProject pins a session (/mcp and PathStream): a project folder,
	// name or hash. QueryGroup filters its tool list (groups, comma-separated).
	QueryProject = "project"
	QueryGroup   = "group"
	// StreamReinitID is the id of the initialize the shim sends itself when
	// it starts the session again on a new connection (a restarted daemon):
	// its answer is the shim's, never the client's.
	StreamReinitID = `"unitymcp-stdio-reinitialize"`
)

// JSONRPCVersion is the "jsonrpc" member of every message of the stream
// and of the bridge.
const JSONRPCVersion = "2.0"

// JSON-RPC 2.0 error codes of the stream and the bridge.
const (
	RPCParseError     = -32700
	RPCInvalidRequest = -32600
	RPCMethodNotFound = -32601
	RPCInvalidParams  = -32602
	RPCInternalError  = -32603
	// RPCToolError (the bridge) carries a tool error; its data's code is the
	// tool error's code.
	RPCToolError = -32001
)

// StreamUpgraded is the daemon's answer to a StreamRequest it takes: the
// connection carries the stream's lines from the next byte on.
const StreamUpgraded = "HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: " + StreamProtocol + "\r\n\r\n"

// Request is the line of a request that one side of the stream makes
// itself: the daemon asking the client (roots/list), the shim starting a
// session again after a restart (initialize). id is JSON; params nil for
// none.
func Request(id json.RawMessage, method string, params json.RawMessage) []byte {
	b := append([]byte(`{"jsonrpc":"`+JSONRPCVersion+`","id":`), id...)
	b = append(b, `,"method":`...)
	m, _ := json.Marshal(method)
	b = append(b, m...)
	if params != nil {
		b = append(append(b, `,"params":`...), params...)
	}
	return append(b, '}')
}

// StreamRequest is the upgrade request for PathStream with the session's
// project and groups ("" for none), for the daemon at host with token.
func StreamRequest(host, token, project, group string) []byte {
	q := url.Values{}
	if project != "" {
		q.Set(QueryProject, project)
	}
	if group != "" {
		q.Set(QueryGroup, group)
	}
	target := PathStream
	if len(q) > 0 {
		target += "?" + q.Encode()
	}
	return []byte("GET " + target + " HTTP/1.1\r\nHost: " + host + "\r\nAuthorization: Bearer " + token +
		"\r\nConnection: Upgrade\r\nUpgrade: " + StreamProtocol + "\r\n\r\n")
}

// Message is what either side of the stream reads of a JSON-RPC message:
// a request has a method and an id, a notification a method and no id, a
// response an id and no method.
type Message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	// Name is params.name (the tool of a tools/call); Task says params.task
	// is there and not null (a tools/call to run as an MCP task).
	Name string `json:"-"`
	Task bool   `json:"-"`
}

// ErrBatch says a line is a JSON-RPC batch, which MCP does not have.
var ErrBatch = errors.New("JSON-RPC batches are not part of MCP; send one message per line")

// ParseMessage reads one line of the stream. A batch is ErrBatch; anything
// that is not a JSON object a parse error.
func ParseMessage(line []byte) (Message, error) {
	line = bytes.TrimSpace(line)
	if len(line) > 0 && line[0] == '[' {
		return Message{}, ErrBatch
	}
	var m Message
	if err := json.Unmarshal(line, &m); err != nil {
		return Message{}, fmt.Errorf("the message is not a JSON object: %w", err)
	}
	if len(m.ID) > 0 && string(m.ID) == "null" {
		m.ID = nil
	}
	if len(m.Params) > 0 && m.Params[0] == '{' {
		var p struct {
			Name string          `json:"name"`
			Task json.RawMessage `json:"task"`
		}
		if json.Unmarshal(m.Params, &p) == nil {
			m.Name, m.Task = p.Name, len(p.Task) > 0 && string(p.Task) != "null"
		}
	}
	return m, nil
}

// IsRequest reports whether m is a request (it has a method and an id).
func (m Message) IsRequest() bool { return m.Method != "" && PlainID(m.ID) }

// IsResponse reports whether m is a response (an id and no method).
func (m Message) IsResponse() bool { return m.Method == "" && len(m.ID) > 0 }

// ErrorAnswer is the JSON-RPC error answer to the request id (null when
// id is empty), with a unitymcp error code in its data when code is set.
func ErrorAnswer(id json.RawMessage, rpcCode int, code ErrorCode, message string) []byte {
	if len(bytes.TrimSpace(id)) == 0 {
		id = json.RawMessage("null")
	}
	e := struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
		Data    any    `json:"data,omitempty"`
	}{Code: rpcCode, Message: message}
	if code != "" {
		e.Message = code + ": " + message
		e.Data = map[string]string{"code": code}
	}
	b, err := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   any             `json:"error"`
	}{"2.0", id, e})
	if err != nil { // an id that is not JSON: answered as null
		return ErrorAnswer(nil, rpcCode, code, message)
	}
	return b
}
