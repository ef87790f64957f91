package e2e

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/unitymcp/unitymcp/cmd/unitymcp-bench/floor"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/state"
)

// echoJSON is the answer every target gives: a get-logs-shaped result.
const echoJSON = floor.EchoJSON

// serveFloor serves h on a free loopback port in this process and returns
// its /mcp URL.
func serveFloor(t testing.TB, h http.Handler) string {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String() + "/mcp"
}

// floorPlain is the loopback floor (b), in-process (floor.Plain).
func floorPlain(t testing.TB) string { return serveFloor(t, floor.Plain()) }

// floorMCPGo is floor (a), a bare mcp-go server, in-process (floor.MCPGo).
func floorMCPGo(t testing.TB) string { return serveFloor(t, floor.MCPGo()) }

// A caller makes one call per invocation on its own session or connection.
type caller func(ctx context.Context) error

type target struct {
	name  string
	url   string
	token string
	tool  string // "" = get-logs
	// dial opens one session; nil: an official Go SDK client over Streamable
	// HTTP calling tool at url.
	dial func(ctx context.Context) (caller, func(), error)
	// pids lists the server processes whose CPU time (procCPU) is counted
	// per call; nil for in-process targets.
	pids func() []int
}

// sdkDial opens an official Go SDK session over Streamable HTTP (no GET
// stream) to tg.url and calls tg.tool. Each session has its own HTTP
// transport, as each MCP client process has: sessions sharing
// http.DefaultTransport (2 idle connections per host) opened and closed a
// connection for most calls once more than two called at once.
func sdkDial(ctx context.Context, tg target) (caller, func(), error) {
	c := sdk.NewClient(&sdk.Implementation{Name: "bench", Version: "1"}, nil)
	base := http.DefaultTransport.(*http.Transport).Clone()
	tr := &sdk.StreamableClientTransport{Endpoint: tg.url, DisableStandaloneSSE: true,
		HTTPClient: &http.Client{Transport: tokenTransport{token: tg.token, base: base}}}
	cs, err := c.Connect(ctx, tr, &sdk.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		return nil, nil, err
	}
	return sdkCaller(cs, tg.tool), func() { cs.Close(); base.CloseIdleConnections() }, nil
}

// sdkCaller calls tool ("" = get-logs) with no arguments on cs.
func sdkCaller(cs *sdk.ClientSession, tool string) caller {
	if tool == "" {
		tool = "get-logs"
	}
	return func(ctx context.Context) error {
		res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: tool, Arguments: map[string]any{}})
		if err == nil && res.IsError {
			err = fmt.Errorf("tool error: %v", res.Content)
		}
		return err
	}
}

func targets(t testing.TB) []target {
	e := startDaemon(t, bridge.Options{})
	e.startSim(newProject(t, "Bench"), editorsim.Config{})
	return []target{
		{name: "floor (b): plain net/http", url: floorPlain(t)},
		{name: "floor (a): bare mcp-go, in-process tool", url: floorMCPGo(t)},
		{name: "unitymcp daemon → editorsim", url: e.URL + "/mcp", token: e.Token},
		// The daemon's own HTTP/MCP path with no editor hop: a tool the
		// daemon answers itself. The difference to the row above is the hop.
		{name: "unitymcp daemon, daemon-side tool (definitions_list)", url: e.URL + "/mcp", token: e.Token, tool: "definitions_list"},
	}
}

type result struct {
	p50, p99   time.Duration
	throughput float64
	cpu        time.Duration         // server CPU per call (sum over the target's pids)
	perPID     map[int]time.Duration // the same, each server process's own
	// switches is the server processes' context switches per call (all
	// their threads, voluntary and not): each is a thread that went to
	// sleep or was put off a processor, the price of a wake-up.
	switches float64
	// sysShare is the share of the server processes' CPU spent in the
	// kernel (from /proc's ticks, summed over the turns; 0 where unknown).
	sysShare float64
	// client is the test process's CPU per call: the SDK clients of every
	// session, with the harness's own goroutines (a server's stderr copied).
	client time.Duration
}

