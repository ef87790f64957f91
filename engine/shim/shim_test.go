package shim

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
)

// fakeDaemon speaks the daemon's side of the stdio stream: it accepts
// connections, upgrades them and hands each to the test as a conn whose
// lines the test reads and answers.
type fakeDaemon struct {
	ln    net.Listener
	conns chan *fakeConn
}

type fakeConn struct {
	c     net.Conn
	lines chan string // what the shim wrote, line by line; closed when it ends
	n     int         // lines taken from lines (the n-th is line n)
	query string      // the upgrade request's query
	auth  string
}

func newFakeDaemon(t *testing.T) *fakeDaemon {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	d := &fakeDaemon{ln: ln, conns: make(chan *fakeConn, 8)}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			br := bufio.NewReader(c)
			req, err := http.ReadRequest(br)
			if err != nil || req.URL.Path != api.PathStream || req.Header.Get("Upgrade") != api.StreamProtocol {
				c.Close()
				continue
			}
			io.WriteString(c, "HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: "+api.StreamProtocol+"\r\n\r\n")
			d.conns <- &fakeConn{c: c, lines: readLines(br), query: req.URL.RawQuery, auth: req.Header.Get("Authorization")}
		}
	}()
	return d
}

// readLines delivers what the shim writes on a stream, line by line; the
// channel is closed when the stream ends.
func readLines(br *bufio.Reader) chan string {
	lines := make(chan string, 64)
	go func() {
		defer close(lines)
		for {
			l, err := br.ReadString('\n')
			if err != nil {
				return
			}
			lines <- strings.TrimSpace(l)
		}
	}()
	return lines
}

// dial is the shim's Dial for the fake daemon (its proof is engine/client's).
func (d *fakeDaemon) dial(ctx context.Context) (Dialed, error) {
	var nd net.Dialer
	c, err := nd.DialContext(ctx, "tcp", d.ln.Addr().String())
	if err != nil {
		return Dialed{}, err
	}
	return Dialed{Conn: c, Host: d.ln.Addr().String(), Token: "tok"}, nil
}

func (d *fakeDaemon) next(t *testing.T) *fakeConn {
	t.Helper()
	return nextConn(t, d.conns, "the shim did not connect")
}

// nextConn waits for the shim's next connection.
func nextConn[C any](t *testing.T, conns chan C, fail string) C {
	t.Helper()
	select {
	case c := <-conns:
		return c
	case <-time.After(10 * time.Second):
		t.Fatal(fail)
		var none C
		return none
	}
}

// expect reads the next line and checks it holds want.
func (c *fakeConn) expect(t *testing.T, want string) string {
	t.Helper()
	select {
	case l, ok := <-c.lines:
		if !ok {
			t.Fatalf("the shim closed the stream; want a line with %s", want)
		}
		c.n++
		if !strings.Contains(l, want) {
			t.Fatalf("the shim sent line %d %.300s; want a line with %s", c.n, l, want)
		}
		return l
	case <-time.After(10 * time.Second):
		t.Fatalf("the shim sent nothing; want a line with %s", want)
		return ""
	}
}

func (c *fakeConn) send(s string) { io.WriteString(c.c, s+"\n") }

// client is the MCP client's side of the shim's stdin and stdout.
type client struct {
	in    io.Writer
	lines chan string
	t     *testing.T // set: a message the shim does not take fails the test
}

func startShim(t *testing.T, d *fakeDaemon) *client {
	return runShim(t, Options{Dial: d.dial})
}

// newClient is the client writing to in and reading the shim's output.
func newClient(in io.Writer, out io.Reader) *client {
	c := &client{in: in, lines: make(chan string, 64)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, 8<<20)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
	}()
	return c
}

func (c *client) send(s string) {
	if _, err := io.WriteString(c.in, s+"\n"); err != nil && c.t != nil {
		c.t.Helper()
		c.t.Fatalf("the shim's stdin: %v", err)
	}
}

// initialized sends the client's initialize, has the daemon's connection
// answer it, waits for the answer, and returns that connection.
func initialized(t *testing.T, c *client, d *fakeDaemon) *fakeConn {
	t.Helper()
	c.send(initialize)
	c1 := d.next(t)
	c1.expect(t, `"method":"initialize"`)
	c1.send(`{"jsonrpc":"2.0","id":1,"result":{}}`)
	c.answers(t, "1")
	return c1
}

// answers collects what the client receives until it has one per id.
func (c *client) answers(t *testing.T, ids ...string) map[string]string {
	t.Helper()
	got := map[string]string{}
	deadline := time.After(10 * time.Second)
	for len(got) < len(ids) {
		select {
		case l := <-c.lines:
			if strings.Contains(l, reinitID) {
				t.Fatalf("the client heard of the shim's own initialize: %s", l)
			}
			var m api.Message
			if json.Unmarshal([]byte(l), &m) != nil || !m.IsResponse() {
				continue
			}
			got[api.IDKey(m.ID)] = l
		case <-deadline:
			t.Fatalf("answers so far %v; want one for each of %v", got, ids)
		}
	}
	for _, id := range ids {
		if got[api.IDKey(json.RawMessage(id))] == "" {
			t.Fatalf("no answer for id %s: %v", id, got)
		}
	}
	return got
}

