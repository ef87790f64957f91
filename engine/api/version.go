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
	PathMCP    = "/mcp"
	PathBridge = "/bridge"
	// PathStream is the stdio shim's one persistent connection: an HTTP/1.1
	// upgrade to StreamProtocol, then MCP messages one per line both ways.
	PathStream = "/mcp/stream"
)

// StreamProtocol is the Upgrade token of PathStream.
const StreamProtocol = "unitymcp-stdio"

// Handing the client's output to the daemon (docs/architecture.md, "The
// answers skip the shim"). On the daemon's Unix-domain socket the shim may
// ask for the upgrade with StreamHandoff: StreamHandoffValue; after the 101
// it sends three descriptors (platform.SendFiles): its standard output,
// which the daemon then writes every message for the client to; the write
// end of an ack pipe; and the read end of a request pipe, into which the
// shim writes its lines from then on (nothing more comes on the socket).
// On the ack pipe the daemon records, one per line:
//
//	h     it took the output (first, before writing anything; the shim
//	      waits for it, and relays over TCP without it);
//	P     it marks the messages a crash could cut (next after h, when the
//	      shim asked with StreamHandoffMarks);
//	p     the message it writes next may take more than one system call
//	      (longer than the output takes whole: platform.RawFD.WholeMax),
//	      so until the next record a crash may leave it half-written;
//	w     that message was written whole;
//	a<N>  it is done with the N-th line the shim wrote (1-based), all it
//	      answered to it written to the client;
//	q     it let go of the output with no message half-written (last).
//
// A daemon that died leaves no q; with P the shim ends a line the crash may
// have cut only when a p has no w, and otherwise writes nothing (the
// client's parser would take an empty line for a broken message). A p
// goes into the pipe before its message: when the pipe has no room, the
// daemon asks the shim to read it with a StreamDrain line on the socket
// and waits.
//
// The shim reads the pipe without waiting when it writes a line, and to
// its end when the stream ends (or stdin did), so an answer costs it no
// wake-up; the daemon never waits on the shim to read it either (acks
// that do not fit wait in memory until the end), but for a p. Besides the client's
// messages (JSON objects), the shim writes lines that start with StreamSay
// (write the rest to the client: the shim's own answers) or StreamQuiet
// (serve the rest, answering nobody: the shim's re-initialize after a
// restart); the daemon writes the shim, on the socket, only lines that
// start with StreamTools (a tools/list answer it wrote to the client, for
// the shim to learn which tools are safe to repeat) or StreamDrain (read
// the ack pipe now).
const (
	StreamHandoff      = "Unitymcp-Handoff"
	StreamHandoffValue = "stdout"
	StreamHandoffMarks = "Unitymcp-Handoff-Marks" // "1": the shim reads P, p and w, and drains on StreamDrain
	StreamSay          = '!'
	StreamQuiet        = 'R'
	StreamTools        = 'T'
	StreamDrain        = 'D'
)

// MaxRequestBytes bounds one request to the daemon: an HTTP body on every
// route, a line of the stdio stream.
const MaxRequestBytes = 4 << 20

// SessionHeader names a caller's session for probe diffs where the protocol
// has none (REST, stateless MCP 2026-07-28 clients).
const SessionHeader = "X-UnityMCP-Session"
