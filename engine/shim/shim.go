// Package shim is `unitymcp stdio`: MCP over stdin/stdout for clients that
// spawn a process, relayed message by message to the daemon's Streamable
// HTTP endpoint. It is a transparent relay, so every protocol revision the
// daemon serves works through it unchanged; it only adds the token, the
// project pin and the HTTP headers the revision asks for. Nothing but
// protocol is ever written to stdout.
package shim

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/unitymcp/unitymcp/engine/api"
)

// Options configure Run.
type Options struct {
	// BaseURL and Token reach the daemon.
	BaseURL string
	Token   string
	// Project pins the session (a folder, name or hash); Group filters.
	Project string
	Group   string
	In      io.Reader
	Out     io.Writer
	Log     *slog.Logger
	// Reconnect, when set, is called after the daemon stopped answering; it
	// returns a fresh base URL and token (the daemon may have restarted).
	Reconnect func(ctx context.Context) (string, string, error)
}

type relay struct {
	opt  Options
	http *http.Client

	outMu sync.Mutex
	out   *bufio.Writer

	mu          sync.Mutex
	baseURL     string
	token       string
	sessionID   string
	version     string // negotiated in initialize (2025 revisions)
	initBody    []byte
	initialized []byte
	streaming   bool
	// repeatable holds the tools the daemon listed as idempotent or
	// read-only: a call to one may be sent again after the daemon restarted
	// mid-request (learned from the tools/list answers this relay carried).
	repeatable map[string]bool
}

// errRestarted: the daemon went away while a request that is not safe to
// repeat was in flight; it is not sent again (it may have run already).
var errRestarted = errors.New("daemon_restarted")

// Run relays until stdin ends or ctx is cancelled.
func Run(ctx context.Context, opt Options) error {
	if opt.Log == nil {
		opt.Log = slog.New(slog.DiscardHandler)
	}
	r := &relay{opt: opt, http: &http.Client{}, out: bufio.NewWriter(opt.Out), baseURL: opt.BaseURL, token: opt.Token}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	in := bufio.NewReaderSize(opt.In, 1<<20)
	var wg sync.WaitGroup
	for {
		line, err := in.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			msg := bytes.TrimSpace(line)
			var head struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
			}
			if msg[0] == '[' {
				r.write([]byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"JSON-RPC batches are not part of MCP; send one message per line"}}`))
			} else if jerr := json.Unmarshal(msg, &head); jerr != nil {
				r.write([]byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: stdin line is not JSON: ` + jsonEscape(jerr.Error()) + `"}}`))
			} else if head.Method == "initialize" {
				r.mu.Lock()
				r.initBody = append([]byte(nil), msg...)
				r.mu.Unlock()
				r.post(ctx, msg, head.ID, head.Method) // in order: the session starts here
			} else {
				if head.Method == "notifications/initialized" {
					r.mu.Lock()
					r.initialized = append([]byte(nil), msg...)
					r.mu.Unlock()
				}
				// A listen stream lasts as long as the session: it is not
				// waited for when stdin ends; requests in flight are, so
				// `echo request | unitymcp stdio` gets its answer.
				long := head.Method == "subscriptions/listen"
				if !long {
					wg.Add(1)
				}
				go func(msg []byte, id json.RawMessage, method string) {
					if !long {
						defer wg.Done()
					}
					r.post(ctx, msg, id, method)
					if method == "notifications/initialized" {
						r.startStream(ctx)
					}
				}(msg, head.ID, head.Method)
			}
		}
		if err != nil {
			break
		}
	}
	// stdin closed: let answers in flight arrive, then end the session.
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
	}
	r.endSession()
	return nil
}

func (r *relay) endpoint() string {
	q := url.Values{}
	if r.opt.Project != "" {
		q.Set("project", r.opt.Project)
	}
	if r.opt.Group != "" {
		q.Set("group", r.opt.Group)
	}
	u := r.baseURL + "/mcp"
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	return u
}

