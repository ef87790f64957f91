//go:build unix

package e2e

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
)

// A frozen editor (SIGSTOP: the process keeps its socket open and reads
// nothing) with large calls queued behind a full socket: a small call still
// returns at its own ?timeout, and the daemon drops the editor as stalled
// within the stall timeout instead of showing it connected for minutes.
func TestFrozenEditorDeadlinesHold(t *testing.T) {
	const stall = 2 * time.Second
	e := startDaemon(t, bridge.Options{StallTimeout: stall})
	proj := newProject(t, "Frozen")
	sim := startProc(t, e.State.Root, bins.editorsim, "--addr", strings.TrimPrefix(e.URL, "http://"), "--project", proj)
	var hash string
	waitFor(t, 10*time.Second, func() bool {
		for _, ed := range e.d.Engine.Hub.Editors() {
			if ed.ProjectPath == proj && ed.State == api.StateConnected {
				hash = ed.ProjectHash
				return true
			}
		}
		return false
	}, "the simulator %s to connect", proj)

	if err := sim.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sim.cmd.Process.Signal(syscall.SIGCONT) })

	post := func(path string, body []byte, limit time.Duration) (int, string, time.Duration) {
		ctx, cancel := context.WithTimeout(t.Context(), limit)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, "POST", e.URL+path, bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+e.Token)
		start := time.Now()
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, err.Error(), time.Since(start)
		}
		defer resp.Body.Close()
		var b bytes.Buffer
		b.ReadFrom(resp.Body)
		return resp.StatusCode, b.String(), time.Since(start)
	}

	// Large calls, more than the socket buffers hold: the daemon's writer is
	// stuck on them once the kernel buffers are full.
	big := []byte(`{"SearchText":"` + strings.Repeat("x", 3<<20) + `"}`)
	bigDone := make(chan int, 4)
	for range 4 {
		go func() {
			status, _, _ := post("/tools/get-logs?timeout=60s", big, time.Minute)
			bigDone <- status
		}()
	}
	// Wait until the daemon has taken them (calls in flight for the editor).
	waitFor(t, 10*time.Second, func() bool { return e.d.Engine.Hub.InFlight(hash) >= 4 }, "four large calls in flight")

	status, body, took := post("/tools/get-logs?timeout=1s", []byte(`{}`), 30*time.Second)
	if status == http.StatusOK || took > 1500*time.Millisecond {
		t.Fatalf("a small call to a frozen editor with ?timeout=1s: %d after %v: %s", status, took, body)
	}
	t.Logf("small call: %d after %v: %.200s", status, took, body)

	// Dropped as stalled: not connected any more within the stall timeout
	// (plus the time the writer needs to notice).
	start := time.Now()
	waitFor(t, stall+5*time.Second, func() bool {
		info, ok := e.d.Engine.Hub.Editor(hash)
		return !ok || info.State != api.StateConnected
	}, "the frozen editor to be dropped")
	t.Logf("dropped %v after the small call", time.Since(start))
	for range 4 {
		select {
		case s := <-bigDone:
			if s == http.StatusOK {
				t.Errorf("a large call to the frozen editor succeeded")
			}
		case <-time.After(10 * time.Second):
			t.Fatal("a large call to the dropped editor did not return")
		}
	}
}
