package e2e

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
)

// Calls from 32 sessions while the editor reloads again and again and
// crashes once: every call gets exactly one answer — a result or a clear
// error — calls that are not idempotent never run twice, and goroutines
// return to their baseline. SOAK_CALLS sets the number of calls (default
// 3,000 for CI; the full soak: SOAK_CALLS=100000).
func TestSoakWithFaults(t *testing.T) {
	total := 3000
	if n, err := strconv.Atoi(os.Getenv("SOAK_CALLS")); err == nil && n > 0 {
		total = n
	}
	baseline := runtime.NumGoroutine()
	e := startDaemon(t, bridge.Options{})
	dir := newProject(t, "Soak")
	sim := e.startSim(dir, editorsim.Config{ReloadDelay: 30 * time.Millisecond, CrashAfter: total / 3})
	const sessions = 32
	var made, answered, results, clearErrors atomic.Int64
	var mu sync.Mutex
	unexpected := map[string]int{}
	stop := make(chan struct{})
	// Reloads: a script changes and compiles every 150 ms.
	var reloader sync.WaitGroup
	reloader.Add(1)
	go func() {
		defer reloader.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			case <-time.After(60 * time.Millisecond):
			}
			os.WriteFile(filepath.Join(dir, "Assets/Scripts/Gen.cs"), []byte(fmt.Sprintf("class Gen%d {}\n", i)), 0o644)
			e.call("", "compile", map[string]any{})
		}
	}()
	var wg sync.WaitGroup
	per := total / sessions
	begin := time.Now()
	for s := 0; s < sessions; s++ {
		wg.Add(1)
		go func(s int) {
			defer wg.Done()
			client := &http.Client{Timeout: 30 * time.Second}
			// At least per calls each, and on until the editor has reloaded
			// five times (bounded), so fast machines see reloads too.
			for i := 0; i < per || (sim.Reloads() < 5 && time.Since(begin) < 20*time.Second); i++ {
				made.Add(1)
				tool, body := "get-logs", `{"MaxCount":5}`
				if i%3 == 0 {
					tool, body = "simulate-keyboard", `{"Key":"W"}` // not idempotent
				}
				req, _ := http.NewRequest("POST", e.URL+"/tools/"+tool, stringsReader(body))
				req.Header.Set("Authorization", "Bearer "+e.Token)
				resp, err := client.Do(req)
				if err != nil {
					mu.Lock()
					unexpected["transport: "+err.Error()]++
					mu.Unlock()
					continue
				}
				var m map[string]any
				decodeBody(resp, &m)
				answered.Add(1)
				switch code := errCode(m); {
				case resp.StatusCode == http.StatusOK:
					results.Add(1)
				case code == "interrupted_by_reload" || code == "editor_disconnected" || code == "editor_not_connected":
					clearErrors.Add(1)
				default:
					mu.Lock()
					unexpected[fmt.Sprintf("%d %s", resp.StatusCode, code)]++
					mu.Unlock()
				}
			}
		}(s)
	}
	wg.Wait()
	close(stop)
	reloader.Wait()
	want := made.Load()
	if answered.Load() != want {
		t.Errorf("%d calls, %d answers", want, answered.Load())
	}
	if len(unexpected) > 0 {
		t.Errorf("unexpected answers: %v", unexpected)
	}
	twice := 0
	for id, ex := range sim.Executions() {
		if ex.Tool == "simulate-keyboard" && ex.Count > 1 {
			twice++
			t.Errorf("non-idempotent call %s ran %d times", id, ex.Count)
		}
	}
	t.Logf("%d calls: %d results, %d clear errors (reload/crash), %d reloads; non-idempotent calls run twice: %d",
		want, results.Load(), clearErrors.Load(), sim.Reloads(), twice)
	if sim.Reloads() < 5 {
		t.Errorf("only %d reloads happened", sim.Reloads())
	}
	if results.Load() < want/2 {
		t.Errorf("only %d of %d calls got a result", results.Load(), want)
	}
	// Everything shuts down: goroutines back to (about) the baseline.
	e.d.Stop()
	http.DefaultClient.CloseIdleConnections()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) && runtime.NumGoroutine() > baseline+15 {
		time.Sleep(50 * time.Millisecond)
	}
	_ = sim
	if n := runtime.NumGoroutine(); n > baseline+15 {
		buf := make([]byte, 1<<16)
		t.Errorf("goroutines: %d at the start, %d after shutdown\n%s", baseline, n, buf[:runtime.Stack(buf, true)])
	}
}
