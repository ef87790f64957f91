//go:build unix

package server

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/platform"
)

// lines delivers what r holds, line by line, until it ends (then closed);
// it reads ahead at most size bytes and 64 lines.
func lines(r io.Reader, size int) chan string {
	ch := make(chan string, 64)
	go func() {
		defer close(ch)
		br := bufio.NewReaderSize(r, size)
		for {
			l, err := br.ReadString('\n')
			if err != nil {
				return
			}
			ch <- strings.TrimSuffix(l, "\n")
		}
	}()
	return ch
}

// next waits for the next line of ch holding want (lines holding skip are
// passed over), or its end when want is "".
func next(t *testing.T, ch chan string, what, want, skip string) string {
	t.Helper()
	for {
		select {
		case l, ok := <-ch:
			if !ok {
				if want == "" {
					return ""
				}
				t.Fatalf("%s ended; want a line with %s", what, want)
			}
			if skip != "" && strings.Contains(l, skip) {
				continue
			}
			if want == "" || !strings.Contains(l, want) {
				t.Fatalf("%s: got %.300q; want %s", what, l, want)
			}
			return l
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: nothing within 10 s; want %s", what, want)
		}
	}
}

// On the daemon's Unix-domain socket the shim hands the stream the
// client's output and a pipe for the client's messages: every message for
// the client goes to the output (the shim's own
// lines among them, the re-initialize's answers nowhere), each line is
// acked once all its answer is written, tools/list answers are told to the
// shim on the socket, and when the stream ends the daemon lets go of the
// output saying nothing was left half-written.
func TestStreamWritesTheHandedOutput(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	c, br := dialHandoff(t, d)
	outR, ackR, reqW := handOver(t, c)
	out, acks, sockLines := lines(outR, 1<<20), lines(ackR, 4096), lines(br, 1<<20)
	send := func(s string) { io.WriteString(reqW, s+"\n") }
	next(t, acks, "the ack pipe", "h", "")

	const note = `"method":"notifications/` // list_changed and the like may come at any time
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	next(t, acks, "the ack pipe", "a1", "")
	next(t, out, "the client's output", `"id":1,"result":{"protocolVersion"`, note)
	send(string(api.StreamSay) + `{"jsonrpc":"2.0","id":"own","error":{"code":-32600,"message":"the shim's"}}`)
	next(t, acks, "the ack pipe", "a2", "")
	next(t, out, "the client's output", `"id":"own"`, note)
	send(`{"jsonrpc":"2.0","id":3,"method":"tools/list"}`)
	next(t, acks, "the ack pipe", "a3", "")
	next(t, out, "the client's output", `"id":3,"result":{"tools"`, note)
	if l := next(t, sockLines, "the socket", `"id":3,"result":{"tools"`, ""); l[0] != api.StreamTools {
		t.Fatalf("the socket carried %.100q; want a StreamTools line", l)
	}
	send(string(api.StreamQuiet) + `{"jsonrpc":"2.0","id":"again","method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	next(t, acks, "the ack pipe", "a4", "")
	send(`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"get-logs","arguments":{}}}`)
	next(t, acks, "the ack pipe", "a5", "")
	// Acked means written: the answer is in the pipe already, and the
	// re-initialize's answer is not before it.
	next(t, out, "the client's output", `"id":5,"result":{"content"`, note)

	// The shim reads acks only now and then: 20,000 lines acked while
	// nothing reads them (the pipe holds ~9,000; the reader above keeps 4 KiB
	// and 64 lines) never stop the stream.
	const many = 20000
	go func() {
		for i := 0; i < many; i++ {
			send(string(api.StreamSay) + fmt.Sprintf(`{"jsonrpc":"2.0","id":"s%d","result":{}}`, i))
		}
	}()
	for i := 0; i < many; i++ {
		next(t, out, "the client's output", fmt.Sprintf(`"id":"s%d"`, i), note)
	}
	reqW.Close() // the shim's side ends
	for i := 6; i < 6+many; i++ {
		next(t, acks, "the ack pipe", fmt.Sprintf("a%d", i), "")
	}
	next(t, acks, "the ack pipe", "q", "")
	next(t, acks, "the ack pipe", "", "")
	next(t, out, "the client's output", "", note)
}

// When the shim asks (StreamHandoffMarks), the daemon marks on the ack pipe
// the messages longer than the output takes whole ("p" before, "w" after):
// the only ones a crash could leave half-written. A mark that finds the
// pipe full (acks the shim has not read) is waited for — the daemon asks
// the shim to read the pipe (StreamDrain on the socket) — so that it is
// in the pipe before the message's first byte.
func TestStreamMarksWhatACrashCouldCut(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	c, br := dialHandoffWith(t, d, api.StreamHandoffMarks+": 1\r\n")
	outR, ackR, reqW := handOver(t, c)
	out, sockLines := lines(outR, 1<<20), lines(br, 1<<20)
	send := func(s string) { io.WriteString(reqW, s+"\n") }
	ack := bufio.NewReader(ackR) // read only when the test says
	records := recordsOf(t, ack)
	records("h", "P")
	const note = `"method":"notifications/`
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	next(t, out, "the client's output", `"id":1,"result":{"protocolVersion"`, note)
	records("a1") // short: not marked
	send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	if l := next(t, out, "the client's output", `"id":2,"result":{"tools"`, note); len(l) < 4096 {
		t.Fatalf("the tools/list answer is %d bytes; the test needs one longer than a pipe takes whole", len(l))
	}
	records("p", "w", "a2")

	// More acks than the pipe holds, which the shim does not read, fill it ...
	many := pipeHolds(t)/5 + 1000 // an ack is 6 or 7 bytes
	go func() {
		for i := 0; i < many; i++ {
			send(string(api.StreamSay) + fmt.Sprintf(`{"jsonrpc":"2.0","id":"s%d","result":{}}`, i))
		}
		send(string(api.StreamSay) + `{"jsonrpc":"2.0","id":"big","result":{"text":"` + strings.Repeat("x", 8192) + `"}}`)
	}()
	for i := 0; i < many; i++ {
		next(t, out, "the client's output", fmt.Sprintf(`"id":"s%d"`, i), note)
	}
	// ... so the long message's mark waits for the shim to read it.
	if l := next(t, sockLines, "the socket", "D", `"result"`); l != string(api.StreamDrain) {
		t.Fatalf("the socket carried %.100q; want a StreamDrain line", l)
	}
	select {
	case l := <-out:
		t.Fatalf("the client's output got %.100q before the mark was in the ack pipe", l)
	case <-time.After(100 * time.Millisecond):
	}
	for i := 3; i < 3+many; i++ {
		records(fmt.Sprintf("a%d", i))
	}
	records("p")
	next(t, out, "the client's output", `"id":"big"`, note)
	records("w", fmt.Sprintf("a%d", 3+many))

	// The w comes once the message is written: with the message longer
	// than the output holds and only its start read, the daemon is in the
	// middle of writing it, and the ack pipe holds its p and nothing more.
	c2, _ := dialHandoffWith(t, d, api.StreamHandoffMarks+": 1\r\n")
	outR2, ackR2, reqW2 := handOver(t, c2)
	ack2 := bufio.NewReader(ackR2)
	huge := `{"jsonrpc":"2.0","id":"huge","result":{"text":"` + strings.Repeat("y", 2<<20) + `"}}`
	io.WriteString(reqW2, string(api.StreamSay)+huge+"\n")
	start := make([]byte, 4096)
	if _, err := io.ReadFull(outR2, start); err != nil {
		t.Fatal(err)
	}
	var got []string
	for len(got) < 3 {
		l, err := ack2.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, strings.TrimSuffix(l, "\n"))
	}
	ackR2.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
	if l, err := ack2.ReadString('\n'); err == nil || l != "" || !slices.Equal(got, []string{"h", "P", "p"}) {
		t.Fatalf("the ack pipe, in the middle of the message: %q, then %q (%v); want h, P, p and nothing more", got, l, err)
	}
	ackR2.SetReadDeadline(time.Time{})
	rest, err := bufio.NewReaderSize(outR2, 1<<20).ReadString('\n')
	if err != nil || string(start)+rest != huge+"\n" {
		t.Fatalf("the long message arrived as %d bytes (%v); want %d", len(start)+len(rest), err, len(huge)+1)
	}
	for _, want := range []string{"w", "a1"} {
		if l, err := ack2.ReadString('\n'); strings.TrimSuffix(l, "\n") != want {
			t.Fatalf("the ack pipe after the message: %q %v; want %q", l, err, want)
		}
	}
}

