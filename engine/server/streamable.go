package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/unitymcp/unitymcp/engine/api"
)

// Streamable HTTP, the 2025 revisions (/mcp, /projects/<hash>/mcp): the
// daemon's own transport in front of the one dispatcher (serveMessage), as
// the stdio stream is. A POST carries one message: initialize starts a
// session (httpSession, its id in Mcp-Session-Id), every later message
// names it; a request is answered with its JSON, or with an event stream
// when something reached the session while it was served (a call's
// progress, a log message, the daemon's roots/list); a notification or a
// response of the client's gets 202. GET opens the session's stream of
// what the daemon sends outside answers; DELETE ends the session.
//
// Protocol version 2026-07-28 has no sessions: its requests go to mcp-go's
// own transport, which serves that revision.

// keepAliveEvery is how often a quiet GET stream gets an SSE comment.
const keepAliveEvery = 30 * time.Second

// serveStreamable serves one request of Streamable HTTP (2025) on front f,
// pinned to project hash, listing groups (?group=); body is the POST's body.
func (s *Server) serveStreamable(w http.ResponseWriter, r *http.Request, f *front, hash string, groups []string, body []byte) {
	if r.Method == http.MethodPost {
		s.servePost(w, r, f, hash, groups, body)
		return
	}
	if !knownVersion(w, r) {
		return
	}
	switch r.Method {
	case http.MethodGet:
		s.serveListen(w, r, f)
	case http.MethodDelete:
		sid := r.Header.Get(sessionHeader)
		if !wellFormedSession(sid) { // "" too
			unknownSession(w, r)
			return
		}
		if sess := s.mcp.httpSession(f, sid); sess != nil {
			s.mcp.endHTTP(sess)
		}
		w.WriteHeader(http.StatusOK) // a session the daemon does not know has ended already
	default:
		w.Header().Set("Allow", "GET, POST, DELETE")
		httpError(w, http.StatusMethodNotAllowed, "method_not_allowed", fmt.Sprintf("%s is not a method of the MCP endpoint: POST a JSON-RPC message, GET the session's stream, DELETE the session", r.Method))
	}
}

// knownVersion answers 400 and reports false for a request whose
// MCP-Protocol-Version header names a version the daemon does not speak
// (initialize, which negotiates the version, is not asked).
func knownVersion(w http.ResponseWriter, r *http.Request) bool {
	v := r.Header.Get(mcp.HeaderProtocolVersion)
	if v == "" || mcp.IsValidProtocolVersion(v) {
		return true
	}
	httpError(w, http.StatusBadRequest, "unsupported_protocol_version", fmt.Sprintf("MCP-Protocol-Version %.40q is not one this daemon speaks (%v)", v, mcp.ValidProtocolVersions))
	return false
}

// metaVersionMark is in a body that states its protocol version in
// params._meta (protocol 2026-07-28 and later).
var metaVersionMark = []byte(mcp.MetaKeyProtocolVersion)

// modernRequest reports whether a request speaks protocol version
// 2026-07-28 or later — in its header, or in its params._meta as mcp-go
// reads it — which mcp-go's transport serves.
func modernRequest(r *http.Request, body []byte) bool {
	if mcp.IsModernProtocol(r.Header.Get(mcp.HeaderProtocolVersion)) {
		return true
	}
	if !bytes.Contains(body, metaVersionMark) {
		return false
	}
	var m struct {
		Params struct {
			Meta *mcp.Meta `json:"_meta"`
		} `json:"params"`
	}
	return json.Unmarshal(body, &m) == nil && mcp.IsModernProtocol(m.Params.Meta.ProtocolVersion())
}

