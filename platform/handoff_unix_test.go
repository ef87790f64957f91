//go:build unix

package platform

import (
	"bytes"
	"errors"
	"io"
	"net"
	"os"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A file sent over a (wrapped) Unix-domain socket arrives as a descriptor
// of the same pipe; more files than the receiver takes are refused and
// closed; ReadAvailable never waits and tells empty from ended.
func TestPassingFiles(t *testing.T) {
	pair := func() (net.Conn, net.Conn) {
		dir := t.TempDir()
		ln, err := net.Listen("unix", dir+"/s")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		a, err := net.Dial("unix", dir+"/s")
		if err != nil {
			t.Fatal(err)
		}
		b, err := ln.Accept()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { a.Close(); b.Close() })
		return QuietConn(a), QuietConn(b)
	}
	a, b := pair()
	r, w, err := Pipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := SendFiles(a, w); err != nil {
		t.Fatal(err)
	}
	w.Close()
	got, err := ReceiveFiles(b, 2)
	if err != nil || len(got) != 1 {
		t.Fatalf("ReceiveFiles: %v %v", got, err)
	}
	var buf [16]byte
	if n, err := r.ReadAvailable(buf[:]); n != 0 || err != nil {
		t.Fatalf("an empty pipe: %d %v; want 0, nil at once", n, err)
	}
	if err := r.Wait(50 * time.Millisecond); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("waiting on an empty pipe: %v; want the deadline", err)
	}
	io.WriteString(got[0], "hello")
	if err := r.Wait(time.Second); err != nil {
		t.Fatalf("waiting on a pipe with data: %v", err)
	}
	if n, err := r.ReadAvailable(buf[:]); string(buf[:n]) != "hello" || err != nil {
		t.Fatalf("read %q %v; want what the receiver wrote through its descriptor", buf[:n], err)
	}
	got[0].Close()
	if n, err := r.ReadAvailable(buf[:]); n != 0 || err != io.EOF {
		t.Fatalf("a pipe whose writers closed: %d %v; want io.EOF", n, err)
	}
	r.Close()

	a, b = pair()
	f1, f2, _ := Pipe()
	defer f1.Close()
	defer f2.Close()
	SendFiles(a, f1, f2)
	if got, err := ReceiveFiles(b, 1); err == nil || !strings.Contains(err.Error(), "more than 1") {
		t.Fatalf("two files to a receiver of one: %v %v; want refused", got, err)
	}
}