// measureAll runs sessions×calls calls per target (each session a client of
// its own) and reports latency percentiles, throughput and the server
// processes' CPU time per call. The targets take turns in short rounds, so a
// noisy neighbour (CI, the other core) weighs on all of them alike and the
// ratios stay meaningful.
func measureAll(t testing.TB, tgs []target, sessions, calls int) []result {
	ctx := t.Context()
	css := make([][]caller, len(tgs))
	for i, tg := range tgs {
		for j := 0; j < sessions; j++ {
			dial := tg.dial
			if dial == nil {
				dial = func(ctx context.Context) (caller, func(), error) { return sdkDial(ctx, tg) }
			}
			call, closeFn, err := dial(ctx)
			if err != nil {
				t.Fatalf("%s: connect: %v", tg.name, err)
			}
			defer closeFn()
			css[i] = append(css[i], call)
		}
	}
	const rounds = 20
	lat := make([][]time.Duration, len(tgs))
	wall := make([]time.Duration, len(tgs))
	cpu := make([]map[int]time.Duration, len(tgs))
	switches := make([]int64, len(tgs))
	ticks := make([][2]int64, len(tgs)) // user, system
	client := make([]time.Duration, len(tgs))
	self := pidsOf(os.Getpid())
	// each reads the CPU of every server process of tg (each pid apart)
	each := func(tg target) map[int]time.Duration {
		m := map[int]time.Duration{}
		if tg.pids != nil {
			for _, pid := range tg.pids() {
				m[pid], _ = processCPU(pid)
			}
		}
		return m
	}
	// switched counts the context switches of tg's server processes so far
	switched := func(tg target) (n int64) {
		if tg.pids != nil {
			for _, pid := range tg.pids() {
				all, _ := procStatus(pid, "voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")
				n += all["voluntary_ctxt_switches"] + all["nonvoluntary_ctxt_switches"]
			}
		}
		return n
	}
	// ticked reads the user and system ticks of tg's server processes
	ticked := func(tg target) (t [2]int64) {
		if tg.pids != nil {
			for _, pid := range tg.pids() {
				u, s := processTicks(pid)
				t[0], t[1] = t[0]+u, t[1]+s
			}
		}
		return t
	}
	for round := 0; round <= rounds; round++ { // round 0 warms up
		per := calls / rounds
		if round == 0 {
			per = 5
		}
		for i, tg := range tgs {
			var wg sync.WaitGroup
			var mu sync.Mutex
			cpu0, self0, sw0, tk0 := each(tg), procCPU(self), switched(tg), ticked(tg)
			start := time.Now()
			for _, call := range css[i] {
				wg.Add(1)
				go func(call caller) {
					defer wg.Done()
					local := make([]time.Duration, 0, per)
					for j := 0; j < per; j++ {
						s := time.Now()
						if err := call(ctx); err != nil {
							t.Errorf("%s: call: %v", tg.name, err)
							return
						}
						local = append(local, time.Since(s))
					}
					mu.Lock()
					lat[i] = append(lat[i], local...)
					mu.Unlock()
				}(call)
			}
			wg.Wait()
			if round == 0 {
				lat[i] = lat[i][:0]
			} else {
				wall[i] += time.Since(start)
				if cpu[i] == nil {
					cpu[i] = map[int]time.Duration{}
				}
				for pid, c := range each(tg) {
					cpu[i][pid] += c - cpu0[pid] // a process started during the turn counts from 0
				}
				client[i] += procCPU(self) - self0
				switches[i] += switched(tg) - sw0
				tk := ticked(tg)
				ticks[i][0] += tk[0] - tk0[0]
				ticks[i][1] += tk[1] - tk0[1]
			}
		}
	}
	out := make([]result, len(tgs))
	for i := range tgs {
		l := lat[i]
		if len(l) == 0 {
			continue
		}
		sort.Slice(l, func(a, b int) bool { return l[a] < l[b] })
		n := time.Duration(len(l))
		out[i] = result{p50: l[len(l)/2], p99: l[len(l)*99/100], throughput: float64(len(l)) / wall[i].Seconds(),
			client: client[i] / n, perPID: map[int]time.Duration{}, switches: float64(switches[i]) / float64(len(l))}
		if all := ticks[i][0] + ticks[i][1]; all > 0 {
			out[i].sysShare = float64(ticks[i][1]) / float64(all)
		}
		for pid, c := range cpu[i] {
			out[i].cpu += c / n
			out[i].perPID[pid] = c / n
		}
	}
	return out
}