// servePost serves a POST of one JSON-RPC message.
func (s *Server) servePost(w http.ResponseWriter, r *http.Request, f *front, hash string, groups []string, body []byte) {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		httpError(w, http.StatusBadRequest, "bad_content_type", fmt.Sprintf("Content-Type %.80q is not application/json: POST one JSON-RPC message as JSON", r.Header.Get("Content-Type")))
		return
	}
	m, err := api.ParseMessage(body)
	switch {
	case errors.Is(err, api.ErrBatch):
		rpcFailure(w, nil, api.RPCInvalidRequest, err.Error())
		return
	case err != nil:
		rpcFailure(w, nil, api.RPCParseError, "parse error: "+err.Error())
		return
	case m.Method == "" && !m.IsResponse():
		rpcFailure(w, m.ID, api.RPCInvalidRequest, "a message without a method is neither a request nor a notification")
		return
	}
	initialize := m.Method == string(mcp.MethodInitialize)
	if !initialize && !knownVersion(w, r) {
		return
	}
	sid := r.Header.Get(sessionHeader)
	var sess *httpSession
	switch {
	case initialize:
		if !s.roomForSession() {
			tooManySessions(w, s)
			return
		}
		sess = newHTTPSession(f, s.streamWriteTimeout(), newSessionID())
	case sid != "" && !wellFormedSession(sid):
		unknownSession(w, r)
		return
	case sid == "":
		// A request without a session: served as its own, as 2026
		// clients' are.
		sess = newHTTPSession(f, s.streamWriteTimeout(), "")
		go sess.pump()
		defer sess.end()
	default:
		if sess = s.mcp.httpSession(f, sid); sess == nil {
			var ok bool
			if sess, ok = s.adopt(w, r, f, sid); !ok {
				return
			}
		}
	}
	if m.IsResponse() {
		sess.answered(m, body) // an answer to nothing the daemon asked is dropped
		w.WriteHeader(http.StatusAccepted)
		return
	}
	ctx := f.srv.WithContext(sessionContext(r.Context(), groups, r.Header.Get(api.SessionHeader)), sess)
	if !m.IsRequest() {
		s.serveMessage(ctx, f, hash, sess, m, body)
		w.WriteHeader(http.StatusAccepted)
		return
	}
	k := newSink(w)
	if !sess.open(k) {
		httpError(w, http.StatusNotFound, "session_ended", fmt.Sprintf("MCP session %.80q ended while this request came; initialize a new session", sid))
		return
	}
	ctx = withReply(ctx, func(b []byte) bool { return sess.reply(k, b) })
	a, large := s.serveMessage(ctx, f, hash, sess, m, body)
	if initialize && a != nil && !isError(a) {
		if _, err := s.mcp.startHTTP(ctx, sess); err != nil {
			a, large = api.ErrorAnswer(m.ID, api.RPCInternalError, api.CodeInternal, "starting the session: "+err.Error()), nil
		} else {
			w.Header().Set(sessionHeader, sess.id)
		}
	}
	sess.finish(k, func(k *sink) { writeAnswer(k, a, large, s.streamWriteTimeout()) })
}

// isError reports whether answer a is a JSON-RPC error.
func isError(a []byte) bool {
	var e struct {
		Error json.RawMessage `json:"error"`
	}
	return json.Unmarshal(a, &e) != nil || len(e.Error) > 0
}

// writeAnswer writes a request's answer (a, or large, written as it goes)
// on k: the last event of its event stream, or its JSON body. What could
// outlast a client that stops reading (an event, a large answer) is written
// under a deadline; a small JSON body goes to the socket's buffer.
func writeAnswer(k *sink, a []byte, large *largeAnswer, wt time.Duration) {
	if large == nil {
		if k.sse {
			k.write(k.eventOf(a), wt)
			return
		}
		writeJSONLine(k.w, a)
		return
	}
	w := deadlined{k, wt}
	end := []byte("\n")
	if k.sse {
		w.Write([]byte("event: message\ndata: "))
		end = []byte("\n\n")
	} else {
		k.w.Header().Set("Content-Type", "application/json")
	}
	if large.writeTo(w) == nil {
		w.Write(end)
	}
	k.rc.SetWriteDeadline(time.Time{})
}

// serveListen serves a session's GET stream until the client closes it, the
// session ends or another GET takes its place.
func (s *Server) serveListen(w http.ResponseWriter, r *http.Request, f *front) {
	sid := r.Header.Get(sessionHeader)
	if !wellFormedSession(sid) { // "" too
		unknownSession(w, r)
		return
	}
	sess := s.mcp.httpSession(f, sid)
	if sess == nil {
		var ok bool
		if sess, ok = s.adopt(w, r, f, sid); !ok {
			return
		}
		defer f.live.enter(sid)() // serveMCP's came before the session was there: the open stream keeps it from idling
	}
	k := newSink(w)
	k.startEvents()
	replaced, ok := sess.listen(k) // the headers go once it is the session's stream
	if !ok {
		return
	}
	defer sess.unlisten(k)
	tick := time.NewTicker(keepAliveEvery)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			if !sess.keepAlive(k) {
				return
			}
		case <-replaced:
			return
		case <-sess.done:
			return
		case <-r.Context().Done():
			return
		}
	}
}

