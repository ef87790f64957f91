//go:build unix

package shim

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/platform"
)

// handDaemon speaks the daemon's side of a stream on its Unix-domain
// socket with the client's output handed over: the test writes answers to
// the output itself and acks lines on the ack pipe, as the daemon does.
type handDaemon struct {
	sock   string
	conns  chan *handConn
	refuse bool // take the descriptors, then close them and the stream without "h"
	marks  bool // say "P" (as the daemon does when the shim asks): it marks what a crash could cut
}

type handConn struct {
	*fakeConn
	out  *platform.RawFD // the client's output
	ack  *platform.RawFD
	req  *os.File // what the shim writes, from its request pipe
	dead atomic.Bool
}

// serve delivers the shim's lines; when the shim ends its request pipe,
// the daemon lets go of the output, as the real one does ("q", then the
// descriptors and the socket closed).
func (c *handConn) serve(br *bufio.Reader) {
	defer close(c.lines)
	for {
		l, err := br.ReadString('\n')
		if err != nil {
			break
		}
		c.lines <- strings.TrimSpace(l)
	}
	if !c.dead.Load() {
		io.WriteString(c.ack, "q\n")
		c.out.Close()
		c.ack.Close()
		c.c.Close()
	}
}

func newHandDaemon(t *testing.T, refuse bool) *handDaemon {
	return startHandDaemon(t, &handDaemon{refuse: refuse})
}

func startHandDaemon(t *testing.T, d *handDaemon) *handDaemon {
	d.sock, d.conns = filepath.Join(t.TempDir(), "d.sock"), make(chan *handConn, 8)
	ln, err := net.Listen("unix", d.sock)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			br := bufio.NewReader(c)
			req, err := http.ReadRequest(br)
			if err != nil || req.Header.Get(api.StreamHandoff) != api.StreamHandoffValue {
				c.Close()
				continue
			}
			io.WriteString(c, "HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: "+api.StreamProtocol+"\r\n\r\n")
			fds, err := platform.ReceiveFiles(c, 3)
			if err != nil || len(fds) != 3 || d.refuse {
				for _, f := range fds {
					f.Close()
				}
				c.Close()
				continue
			}
			if d.marks && req.Header.Get(api.StreamHandoffMarks) == "1" {
				io.WriteString(fds[1], "h\nP\n")
			} else {
				io.WriteString(fds[1], "h\n")
			}
			reqs := fds[2].Pollable("requests")
			hc := &handConn{fakeConn: &fakeConn{c: c, lines: make(chan string, 64)}, out: fds[0], ack: fds[1], req: reqs}
			go hc.serve(bufio.NewReader(reqs))
			d.conns <- hc
		}
	}()
	return d
}

func (d *handDaemon) next(t *testing.T) *handConn {
	t.Helper()
	return nextConn(t, d.conns, "the shim did not connect to the socket and hand over its output")
}

// expect is fakeConn's, with the line's number.
func (c *handConn) expect(t *testing.T, want string) (string, int) {
	t.Helper()
	l := c.fakeConn.expect(t, want)
	return l, c.n
}

// answer writes msg to the client and acks line n, as the daemon does.
func (c *handConn) answer(msg string, n int) {
	io.WriteString(c.out, msg+"\n")
	c.done(n)
}

// done acks line n.
func (c *handConn) done(n int) { fmt.Fprintf(c.ack, "a%d\n", n) }

// die ends the connection as a crash does: no "q", the files closed.
func (c *handConn) die() {
	c.dead.Store(true)
	c.out.Close()
	c.ack.Close()
	c.req.Close()
	c.c.Close()
}

// startHandShim runs the shim with a real pipe as its output (the client's
// side is returned), pointed at d's socket.
func startHandShim(t *testing.T, d *handDaemon) (*client, chan struct{}) {
	return startHandShimAt(t, d, "http://127.0.0.1:9")
}