const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`

// The daemon dies with two calls in flight: the one to a read-only tool is
// sent again on the new connection, after the session was started again
// with the client's own initialize; the other is answered daemon_restarted
// and never sent again. The new daemon then dies before answering that
// initialize: the client never hears of the shim's own request, and the
// next connection starts the session again.
func TestRestartResendsOnlyWhatIsSafe(t *testing.T) {
	d := newFakeDaemon(t)
	c := startShim(t, d)
	c.send(initialize)
	c1 := d.next(t)
	if c1.auth != "Bearer tok" || !strings.Contains(c1.query, "project=%2Fp") {
		t.Fatalf("upgrade request: auth %q query %q", c1.auth, c1.query)
	}
	c1.expect(t, `"method":"initialize"`)
	c1.send(`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25"}}`)
	c.answers(t, "1")
	c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	c1.expect(t, "notifications/initialized")
	c.send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	c1.expect(t, `"tools/list"`)
	c1.send(`{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"read","annotations":{"readOnlyHint":true}},{"name":"write","annotations":{}}]}}`)
	c.answers(t, "2")
	c.send(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"read"}}`)
	c.send(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"write"}}`)
	c1.expect(t, `"id":3`)
	c1.expect(t, `"id":4`)
	c1.c.Close() // the daemon dies with both in flight

	c2 := d.next(t)
	c2.expect(t, reinitID)
	c2.c.Close() // and the new one dies before answering the shim's initialize
	lost := c.answers(t, "4")
	if !strings.Contains(lost[api.IDKey(json.RawMessage("4"))], api.CodeDaemonRestarted) {
		t.Fatalf("the call to write: %s; want daemon_restarted", lost)
	}

	c3 := d.next(t)
	l := c3.expect(t, reinitID)
	if !strings.Contains(l, `"clientInfo":{"name":"t"`) {
		t.Fatalf("the session is not started with the client's initialize: %s", l)
	}
	c3.expect(t, "notifications/initialized")
	c3.expect(t, `"id":3`) // the read-only call, again
	c3.send(`{"jsonrpc":"2.0","id":` + reinitID + `,"result":{"protocolVersion":"2025-11-25"}}`)
	c3.send(`{"jsonrpc":"2.0","id":3,"result":{"content":[]}}`)
	c.answers(t, "3")
	c.send(`{"jsonrpc":"2.0","id":5,"method":"ping"}`)
	if l := c3.expect(t, `"id":`); !strings.Contains(l, `"id":5`) {
		t.Fatalf("after the restart the shim sent %s; the call to write must never be sent again", l)
	}
}

// A message over the daemon's size limit is answered by its own id and not
// sent; the stream carries on.
func TestOversizedMessageAnsweredByItsID(t *testing.T) {
	d := newFakeDaemon(t)
	c := startShim(t, d)
	c1 := initialized(t, c, d)
	c.send(`{"jsonrpc":"2.0","id":"big","method":"tools/call","params":{"name":"x","arguments":{"code":"` + strings.Repeat("a", api.MaxRequestBytes) + `"}}}`)
	got := c.answers(t, `"big"`)
	if !strings.Contains(got[api.IDKey(json.RawMessage(`"big"`))], "size limit") {
		t.Fatalf("oversized message: %v", got)
	}
	// The TypeScript SDK writes the id last, after the params.
	c.send(`{"method":"tools/call","params":{"name":"x","arguments":{"code":"` + strings.Repeat("b", api.MaxRequestBytes) + `"}},"jsonrpc":"2.0","id":77}`)
	got = c.answers(t, `77`)
	if !strings.Contains(got[api.IDKey(json.RawMessage(`77`))], "size limit") {
		t.Fatalf("oversized message with its id last: %v", got)
	}
	c.send(`{"jsonrpc":"2.0","id":6,"method":"ping"}`)
	if l := c1.expect(t, `"id":`); !strings.Contains(l, `"id":6`) {
		t.Fatalf("the shim sent %.200s; the oversized messages must not be sent", l)
	}
}

// A daemon that ends every stream as soon as it opens gets three tries, not
// a reconnection at full speed: then what is in flight is answered.
func TestStreamsEndingAtOnceAreNotRetriedForever(t *testing.T) {
	d := newFakeDaemon(t)
	c := startShim(t, d)
	c.send(initialize)
	for i := 0; i < 3; i++ {
		ci := d.next(t)
		ci.expect(t, `"method":"initialize"`)
		ci.c.Close()
	}
	got := c.answers(t, "1")
	if !strings.Contains(got[api.IDKey(json.RawMessage("1"))], "three times in a row") {
		t.Fatalf("after three streams ended at once: %v; want the initialize answered with why", got)
	}
}

// readLine returns each line as it ends, and the end of stdin as io.EOF
// (bounded: a readLine that reads on past a line or an end would spin).
func TestReadLineEndsAtEachLineAndAtTheEnd(t *testing.T) {
	type result struct {
		line string
		err  error
	}
	got := make(chan []result, 1)
	go func() {
		in := bufio.NewReaderSize(strings.NewReader("{\"a\":1}\n\nlast"), 16)
		var rs []result
		for {
			line, _, over, err := readLine(in)
			if over {
				err = errors.New("over the limit")
			}
			rs = append(rs, result{string(line), err})
			if err != nil {
				break
			}
		}
		got <- rs
	}()
	select {
	case rs := <-got:
		want := []result{{"{\"a\":1}\n", nil}, {"\n", nil}, {"last", io.EOF}}
		if fmt.Sprint(rs) != fmt.Sprint(want) {
			t.Fatalf("readLine gave %v; want %v", rs, want)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("readLine did not return within 10 s")
	}
}
