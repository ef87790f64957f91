// Package server is the daemon's one HTTP listener on loopback: MCP over
// Streamable HTTP (/mcp, /projects/<hash>/mcp), the REST API (/health,
// /tools, /events) and the editor bridge (/bridge), all behind the same
// guards: loopback Host, loopback-or-absent Origin, bearer token, body limit.
package server

import (
	"bytes"
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/state"
)

// MaxBodyBytes bounds a request body on every route (413 beyond it).
const MaxBodyBytes = api.MaxRequestBytes

// Server serves every HTTP route of the daemon.
type Server struct {
	eng   *engine.Engine
	token string
	log   *slog.Logger
	// BaseURL is http://host:port of the listener, for URLs in answers.
	BaseURL string
	mcp     *mcpFront
	mux     *http.ServeMux
	// Settings switches notifications (GET/POST /config).
	Settings Settings
	// BodyTimeout bounds reading a request body (0: 30 s): a client that
	// trickles a body is cut off instead of holding a goroutine.
	BodyTimeout time.Duration
	// Key is the daemon's per-start key (daemon.json): GET /proof answers
	// with it, without the token, so that clients can tell this daemon from
	// whatever else listens at a stale address. Empty: /proof answers 404.
	Key string
	// ProofGrace bounds how long a connection stays open after its /proof
	// without a request that carries the token (0: DefaultProofGrace).
	ProofGrace time.Duration
	// MaxPins bounds the projects pinned through the MCP endpoint at once
	// (0: DefaultMaxPins; mcp.go).
	MaxPins int
	// SessionIdle bounds how long an MCP session lives without a request
	// or an open stream (0: DefaultSessionIdle; sessions.go).
	SessionIdle time.Duration
	// MaxSessions bounds the Streamable HTTP sessions open at once (0:
	// DefaultMaxSessions; sessions.go).
	MaxSessions int
	// SessionClock is what sessions' idle time is read on (nil: time.Now;
	// set before serving).
	SessionClock func() time.Time
	lastSweep    atomic.Int64 // UnixNano of the last sweepSessions
	// EventBufferBytes bounds the events queued for one /events subscriber
	// (0: DefaultEventBufferBytes; sse.go).
	EventBufferBytes int
	eventSubs        atomic.Int64
	// LargeBodies bounds the requests reading a body over LargeBodyBytes
	// at once (0: DefaultLargeBodies; bodies.go).
	LargeBodies int
	largeOnce   sync.Once
	large       chan struct{}
	// Ended, when set, is called each time a stdio stream ends (the HTTP
	// server's ConnState sees the other connections close): the daemon
	// gives memory back after a burst of clients (memtrim.Trim).
	Ended func()
	// MaxStreams bounds the stdio streams open at once (0:
	// DefaultMaxStreams); StreamWriteTimeout bounds one write to a
	// stream's client (0: DefaultStreamWriteTimeout). stream.go.
	MaxStreams         int
	StreamWriteTimeout time.Duration
	// The MCP POSTs being answered (WaitPosts), under postMu.
	postMu sync.Mutex
	posts  idleCount
	// The stdio streams open (WaitStreams), under streamMu; after
	// ReleaseStreams or WaitStreams no new one starts.
	streamMu     sync.Mutex
	streams      idleCount
	live         map[*stream]struct{} // upgraded and not yet ended (ReleaseStreams)
	shuttingDown bool
}

// maxPins is the configured bound (MaxPins, else the default).
func (s *Server) maxPins() int {
	if s.MaxPins > 0 {
		return s.MaxPins
	}
	return DefaultMaxPins
}

// Settings are the switches the tray and /config change.
type Settings interface {
	Enabled(kind string) bool
	SetEnabled(kind string, on bool) error
}

// Sessions counts the MCP sessions connected now (2025 revisions; stateless
// 2026 clients hold no session).
func (s *Server) Sessions() int { return int(s.mcp.sessions.Load()) }

// New builds the server for an engine.
func New(eng *engine.Engine, token, baseURL string, log *slog.Logger) *Server {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Server{eng: eng, token: token, log: log, BaseURL: baseURL, mux: http.NewServeMux(), live: map[*stream]struct{}{}}
	s.mcp = newMCPFront(eng, log)
	s.mcp.now = s.sessionNow
	s.mux.HandleFunc("/mcp", s.serveMCPRoute)
	s.mux.HandleFunc("/projects/{hash}/mcp", s.serveMCPRoute)
	s.mux.HandleFunc("GET /health", s.health)
	s.mux.HandleFunc("GET /tools", s.listTools)
	s.mux.HandleFunc("POST /tools/{name}", s.callTool)
	s.mux.HandleFunc("GET /events", s.events)
	s.mux.HandleFunc("GET /config", s.getConfig)
	s.mux.HandleFunc("POST /config", s.setConfig)
	s.mux.HandleFunc("DELETE "+api.PathEditors, s.forgetEditor)
	s.mux.Handle("GET "+api.PathBridge, eng.Hub)
	return s
}

// MCPURL is the MCP endpoint pinned to a project hash.
func (s *Server) MCPURL(hash string) string {
	if hash == "" {
		return s.BaseURL + "/mcp"
	}
	return s.BaseURL + "/projects/" + hash + "/mcp"
}