// recordsOf reads the ack pipe when called, failing t unless its next
// records are want.
func recordsOf(t *testing.T, ack *bufio.Reader) func(want ...string) {
	return func(want ...string) {
		t.Helper()
		for _, w := range want {
			l, err := ack.ReadString('\n')
			if l = strings.TrimSuffix(l, "\n"); err != nil || l != w {
				t.Fatalf("the ack pipe: %q %v; want %q", l, err, w)
			}
		}
	}
}

// pipeHolds is how many bytes of short writes a new pipe holds (16 pages
// on Linux, whatever the page size).
func pipeHolds(t *testing.T) int {
	r, w, err := platform.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	n, chunk := 0, make([]byte, 64)
	for {
		m, err := w.WriteNow(chunk)
		if err != nil {
			t.Fatal(err)
		}
		if n += m; m < len(chunk) {
			return n
		}
	}
}

// A request the stream's end cancels before it is answered is not acked,
// whichever path serves it (mcp-go returns without a word when cancelled;
// the fast path's cancellation error is not written once the output is let
// go of): the shim answers it, or sends it again.
func TestStreamEndLeavesUnansweredRequestsToTheShim(t *testing.T) {
	for _, tc := range []struct{ name, meta string }{
		{"fast path", ``},
		{"mcp-go", `,"_meta":{"progressToken":"p"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := newTestDaemonSim(t, 30*time.Second, 0, editorsim.Config{Slow: 5 * time.Second})
			c, _ := dialHandoff(t, d)
			outR, ackR, reqW := handOver(t, c)
			out, acks := lines(outR, 1<<20), lines(ackR, 4096)
			send := func(s string) { io.WriteString(reqW, s+"\n") }
			next(t, acks, "the ack pipe", "h", "")
			send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
			next(t, acks, "the ack pipe", "a1", "")
			send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get-logs","arguments":{}` + tc.meta + `}}`)
			deadline := time.Now().Add(10 * time.Second)
			for !calledOnce(d.sim, "get-logs") { // the call is on the editor's main thread
				if time.Now().After(deadline) {
					t.Fatal("the call never reached the editor")
				}
				time.Sleep(5 * time.Millisecond)
			}
			reqW.Close() // the shim's side ends with the call in flight
			var got []string
			for l := range acks {
				got = append(got, l)
			}
			if len(got) != 1 || got[0] != "q" {
				t.Fatalf("acks after the end: %q; want only q (line 2 was never answered)", got)
			}
			for l := range out {
				if strings.Contains(l, `"id":2`) {
					t.Fatalf("the client got %.200s after the output was let go of", l)
				}
			}
		})
	}
}

