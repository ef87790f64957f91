package e2e

import (
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/state"
)

// TestStaleDaemonFileSquatter: a daemon crashes (kill -9, daemon.json
// stays), its pid looks alive (reused), and another program takes its port.
// The real `unitymcp status` and `unitymcp call` must not send that program
// the token; a daemon started afterwards replaces daemon.json with a new
// key, and the CLI talks to it.
func TestStaleDaemonFileSquatter(t *testing.T) {
	home := t.TempDir()
	serve, addr := startServe(t, home, "127.0.0.1:0")
	dir := state.Dir{Root: home}
	first, err := dir.ReadDaemon()
	if err != nil {
		t.Fatal(err)
	}
	serve.cmd.Process.Kill()
	<-serve.done
	// The squatter listens where the daemon did and answers everything.
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Skipf("cannot take over the crashed daemon's port %s: %v", addr, err)
	}
	var tokens, requests atomic.Int64
	sq := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		if r.Header.Get("Authorization") != "" {
			tokens.Add(1)
		}
		w.Write([]byte(`{"version":"squatter","editors":[],"proof":"00"}`))
	})}
	go sq.Serve(ln)
	defer sq.Close()
	// The stale file names a pid that is alive: ours.
	first.PID = os.Getpid()
	if err := dir.WriteDaemon(first); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) (string, error) {
		cmd := exec.Command(bins.unitymcp, args...)
		cmd.Env = append(os.Environ(), "UNITYMCP_HOME="+home)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	proj := t.TempDir()
	for _, sub := range []string{"Assets", "ProjectSettings"} {
		os.Mkdir(proj+"/"+sub, 0o755)
	}
	for _, args := range [][]string{{"status"}, {"call", "get-logs", "--project", proj, "--args", "{}"}} {
		out, err := run(args...)
		if err == nil {
			t.Errorf("unitymcp %s against the squatter: succeeded, want a failure; output:\n%s", args[0], out)
		}
		if !strings.Contains(out, "stale") {
			t.Errorf("unitymcp %s: output does not say daemon.json is stale:\n%s", args[0], out)
		}
	}
	if requests.Load() == 0 {
		t.Error("the squatter got no request: the test did not exercise the proof")
	}
	if n := tokens.Load(); n != 0 {
		t.Errorf("the squatter got an Authorization header %d times, want 0", n)
	}
	// A new daemon (on another port: the squatter keeps the old one)
	// replaces the stale file with a new key.
	sq.Close()
	startServe(t, home, "127.0.0.1:0")
	second, err := dir.ReadDaemon()
	if err != nil {
		t.Fatal(err)
	}
	if second.Key == "" || second.Key == first.Key {
		t.Errorf("restarted daemon's key %q: want a new one (old %q)", second.Key, first.Key)
	}
	waitFor(t, 5*time.Second, func() bool { _, err := run("status"); return err == nil }, "status to reach the new daemon")
}