// TestCallOverhead prints the table of docs/performance.md:
//
//	UNITYMCP_BENCH=1 go test -count=1 -run TestCallOverhead -v ./engine/e2e/
func TestCallOverhead(t *testing.T) {
	if os.Getenv("UNITYMCP_BENCH") == "" {
		t.Skip("set UNITYMCP_BENCH=1 to measure (prints the docs/performance.md table)")
	}
	tgs := targets(t)
	var b strings.Builder
	fmt.Fprintf(&b, "| target | sessions | p50 | p99 | calls/s |\n|---|---|---|---|---|\n")
	res := map[int][]result{}
	for _, sessions := range []int{1, 8, 64} {
		calls := 4000 / sessions
		res[sessions] = measureAll(t, tgs, sessions, calls)
		for i, tg := range tgs {
			r := res[sessions][i]
			fmt.Fprintf(&b, "| %s | %d | %v | %v | %.0f |\n", tg.name, sessions, r.p50.Round(time.Microsecond), r.p99.Round(time.Microsecond), r.throughput)
		}
	}
	a1, d1, o1 := res[1][1], res[1][2], res[1][3]
	a8, d8 := res[8][1], res[8][2]
	fmt.Fprintf(&b, "\nratios: daemon p50 / floor (a) p50 at 1 session = %.2f (target ≤ 1.3); daemon / floor (a) throughput at 8 sessions = %.2f (target ≥ 0.75); daemon-side tool p50 / floor (a) p50 at 1 session = %.2f\n",
		float64(d1.p50)/float64(a1.p50), d8.throughput/a8.throughput, float64(o1.p50)/float64(a1.p50))
	t.Log("\n" + b.String())
}

// BenchmarkToolCall is one tools/call per op through the official Go SDK
// client for each target of TestCallOverhead, for profiling one path:
//
//	go test -run XXX -bench ToolCall/daemon_editorsim -cpuprofile cpu.out ./engine/e2e/
func BenchmarkToolCall(b *testing.B) {
	ctx := b.Context()
	for i, tg := range targets(b) {
		b.Run([]string{"floor_b", "floor_a", "daemon_editorsim", "daemon_side"}[i], func(b *testing.B) {
			call, closeFn, err := sdkDial(ctx, tg)
			if err != nil {
				b.Fatal(err)
			}
			defer closeFn()
			defer reportCPU(b)()
			for i := 0; i < b.N; i++ {
				if err := call(ctx); err != nil {
					b.Fatalf("call: %v", err)
				}
			}
		})
	}
}

