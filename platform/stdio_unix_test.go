//go:build !windows

package platform

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

func nonblocking(t *testing.T, fd uintptr) bool {
	t.Helper()
	flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_GETFL, 0)
	if errno != 0 {
		t.Fatal(errno)
	}
	return flags&syscall.O_NONBLOCK != 0
}

// A pipe is made pollable (a read waits in the runtime's poller and ends
// with a deadline) and put back in blocking mode by restore; a regular file
// is left alone.
func TestPollable(t *testing.T) {
	// A blocking pipe, as a process's standard input is (os.Stdin is not
	// polled): raw descriptors, wrapped while blocking.
	var fds [2]int
	if err := syscall.Pipe(fds[:]); err != nil {
		t.Fatal(err)
	}
	r, w := os.NewFile(uintptr(fds[0]), "r"), os.NewFile(uintptr(fds[1]), "w")
	fd := uintptr(fds[0])
	if nonblocking(t, fd) {
		t.Fatal("a new pipe is non-blocking")
	}
	p, restore, polled := pollableT(r, "pipe")
	if !nonblocking(t, fd) || !polled {
		t.Fatal("pollable left the pipe blocking")
	}
	// A pollable file honours a read deadline; a blocking one could not.
	if err := p.SetReadDeadline(time.Now().Add(20 * time.Millisecond)); err != nil {
		t.Fatalf("the reopened pipe is not polled: %v", err)
	}
	if _, err := p.Read(make([]byte, 1)); !os.IsTimeout(err) {
		t.Fatalf("read on an empty polled pipe: %v, want a timeout", err)
	}
	// The polled pipe's reads and writes go through quietIfPolled's raw
	// system calls; the stream's end is io.EOF.
	q := quietIfPolled(p, polled)
	if rawIO && !rawWrapped(q) {
		t.Fatalf("a polled pipe came back as %T, want the raw-I/O wrapper", q)
	}
	p.SetReadDeadline(time.Time{})
	go func() {
		w.Write([]byte("a line\n"))
		w.Close()
	}()
	if got, err := io.ReadAll(q); string(got) != "a line\n" || err != nil {
		t.Fatalf("reading the polled pipe: %q %v", got, err)
	}
	if quietIfPolled(r, false) != io.ReadWriter(r) {
		t.Fatal("a file pollable left alone was wrapped")
	}
	restore()
	if nonblocking(t, fd) {
		t.Fatal("restore left the pipe non-blocking")
	}

	f, err := os.Create(filepath.Join(t.TempDir(), "regular"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got, _, polled := pollableT(f, "file"); got != f || polled || nonblocking(t, f.Fd()) {
		t.Fatal("a regular file was switched")
	}

	// A pipe already non-blocking when the process started (a parent set it,
	// or an earlier shim on the same pipe was killed before restoring it):
	// the runtime polls the *os.File it made at start-up, so that one is kept
	// (reopening the descriptor could not be polled again), read through the
	// raw path, and its mode is left as it was found.
	if err := syscall.Pipe(fds[:]); err != nil {
		t.Fatal(err)
	}
	syscall.SetNonblock(fds[0], true)
	r2, w2 := os.NewFile(uintptr(fds[0]), "r2"), os.NewFile(uintptr(fds[1]), "w2")
	got, restore2, polled := pollableT(r2, "pipe")
	if got != r2 || !polled {
		t.Fatalf("an already non-blocking pipe: got %v (the original %v), polled %v", got, r2, polled)
	}
	q2 := quietIfPolled(got, polled)
	if rawIO && !rawWrapped(q2) {
		t.Fatalf("an already polled pipe came back as %T, want the raw-I/O wrapper", q2)
	}
	go func() {
		w2.Write([]byte("again\n"))
		w2.Close()
	}()
	if b, err := io.ReadAll(q2); string(b) != "again\n" || err != nil {
		t.Fatalf("reading the already polled pipe: %q %v", b, err)
	}
	restore2()
	var fl uintptr
	sc, _ := r2.SyscallConn()
	sc.Control(func(fd uintptr) { fl, _, _ = syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_GETFL, 0) })
	if fl&syscall.O_NONBLOCK == 0 {
		t.Fatal("restore switched a pipe found non-blocking to blocking mode")
	}
}

// pinned keeps the files the tests wrap twice (pollable reopens a
// descriptor as a second *os.File): a finalizer of either would close the
// descriptor's number again, after another test may have been given it.
var pinned []*os.File

// pollableT is pollable with both files pinned.
func pollableT(f *os.File, name string) (*os.File, func(), bool) {
	p, restore, polled := pollable(f, name)
	pinned = append(pinned, f, p)
	return p, restore, polled
}
