package server

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
)

const guardToken = "0123456789abcdef0123456789abcdef"

// postRaw sends a POST with body (its declared length: declared) to s at
// path, with the token, and answers the recorder.
func postRaw(s *Server, path string, body []byte, declared int64) *httptest.ResponseRecorder {
	r := httptest.NewRequest("POST", "http://127.0.0.1"+path, bytes.NewReader(body))
	r.ContentLength = declared
	r.Header.Set("Authorization", "Bearer "+guardToken)
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	return w
}

// errorCode is the "code" of a REST error body.
func errorCode(t *testing.T, w *httptest.ResponseRecorder) string {
	t.Helper()
	var e struct {
		Error struct {
			Code string `json:"code"`
		} `json:"error"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
		t.Fatalf("not a JSON error: %d %.200s", w.Code, w.Body)
	}
	return e.Error.Code
}

// A body of exactly MaxBodyBytes is read (and the request routed: POST
// /mcp/stream answers bad_upgrade); one byte more, declared, is refused
// 413 before a byte is read, with both sizes in the message. The answer
// to a body read whole keeps the connection; one whose body could not be
// read closes it (the rest of the body was never read).
func TestBodyLimitIsExact(t *testing.T) {
	t.Parallel()
	if MaxBodyBytes != 4<<20 {
		t.Fatalf("MaxBodyBytes is %d; docs/security.md (and the stdio shim's line bound, api.MaxRequestBytes) say 4 MiB", MaxBodyBytes)
	}
	s := &Server{token: guardToken}
	at := bytes.Repeat([]byte("x"), MaxBodyBytes)
	w := postRaw(s, api.PathStream, at, MaxBodyBytes)
	if w.Code != http.StatusBadRequest || errorCode(t, w) != "bad_upgrade" {
		t.Errorf("a body of exactly %d bytes: %d %.200s; want it read and routed (400 bad_upgrade)", MaxBodyBytes, w.Code, w.Body)
	}
	if c := w.Header().Get("Connection"); c != "" {
		t.Errorf("a body read whole: Connection %q, want the connection kept", c)
	}
	over := append(at, 'x')
	w = postRaw(s, api.PathStream, over, MaxBodyBytes+1)
	want := fmt.Sprintf("request body of %d bytes is over the limit of %d bytes", MaxBodyBytes+1, MaxBodyBytes)
	if w.Code != http.StatusRequestEntityTooLarge || !strings.Contains(w.Body.String(), want) {
		t.Errorf("a body of %d bytes: %d %.200s; want 413 %q", MaxBodyBytes+1, w.Code, w.Body, want)
	}
	// Declared 10 bytes, 4 sent: the read fails.
	w = postRaw(s, api.PathStream, []byte("abcd"), 10)
	if w.Code != http.StatusBadRequest || errorCode(t, w) != "bad_body" {
		t.Errorf("a body cut short: %d %.200s; want 400 bad_body", w.Code, w.Body)
	}
	if c := w.Header().Get("Connection"); c != "close" {
		t.Errorf("a body cut short: Connection %q, want close", c)
	}
}

// Without BodyTimeout the body timeout is 30 s: a body bigger than the
// server's read buffer is read from the connection without a hitch (a
// zero timeout would give the read a deadline already past).
func TestDefaultBodyTimeoutLetsBodiesArrive(t *testing.T) {
	t.Parallel()
	ts := httptest.NewServer(&Server{token: guardToken})
	t.Cleanup(ts.Close)
	u, _ := url.Parse(ts.URL)
	c, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	body := bytes.Repeat([]byte("y"), 60<<10) // far past the 4 KiB read buffer, under smallBodyBytes
	go func() {
		fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\nContent-Length: %d\r\n\r\n", api.PathStream, u.Host, guardToken, len(body))
		c.Write(body)
	}()
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), "bad_upgrade") {
		t.Errorf("a %d-byte body with the default body timeout: %d %.200s; want it read and routed (400 bad_upgrade)", len(body), resp.StatusCode, b)
	}
}

// /projects/<hash>/mcp serves a project's MCP server; a path whose hash is
// empty, "." or ".." is not a pin: the pattern mux redirects it (307) to its
// clean form (which serves nothing), it is never served as /mcp or as a
// folder pin of the daemon's working directory.
func TestProjectPathThatIsNoPinIsNotServed(t *testing.T) {
	d, _, _, _ := newTestServer(t, 5*time.Second, "Pin")
	for _, p := range []string{"/projects//mcp", "/projects/./mcp", "/projects/../mcp"} {
		rec := d.postTo(p, "", `{"jsonrpc":"2.0","id":1,"method":"ping"}`)
		if rec.Code != http.StatusTemporaryRedirect {
			t.Errorf("POST %s: %d %.200s; want the mux's 307 to the clean path", p, rec.Code, rec.Body)
		}
	}
}

// A project pinned by its folder in the path (escaped: the hash segment
// holds slashes, so the pattern mux routes it) is served as a hash pin is,
// the daemon's own answers included: a tools/call of a name no tool has
// is a tool error result (unknown_tool), not mcp-go's bare JSON-RPC error.
func TestFolderPinInThePathGetsTheDaemonsAnswers(t *testing.T) {
	d, _, _, _ := newTestServer(t, 5*time.Second, "Pin")
	p := "/projects/" + url.PathEscape(filepath.ToSlash(d.proj)) + "/mcp"
	rec := d.postTo(p, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}`)
	sid := rec.Header().Get(sessionHeader)
	if sid == "" {
		t.Fatalf("initialize at %s: %d %.300s", p, rec.Code, rec.Body)
	}
	d.postTo(p, sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	rec = d.postTo(p, sid, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"no-such-tool","arguments":{}}}`)
	if b := rec.Body.String(); !strings.Contains(b, `"isError":true`) || !strings.Contains(b, api.CodeUnknownTool) {
		t.Errorf("an unknown tool at %s: %d %.300s; want a tool error result with %s", p, rec.Code, b, api.CodeUnknownTool)
	}
}

// MCPURL is the unpinned endpoint for no hash, else the project's.
func TestMCPURL(t *testing.T) {
	t.Parallel()
	s := &Server{BaseURL: "http://127.0.0.1:8765"}
	if got, want := s.MCPURL(""), "http://127.0.0.1:8765/mcp"; got != want {
		t.Errorf("MCPURL(\"\") = %q, want %q", got, want)
	}
	if got, want := s.MCPURL("0123456789abcdef"), "http://127.0.0.1:8765/projects/0123456789abcdef/mcp"; got != want {
		t.Errorf("MCPURL(hash) = %q, want %q", got, want)
	}
}
