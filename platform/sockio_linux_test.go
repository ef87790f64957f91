//go:build linux && (amd64 || arm64)

package platform

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"os"
	"os/exec"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// rawIO: this build has the raw-I/O wrappers.
const rawIO = true

// rawWrapped reports whether v is one of the raw-I/O wrappers.
func rawWrapped(v any) bool {
	switch v.(type) {
	case *quiet, *rawRW, *RawFD:
		return true
	}
	return false
}

// runChild runs the test named name again in a child process with
// UNITYMCP_QUIET_CHILD=1 (the scenario is then the test's own body) and
// gives it 20 s: a raw call that blocks holds the only processor and the
// child hangs.
func runChild(t *testing.T, name string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run", "^"+name+"$", "-test.v")
	cmd.Env = append(os.Environ(), "UNITYMCP_QUIET_CHILD=1")
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("the process stopped (killed after 20 s): a raw call blocked\n%s", out)
	}
	if err != nil || !bytes.Contains(out, []byte("--- PASS")) {
		t.Fatalf("child: %v\n%s", err, out)
	}
}

// readOnce sends what one Read of r gives to got.
func readOnce(t *testing.T, r io.Reader, got chan<- string) {
	b := make([]byte, 16)
	n, err := r.Read(b)
	if err != nil {
		t.Error(err)
	}
	got <- string(b[:n])
}

func inChild() bool { return os.Getenv("UNITYMCP_QUIET_CHILD") == "1" }

// A pipe switched back to blocking mode after it was wrapped (its mode
// belongs to the open file description, which a parent may share) is read
// and written the ordinary way; a socket switched to blocking mode is still
// read without blocking (MSG_DONTWAIT). Either mistake would hold the only
// processor: the scenario runs on one processor in a child process.
func TestQuietBackToBlocking(t *testing.T) {
	if !inChild() {
		runChild(t, "TestQuietBackToBlocking")
		return
	}
	runtime.GOMAXPROCS(1)

	var fds [2]int
	if err := syscall.Pipe(fds[:]); err != nil {
		t.Fatal(err)
	}
	r, w := os.NewFile(uintptr(fds[0]), "r"), os.NewFile(uintptr(fds[1]), "w")
	p, restore, polled := pollableT(r, "pipe")
	q := quietIfPolled(p, polled)
	restore() // the parent's switch back to blocking mode
	got := make(chan string, 1)
	go readOnce(t, q, got)
	waitState(t, "syscall", "(*rawRW).Read") // blocked in read(2) on a thread of its own
	w.Write([]byte("hello"))
	if s := <-got; s != "hello" {
		t.Fatalf("read %q, want hello", s)
	}

	// A full pipe back in blocking mode: the write waits in write(2) on a
	// thread of its own while the reader drains the pipe.
	if err := syscall.Pipe(fds[:]); err != nil {
		t.Fatal(err)
	}
	r3, w3 := os.NewFile(uintptr(fds[0]), "r3"), os.NewFile(uintptr(fds[1]), "w3")
	pw, wrestore, wpolled := pollableT(w3, "pipe-w")
	qw := quietIfPolled(pw, wpolled)
	full := make([]byte, quietChunk) // a pipe's default capacity
	if n, err := qw.Write(full); n != len(full) || err != nil {
		t.Fatalf("filling the pipe: %d %v", n, err)
	}
	wrestore()
	wrote := make(chan error, 1)
	go func() {
		_, err := qw.Write([]byte("more"))
		wrote <- err
	}()
	waitState(t, "syscall", "(*rawRW).Write")
	if b, err := io.ReadAll(io.LimitReader(r3, int64(len(full)+4))); len(b) != len(full)+4 || err != nil {
		t.Fatalf("draining the pipe: %d bytes, %v", len(b), err)
	}
	if err := <-wrote; err != nil {
		t.Fatalf("write to a full pipe back in blocking mode: %v", err)
	}

	a, b := tcpPair(t)
	rc, _ := a.(*quiet).Conn.(*net.TCPConn).SyscallConn()
	rc.Control(func(fd uintptr) { syscall.SetNonblock(int(fd), false) })
	go readOnce(t, a, got)
	waitParked(t, "(*quiet).Read") // in the poller, not in recvfrom(2)
	b.Write([]byte("world"))
	if s := <-got; s != "world" {
		t.Fatalf("read %q, want world", s)
	}
}

// A wrapped file read after Close reports os.ErrClosed, as os.File does.
func TestQuietFileClosed(t *testing.T) {
	var fds [2]int
	if err := syscall.Pipe(fds[:]); err != nil {
		t.Fatal(err)
	}
	r, w := os.NewFile(uintptr(fds[0]), "r"), os.NewFile(uintptr(fds[1]), "w")
	defer w.Close()
	p, restore, polled := pollableT(r, "pipe")
	defer restore()
	q := quietIfPolled(p, polled)
	p.Close()
	if _, err := q.Read(make([]byte, 1)); !errors.Is(err, os.ErrClosed) {
		t.Fatalf("read after Close: %v, want os.ErrClosed", err)
	}
}