func startHandShimAt(t *testing.T, d *handDaemon, base string) (*client, chan struct{}) {
	inR, inW := io.Pipe()
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		Run(ctx, Options{BaseURL: base, Token: "tok", Socket: d.sock, Project: "/p", In: inR, Out: outW, Stdout: platform.FileRawFD(outW)})
		close(done)
	}()
	t.Cleanup(func() { cancel(); inW.Close(); <-done; outW.Close() })
	return newClient(inW, outR), done
}

// handshake starts the session: the daemon takes the output and answers
// the client's initialize.
func handshake(t *testing.T, d *handDaemon, c *client) *handConn {
	c.send(initialize)
	hc := d.next(t)
	_, n := hc.expect(t, `"method":"initialize"`)
	hc.answer(`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25"}}`, n)
	c.answers(t, "1")
	return hc
}

// With its output handed over, the shim still answers what a crash left
// in flight: acked requests are not answered again, the daemon's message
// cut short is ended so the next line is whole, a message of the shim's
// own the daemon did not write is written by the shim, the read-only call
// (learnt from the tools/list the daemon told it on the socket) is sent
// again after the session is started again quietly, and the other call is
// answered daemon_restarted.
func TestHandedOutputSurvivesACrash(t *testing.T) {
	d := newHandDaemon(t, false)
	c, _ := startHandShim(t, d)
	c1 := handshake(t, d, c)
	c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	c1.expect(t, "notifications/initialized")
	c.send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	_, n := c1.expect(t, `"tools/list"`)
	list := `{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"read","annotations":{"readOnlyHint":true}},{"name":"write","annotations":{}}]}}`
	io.WriteString(c1.c, string(api.StreamTools)+list+"\n")
	c1.answer(list, n)
	c.answers(t, "2")

	// The shim's own answer goes through the daemon while it holds the output.
	c.send(`{"jsonrpc":"2.0","id":"big","method":"tools/call","params":{"name":"x","arguments":{"code":"` + strings.Repeat("a", api.MaxRequestBytes) + `"}}}`)
	l, n := c1.expect(t, `"id":"big"`)
	if l[0] != api.StreamSay || !strings.Contains(l, "size limit") {
		t.Fatalf("the shim's answer to the oversized message went as %.200s; want a StreamSay line", l)
	}
	c1.answer(l[1:], n)
	c.answers(t, `"big"`)

	c.send(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"read"}}`)
	c.send(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"write"}}`)
	c1.expect(t, `"id":3`)
	c1.expect(t, `"id":4`)
	c.send(`[{"jsonrpc":"2.0","id":5,"method":"ping"}]`)
	c1.expect(t, "batches")                                                 // a StreamSay line the daemon never writes
	io.WriteString(c1.out, `{"jsonrpc":"2.0","method":"notifications/mess`) // cut short by the crash
	c1.die()

	c2 := d.next(t)
	l, n = c2.expect(t, reinitID)
	if l[0] != api.StreamQuiet || !strings.Contains(l, `"clientInfo":{"name":"t"`) {
		t.Fatalf("the session was started again with %.200s; want a StreamQuiet line with the client's initialize", l)
	}
	c2.done(n) // answered to nobody
	c2.expect(t, "notifications/initialized")
	_, n3 := c2.expect(t, `"id":3`)
	c2.answer(`{"jsonrpc":"2.0","id":3,"result":{"content":[]}}`, n3)
	l, n = c2.expect(t, api.CodeDaemonRestarted) // the new daemon holds the output: the shim's answer goes through it
	if l[0] != api.StreamSay || !strings.Contains(l, `"id":4`) {
		t.Fatalf("the answer to the lost call went as %.200s; want a StreamSay line for id 4", l)
	}
	c2.answer(l[1:], n)

	var cut, batch bool
	got := map[string]string{}
	deadline := time.After(10 * time.Second)
	for len(got) < 2 || !batch {
		select {
		case l := <-c.lines:
			switch id, ok := responseID([]byte(l)); {
			case strings.HasPrefix(l, `{"jsonrpc":"2.0","method":"notifications/mess`):
				cut = l == `{"jsonrpc":"2.0","method":"notifications/mess`
			case strings.Contains(l, "batches"):
				batch = true
			case ok:
				if k := api.IDKey(id); got[k] != "" {
					t.Fatalf("id %s answered twice: %s and %s", id, got[k], l)
				} else {
					got[k] = l
				}
			case l != "":
				t.Fatalf("the client got %.200q", l)
			}
		case <-deadline:
			t.Fatalf("the client got %v, cut line %v, batch error %v; want answers to 3 and 4 and the batch error", got, cut, batch)
		}
	}
	if !cut {
		t.Fatal("the message the crash cut short was not ended with a newline: the next message joined it")
	}
	if !strings.Contains(got[api.IDKey(json.RawMessage("4"))], api.CodeDaemonRestarted) || !strings.Contains(got[api.IDKey(json.RawMessage("3"))], `"result"`) {
		t.Fatalf("after the crash: %v; want 3 answered by the new daemon and 4 daemon_restarted", got)
	}
	if _, ok := got[api.IDKey(json.RawMessage("2"))]; ok {
		t.Fatal("tools/list, acked before the crash, was answered again")
	}
	c.send(`{"jsonrpc":"2.0","id":6,"method":"ping"}`)
	if l, _ := c2.expect(t, `"id":`); !strings.Contains(l, `"id":6`) {
		t.Fatalf("after the restart the shim sent %s; the call to write must never be sent again", l)
	}
}

