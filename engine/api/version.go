package api

import "strconv"

// Version of unitymcp, stamped at build time with -ldflags
// "-X github.com/unitymcp/unitymcp/engine/api.Version=…".
var Version = "0.1.0-dev"

// DefaultPort is the daemon's fixed, documented default port.
const DefaultPort = 27182

// DefaultAddr is where the daemon listens unless told otherwise.
var DefaultAddr = "127.0.0.1:" + strconv.Itoa(DefaultPort)

// Routes of the daemon's HTTP API.
const (
	PathHealth = "/health"
	PathTools  = "/tools"
	PathEvents = "/events"
	PathConfig = "/config"
	// PathEditors?project=SEL with DELETE forgets a closed project's editor.
	PathEditors = "/editors"
	PathMCP     = "/mcp"
	PathBridge  = "/bridge"
)

// MaxRequestBytes bounds one request to the daemon: an HTTP body on every
// route, a line of the stdio stream.
const MaxRequestBytes = 4 << 20

// SessionHeader names a caller's session for probe diffs where the protocol
// has none (REST, stateless MCP 2026-07-28 clients).
const SessionHeader = "X-UnityMCP-Session"