// Standard input and output as one socket (a socket pair, as libuv gives
// its children, or inetd): both are polled and read and written without
// blocking, and a write that has to wait for room waits (small buffers,
// 2 MiB written, the parent reading after).
func TestQuietSharedStdioSocket(t *testing.T) {
	const total = 2 << 20
	if inChild() {
		in, out, _, restore := PollableStdio()
		defer restore()
		if !rawWrapped(in) || !rawWrapped(out) {
			t.Fatalf("a socket as stdin and stdout came back as %T and %T", in, out)
		}
		chunk := bytes.Repeat([]byte{'x'}, 32<<10)
		for n := 0; n < total; n += len(chunk) {
			if _, err := out.Write(chunk); err != nil {
				t.Fatalf("write after %d bytes: %v", n, err)
			}
		}
		if _, err := bufio.NewReader(in).ReadString('\n'); err != nil {
			t.Fatal(err)
		}
		return
	}
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, fd := range fds {
		syscall.SetsockoptInt(fd, syscall.SOL_SOCKET, syscall.SO_SNDBUF, 4096)
		syscall.SetsockoptInt(fd, syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096)
	}
	mine, theirs := os.NewFile(uintptr(fds[0]), "mine"), os.NewFile(uintptr(fds[1]), "theirs")
	cmd := exec.Command(os.Args[0], "-test.run", "^TestQuietSharedStdioSocket$", "-test.v")
	cmd.Env = append(os.Environ(), "UNITYMCP_QUIET_CHILD=1")
	cmd.Stdin, cmd.Stdout = theirs, theirs
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	theirs.Close()
	got, err := io.ReadAll(io.LimitReader(mine, total))
	if err != nil || len(got) != total {
		t.Fatalf("read %d of %d bytes from the child (%v)\n%s", len(got), total, err, stderr.String())
	}
	mine.Write([]byte("done\n"))
	rest, _ := io.ReadAll(mine) // the child's test report, then EOF
	if err := cmd.Wait(); err != nil || !bytes.Contains(rest, []byte("--- PASS")) {
		t.Fatalf("child: %v\n%s%s", err, rest, stderr.String())
	}
}

// Writes just under a raw call's limit into a socket whose buffers are
// small: every write is partial and waits for room (EAGAIN), and the reader
// gets every byte once, in order.
func TestQuietPartialWrites(t *testing.T) {
	a, b := tcpPair(t)
	for _, c := range []net.Conn{a, b} {
		tc := c.(*quiet).Conn.(*net.TCPConn)
		tc.SetWriteBuffer(16 << 10)
		tc.SetReadBuffer(16 << 10)
	}
	const chunk, chunks = quietChunk - 4096, 20
	go func() {
		buf := make([]byte, chunk)
		for i := 0; i < chunks; i++ {
			for j := range buf {
				buf[j] = byte((i*chunk + j) % 251)
			}
			if n, err := a.Write(buf); n != chunk || err != nil {
				t.Errorf("write %d: %d %v", i, n, err)
				return
			}
		}
		a.(*quiet).Conn.(*net.TCPConn).CloseWrite()
	}()
	all, err := io.ReadAll(bufio.NewReaderSize(b, 4096))
	if err != nil || len(all) != chunk*chunks {
		t.Fatalf("read %d bytes (%v), want %d", len(all), err, chunk*chunks)
	}
	for i, c := range all {
		if c != byte(i%251) {
			t.Fatalf("byte %d is %d, want %d", i, c, i%251)
		}
	}
}

// A failed write to a file is the ordinary one's: EPIPE as an
// *os.PathError on a pipe, and on standard output the end of the process by
// SIGPIPE, as os.File does (the stdio shim relies on it when its client
// goes away).
func TestQuietFileWriteErrors(t *testing.T) {
	if inChild() {
		in, out, _, _ := PollableStdio()
		if !rawWrapped(out) {
			t.Fatalf("standard output (a pipe) came back as %T", out)
		}
		if _, err := bufio.NewReader(in).ReadString('\n'); err != nil { // the parent closed its end of our stdout
			t.Fatal(err)
		}
		out.Write([]byte("into a closed pipe\n"))
		os.Exit(3) // not t.Fatal: its report, written to the closed stdout, would end us by SIGPIPE too
	}
	var fds [2]int
	if err := syscall.Pipe(fds[:]); err != nil {
		t.Fatal(err)
	}
	r, w := os.NewFile(uintptr(fds[0]), "r"), os.NewFile(uintptr(fds[1]), "w")
	pw, restore, polled := pollableT(w, "pipe-w")
	defer restore()
	r.Close()
	_, err := quietIfPolled(pw, polled).Write([]byte("x"))
	var pe *os.PathError
	if !errors.As(err, &pe) || pe.Op != "write" || !errors.Is(err, syscall.EPIPE) {
		t.Fatalf("write to a pipe without reader: %#v, want a write PathError with EPIPE", err)
	}

	cmd := exec.Command(os.Args[0], "-test.run", "^TestQuietFileWriteErrors$")
	cmd.Env = append(os.Environ(), "UNITYMCP_QUIET_CHILD=1")
	stdout, _ := cmd.StdoutPipe()
	stdin, _ := cmd.StdinPipe()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stdout.Close()
	stdin.Write([]byte("go\n"))
	err = cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGPIPE {
		t.Fatalf("child writing to a closed standard output: %v, want death by SIGPIPE\n%s", err, stderr.String())
	}
}

// A raw read or write allocates nothing: the function the poller runs is
// made once per connection (a closure per call was two allocations per
// read and per write on every socket of the daemon's).
func TestQuietNoAllocations(t *testing.T) {
	qa, qd := tcpPair(t)
	msg, buf := []byte("ping"), make([]byte, 16)
	allocs := testing.AllocsPerRun(200, func() {
		if _, err := qd.Write(msg); err != nil {
			t.Fatal(err)
		}
		if _, err := io.ReadFull(qa, buf[:len(msg)]); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Fatalf("a raw write and read allocate %.1f times; want 0", allocs)
	}
}