func (r *relay) request(ctx context.Context, method string, body []byte) (*http.Request, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, r.endpoint(), rd)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+r.token)
	req.Header.Set("Accept", "application/json, text/event-stream")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if r.sessionID != "" {
		req.Header.Set("Mcp-Session-Id", r.sessionID)
	}
	if v := modernVersion(body); v != "" {
		// 2026-07-28 and later: the version and the standard headers mirror
		// the body.
		var m struct {
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
		}
		json.Unmarshal(body, &m)
		for k, val := range mcp.StandardHeaders(v, mcp.MCPMethod(m.Method), m.Params) {
			req.Header.Set(k, val)
		}
		req.Header.Set(mcp.HeaderProtocolVersion, v)
	} else if r.version != "" {
		req.Header.Set(mcp.HeaderProtocolVersion, r.version)
	}
	return req, nil
}

// modernVersion returns the protocol version a message declares in
// params._meta (2026-07-28 and later), "" otherwise.
func modernVersion(body []byte) string {
	var w struct {
		Params struct {
			Meta map[string]any `json:"_meta"`
		} `json:"params"`
	}
	if json.Unmarshal(body, &w) != nil {
		return ""
	}
	v, _ := w.Params.Meta[mcp.MetaKeyProtocolVersion].(string)
	if mcp.IsModernProtocol(v) {
		return v
	}
	return ""
}

