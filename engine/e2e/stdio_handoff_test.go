//go:build linux

package e2e

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// `unitymcp stdio` hands its standard output to the daemon over the
// daemon's Unix-domain socket: the daemon process holds the client's pipe
// and writes the answers into it, and lets go of it when the session ends
// (the client's read end then sees the end of the output).
func TestStdioHandsItsOutputToTheDaemon(t *testing.T) {
	home := t.TempDir()
	serve, _ := startServe(t, home, "127.0.0.1:0")
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd := exec.Command(bins.unitymcp, "stdio")
	cmd.Env = append(os.Environ(), "UNITYMCP_HOME="+home)
	cmd.Stdout = w
	var stderr syncBuffer
	cmd.Stderr = &stderr
	stdin, _ := cmd.StdinPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close() // the shim's (and the daemon's) are the only write ends now
	defer func() { stdin.Close(); cmd.Wait() }()
	fmt.Fprintln(stdin, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(r)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	select {
	case l := <-lines:
		if !strings.Contains(l, `"id":1,"result"`) {
			t.Fatalf("stdout: %.200s", l)
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("no answer to initialize; stderr: %s", stderr.String())
	}
	fi, err := r.Stat()
	if err != nil {
		t.Fatal(err)
	}
	pipe := fmt.Sprintf("pipe:[%d]", fi.Sys().(*syscall.Stat_t).Ino)
	fds, _ := filepath.Glob(fmt.Sprintf("/proc/%d/fd/*", serve.cmd.Process.Pid))
	held := false
	for _, fd := range fds {
		if l, err := os.Readlink(fd); err == nil && l == pipe {
			held = true
		}
	}
	if !held {
		t.Fatalf("the daemon (pid %d) does not hold the client's output %s: the shim relays its answers; stderr: %s", serve.cmd.Process.Pid, pipe, stderr.String())
	}
	stdin.Close()
	select {
	case _, open := <-lines:
		if open {
			t.Fatal("the daemon wrote after the client's input ended")
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the client's output did not end after its input did: the daemon kept it")
	}
}
