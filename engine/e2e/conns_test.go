package e2e

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/daemon"
)

// rawGet sends one GET on c and reads the answer's head.
func rawGet(t *testing.T, c net.Conn, path, auth string) *http.Response {
	t.Helper()
	req := "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
	if auth != "" {
		req += "Authorization: " + auth + "\r\n"
	}
	if _, err := io.WriteString(c, req+"\r\n"); err != nil {
		t.Fatal(err)
	}
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}

// dialer dials addr, each connection closed at the test's end.
func dialer(t *testing.T, addr string) func() net.Conn {
	return func() net.Conn {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
}

// TestUnauthenticatedConnectionsBounded: an answer without the token (401,
// 403, /proof without keep=1) closes the connection at once instead of keeping it
// for the 2-minute idle timeout; no more than MaxUnauthenticated connections are
// served before they authenticate — the next waits until one goes — while
// authenticated connections do not count.
func TestUnauthenticatedConnectionsBounded(t *testing.T) {
	const max = 4
	e := startDaemonWith(t, func(c *daemon.Config) { c.MaxUnauthenticated = max; c.HeaderTimeout = 20 * time.Second })
	addr := strings.TrimPrefix(e.URL, "http://")
	dial := dialer(t, addr)
	for _, tt := range []struct{ name, path, auth string }{
		{"no token", "/health", ""},
		{"wrong token", "/health", "Bearer nope"},
		{"proof", "/proof?nonce=00112233445566778899aabbccddeeff", ""},
		{"bad proof nonce, keep asked", "/proof?nonce=0011&keep=1", ""},
	} {
		c := dial()
		rawGet(t, c, tt.path, tt.auth)
		c.SetReadDeadline(time.Now().Add(3 * time.Second))
		if _, err := c.Read(make([]byte, 1)); !errors.Is(err, io.EOF) {
			t.Errorf("%s: after the answer the connection is still open (read: %v), want it closed", tt.name, err)
		}
	}
	// Authenticated keep-alive connections hold no slot.
	for range max + 2 {
		c := dial()
		if resp := rawGet(t, c, "/health", "Bearer "+e.Token); resp.StatusCode != http.StatusOK {
			t.Fatalf("authenticated /health: %d", resp.StatusCode)
		}
	}
	// max silent connections fill every slot.
	silent := make([]net.Conn, max)
	for i := range silent {
		silent[i] = dial()
	}
	// Every slot is held (connections are accepted in the order they
	// came, so the next one waits behind these).
	waitFor(t, 10*time.Second, func() bool { return e.d.Unauthenticated() == max }, "the %d silent connections to be accepted (%d are)", max, e.d.Unauthenticated())
	done := make(chan int, 1)
	go func() {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			done <- -1
			return
		}
		defer c.Close()
		io.WriteString(c, "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "+e.Token+"\r\n\r\n")
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			done <- -2
			return
		}
		done <- resp.StatusCode
	}()
	select {
	case st := <-done:
		t.Fatalf("a connection beyond the cap was served at once (status %d), want it to wait", st)
	case <-time.After(500 * time.Millisecond):
	}
	silent[0].Close()
	select {
	case st := <-done:
		if st != http.StatusOK {
			t.Errorf("the waiting request: status %d, want 200", st)
		}
	case <-time.After(3 * time.Second):
		t.Error("the waiting connection was not served after a slot freed")
	}
}

// TestProvenConnectionCarriesTheToken: a client proves each connection
// before the token goes on it (engine/client/proof.go), so a successful
// /proof asked with keep=1 keeps the connection open for that request — and only for the
// proof's grace (the header timeout), not the 2-minute idle timeout, when
// no request comes; once authenticated, the grace no longer applies.
func TestProvenConnectionCarriesTheToken(t *testing.T) {
	const grace = 700 * time.Millisecond
	e := startDaemonWith(t, func(c *daemon.Config) { c.HeaderTimeout = grace })
	addr := strings.TrimPrefix(e.URL, "http://")
	proof := "/proof?nonce=00112233445566778899aabbccddeeff&keep=1"
	dial := dialer(t, addr)
	idle := dial()
	if resp := rawGet(t, idle, proof, ""); resp.StatusCode != http.StatusOK || resp.Close {
		t.Fatalf("/proof: status %d, close %v; want 200 on a connection kept open", resp.StatusCode, resp.Close)
	}
	// Closed by the daemon (EOF) is the verdict: under the 2-minute idle
	// timeout instead, the read would reach its deadline first, a minute
	// away however busy the machine is.
	idle.SetReadDeadline(time.Now().Add(time.Minute))
	if _, err := idle.Read(make([]byte, 1)); !errors.Is(err, io.EOF) {
		t.Errorf("a proven connection with no request: read %v, want it closed after the grace (%v)", err, grace)
	}
	used := dial()
	rawGet(t, used, proof, "")
	if resp := rawGet(t, used, "/health", "Bearer "+e.Token); resp.StatusCode != http.StatusOK {
		t.Fatalf("the token's request on the proven connection: status %d, want 200", resp.StatusCode)
	}
	// Authenticated, the grace no longer applies: a stream opened on a
	// proven connection lasts past it.
	stream := dial()
	rawGet(t, stream, proof, "")
	io.WriteString(stream, "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "+e.Token+"\r\n\r\n")
	stream.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(stream), nil)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("/events on a proven connection: %v %v", resp, err)
	}
	stream.SetReadDeadline(time.Now().Add(4 * grace))
	_, err = io.Copy(io.Discard, resp.Body)
	if !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Errorf("an authenticated stream on a proven connection after the grace: %v, want it still open", err)
	}
}
