package server

import (
	"context"
	"net/http"
	"time"
)

// DefaultSessionIdle is how long an MCP session may go without a request (and
// with no stream open) before the daemon forgets it. A client that comes back
// later gets 404 for the session and initializes again, as the Streamable
// HTTP transport requires; without the bound, every client that vanished
// without a DELETE would keep its session for the daemon's lifetime.
const DefaultSessionIdle = time.Hour

// sessionHeader is the Streamable HTTP (2025) session header.
const sessionHeader = "Mcp-Session-Id"

// enter notes a request of session sid; the returned func ends it. A
// session with a request or stream open is never idle.
func (f *fastSessions) enter(sid string) func() {
	f.mu.Lock()
	defer f.mu.Unlock()
	s := f.live[sid]
	if s == nil {
		return func() {}
	}
	s.busy++
	s.last = time.Now()
	return func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		s.busy--
		s.last = time.Now()
	}
}

// idle lists the sessions with nothing open and no request since before.
func (f *fastSessions) idle(before time.Time) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var ids []string
	for id, s := range f.live {
		if s.busy == 0 && s.last.Before(before) {
			ids = append(ids, id)
		}
	}
	return ids
}

// expire marks sid expired and forgets what expired more than keep ago.
func (f *fastSessions) expire(sid string, now time.Time, keep time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.expired == nil {
		f.expired = map[string]time.Time{}
	}
	for id, at := range f.expired {
		if now.Sub(at) > keep {
			delete(f.expired, id)
		}
	}
	f.expired[sid] = now
}

// isExpired reports whether sweepSessions ended sid.
func (f *fastSessions) isExpired(sid string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	_, ok := f.expired[sid]
	return ok
}

// expiredKeep is how long an expired session id is still answered 404
// (after that, a request with it starts over as an unknown id would).
const expiredKeep = 24 * time.Hour

// sessionIdle is the configured bound (SessionIdle, else the default).
func (s *Server) sessionIdle() time.Duration {
	if s.SessionIdle > 0 {
		return s.SessionIdle
	}
	return DefaultSessionIdle
}

// sweepSessions ends the sessions idle for longer than the bound, at most
// every quarter of it. It runs on MCP requests (nothing needs sweeping while
// none arrive: sessions are made by requests), so the daemon keeps no timer.
// A session is ended as a client's DELETE ends it, through mcp-go, so that
// every hook (the session count, the fast path, the engine's per-session
// state) lets go of it.
func (s *Server) sweepSessions(now time.Time) {
	idle := s.sessionIdle()
	last := s.lastSweep.Load()
	if now.UnixNano()-last < int64(idle/4) || !s.lastSweep.CompareAndSwap(last, now.UnixNano()) {
		return
	}
	s.mcp.mu.Lock()
	fronts := make([]*front, 0, len(s.mcp.fronts))
	for _, f := range s.mcp.fronts {
		fronts = append(fronts, f)
	}
	s.mcp.mu.Unlock()
	for _, f := range fronts {
		for _, sid := range f.fast.idle(now.Add(-idle)) {
			req, err := http.NewRequestWithContext(context.Background(), http.MethodDelete, "/mcp", nil)
			if err != nil {
				continue
			}
			req.Header.Set(sessionHeader, sid)
			f.fast.expire(sid, now, expiredKeep)
			f.http.ServeHTTP(discard{h: http.Header{}}, req)
			s.log.Debug("MCP session expired", "session", sid, "idle", idle)
		}
	}
}

// discard is a ResponseWriter that drops the answer of an internal request.
type discard struct{ h http.Header }

func (d discard) Header() http.Header         { return d.h }
func (d discard) Write(b []byte) (int, error) { return len(b), nil }
func (d discard) WriteHeader(int)             {}