// sessionPrefix starts every Streamable HTTP session id (mcp-go's form).
const sessionPrefix = "mcp-session-"

// wellFormedSession reports whether sid is a session id of the form the
// daemon gives (this one or an earlier one, which mcp-go's uuids gave).
func wellFormedSession(sid string) bool {
	rest, ok := strings.CutPrefix(sid, sessionPrefix)
	if !ok || len(rest) == 0 || len(rest) > 64 {
		return false
	}
	for _, c := range rest {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' || c == '-') {
			return false
		}
	}
	return true
}

// unknownSession answers a request whose session id is missing (400) or not
// of the daemon's form (404, which tells a client to initialize again).
func unknownSession(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get(sessionHeader)
	if sid == "" {
		httpError(w, http.StatusBadRequest, "no_session", "this request needs the Mcp-Session-Id header the initialize answer gave; send initialize first")
		return
	}
	httpError(w, http.StatusNotFound, "unknown_session", fmt.Sprintf("MCP session id %.80q is not one this daemon gives; initialize a new session", sid))
}

// rpcFailure answers a POST that is no message to serve with a JSON-RPC
// error and status 400.
func rpcFailure(w http.ResponseWriter, id []byte, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	io.WriteString(w, string(api.ErrorAnswer(id, code, "", msg))+"\n")
}

// adopt makes sid, a session id of the daemon's form that it does not know
// (it restarted since the client initialized), a session again: registered,
// initialized, within the bound on sessions, and the client's to end. False
// when it answered w with why not.
func (s *Server) adopt(w http.ResponseWriter, r *http.Request, f *front, sid string) (*httpSession, bool) {
	if !s.roomForSession() {
		tooManySessions(w, s)
		return nil, false
	}
	sess := newHTTPSession(f, s.streamWriteTimeout(), sid)
	sess.Initialize()
	got, err := s.mcp.startHTTP(r.Context(), sess)
	if err != nil {
		httpError(w, http.StatusConflict, "session_busy", fmt.Sprintf("MCP session %.80q: %v; initialize a new session", sid, err))
		return nil, false
	}
	return got, true
}

// tooManySessions answers 503: every session has a request or stream open.
func tooManySessions(w http.ResponseWriter, s *Server) {
	httpError(w, http.StatusServiceUnavailable, api.CodeTooManySessions, fmt.Sprintf("%d MCP sessions are open with a request or stream each; end one (DELETE) and initialize again", s.mcp.httpSessions()))
}

// httpSession is the session sid of front f; nil for none.
func (m *mcpFront) httpSession(f *front, sid string) *httpSession {
	if sid == "" {
		return nil
	}
	m.hmu.Lock()
	defer m.hmu.Unlock()
	if sess := m.hsess[sid]; sess != nil && sess.front == f {
		return sess
	}
	return nil
}

// httpSessions counts the Streamable HTTP sessions open.
func (m *mcpFront) httpSessions() int {
	m.hmu.Lock()
	defer m.hmu.Unlock()
	return len(m.hsess)
}

// startHTTP registers a session on its front's mcp-go server (whose hooks
// count it, and give it tasks and logging) and starts its pump. When a
// session of that id is there already (two requests adopted it at once),
// that one is the session.
func (m *mcpFront) startHTTP(ctx context.Context, sess *httpSession) (*httpSession, error) {
	m.hmu.Lock()
	if got := m.hsess[sess.id]; got != nil {
		m.hmu.Unlock()
		if got.front != sess.front {
			return nil, fmt.Errorf("the session belongs to another project's endpoint")
		}
		return got, nil
	}
	if m.hsess == nil {
		m.hsess = map[string]*httpSession{}
	}
	m.hsess[sess.id] = sess
	m.hmu.Unlock()
	if err := sess.front.srv.RegisterSession(ctx, sess); err != nil {
		m.hmu.Lock()
		delete(m.hsess, sess.id)
		m.hmu.Unlock()
		return nil, err
	}
	go sess.pump()
	return sess, nil
}

// endHTTP ends a session (DELETE, idle expiry, shutdown): its streams end
// and mcp-go's hooks let go of it.
func (m *mcpFront) endHTTP(sess *httpSession) {
	if !sess.end() {
		return
	}
	m.hmu.Lock()
	delete(m.hsess, sess.id)
	m.hmu.Unlock()
	sess.front.srv.UnregisterSession(context.Background(), sess.id)
}
