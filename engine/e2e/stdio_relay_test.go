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

// `unitymcp stdio` is a relay: it keeps one TCP connection to the daemon
// and writes every answer to its standard output itself. No descriptor
// crosses between the processes (the daemon holds nothing of the client's
// pipes, and has no Unix-domain socket to be handed one on), and the
// client's output ends when its input does.
func TestStdioIsARelay(t *testing.T) {
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
	w.Close() // the shim's is the only write end now
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
	links := func(pid int) []string {
		fds, _ := filepath.Glob(fmt.Sprintf("/proc/%d/fd/*", pid))
		var out []string
		for _, fd := range fds {
			if l, err := os.Readlink(fd); err == nil {
				out = append(out, l)
			}
		}
		return out
	}
	for _, l := range links(serve.cmd.Process.Pid) {
		if l == pipe {
			t.Fatalf("the daemon (pid %d) holds the client's output %s", serve.cmd.Process.Pid, pipe)
		}
	}
	sockets := 0
	for _, l := range links(cmd.Process.Pid) {
		if strings.HasPrefix(l, "socket:") {
			sockets++
		}
	}
	if sockets != 1 {
		t.Errorf("the shim holds %d sockets; want its one connection to the daemon", sockets)
	}
	if _, err := os.Stat(filepath.Join(home, "daemon.sock")); err == nil {
		t.Error("the daemon listens on a Unix-domain socket in its state folder; nothing uses one")
	}
	stdin.Close()
	select {
	case _, open := <-lines:
		if open {
			t.Fatal("the shim wrote after the client's input ended")
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the client's output did not end after its input did")
	}
}
