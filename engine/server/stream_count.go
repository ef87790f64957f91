package server

// The daemon's count of stdio streams: the bound on how many are open, the
// refusal once it shuts down, and the release and wait of its shutdown.

import (
	"errors"
	"fmt"
	"time"
)

// errShuttingDown says the daemon refuses new streams because it is
// shutting down.
var errShuttingDown = errors.New("the daemon is shutting down; the stdio shim connects to the next one")

// streamStarted counts a new stdio stream; an error once the daemon is
// shutting down or MaxStreams are open.
func (s *Server) streamStarted() error {
	s.streamMu.Lock()
	defer s.streamMu.Unlock()
	if s.shuttingDown {
		return errShuttingDown
	}
	if max := s.maxStreams(); s.streams.n >= max {
		return fmt.Errorf("%d stdio sessions are open, the daemon's limit; end one (close an MCP client) and connect again", max)
	}
	s.streams.add()
	return nil
}

// streamEnded counts a stream that ended (st: nil before the upgrade).
func (s *Server) streamEnded(st *stream) {
	if s.Ended != nil {
		defer s.Ended()
	}
	s.streamMu.Lock()
	defer s.streamMu.Unlock()
	delete(s.live, st)
	s.streams.done()
}

// Streams counts the stdio streams open now.
func (s *Server) Streams() int {
	s.streamMu.Lock()
	defer s.streamMu.Unlock()
	return s.streams.n
}

// ReleaseStreams stops every stdio stream writing and refuses new ones
// (stream.release): the first step of a shutdown.
func (s *Server) ReleaseStreams() {
	s.streamMu.Lock()
	s.shuttingDown = true
	live := make([]*stream, 0, len(s.live))
	for st := range s.live {
		live = append(live, st)
	}
	s.streamMu.Unlock()
	for _, st := range live {
		st.release()
	}
}

// WaitStreams refuses new stdio streams and waits, at most d, until every
// stream has ended (each shim closes its side once it saw the release).
func (s *Server) WaitStreams(d time.Duration) {
	s.streamMu.Lock()
	s.shuttingDown = true
	idle := s.streams.waiter()
	s.streamMu.Unlock()
	waitAtMost(idle, d)
}

func (s *Server) maxStreams() int {
	if s.MaxStreams > 0 {
		return s.MaxStreams
	}
	return DefaultMaxStreams
}

func (s *Server) streamWriteTimeout() time.Duration {
	if s.StreamWriteTimeout > 0 {
		return s.StreamWriteTimeout
	}
	return DefaultStreamWriteTimeout
}

func (s *Server) bodyTimeout() time.Duration {
	if s.BodyTimeout > 0 {
		return s.BodyTimeout
	}
	return 30 * time.Second
}