// At the end of stdin the shim waits for the answers in flight, which it
// learns of from the ack pipe, and ends as soon as they are written.
func TestHandedOutputEndsOnceAnswered(t *testing.T) {
	d := newHandDaemon(t, false)
	c, done := startHandShim(t, d)
	c1 := handshake(t, d, c)
	c.send(`{"jsonrpc":"2.0","id":2,"method":"ping"}`)
	_, n := c1.expect(t, `"id":2`)
	c.in.(io.Closer).Close()
	select {
	case <-done:
		t.Fatal("the shim ended with a request in flight")
	case <-time.After(100 * time.Millisecond): // it waits up to 5 s: it must still be waiting
	}
	start := time.Now()
	c1.answer(`{"jsonrpc":"2.0","id":2,"result":{}}`, n)
	select {
	case <-done:
	case <-time.After(4 * time.Second):
		t.Fatal("the shim did not end once its last request was acked")
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("the shim ended %v after the ack", d)
	}
	c.answers(t, "2")
}

// A daemon that takes the descriptors but not the output (another version,
// say) closes the stream without its "h": the shim relays over TCP instead.
func TestRefusedHandoffRelays(t *testing.T) {
	d := newHandDaemon(t, true)
	tcp := newFakeDaemon(t)
	c, _ := startHandShimAt(t, d, "http://"+tcp.ln.Addr().String())
	c.send(initialize)
	c1 := tcp.next(t)
	c1.expect(t, `"method":"initialize"`)
	c1.send(`{"jsonrpc":"2.0","id":1,"result":{}}`)
	c.answers(t, "1")
}

// At the end of stdin a message of the shim's the daemon has not written
// is waited for, and when the daemon lets go without writing it (cleanly:
// no newline first) the shim writes it itself before it ends.
func TestHandedOutputEndKeepsTheShimsOwnMessages(t *testing.T) {
	d := newHandDaemon(t, false)
	c, done := startHandShim(t, d)
	c1 := handshake(t, d, c)
	c.send(`[{"jsonrpc":"2.0","id":5,"method":"ping"}]`)
	c1.expect(t, "batches") // read, never written nor acked
	c.in.(io.Closer).Close()
	select {
	case l := <-c.lines:
		if !strings.Contains(l, "batches") {
			t.Fatalf("after the daemon let go the client got %q; want the shim's batch error, whole", l)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the shim's own message was lost at the end")
	}
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the shim did not end")
	}
}

