package api

// The bridge protocol's records (docs/bridge-protocol.md): what the daemon
// and the editor (the Unity package, editorsim) say over PathBridge, one
// JSON-RPC 2.0 message per WebSocket text frame. engine/bridge writes them
// with its one encoder and reads them with its one frame decoder; the
// Unity package's Core mirrors these names.
const (
	// BridgeProtocol is the bridge protocol version (hello's "protocol").
	BridgeProtocol = 1

	BridgeHello  = "hello"       // editor → daemon, request, first message
	BridgeCall   = "tools/call"  // daemon → editor, request
	BridgeCancel = "call/cancel" // daemon → editor, notification
	BridgePing   = "ping"        // either way, request, empty result
	BridgeEvent  = "event"       // editor → daemon, notification

	// EventConsole is the event type of a batch of Console entries; unlike
	// the events of event.go it is not republished on /events.
	EventConsole = "console.entries"
)