// post sends one message and relays whatever comes back.
func (r *relay) post(ctx context.Context, msg, id json.RawMessage, method string) {
	isInit := method == "initialize"
	resp, err := r.send(ctx, msg, r.repeatableRequest(method, msg))
	if errors.Is(err, errRestarted) {
		r.failCode(id, api.CodeDaemonRestarted, "the unitymcp daemon stopped while this request was in flight and was restarted; the request was not sent again because it may already have run in the editor ("+method+" is not safe to repeat). Check the editor's state, then send it again if it did not happen")
		return
	}
	if err != nil {
		r.fail(id, fmt.Sprintf("unitymcp daemon unreachable: %v", err))
		return
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound && !isInit && r.hasSession() {
		// The daemon restarted between requests and forgot the session (a 404
		// means it did not run this one): start a new session transparently
		// with the client's own initialize, then send it again.
		resp.Body.Close()
		if err := r.reinitialize(ctx); err != nil {
			r.fail(id, "the daemon lost this session and re-initializing failed: "+err.Error())
			return
		}
		resp, err = r.send(ctx, msg, false)
		if err != nil {
			r.fail(id, fmt.Sprintf("unitymcp daemon unreachable: %v", err))
			return
		}
		defer resp.Body.Close()
	}
	if isInit {
		r.mu.Lock()
		if sid := resp.Header.Get("Mcp-Session-Id"); sid != "" {
			r.sessionID = sid
		}
		r.mu.Unlock()
	}
	r.relayResponse(resp, id, method)
}

// repeatableRequest says whether a request may be sent again after the
// daemon went away with it in flight: the handshake, listings and pings
// change nothing, nor does a call to a tool the daemon lists as idempotent
// or read-only. Everything else may have run already.
func (r *relay) repeatableRequest(method string, msg []byte) bool {
	switch method {
	case "initialize", "notifications/initialized", "ping", "tools/list", "prompts/list", "resources/list",
		"resources/templates/list", "resources/read", "completion/complete", "subscriptions/listen":
		return true
	case "tools/call":
		var m struct {
			Params struct {
				Name string `json:"name"`
			} `json:"params"`
		}
		if json.Unmarshal(msg, &m) != nil {
			return false
		}
		r.mu.Lock()
		defer r.mu.Unlock()
		return r.repeatable[m.Params.Name]
	}
	return false
}

// learnTools records which listed tools are safe to repeat.
func (r *relay) learnTools(b []byte) {
	var m struct {
		Result struct {
			Tools []struct {
				Name        string `json:"name"`
				Annotations struct {
					ReadOnly   bool `json:"readOnlyHint"`
					Idempotent bool `json:"idempotentHint"`
				} `json:"annotations"`
			} `json:"tools"`
		} `json:"result"`
	}
	if json.Unmarshal(b, &m) != nil || len(m.Result.Tools) == 0 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.repeatable == nil {
		r.repeatable = map[string]bool{}
	}
	for _, t := range m.Result.Tools {
		r.repeatable[t.Name] = t.Annotations.ReadOnly || t.Annotations.Idempotent
	}
}

// send posts msg. When the daemon does not answer it reconnects (the daemon
// may have been restarted) and sends msg again only if it never reached the
// daemon (the connection was refused) or repeatable says repeating is safe;
// otherwise it returns errRestarted.
func (r *relay) send(ctx context.Context, msg []byte, repeatable bool) (*http.Response, error) {
	req, err := r.request(ctx, http.MethodPost, msg)
	if err != nil {
		return nil, err
	}
	resp, err := r.http.Do(req)
	if err != nil && ctx.Err() == nil && r.opt.Reconnect != nil {
		base, tok, rerr := r.opt.Reconnect(ctx)
		if rerr != nil {
			return nil, fmt.Errorf("%v (restarting it failed: %v)", err, rerr)
		}
		r.mu.Lock()
		r.baseURL, r.token = base, tok
		r.mu.Unlock()
		if !repeatable && !neverSent(err) {
			return nil, errRestarted
		}
		if req, err = r.request(ctx, http.MethodPost, msg); err != nil {
			return nil, err
		}
		resp, err = r.http.Do(req)
	}
	return resp, err
}

// neverSent reports whether a failed request never reached a daemon: the
// connection could not be made.
func neverSent(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

func (r *relay) hasSession() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.sessionID != ""
}

func (r *relay) reinitialize(ctx context.Context) error {
	r.mu.Lock()
	initBody, initialized := r.initBody, r.initialized
	r.sessionID = ""
	r.mu.Unlock()
	if initBody == nil {
		return errors.New("no initialize to replay")
	}
	resp, err := r.send(ctx, initBody, true)
	if err != nil {
		return err
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("initialize answered HTTP %d", resp.StatusCode)
	}
	r.mu.Lock()
	r.sessionID = resp.Header.Get("Mcp-Session-Id")
	r.mu.Unlock()
	if initialized != nil {
		if resp, err := r.send(ctx, initialized, true); err == nil {
			resp.Body.Close()
		}
	}
	r.opt.Log.Info("stdio: re-initialized the MCP session after the daemon restarted")
	return nil
}

// relayResponse writes the daemon's answer to stdout. An SSE answer that ends
// without the response to id (the daemon died mid-stream) fails the request
// with daemon_restarted rather than leaving the client waiting for ever.
func (r *relay) relayResponse(resp *http.Response, id json.RawMessage, method string) {
	isInit := method == "initialize"
	ct := resp.Header.Get("Content-Type")
	seen := func(b []byte) {
		if isInit {
			r.noteVersion(b)
		}
		if method == "tools/list" {
			r.learnTools(b)
		}
	}
	switch {
	case resp.StatusCode == http.StatusAccepted || resp.StatusCode == http.StatusNoContent:
		io.Copy(io.Discard, resp.Body)
	case strings.HasPrefix(ct, "text/event-stream"):
		answered := false
		readSSE(resp.Body, func(b []byte) {
			seen(b)
			if !answered && isResponseTo(b, id) {
				answered = true
			}
			r.write(b)
		})
		if !answered && len(id) > 0 && string(id) != "null" && method != "subscriptions/listen" {
			r.failCode(id, api.CodeDaemonRestarted, "the unitymcp daemon's answer stream ended before the answer (the daemon stopped or restarted); "+method+" may or may not have run in the editor")
		}
	case strings.HasPrefix(ct, "application/json"):
		b, _ := io.ReadAll(resp.Body)
		b = bytes.TrimSpace(b)
		if isJSONRPC(b) {
			seen(b)
			r.write(b)
			return
		}
		r.fail(id, fmt.Sprintf("daemon answered HTTP %d: %s", resp.StatusCode, errorMessage(b)))
	default:
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		r.fail(id, fmt.Sprintf("daemon answered HTTP %d: %s", resp.StatusCode, bytes.TrimSpace(b)))
	}
}

// isResponseTo reports whether b is the response (result or error) to id.
func isResponseTo(b []byte, id json.RawMessage) bool {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	return json.Unmarshal(b, &m) == nil && m.Method == "" && bytes.Equal(bytes.TrimSpace(m.ID), bytes.TrimSpace(id))
}

func (r *relay) noteVersion(b []byte) {
	var m struct {
		Result struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"result"`
	}
	if json.Unmarshal(b, &m) == nil && m.Result.ProtocolVersion != "" {
		r.mu.Lock()
		r.version = m.Result.ProtocolVersion
		r.mu.Unlock()
	}
}

// startStream opens the GET stream of a 2025 session so server
// notifications (tools/list_changed) reach the client; it re-opens it when
// it drops.
func (r *relay) startStream(ctx context.Context) {
	r.mu.Lock()
	if r.streaming || r.sessionID == "" {
		r.mu.Unlock()
		return
	}
	r.streaming = true
	r.mu.Unlock()
	go func() {
		for ctx.Err() == nil {
			req, err := r.request(ctx, http.MethodGet, nil)
			if err != nil {
				return
			}
			req.Header.Set("Accept", "text/event-stream")
			resp, err := r.http.Do(req)
			if err == nil {
				if resp.StatusCode == http.StatusOK {
					readSSE(resp.Body, r.write)
				}
				resp.Body.Close()
				if resp.StatusCode == http.StatusMethodNotAllowed {
					return
				}
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Second):
			}
		}
	}()
}

func (r *relay) endSession() {
	if !r.hasSession() {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if req, err := r.request(ctx, http.MethodDelete, nil); err == nil {
		if resp, err := r.http.Do(req); err == nil {
			resp.Body.Close()
		}
	}
}

// write sends one message to stdout, one per line.
func (r *relay) write(b []byte) {
	r.outMu.Lock()
	defer r.outMu.Unlock()
	r.out.Write(b)
	r.out.WriteByte('\n')
	r.out.Flush()
}

// fail answers a request (not a notification) with a JSON-RPC error.
func (r *relay) fail(id json.RawMessage, msg string) { r.failCode(id, "", msg) }

// failCode is fail with a unitymcp error code in the error's data.
func (r *relay) failCode(id json.RawMessage, code, msg string) {
	r.opt.Log.Warn("stdio relay", "err", msg)
	if len(id) == 0 || string(id) == "null" {
		return
	}
	e := map[string]any{"code": -32603, "message": msg}
	if code != "" {
		e["message"] = code + ": " + msg
		e["data"] = map[string]any{"code": code}
	}
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": e})
	r.write(b)
}

// readSSE calls emit with the data of every event of an SSE stream.
func readSSE(body io.Reader, emit func([]byte)) {
	br := bufio.NewReaderSize(body, 1<<16)
	var data bytes.Buffer
	for {
		line, err := br.ReadBytes('\n')
		trimmed := bytes.TrimRight(line, "\r\n")
		switch {
		case len(trimmed) == 0 && len(line) > 0:
			if data.Len() > 0 {
				emit(append([]byte(nil), data.Bytes()...))
				data.Reset()
			}
		case bytes.HasPrefix(trimmed, []byte("data:")):
			if data.Len() > 0 {
				data.WriteByte('\n')
			}
			data.Write(bytes.TrimPrefix(bytes.TrimPrefix(trimmed, []byte("data:")), []byte(" ")))
		}
		if err != nil {
			if data.Len() > 0 {
				emit(data.Bytes())
			}
			return
		}
	}
}

func isJSONRPC(b []byte) bool {
	var m struct {
		JSONRPC string `json:"jsonrpc"`
	}
	return json.Unmarshal(b, &m) == nil && m.JSONRPC == "2.0"
}

func errorMessage(b []byte) string {
	var m struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(b, &m) == nil && m.Error.Message != "" {
		return m.Error.Message
	}
	return string(b)
}

func jsonEscape(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}