// dialHandoff serves d on a Unix-domain socket, as the daemon does, and
// opens the stream there asking to hand over the output.
func dialHandoff(t *testing.T, d *testDaemon) (net.Conn, *bufio.Reader) {
	return dialHandoffWith(t, d, "")
}

// dialHandoffWith is dialHandoff with more request headers (each ending
// in CRLF).
func dialHandoffWith(t *testing.T, d *testDaemon, headers string) (net.Conn, *bufio.Reader) {
	t.Helper()
	sock := filepath.Join(t.TempDir(), "s")
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: d.srv, ConnContext: ConnContext}
	go hs.Serve(Limit(ln, 0))
	t.Cleanup(func() { hs.Close() })
	c, err := net.Dial("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	io.WriteString(c, "GET "+api.PathStream+" HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "+d.token+
		"\r\nConnection: Upgrade\r\nUpgrade: "+api.StreamProtocol+"\r\n"+api.StreamHandoff+": "+api.StreamHandoffValue+"\r\n"+headers+"\r\n")
	br := bufio.NewReader(c)
	if resp, err := http.ReadResponse(br, nil); err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("upgrade: %v %v", resp, err)
	}
	return c, br
}

// handOver sends the stream on c the client's output, an ack pipe and a
// request pipe, as the shim does, and returns their other ends.
func handOver(t *testing.T, c net.Conn) (out, acks *os.File, requests *platform.RawFD) {
	t.Helper()
	outR, outW, _ := os.Pipe()
	ackR, ackW, _ := os.Pipe()
	reqR, reqW, _ := platform.Pipe()
	if err := platform.SendFiles(c, platform.FileRawFD(outW), platform.FileRawFD(ackW), reqR); err != nil {
		t.Fatal(err)
	}
	outW.Close()
	ackW.Close()
	reqR.Close()
	return outR, ackR, reqW
}

