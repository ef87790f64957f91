package platform

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// rawWrapped reports whether v is one of the raw-I/O wrappers.
func rawWrapped(v any) bool {
	switch v.(type) {
	case *quiet, *rawRW:
		return true
	}
	return false
}

// A pipe switched back to blocking mode after it was wrapped (its mode
// belongs to the open file description, which a parent may share) is read
// the ordinary way: a raw read there would hold the only processor and stop
// the process. The scenario runs in a child process on one processor, which
// hangs if the raw read is used; the parent gives it 20 s.
func TestQuietPipeBackToBlocking(t *testing.T) {
	if os.Getenv("UNITYMCP_QUIET_CHILD") == "1" {
		quietPipeBackToBlocking(t)
		return
	}
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run", "^TestQuietPipeBackToBlocking$", "-test.v")
	cmd.Env = append(os.Environ(), "UNITYMCP_QUIET_CHILD=1")
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("a read on a pipe switched back to blocking mode stopped the process (killed after 20 s):\n%s", out)
	}
	if err != nil || !bytes.Contains(out, []byte("--- PASS")) {
		t.Fatalf("child: %v\n%s", err, out)
	}
}

func quietPipeBackToBlocking(t *testing.T) {
	runtime.GOMAXPROCS(1)
	var fds [2]int
	if err := syscall.Pipe(fds[:]); err != nil {
		t.Fatal(err)
	}
	r, w := os.NewFile(uintptr(fds[0]), "r"), os.NewFile(uintptr(fds[1]), "w")
	defer w.Close()
	p, restore := pollable(r, "pipe")
	q := quietIfPolled(p, r)
	restore() // the parent's switch back to blocking mode
	got := make(chan string, 1)
	go func() {
		b := make([]byte, 16)
		n, err := q.Read(b)
		if err != nil {
			t.Error(err)
		}
		got <- string(b[:n])
	}()
	waitState(t, "syscall", "(*rawRW).Read") // the reader blocks in read(2) on its own thread
	w.Write([]byte("hello"))
	if s := <-got; s != "hello" {
		t.Fatalf("read %q, want hello", s)
	}
}