// A daemon that marks the messages a crash could cut ("P"): the shim ends
// the line after a crash only when the daemon died writing a marked one (a
// "p" with no "w"), and writes no empty line otherwise — the client's
// parser takes one for a broken message. A daemon that does not mark
// (TestHandedOutputSurvivesACrash) still gets its line ended.
func TestHandedOutputCrashMarks(t *testing.T) {
	for _, tc := range []struct {
		name  string
		crash func(c *handConn) // what the daemon writes before it dies
		want  []string          // what the client gets from then on, before the next answer
	}{
		{"nothing cut", func(c *handConn) {
			io.WriteString(c.out, `{"jsonrpc":"2.0","method":"notifications/whole"}`+"\n")
		}, []string{`{"jsonrpc":"2.0","method":"notifications/whole"}`}},
		{"a marked message written whole", func(c *handConn) {
			io.WriteString(c.ack, "p\n")
			io.WriteString(c.out, `{"jsonrpc":"2.0","method":"notifications/long"}`+"\n")
			io.WriteString(c.ack, "w\n")
		}, []string{`{"jsonrpc":"2.0","method":"notifications/long"}`}},
		{"a marked message cut", func(c *handConn) {
			io.WriteString(c.ack, "p\n")
			io.WriteString(c.out, `{"jsonrpc":"2.0","method":"notifications/lo`)
		}, []string{`{"jsonrpc":"2.0","method":"notifications/lo`}},
		{"cut after a marked one", func(c *handConn) {
			io.WriteString(c.ack, "p\nw\np\n")
			io.WriteString(c.out, `{"jsonrpc":"2.0","method":"notifications/lo`)
		}, []string{`{"jsonrpc":"2.0","method":"notifications/lo`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := startHandDaemon(t, &handDaemon{marks: true})
			c, _ := startHandShim(t, d)
			c1 := handshake(t, d, c)
			tc.crash(c1)
			c1.die()
			c2 := d.next(t)
			_, n := c2.expect(t, reinitID)
			c2.done(n)
			c.send(`{"jsonrpc":"2.0","id":9,"method":"ping"}`)
			_, n = c2.expect(t, `"id":9`)
			const answer = `{"jsonrpc":"2.0","id":9,"result":{}}`
			c2.answer(answer, n)
			var got []string
			for deadline := time.After(10 * time.Second); ; {
				select {
				case l := <-c.lines:
					if l == answer {
						if !slices.Equal(got, tc.want) {
							t.Fatalf("after the crash the client got %q; want %q", got, tc.want)
						}
						return
					}
					got = append(got, l)
				case <-deadline:
					t.Fatalf("no answer to the ping after the crash; the client got %q", got)
				}
			}
		})
	}
}

// A daemon whose mark finds the ack pipe full asks the shim to read it
// (StreamDrain), and the shim does, at once.
func TestHandedOutputDrainsOnRequest(t *testing.T) {
	d := startHandDaemon(t, &handDaemon{marks: true})
	c, _ := startHandShim(t, d)
	c1 := handshake(t, d, c)
	rec := []byte(strings.Repeat("x\n", 2048)) // records the shim skips
	full := 0
	for {
		n, err := c1.ack.WriteNow(rec)
		if err != nil {
			t.Fatal(err)
		}
		full += n
		if n < len(rec) {
			break
		}
	}
	if n, _ := c1.ack.WriteNow([]byte("p\n")); n != 0 {
		t.Fatalf("the ack pipe took %d bytes after %d; want it full", n, full)
	}
	io.WriteString(c1.c, string(api.StreamDrain)+"\n")
	if err := c1.ack.WaitWritable(5 * time.Second); err != nil {
		t.Fatalf("the shim did not read the ack pipe when asked (%d bytes in it): %v", full, err)
	}
	if n, _ := c1.ack.WriteNow([]byte("p\n")); n != 2 {
		t.Fatalf("the ack pipe took %d bytes of the mark after the shim read it", n)
	}
}