// BenchmarkBridgeHop is the editor hop alone: Hub.Call to an in-process
// editorsim over the real WebSocket bridge (compare BenchmarkWebSocketEcho).
//
//	go test -run XXX -bench 'BridgeHop|WebSocketEcho' -benchtime 5000x -count 3 ./engine/e2e/
func BenchmarkBridgeHop(b *testing.B) {
	e := startDaemon(b, bridge.Options{})
	sim := e.startSim(newProject(b, "Hop"), editorsim.Config{})
	ctx := b.Context()
	defer reportCPU(b)()
	for i := 0; i < b.N; i++ {
		if _, err := e.d.Engine.Hub.Call(ctx, sim.Hash(), "get-logs", map[string]any{}, bridge.CallOptions{Idempotent: true}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWebSocketEcho is the floor of the hop: one goroutine writes a
// frame of the bridge's size to a WebSocket echo (same library) and reads
// it back.
func BenchmarkWebSocketEcho(b *testing.B) {
	ctx := b.Context()
	c := dialEcho(b)
	msg := floor.Frame
	defer reportCPU(b)()
	for i := 0; i < b.N; i++ {
		if err := c.Write(ctx, websocket.MessageText, msg); err != nil {
			b.Fatal(err)
		}
		if _, _, err := c.Read(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

// dialEcho connects to a WebSocket server that echoes every message.
func dialEcho(b *testing.B) *websocket.Conn {
	srv := httptest.NewServer(floor.WSEcho())
	b.Cleanup(srv.Close)
	ctx, cancel := context.WithTimeout(b.Context(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, srv.URL, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { c.CloseNow() })
	return c
}

// BenchmarkWebSocketEchoHandOff is BenchmarkWebSocketEcho with the reading
// done by a second goroutine that hands each answer to the caller over a
// channel — the shape of every multiplexed connection, the bridge's
// included. The difference to the plain echo is the cost of that one
// hand-off (a wake-up of another thread on a multi-core machine; compare
// with GOMAXPROCS=1).
func BenchmarkWebSocketEchoHandOff(b *testing.B) {
	ctx := b.Context()
	c := dialEcho(b)
	answers := make(chan []byte, 1)
	go func() {
		for {
			_, data, err := c.Read(ctx)
			if err != nil {
				close(answers)
				return
			}
			answers <- data
		}
	}()
	msg := floor.Frame
	defer reportCPU(b)()
	for i := 0; i < b.N; i++ {
		if err := c.Write(ctx, websocket.MessageText, msg); err != nil {
			b.Fatal(err)
		}
		if _, ok := <-answers; !ok {
			b.Fatal("connection ended")
		}
	}
}

// TestStartupTime measures exec → first /health 200 of the real binary
// (UNITYMCP_BENCH=1 go test -count=1 -run TestStartupTime -v ./engine/e2e/).
func TestStartupTime(t *testing.T) {
	if os.Getenv("UNITYMCP_BENCH") == "" {
		t.Skip("set UNITYMCP_BENCH=1 to measure")
	}
	var ds []time.Duration
	for i := 0; i < 10; i++ {
		home := t.TempDir()
		os.WriteFile(home+"/token", []byte("tok\n"), 0o600)
		start := time.Now()
		// Port 0: the daemon binds a free port itself and names it in
		// daemon.json (written once it listens).
		cmd := exec.Command(bins.unitymcp, "serve", "--headless", "--addr", "127.0.0.1:0")
		cmd.Env = append(os.Environ(), "UNITYMCP_HOME="+home)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		dir := state.Dir{Root: home}
		addr := ""
		for time.Since(start) < 10*time.Second {
			if addr == "" {
				if info, err := dir.ReadDaemon(); err == nil && info.PID == cmd.Process.Pid {
					addr = info.Address
				}
			}
			if addr != "" {
				ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
				req, _ := http.NewRequestWithContext(ctx, "GET", "http://"+addr+"/health", nil)
				req.Header.Set("Authorization", "Bearer tok")
				resp, err := http.DefaultClient.Do(req)
				cancel()
				if err == nil {
					resp.Body.Close()
					if resp.StatusCode == 200 {
						break
					}
				}
			}
			// The poll interval is the resolution of the startup time being
			// measured; no event says "the daemon answers /health".
			time.Sleep(200 * time.Microsecond)
		}
		ds = append(ds, time.Since(start))
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	t.Logf("exec → /health 200, 10 runs: min %v, median %v, max %v", ds[0], ds[5], ds[9])
}
