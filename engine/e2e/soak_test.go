package e2e

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptrace"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
)

// soakEditor is an editorsim the soak starts and stops itself, so that the
// memory check at the end runs with every editor gone.
type soakEditor struct {
	sim  *editorsim.Sim
	dir  string
	stop func()
}

func startSoakEditor(t *testing.T, e *env, name string, cfg editorsim.Config) *soakEditor {
	t.Helper()
	dir := newProject(t, name)
	cfg.BaseURL, cfg.Token, cfg.ProjectDir, cfg.StateDir, cfg.Logger = e.URL, e.Token, dir, e.State.Root, quietLogger()
	sim, err := editorsim.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { sim.Run(ctx); close(done) }()
	select {
	case <-sim.Connected():
	case <-time.After(10 * time.Second):
		t.Fatal("simulator did not connect")
	}
	e.waitState(sim.Hash(), api.StateConnected)
	ed := &soakEditor{sim: sim, dir: dir}
	ed.stop = func() { cancel(); <-done; ed.stop = func() {} }
	t.Cleanup(func() { ed.stop() })
	return ed
}

// The soak: calls from 32 sessions to two editors while one reloads again
// and again and crashes once, the other reloads slowly (its calls are held
// for 400 ms at a time), and the daemon itself is restarted once in the
// middle. Every call gets exactly one answer — a result or a clear error —
// calls that are not idempotent never run twice, and memory and goroutines
// return to their baseline. SOAK_CALLS sets the number of calls (default
// 3,000 for CI; the full soak: SOAK_CALLS=100000).
func TestSoakWithFaults(t *testing.T) {
	total := 3000
	if n, err := strconv.Atoi(os.Getenv("SOAK_CALLS")); err == nil && n > 0 {
		total = n
	}
	runtime.GC()
	var m0 runtime.MemStats
	runtime.ReadMemStats(&m0)
	baseline := runtime.NumGoroutine()
	e := startDaemon(t, bridge.Options{})
	base, token := e.URL, e.Token // the same after the restart (same address, same token file)
	fast := startSoakEditor(t, e, "Soak", editorsim.Config{ReloadDelay: 30 * time.Millisecond, CrashAfter: total / 4})
	slow := startSoakEditor(t, e, "SlowSoak", editorsim.Config{ReloadDelay: 400 * time.Millisecond})
	editors := []*soakEditor{fast, slow}
	const sessions = 32
	var made, answered, results, clearErrors, restartErrors atomic.Int64
	var mu sync.Mutex
	unexpected := map[string]int{}
	stop := make(chan struct{})

	// The daemon goes down at downAt and is up again at upAt (unix nanos; 0 =
	// not yet). A transport error is the restart's when the connection it
	// used was dialled to the old daemon (before upAt), or, when no
	// connection was made (refused), when it happened while the daemon was
	// down. Connections are dated by the sessions' own dialers.
	var downAt, upAt atomic.Int64
	restartErr := func(began time.Time, used *datedConn) bool {
		d, u := downAt.Load(), upAt.Load()
		if d == 0 || time.Now().UnixNano() < d {
			return false
		}
		if used != nil {
			return u == 0 || used.at < u
		}
		return u == 0 || began.UnixNano() <= u
	}

	// Reloads: a script changes and compiles every 60 ms in the first
	// project and every 500 ms in the second.
	var bg sync.WaitGroup
	for i, every := range []time.Duration{60 * time.Millisecond, 500 * time.Millisecond} {
		ed := editors[i]
		bg.Add(1)
		go func() {
			defer bg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				case <-time.After(every):
				}
				os.WriteFile(filepath.Join(ed.dir, "Assets/Scripts/Gen.cs"), []byte(fmt.Sprintf("class Gen%d {}\n", i)), 0o644)
				compile(t, base, token, ed.sim.Hash())
			}
		}()
	}
	var wg sync.WaitGroup
	per := total / sessions
	begin := time.Now()
	restartAfter := int64(total / 2)
	var restarted atomic.Bool
	var restarting sync.WaitGroup // the restart, joined before the checks
	for s := 0; s < sessions; s++ {
		wg.Add(1)
		go func(s int) {
			defer wg.Done()
			tr := http.DefaultTransport.(*http.Transport).Clone()
			tr.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
				c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
				if err != nil {
					return nil, err
				}
				return &datedConn{Conn: c, at: time.Now().UnixNano()}, nil
			}
			defer tr.CloseIdleConnections()
			client := &http.Client{Timeout: 30 * time.Second, Transport: tr}
			ed := editors[s%2]
			// At least per calls each, and on until the first editor has
			// reloaded five times and the second once (bounded), so fast
			// machines see reloads too.
			for i := 0; i < per || ((fast.sim.Reloads() < 5 || slow.sim.Reloads() < 1) && time.Since(begin) < 20*time.Second); i++ {
				n := made.Add(1)
				if n == restartAfter && restarted.CompareAndSwap(false, true) {
					restarting.Add(1)
					go func() {
						defer restarting.Done()
						downAt.Store(time.Now().UnixNano())
						e.restart()
						upAt.Store(time.Now().UnixNano())
					}()
				}
				tool, body := "get-logs", `{"MaxCount":5}`
				if i%3 == 0 {
					tool, body = "simulate-keyboard", `{"Key":"W"}` // not idempotent
				}
				began := time.Now()
				var used *datedConn
				trace := &httptrace.ClientTrace{GotConn: func(i httptrace.GotConnInfo) { used, _ = i.Conn.(*datedConn) }}
				ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
				req, _ := http.NewRequestWithContext(httptrace.WithClientTrace(ctx, trace), "POST", base+"/tools/"+tool+"?project="+ed.sim.Hash(), stringsReader(body))
				req.Header.Set("Authorization", "Bearer "+token)
				resp, err := client.Do(req)
				if err != nil {
					cancel()
					if restartErr(began, used) {
						restartErrors.Add(1)
						answered.Add(1)
					} else {
						mu.Lock()
						unexpected["transport: "+err.Error()]++
						mu.Unlock()
					}
					continue
				}
				var m map[string]any
				decodeBody(resp, &m)
				cancel()
				answered.Add(1)
				switch code := errCode(m); {
				case resp.StatusCode == http.StatusOK:
					results.Add(1)
				case code == "interrupted_by_reload" || code == "editor_disconnected" || code == "editor_not_connected":
					clearErrors.Add(1)
				case code == "daemon_stopping" && downAt.Load() != 0: // only the restart stops the daemon
					restartErrors.Add(1)
				default:
					mu.Lock()
					unexpected[fmt.Sprintf("%d %s", resp.StatusCode, code)]++
					mu.Unlock()
				}
			}
		}(s)
	}
	wg.Wait()
	restarting.Wait()
	close(stop)
	bg.Wait()
	want := made.Load()
	if answered.Load() != want {
		t.Errorf("%d calls, %d answers", want, answered.Load())
	}
	if len(unexpected) > 0 {
		t.Errorf("unexpected answers: %v", unexpected)
	}
	if !restarted.Load() || upAt.Load() == 0 {
		t.Error("the daemon was not restarted")
	}
	twice := 0
	for _, ed := range editors {
		for id, ex := range ed.sim.Executions() {
			if ex.Tool == "simulate-keyboard" && ex.Count > 1 {
				twice++
				t.Errorf("non-idempotent call %s ran %d times", id, ex.Count)
			}
		}
	}
	t.Logf("%d calls in %v: %d results, %d clear errors (reload/crash), %d answered daemon_stopping or refused during the daemon restart; reloads %d + %d; non-idempotent calls run twice: %d",
		want, time.Since(begin).Round(time.Millisecond), results.Load(), clearErrors.Load(), restartErrors.Load(),
		fast.sim.Reloads(), slow.sim.Reloads(), twice)
	if fast.sim.Reloads() < 5 || slow.sim.Reloads() < 1 {
		t.Errorf("only %d and %d reloads happened", fast.sim.Reloads(), slow.sim.Reloads())
	}
	if results.Load() < want/2 {
		t.Errorf("only %d of %d calls got a result", results.Load(), want)
	}
	// Everything shuts down: goroutines and memory back to (about) the baseline.
	for _, ed := range editors {
		ed.stop()
		ed.sim = nil // the test's cleanup list still holds ed; the simulator's records must go
	}
	editors, fast, slow = nil, nil, nil
	e.stop()
	http.DefaultClient.CloseIdleConnections()
	poll(10*time.Second, func() bool { return runtime.NumGoroutine() <= baseline+15 })
	if n := runtime.NumGoroutine(); n > baseline+15 {
		buf := make([]byte, 1<<16)
		t.Errorf("goroutines: %d at the start, %d after shutdown\n%s", baseline, n, buf[:runtime.Stack(buf, true)])
	}
	runtime.GC()
	runtime.GC()
	var m1 runtime.MemStats
	runtime.ReadMemStats(&m1)
	t.Logf("heap in use: %.1f MB before, %.1f MB after shutdown; goroutines %d before, %d after",
		float64(m0.HeapAlloc)/1e6, float64(m1.HeapAlloc)/1e6, baseline, runtime.NumGoroutine())
	if m1.HeapAlloc > m0.HeapAlloc+4<<20 {
		t.Errorf("heap grew from %.1f MB to %.1f MB and stayed", float64(m0.HeapAlloc)/1e6, float64(m1.HeapAlloc)/1e6)
	}
}

// datedConn is a client connection that knows when it was dialled.
type datedConn struct {
	net.Conn
	at int64 // unix nanos
}

// compile asks a project's editor to compile (the soak's reload trigger).
func compile(t *testing.T, base, token, hash string) {
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "POST", base+"/tools/compile?project="+hash, stringsReader("{}"))
	req.Header.Set("Authorization", "Bearer "+token)
	if resp, err := http.DefaultClient.Do(req); err == nil {
		resp.Body.Close()
	}
}
