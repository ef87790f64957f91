package e2e

import (
	"sync"
	"testing"
	"time"
)

// TestIdleDaemonGivesMemoryBack: the real daemon, a burst of 200 official Go
// SDK sessions calling at once, all closed; within seconds the idle daemon's
// resident memory falls back toward where it was before the burst
// (memtrim.Trim, noted as the clients' connections close). Without the trim
// the Go runtime keeps the burst's pages: 36 MB against 21 in the scale test.
func TestIdleDaemonGivesMemoryBack(t *testing.T) {
	_, serve, addr, token := serveWithToken(t)
	pid := serve.cmd.Process.Pid
	rss := func() int64 {
		_, st := procStatus(pid, "VmRSS")
		return st["VmRSS"] // KiB
	}
	before := rss()
	tg := target{url: "http://" + addr + "/mcp", token: token, tool: "definitions_list"}
	const sessions, calls = 200, 5
	var wg sync.WaitGroup
	closers := make(chan func(), sessions)
	errs := make(chan error, sessions)
	for i := 0; i < sessions; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			call, closeFn, err := sdkDial(t.Context(), tg)
			if err != nil {
				errs <- err
				return
			}
			closers <- closeFn
			for j := 0; j < calls; j++ {
				if err := call(t.Context()); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("a session of the burst: %v", err)
	}
	peak := rss()
	close(closers)
	for closeFn := range closers {
		closeFn()
	}
	if peak-before < 4<<10 {
		t.Fatalf("the burst moved the daemon's RSS from %d to %d KiB only: too little to see a trim", before, peak)
	}
	// Back within half of what the burst added, well inside the trim's delay
	// (5 s after the first connection closed) and a collection.
	want := before + (peak-before)/2
	var last int64
	if !poll(20*time.Second, func() bool { last = rss(); return last <= want }) {
		t.Fatalf("idle daemon's RSS after the burst: %d KiB, before it %d, at its peak %d: want %d or less within 20 s", last, before, peak, want)
	}
	t.Logf("daemon RSS: %d KiB before the burst, %d at its end, %d once idle", before, peak, last)
}
