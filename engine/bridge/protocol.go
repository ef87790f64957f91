// Package bridge is the daemon ⇄ Unity Editor link: a WebSocket on the
// daemon's listener carrying JSON-RPC 2.0 both ways (protocol in
// docs/bridge-protocol.md). Editors dial the daemon, say hello, serve tool
// calls and emit events; the Hub keeps one entry per project and holds calls
// while an editor goes through a domain reload.
package bridge

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/jsonenc"
)

// ProtocolVersion is the bridge protocol version this daemon speaks.
const ProtocolVersion = api.BridgeProtocol

// Methods: the records of engine/api (bridge.go), by their names here.
const (
	MethodHello  = api.BridgeHello
	MethodCall   = api.BridgeCall
	MethodCancel = api.BridgeCancel
	MethodPing   = api.BridgePing
	MethodEvent  = api.BridgeEvent
)

// Hello is the editor's first request.
type Hello struct {
	Protocol       int                `json:"protocol"`
	ProjectPath    string             `json:"projectPath"`
	DataPath       string             `json:"dataPath"`
	ProductName    string             `json:"productName"`
	UnityVersion   string             `json:"unityVersion"`
	PID            int                `json:"pid"`
	PackageVersion string             `json:"packageVersion"`
	Simulator      bool               `json:"simulator,omitempty"`
	Tools          []string           `json:"tools"`
	DeclaredTools  []api.DeclaredTool `json:"declaredTools"`
	// Delivered carries results of calls that spanned a domain reload.
	Delivered []Delivery `json:"delivered,omitempty"`
	// Compiling is true when the editor is compiling as it says hello.
	Compiling bool `json:"compiling,omitempty"`
}

// HelloResult answers a hello.
type HelloResult struct {
	DaemonVersion string `json:"daemonVersion"`
	ProjectHash   string `json:"projectHash"`
	HeartbeatMs   int    `json:"heartbeatMs"`
}

// CallParams is the params of tools/call.
type CallParams struct {
	CallID    string         `json:"callId"`
	Tool      string         `json:"tool"`
	Arguments map[string]any `json:"arguments"`
	// DeadlineMs is the Unix time in milliseconds after which the daemon
	// no longer waits for the answer.
	DeadlineMs int64 `json:"deadlineMs,omitempty"`
	// Session is the opaque, stable id of the MCP session the call came
	// from ("cli" for none): the editor keeps each session's undo steps
	// apart, so undo and redo take back only the caller's own calls. Not
	// the Mcp-Session-Id (a capability on Streamable HTTP): a hash of it.
	Session string `json:"session,omitempty"`
}

// appendJSON appends p as json.Marshal writes it, without reflection
// (json.Marshal of the struct, then of its arguments map, was ~8 %, then
// ~7 % of the daemon's CPU per call: docs/performance.md); arguments of a
// type jsonenc does not write are json.Marshal's. FuzzCallParamsJSON holds
// it to json.Marshal.
func (p *CallParams) appendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"callId":`...)
	b = jsonenc.String(b, p.CallID)
	b = append(b, `,"tool":`...)
	b = jsonenc.String(b, p.Tool)
	b = append(b, `,"arguments":`...)
	if out, ok := jsonenc.Value(b, p.Arguments); ok {
		b = out
	} else {
		args, err := json.Marshal(p.Arguments)
		if err != nil {
			return nil, err
		}
		b = append(b, args...)
	}
	if p.DeadlineMs != 0 {
		b = strconv.AppendInt(append(b, `,"deadlineMs":`...), p.DeadlineMs, 10)
	}
	if p.Session != "" {
		b = jsonenc.String(append(b, `,"session":`...), p.Session)
	}
	return append(b, '}'), nil
}

// appendParams appends a request's params as JSON: CallParams by
// appendJSON, anything else by json.Marshal.
func appendParams(b []byte, params any) ([]byte, error) {
	if cp, ok := params.(CallParams); ok {
		return cp.appendJSON(b)
	}
	j, err := json.Marshal(params)
	if err != nil {
		return nil, err
	}
	return append(b, j...), nil
}

// CancelParams is the params of call/cancel.
type CancelParams struct {
	CallID string `json:"callId"`
}

// Delivery is a result delivered after a reload.
type Delivery struct {
	CallID string          `json:"callId"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  *RPCError       `json:"error,omitempty"`
}

// Event is the params of an event notification.
type Event struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data,omitempty"`
}

