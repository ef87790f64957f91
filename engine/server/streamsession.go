package server

import (
	"context"
	"sync/atomic"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"
)

// streamSession is the MCP session of one stdio stream, as mcp-go sees it:
// registered on the front the stream is pinned to, it receives that
// front's notifications (list_changed, log messages, resource updates) on
// its channel, which the stream writes to the client, and it asks the
// client for its roots on the stream.
type streamSession struct {
	sessionCore
	st *stream
	// moving is set while editor_select moves the session to another
	// project's front (stream.repin): its registration on the old front
	// ends and one on the new front starts, but the session goes on, and
	// the hooks keep what they hold for it (relocating).
	moving atomic.Bool
}

func newStreamSession(st *stream) *streamSession {
	s := &streamSession{st: st}
	s.init("stdio-" + randomHex())
	return s
}

var (
	_ mcpserver.ClientSession         = (*streamSession)(nil)
	_ mcpserver.SessionWithLogging    = (*streamSession)(nil)
	_ mcpserver.SessionWithClientInfo = (*streamSession)(nil)
	_ mcpserver.SessionWithRoots      = (*streamSession)(nil)
)

// ListRoots asks the client for its roots on the stream and waits for the
// answer (sessionCore.listRoots).
func (s *streamSession) ListRoots(ctx context.Context, _ mcp.ListRootsRequest) (*mcp.ListRootsResult, error) {
	return s.listRoots(ctx, s.st.write)
}

// relocating reports whether cs is a stdio session moving to another
// project's front (editor_select): the hooks of the front it leaves and
// of the one it joins keep what they hold for it instead of ending it.
func relocating(cs mcpserver.ClientSession) bool {
	s, ok := cs.(*streamSession)
	return ok && s.moving.Load()
}

// repinOf is how editor_select moves the session of ctx to another
// project: a stdio stream moves its session (stream.repin); nil for a
// session pinned by its URL, which cannot move.
func repinOf(ctx context.Context) func(hash string) error {
	if s, ok := mcpserver.ClientSessionFromContext(ctx).(*streamSession); ok {
		return s.st.repin
	}
	return nil
}