// ServeHTTP applies the guards, then routes.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !loopbackHost(r.Host) {
		w.Header().Set("Connection", "close") // unauthenticated: not kept alive
		httpError(w, http.StatusForbidden, "forbidden_host", fmt.Sprintf("Host %q is not a loopback name; the daemon only answers requests addressed to localhost or 127.0.0.1", r.Host))
		return
	}
	if o := r.Header.Get("Origin"); o != "" && !loopbackOrigin(o) {
		w.Header().Set("Connection", "close")
		httpError(w, http.StatusForbidden, "forbidden_origin", fmt.Sprintf("Origin %q is not a loopback origin; web pages cannot call the daemon", o))
		return
	}
	if r.URL.Path == state.ProofPath {
		s.proof(w, r)
		return
	}
	if !s.authorized(r) {
		w.Header().Set("Connection", "close")
		w.Header().Set("WWW-Authenticate", `Bearer realm="unitymcp"`)
		httpError(w, http.StatusUnauthorized, "unauthorized", "missing or wrong bearer token: send Authorization: Bearer <token>, the content of the token file in the unitymcp state directory (unitymcp status shows where)")
		return
	}
	authenticated(r)
	if r.ContentLength > MaxBodyBytes {
		httpError(w, http.StatusRequestEntityTooLarge, "body_too_large", fmt.Sprintf("request body of %d bytes is over the limit of %d bytes", r.ContentLength, MaxBodyBytes))
		return
	}
	var body []byte // the body, once read (POST)
	if r.Body != nil && r.Method == http.MethodPost {
		bt := s.BodyTimeout
		if bt == 0 {
			bt = 30 * time.Second
		}
		rc := http.NewResponseController(w)
		rc.SetReadDeadline(time.Now().Add(bt))
		b, release, err := s.readBody(w, r, bt)
		defer release()
		if errors.Is(err, errBusy) {
			w.Header().Set("Connection", "close") // the rest of the body is not read
			w.Header().Set("Retry-After", "1")
			httpError(w, http.StatusServiceUnavailable, "busy", fmt.Sprintf("%d requests with bodies over %d bytes are being served; send this one again in a moment", cap(s.large), LargeBodyBytes))
			return
		}
		if err != nil {
			w.Header().Set("Connection", "close") // the rest of the body is not read
		} else {
			rc.SetReadDeadline(time.Time{})
		}
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			httpError(w, http.StatusRequestEntityTooLarge, "body_too_large", fmt.Sprintf("request body is over the limit of %d bytes", MaxBodyBytes))
			return
		}
		if err != nil {
			httpError(w, http.StatusBadRequest, "bad_body", "reading request body: "+err.Error())
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(b))
		body = b
	}
	// The MCP endpoints carry nearly every request: route them without the
	// pattern mux (same result as its "/mcp" and "/projects/{hash}/mcp").
	if r.URL.Path == "/mcp" {
		s.serveMCP(w, r, "", body)
		return
	}
	if r.URL.Path == api.PathStream {
		s.serveStream(w, r) // stream.go
		return
	}
	if rest, ok := strings.CutPrefix(r.URL.Path, "/projects/"); ok {
		if hash, ok := strings.CutSuffix(rest, "/mcp"); ok && hash != "" && hash != "." && hash != ".." && !strings.Contains(hash, "/") {
			s.serveMCP(w, r, hash, body)
			return
		}
	}
	if body != nil {
		r = r.WithContext(context.WithValue(r.Context(), bodyKey, body))
	}
	s.mux.ServeHTTP(w, r)
}

// proof answers GET /proof?nonce=<hex> with {"proof": state.Proof(key,
// nonce)}: the one route without the token, and it reveals nothing but the
// HMAC of a nonce the caller chose.
func (s *Server) proof(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		w.Header().Set("Connection", "close")
		httpError(w, http.StatusMethodNotAllowed, "method_not_allowed", "use GET "+state.ProofPath+"?nonce=<32-128 lowercase hex digits>")
		return
	}
	if s.Key == "" {
		w.Header().Set("Connection", "close")
		httpError(w, http.StatusNotFound, "no_proof", "this daemon has no key")
		return
	}
	nonce := r.URL.Query().Get(state.ProofNonce)
	if !state.ValidNonce(nonce) {
		w.Header().Set("Connection", "close")
		httpError(w, http.StatusBadRequest, "bad_nonce", fmt.Sprintf("nonce %.140q is not 32-128 lowercase hex digits", nonce))
		return
	}
	// A client that proves the connection it then sends the token on
	// (engine/client/proof.go) asks, with keep=1, that it stay open for
	// that request, which must start within ProofGrace (conns.go); any
	// other is closed at once, as every answer without the token is.
	if r.URL.Query().Get(state.ProofKeep) == "1" {
		proved(r, s.ProofGrace)
	} else {
		w.Header().Set("Connection", "close")
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string]string{"proof": state.Proof(s.Key, nonce)})
}

func (s *Server) authorized(r *http.Request) bool {
	// RFC 7235 §2.1: the scheme is case-insensitive ("bearer" works too).
	scheme, tok, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(strings.TrimSpace(tok)), []byte(s.token)) == 1
}

// loopbackHost reports whether a Host header names this machine's loopback.
func loopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// loopbackOrigin reports whether an Origin header is an http(s) loopback
// origin (what a local tool or the Inspector sends); "null" and every web
// site are refused.
func loopbackOrigin(origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	return loopbackHost(u.Host)
}
