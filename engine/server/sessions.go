package server

import (
	"sync"
	"time"

	mcpserver "github.com/mark3labs/mcp-go/server"
)

// DefaultSessionIdle is how long an MCP session may go without a request (and
// with no stream open) before the daemon forgets it. A client that comes back
// later gets 404 for the session and initializes again, as the Streamable
// HTTP transport requires; without the bound, every client that vanished
// without a DELETE would keep its session for the daemon's lifetime.
const DefaultSessionIdle = time.Hour

// sessionHeader is the Streamable HTTP (2025) session header.
const sessionHeader = "Mcp-Session-Id"

// liveSessions are the sessions registered on one front's mcp-go server,
// for idle expiry (sweepSessions) and the bound on pinned projects
// (makeRoom).
type liveSessions struct {
	now  func() time.Time // the session clock (Server.SessionClock)
	mu   sync.Mutex
	live map[string]*liveSession
	// expired holds the sessions sweepSessions ended, and when: mcp-go's
	// session ids are not looked up, so the daemon answers their requests
	// 404 itself.
	expired map[string]time.Time
}

type liveSession struct {
	last time.Time // last request
	busy int       // requests and streams open now
}

// add notes a session mcp-go registered. A stdio stream's session is busy
// for as long as it is registered: the stream is open.
func (f *liveSessions) add(cs mcpserver.ClientSession) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.live == nil {
		f.live = map[string]*liveSession{}
	}
	s := &liveSession{last: f.clock()}
	if _, stream := cs.(*streamSession); stream {
		s.busy = 1
	}
	f.live[cs.SessionID()] = s
}

func (f *liveSessions) remove(id string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.live, id)
}

// count is how many sessions are live.
func (f *liveSessions) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.live)
}

// enter notes a request of session sid; the returned func ends it. A
// session with a request or stream open is never idle.
func (f *liveSessions) enter(sid string) func() {
	f.mu.Lock()
	defer f.mu.Unlock()
	s := f.live[sid]
	if s == nil {
		return func() {}
	}
	s.busy++
	s.last = f.clock()
	return func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		s.busy--
		s.last = f.clock()
	}
}

// notify sends session sid of front f a notification.
func (f *front) notify(sid, method string, params map[string]any) {
	f.srv.SendNotificationToSpecificClient(sid, method, params)
}

// state is session sid's last request and whether it has one or a stream
// open now; ok false for a session not live.
func (f *liveSessions) state(sid string) (last time.Time, busy, ok bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s := f.live[sid]
	if s == nil {
		return time.Time{}, false, false
	}
	return s.last, s.busy > 0, true
}

// idle lists the sessions with nothing open and no request since before.
func (f *liveSessions) idle(before time.Time) []string {
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
func (f *liveSessions) expire(sid string, now time.Time, keep time.Duration) {
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
func (f *liveSessions) isExpired(sid string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	_, ok := f.expired[sid]
	return ok
}

// expiredKeep is how long an expired session id is still answered 404
// (after that, a request with it starts over as an unknown id would).
const expiredKeep = 24 * time.Hour

// clock is the time on the session clock.
func (f *liveSessions) clock() time.Time {
	if f.now != nil {
		return f.now()
	}
	return time.Now()
}

// sessionNow is the time on the session clock (SessionClock, else now).
func (s *Server) sessionNow() time.Time {
	if s.SessionClock != nil {
		return s.SessionClock()
	}
	return time.Now()
}

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
// every hook (the session count, the front's sessions, the engine's per-session
// state) lets go of it. A stdio stream's session is never idle (its
// stream is open), so only Streamable HTTP sessions are swept.
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
		for _, sid := range f.live.idle(now.Add(-idle)) {
			f.live.expire(sid, now, expiredKeep)
			if sess := s.mcp.httpSession(f, sid); sess != nil {
				s.mcp.endHTTP(sess)
			}
			s.log.Debug("MCP session expired", "session", sid, "idle", idle)
		}
	}
}

// DefaultMaxSessions bounds the Streamable HTTP sessions open at once
// (MaxSessions).
const DefaultMaxSessions = 512

// roomForSession makes room for one more Streamable HTTP session: at the
// bound, the session idle longest (no request or stream open) is ended as
// idle expiry ends one — its id then gets 404 session_expired, and its
// client initializes again. False when every session is busy.
func (s *Server) roomForSession() bool {
	limit := s.MaxSessions
	if limit <= 0 {
		limit = DefaultMaxSessions
	}
	m := s.mcp
	m.hmu.Lock()
	open := make([]*httpSession, 0, len(m.hsess))
	for _, sess := range m.hsess {
		open = append(open, sess)
	}
	m.hmu.Unlock()
	if len(open) < limit {
		return true
	}
	var victim *httpSession
	var oldest time.Time
	for _, sess := range open {
		last, busy, ok := sess.front.live.state(sess.id)
		if ok && !busy && (victim == nil || last.Before(oldest)) {
			victim, oldest = sess, last
		}
	}
	if victim == nil {
		return false
	}
	victim.front.live.expire(victim.id, s.sessionNow(), expiredKeep)
	m.endHTTP(victim)
	s.log.Debug("MCP session ended to make room", "session", victim.id, "idle since", oldest)
	return true
}