// A write that finds the pipe full waits for room without the runtime's
// poller, and every byte arrives in order; Close ends a write that waits
// for a reader that never reads.
func TestRawFDWriteWaitsAndCloses(t *testing.T) {
	r, w, err := Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	data := bytes.Repeat([]byte("0123456789abcdef"), 64<<10) // 1 MiB: sixteen pipes full
	done := make(chan error, 1)
	go func() { _, err := w.Write(data); done <- err }()
	var got []byte
	buf := make([]byte, 64<<10)
	for len(got) < len(data) {
		if err := r.Wait(5 * time.Second); err != nil {
			t.Fatalf("after %d bytes: %v", len(got), err)
		}
		n, err := r.ReadAvailable(buf)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, buf[:n]...)
	}
	if err := <-done; err != nil || !bytes.Equal(got, data) {
		t.Fatalf("write: %v; %d bytes arrived, equal %v", err, len(got), bytes.Equal(got, data))
	}
	go func() { _, err := w.Write(data); done <- err }() // fills the pipe, then waits
	w.Close()
	select {
	case err := <-done:
		if !errors.Is(err, os.ErrClosed) {
			t.Fatalf("a write ended by Close: %v; want os.ErrClosed", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not end a write waiting for room")
	}
}

// A pipe switched back to blocking mode by another process (the shim does
// as it exits): a write still never blocks, so Close ends one that waits
// for a reader that never reads.
func TestRawFDBlockingPipeCloses(t *testing.T) {
	r, w, err := Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if n, _ := w.WriteNow(make([]byte, 1<<20)); n == 0 || n == 1<<20 {
		t.Fatalf("WriteNow into an empty pipe wrote %d bytes; want it full and no wait", n)
	}
	syscall.SetNonblock(w.fd, false)
	done := make(chan error, 1)
	time.AfterFunc(100*time.Millisecond, func() { w.Close() }) // once the write below waits
	go func() { _, err := w.Write([]byte("more")); done <- err }()
	select {
	case err := <-done:
		if !errors.Is(err, os.ErrClosed) {
			t.Fatalf("the write ended by Close: %v; want os.ErrClosed", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not end a write on a full pipe in blocking mode")
	}
}

// Private gives a pipe's descriptor an open file of its own (Linux), whose
// mode stays non-blocking when another process switches the shared one to
// blocking, and which still writes into the same pipe.
func TestRawFDPrivate(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("Private reopens through /proc/self/fd, on Linux only")
	}
	r, w, err := Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	shared, err := syscall.Dup(w.fd) // another holder of the same open file
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(shared)
	w.Private()
	syscall.SetNonblock(shared, false)
	if fl, err := fcntlGetfl(w.fd); err != nil || fl&syscall.O_NONBLOCK == 0 || !w.private {
		t.Fatalf("after the shared open file was switched to blocking: flags %#x (%v), private %v; want non-blocking and private", fl, err, w.private)
	}
	io.WriteString(w, "same pipe")
	var buf [16]byte
	if n, err := r.ReadAvailable(buf[:]); string(buf[:n]) != "same pipe" || err != nil {
		t.Fatalf("read %q %v; want what the private descriptor wrote", buf[:n], err)
	}
}

// WholeMax holds: on a pipe (shared and blocking, and private) and on a
// Unix-domain socket pair (its default send buffer and the smallest), a
// write of at most WholeMax bytes into a descriptor filled to every level
// arrives whole or not at all — what lets the daemon tell the shim which
// of its writes a crash could cut.
func TestRawFDWholeMax(t *testing.T) {
	pipe := func(private, blocking bool) (r, w *RawFD) {
		r, w, err := Pipe()
		if err != nil {
			t.Fatal(err)
		}
		if private {
			w.Private()
		}
		if blocking {
			syscall.SetNonblock(w.fd, false)
		}
		return r, w
	}
	pair := func(sndbuf int) (r, w *RawFD) {
		fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, fd := range fds {
			syscall.SetNonblock(fd, true)
		}
		if sndbuf > 0 {
			syscall.SetsockoptInt(fds[1], syscall.SOL_SOCKET, syscall.SO_SNDBUF, sndbuf)
		}
		return newRawFD(fds[0]), newRawFD(fds[1])
	}
	type tc struct {
		name  string
		open  func() (r, w *RawFD)
		least int // WholeMax is at least this
	}
	cases := []tc{
		{"pipe", func() (r, w *RawFD) { return pipe(false, false) }, pipeBuf},
		{"pipe switched to blocking", func() (r, w *RawFD) { return pipe(false, true) }, pipeBuf},
	}
	if runtime.GOOS == "linux" {
		cases = append(cases,
			tc{"private pipe", func() (r, w *RawFD) { return pipe(true, false) }, linuxPipeBuf},
			tc{"socket pair", func() (r, w *RawFD) { return pair(0) }, unixSocketWhole},
			tc{"socket pair, smallest send buffer", func() (r, w *RawFD) { return pair(1) }, unixSocketWhole})
	}
	// TCP takes part of a send of any size: nothing is whole.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	cc, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	f, err := cc.(*net.TCPConn).File()
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if n := newRawFD(int(f.Fd())).WholeMax(); n != 0 {
		t.Fatalf("WholeMax of a TCP socket: %d; want 0", n)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, w := c.open()
			defer r.Close()
			defer w.Close()
			max := w.WholeMax()
			if max < c.least {
				t.Fatalf("WholeMax %d; want at least %d", max, c.least)
			}
			buf := make([]byte, 1<<20)
			seed := uint32(1)
			next := func(n int) int { seed = seed*1664525 + 1013904223; return 1 + int(seed>>8)%n }
			whole := 0
			for i := 0; i < 400; i++ {
				for { // fill it with writes of up to max bytes
					size := max
					if i%2 == 1 {
						size = next(max)
					}
					n, err := w.WriteNow(buf[:size])
					if err != nil {
						t.Fatal(err)
					}
					if n != 0 && n != size {
						t.Fatalf("a write of %d bytes (WholeMax %d) wrote %d: part of it", size, max, n)
					}
					if n == 0 {
						break
					}
					whole++
				}
				if _, err := r.ReadAvailable(buf[:next(3*max)]); err != nil { // make some room
					t.Fatal(err)
				}
			}
			if whole < 400 {
				t.Fatalf("only %d writes went in", whole)
			}
		})
	}
}
