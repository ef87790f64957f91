package platform

import (
	"bytes"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// tcpPair is a loopback TCP connection's two ends, both QuietConn.
func tcpPair(t *testing.T) (a, b net.Conn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	acc := make(chan net.Conn, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			t.Error(err)
		}
		acc <- c
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	s := <-acc
	if s == nil {
		t.FailNow()
	}
	a, b = QuietConn(c), QuietConn(s)
	t.Cleanup(func() { a.Close(); b.Close() })
	return a, b
}

// waitParked waits until a goroutine whose stack holds fn waits in the
// runtime's poller.
func waitParked(t *testing.T, fn string) { t.Helper(); waitState(t, "IO wait", fn) }

// waitState waits until a goroutine whose stack holds fn is in the state
// ("IO wait", "syscall") runtime.Stack prints.
func waitState(t *testing.T, state, fn string) {
	t.Helper()
	buf := make([]byte, 1<<20)
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); runtime.Gosched() {
		for _, g := range bytes.Split(buf[:runtime.Stack(buf, true)], []byte("\n\n")) {
			if bytes.Contains(g, []byte("["+state)) && bytes.Contains(g, []byte(fn)) {
				return
			}
		}
	}
	t.Fatalf("no goroutine in %s is in state %q", fn, state)
}

// QuietConn behaves as the connection it wraps: small and large transfers,
// deadlines, the peer's close, its own close, a Close while a Read waits.
func TestQuietConn(t *testing.T) {
	a, b := tcpPair(t)
	if rawIO && !rawWrapped(a) {
		t.Fatalf("QuietConn on Linux gave %T, want the raw-I/O wrapper", a)
	}
	if p, _ := net.Pipe(); QuietConn(p) != p {
		t.Fatal("a connection without a descriptor was wrapped")
	}
	if runtime.GOOS != "windows" {
		dg, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: filepath.Join(t.TempDir(), "dg"), Net: "unixgram"})
		if err != nil {
			t.Fatal(err)
		}
		defer dg.Close()
		if QuietConn(dg) != net.Conn(dg) {
			t.Fatal("a datagram socket was wrapped (stream sockets only)")
		}
	}

	// Small messages both ways, then 1 MB: more than one raw call's chunk,
	// read back through a buffer larger than a chunk.
	for i := 0; i < 100; i++ {
		msg := []byte{byte(i), 'x', 'y'}
		if n, err := a.Write(msg); n != 3 || err != nil {
			t.Fatalf("write: %d %v", n, err)
		}
		got := make([]byte, 3)
		if _, err := io.ReadFull(b, got); err != nil || !bytes.Equal(got, msg) {
			t.Fatalf("read %q %v, want %q", got, err, msg)
		}
	}
	big := bytes.Repeat([]byte("0123456789abcdef"), 1<<16)
	go func() {
		if n, err := b.Write(big); n != len(big) || err != nil {
			t.Errorf("large write: %d %v", n, err)
		}
	}()
	got := make([]byte, len(big))
	if _, err := io.ReadFull(a, got); err != nil || !bytes.Equal(got, big) {
		t.Fatalf("large read: %v (equal %v)", err, bytes.Equal(got, big))
	}

	// A read deadline ends a read that waits, with the net package's error.
	a.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
	_, err := a.Read(make([]byte, 10))
	var oe *net.OpError
	if !errors.As(err, &oe) || oe.Op != "read" || !errors.Is(err, os.ErrDeadlineExceeded) || !oe.Timeout() || strings.Contains(err.Error(), "raw-") {
		t.Fatalf("read past the deadline: %#v, want a read OpError that is a timeout", err)
	}
	a.SetReadDeadline(time.Time{})

	// Close while a read waits in the poller: the read ends with ErrClosed.
	done := make(chan error, 1)
	go func() {
		_, err := a.Read(make([]byte, 10))
		done <- err
	}()
	waitParked(t, "platform.(*quiet).Read")
	a.Close()
	if err := <-done; !errors.Is(err, net.ErrClosed) {
		t.Fatalf("read during Close: %v, want net.ErrClosed", err)
	}
	if _, err := a.Write([]byte("x")); !errors.Is(err, net.ErrClosed) {
		t.Fatalf("write after Close: %v, want net.ErrClosed", err)
	}
	// The peer sees the end of the stream.
	if _, err := b.Read(make([]byte, 10)); err != io.EOF {
		t.Fatalf("read after the peer closed: %v, want io.EOF", err)
	}
}