// calledOnce reports whether the simulated editor got a call to tool.
func calledOnce(sim *editorsim.Sim, tool string) bool {
	for _, ex := range sim.Executions() {
		if ex.Tool == tool {
			return true
		}
	}
	return false
}

// A JSON answer longer than copyLineBelow goes to the client's output as
// the handler writes it, marked (p, then w and its ack once the newline is
// written): the same line the daemon answers over HTTP, and no other
// message in the middle of it.
func TestStreamWritesALargeAnswerAsItComes(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	for i := 0; i < 2000; i++ { // get-logs answers ~800 KB inline
		d.sim.Log("Warning", fmt.Sprintf("warning %d: a \"quoted\" <b>line</b> & 日本語 😀", i), "Game.Update () (at Assets/Game.cs:12)")
	}
	c, br := dialHandoffWith(t, d, api.StreamHandoffMarks+": 1\r\n")
	outR, ackR, reqW := handOver(t, c)
	out := lines(outR, 8<<20)
	go io.Copy(io.Discard, br) // the socket's own lines (tools told to the shim) are not this test's
	records := recordsOf(t, bufio.NewReader(ackR))
	records("h", "P")
	const note = `"method":"notifications/`
	io.WriteString(reqW, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`+"\n")
	next(t, out, "the client's output", `"id":1,"result":{"protocolVersion"`, note)
	records("a1")
	call := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get-logs","arguments":{"MaxCount":5000,"IncludeStackTrace":true}}}`
	before := d.srv.directAnswers.Load()
	io.WriteString(reqW, call+"\n")
	got := next(t, out, "the client's output", `"id":2,"result":{"content"`, note)
	records("p", "w", "a2")
	if d.srv.directAnswers.Load() == before {
		t.Error("the large answer was collected whole before it was written, not written as it came")
	}
	want := strings.TrimSpace(d.post(call).Body.String())
	if len(want) < 4*copyLineBelow {
		t.Fatalf("the answer is %d bytes; the test needs one well over %d", len(want), copyLineBelow)
	}
	if got != want {
		t.Fatalf("the stream's line (%d bytes) is not the HTTP answer (%d bytes):\nstream %.200s\nHTTP   %.200s", len(got), len(want), got, want)
	}
	// The stream goes on: a short answer after it is written whole.
	io.WriteString(reqW, `{"jsonrpc":"2.0","id":3,"method":"ping"}`+"\n")
	next(t, out, "the client's output", `"id":3,"result"`, note)
	records("a3")
}

// twoPipes is a client's output and an ack pipe, as a shim hands them over.
func twoPipes(t *testing.T) (outR, outW, ackR, ackW *platform.RawFD) {
	outR, outW, err := platform.Pipe()
	if err == nil {
		ackR, ackW, err = platform.Pipe()
	}
	if err != nil {
		t.Fatal(err)
	}
	return outR, outW, ackR, ackW
}

// Written as it comes, an answer stays one line: white space at the end of
// a write is held back until more of the message follows (the line's
// newline ends it), a raw newline or carriage return between tokens goes
// as a space; the line is marked and acked as a whole message is.
func TestDirectAnswerStaysOneLine(t *testing.T) {
	outR, outW, ackR, ackW := twoPipes(t)
	st := &stream{hand: &handed{output: outW, ack: ackW}}
	output := make(chan []byte)
	go func() { b, _ := io.ReadAll(outR.Pollable("out")); output <- b }() // the client reads as it is written
	w := &lineWriter{st: st, hdr: http.Header{}, line: 7, status: http.StatusOK}
	if !w.directOK() {
		t.Fatal("directOK refused a 200 answer for line 7 on a marked handed-over stream")
	}
	w.buf = []byte(" \n{\"a\":")
	w.startDirect()
	for _, p := range []string{"\r\n1,\n\"b\":", " ", "\"x y\"}", " \n"} {
		w.Write([]byte(p))
	}
	w.finish()
	if !w.acked || !w.replied || w.dropped {
		t.Errorf("acked %v, replied %v, dropped %v; want the answer acked and replied, not dropped", w.acked, w.replied, w.dropped)
	}
	// One write larger than copyLineBelow (mcp-go encodes its answer in one)
	// goes straight to the output, not through the writer's buffer; white
	// space alone does not start it.
	big := `{"big":"` + strings.Repeat("x", 2*copyLineBelow) + `"}`
	w = &lineWriter{st: st, hdr: http.Header{}, line: 8}
	w.Write([]byte(strings.Repeat(" ", copyLineBelow+1)))
	if w.direct {
		t.Error("white space alone started writing the answer")
	}
	w.Write([]byte(big + "\n"))
	if !w.direct || len(w.buf) != 0 {
		t.Errorf("after one large write: direct %v, %d bytes buffered; want written as it came, nothing kept", w.direct, len(w.buf))
	}
	w.finish()
	outW.Close()
	ackW.Close()
	got := <-output
	if want := `{"a":  1, "b": "x y"}` + "\n" + big + "\n"; string(got) != want {
		t.Errorf("the client's output: %.100q; want %.100q", got, want)
	}
	acks, _ := io.ReadAll(ackR.Pollable("acks"))
	if want := "p\nw\na7\np\nw\na8\n"; string(acks) != want {
		t.Errorf("the ack pipe: %q; want %q", acks, want)
	}
}

// An answer written as it comes stops its handler once the client's output
// is gone: the rest of the writes fail, the line is not acked, and it is
// marked cut (p with no w: the shim ends the line).
func TestDirectAnswerDroppedStopsTheHandler(t *testing.T) {
	outR, outW, ackR, ackW := twoPipes(t)
	srvSide, shimSide := net.Pipe()
	defer shimSide.Close()
	go io.Copy(io.Discard, outR.Pollable("out")) // the client reads as it is written
	st := &stream{hand: &handed{output: outW, ack: ackW}, conn: srvSide}
	w := &lineWriter{st: st, hdr: http.Header{}, line: 3}
	first := []byte(`{"text":"` + strings.Repeat("y", copyLineBelow))
	if n, err := w.Write(first); n != len(first) || err != nil || !w.direct {
		t.Fatalf("the first write: %d, %v, direct %v; want all of it, written as it came", n, err, w.direct)
	}
	outW.Close() // the output is let go of (releaseOutput closes it) mid-answer
	if _, err := w.Write([]byte(`more"}`)); err == nil {
		t.Error("a write after the output closed did not fail: the handler would go on for nothing")
	}
	w.finish()
	ackW.Close()
	acks, _ := io.ReadAll(ackR.Pollable("acks"))
	if string(acks) != "p\n" || w.acked || !w.dropped || !st.hand.broken {
		t.Errorf("ack pipe %q, acked %v, dropped %v, broken %v; want only p, not acked, dropped, the line cut", acks, w.acked, w.dropped, st.hand.broken)
	}
}
