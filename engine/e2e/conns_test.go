package e2e

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
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

// TestUnauthenticatedConnectionsBounded: an answer without the token (401,
// 403, /proof) closes the connection at once instead of keeping it for the
// 2-minute idle timeout; no more than MaxUnauthenticated connections are
// served before they authenticate — the next waits until one goes — while
// authenticated connections do not count.
func TestUnauthenticatedConnectionsBounded(t *testing.T) {
	const max = 4
	e := startDaemonWith(t, func(c *daemon.Config) { c.MaxUnauthenticated = max; c.HeaderTimeout = 20 * time.Second })
	addr := strings.TrimPrefix(e.URL, "http://")
	dial := func() net.Conn {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	for _, tt := range []struct{ name, path, auth string }{
		{"no token", "/health", ""},
		{"wrong token", "/health", "Bearer nope"},
		{"proof", "/proof?nonce=00112233445566778899aabbccddeeff", ""},
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
	time.Sleep(100 * time.Millisecond) // accepted
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
