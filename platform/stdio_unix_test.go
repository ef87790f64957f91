//go:build !windows

package platform

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
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
	p, restore := pollable(r, "pipe")
	if !nonblocking(t, fd) {
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
	q := quietIfPolled(p, r)
	if runtime.GOOS == "linux" && !rawWrapped(q) {
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
	if quietIfPolled(r, r) != io.ReadWriter(r) {
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
	if got, _ := pollable(f, "file"); got != f || nonblocking(t, f.Fd()) {
		t.Fatal("a regular file was switched")
	}
}