// ReloadStarting is the data of reload.starting: calls listed in Spanning
// will be answered in the next hello's Delivered instead of being lost.
type ReloadStarting struct {
	Spanning []string `json:"spanning,omitempty"`
}

// JSON-RPC error codes used on the bridge (engine/api's, named as the
// bridge's code names them).
const (
	RPCParseError     = api.RPCParseError
	RPCInvalidRequest = api.RPCInvalidRequest
	RPCMethodNotFound = api.RPCMethodNotFound
	RPCInvalidParams  = api.RPCInvalidParams
	RPCInternal       = api.RPCInternalError
	RPCToolError      = api.RPCToolError
)

// RPCError is a JSON-RPC error object.
type RPCError struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *RPCError) Error() string { return fmt.Sprintf("bridge error %d: %s", e.Code, e.Message) }

// ToolCode returns data.code of a tool error, "" otherwise.
func (e *RPCError) ToolCode() string {
	var d struct {
		Code string `json:"code"`
	}
	if len(e.Data) > 0 && json.Unmarshal(e.Data, &d) == nil {
		return d.Code
	}
	return ""
}

// NewToolError builds the RPC error an editor returns for a tool failure.
func NewToolError(code, message string) *RPCError {
	d, _ := json.Marshal(map[string]string{"code": code})
	return &RPCError{Code: RPCToolError, Message: message, Data: d}
}

// message is one JSON-RPC 2.0 frame.
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *RPCError       `json:"error,omitempty"`
}

// encode writes a message as one JSON object. ID, Params and Result are
// already JSON (made by json.Marshal or taken from a parsed frame), so they
// are copied as they are instead of being re-validated and re-compacted by
// json.Marshal: one pass over the payload instead of two.
func (m *message) encode() ([]byte, error) {
	b := make([]byte, 0, 48+len(m.Method)+len(m.ID)+len(m.Params)+len(m.Result))
	b = append(b, `{"jsonrpc":"`+api.JSONRPCVersion+`"`...)
	if len(m.ID) > 0 {
		b = append(append(b, `,"id":`...), m.ID...)
	}
	if m.Method != "" {
		b = jsonenc.String(append(b, `,"method":`...), m.Method)
	}
	if len(m.Params) > 0 {
		b = append(append(b, `,"params":`...), m.Params...)
	}
	if len(m.Result) > 0 {
		b = append(append(b, `,"result":`...), m.Result...)
	}
	if m.Error != nil {
		e, err := json.Marshal(m.Error)
		if err != nil {
			return nil, err
		}
		b = append(append(b, `,"error":`...), e...)
	}
	return append(b, '}'), nil
}

// EventConsole is the event type of a batch of Console entries (data:
// ConsoleBatch). The editor sends the entries logged since its last batch
// a few times a second, never one event per entry: a log storm costs the
// bridge a bounded number of frames, and the daemon keeps only the most
// recent entries (docs/bridge-protocol.md).
const EventConsole = api.EventConsole

// Limits of a console batch. An editor sends at most MaxConsoleBatch
// entries an event and cuts longer texts; the daemon cuts again what an
// editor sent beyond them.
const (
	MaxConsoleBatch   = 200
	MaxConsoleMessage = 4096
	MaxConsoleStack   = 8192
)

// ConsoleBatch is the data of a console.entries event.
type ConsoleBatch struct {
	Entries []ConsoleEntry `json:"entries"`
	// Dropped counts entries the editor logged but did not send (its queue
	// was full, or the batch bound was reached while disconnected).
	Dropped int `json:"dropped,omitempty"`
	// Cleared is true when the Console was cleared before these entries.
	Cleared bool `json:"cleared,omitempty"`
}

// ConsoleEntry is one Console message. Type is Unity's LogType name: Log,
// Warning, Error, Assert or Exception.
type ConsoleEntry struct {
	Type       string `json:"type"`
	Message    string `json:"message"`
	StackTrace string `json:"stackTrace,omitempty"`
	// TimeMs is when the editor logged it (Unix milliseconds).
	TimeMs int64 `json:"timeMs,omitempty"`
}

// PingResult is the editor's answer to the daemon's ping. The socket
// thread answers it, so an answer alone says only that the process lives;
// MainThreadWaitMs says whether the editor's main thread does: how long
// the probe the editor posted to its main thread at an earlier ping has
// been waiting to run (0 when it ran). A modal dialog blocks the main
// thread but not the socket. Packages before it answer {}.
type PingResult struct {
	MainThreadWaitMs int64 `json:"mainThreadWaitMs,omitempty"`
}
