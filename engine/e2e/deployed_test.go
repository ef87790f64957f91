package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/unitymcp/unitymcp/cmd/unitymcp-bench/floor"
	"github.com/unitymcp/unitymcp/engine/project"
)

// procCPU is the CPU time (user and system, all threads) the processes have
// used, from each one's CPU-time clock (processCPU; 0 for one it cannot read).
func procCPU(pids func() []int) time.Duration {
	if pids == nil {
		return 0
	}
	var total time.Duration
	for _, pid := range pids() {
		d, _ := processCPU(pid)
		total += d
	}
	return total
}

func pidsOf(pids ...int) func() []int { return func() []int { return pids } }

// startFloor runs `unitymcp-bench -floor mode` and returns its address and pid.
func startFloor(t *testing.T, bin, mode string) (string, int) {
	t.Helper()
	return startBench(t, bin, "-floor", mode)
}

// startBench runs unitymcp-bench with args and returns the address it
// listens on and its pid.
func startBench(t *testing.T, bin string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stdin.Close(); cmd.Wait() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "LISTEN ") {
		t.Fatalf("unitymcp-bench %v: %q %v", args, line, err)
	}
	return strings.TrimSpace(strings.TrimPrefix(line, "LISTEN ")), cmd.Process.Pid
}

// wsEchoDial: one WebSocket connection per session to the echo process; a
// call writes a bridge-sized frame and reads it back.
func wsEchoDial(addr string) func(ctx context.Context) (caller, func(), error) {
	return func(ctx context.Context) (caller, func(), error) {
		c, _, err := websocket.Dial(ctx, "ws://"+addr+"/", nil)
		if err != nil {
			return nil, nil, err
		}
		return func(ctx context.Context) error {
			if err := c.Write(ctx, websocket.MessageText, floor.Frame); err != nil {
				return err
			}
			_, _, err := c.Read(ctx)
			return err
		}, func() { c.CloseNow() }, nil
	}
}

// idleEcho measures n round trips to the echo process at addr with the
// client busy for gap before each (so the echo's process is idle, as
// editorsim is between the calls of a chain): p50 and the echo's CPU per
// frame.
func idleEcho(t *testing.T, addr string, pid int, gap time.Duration, n int) result {
	t.Helper()
	call, closeFn, err := wsEchoDial(addr)(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer closeFn()
	lat := make([]time.Duration, 0, n)
	cpu0 := procCPU(pidsOf(pid))
	for i := 0; i < n; i++ {
		for until := time.Now().Add(gap); time.Now().Before(until); {
		}
		s := time.Now()
		if err := call(t.Context()); err != nil {
			t.Fatal(err)
		}
		lat = append(lat, time.Since(s))
	}
	cpu := procCPU(pidsOf(pid)) - cpu0
	sort.Slice(lat, func(a, b int) bool { return lat[a] < lat[b] })
	return result{p50: lat[n/2], p99: lat[n*99/100], cpu: cpu / time.Duration(n)}
}

// rawHTTPDial: a POST of a bridge-sized frame answered with one, on a
// keep-alive connection of the session's own.
func rawHTTPDial(addr string) func(ctx context.Context) (caller, func(), error) {
	return func(ctx context.Context) (caller, func(), error) {
		tr := &http.Transport{MaxIdleConnsPerHost: 1}
		hc := &http.Client{Transport: tr}
		url := "http://" + addr + "/raw"
		return func(ctx context.Context) error {
			req, _ := http.NewRequestWithContext(ctx, "POST", url, strings.NewReader(string(floor.Frame)))
			req.Header.Set("Content-Type", "application/json")
			resp, err := hc.Do(req)
			if err != nil {
				return err
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			return nil
		}, tr.CloseIdleConnections, nil
	}
}

// stdioDial: an official Go SDK client over a `unitymcp stdio` shim process
// of the session's own; the shim's pid is added to *pids for the CPU count.
func stdioDial(home, proj string, pids *[]int) func(ctx context.Context) (caller, func(), error) {
	return stdioDialProto(home, proj, pids, "2025-11-25")
}

// stdioDialProto is stdioDial asking for protocol version proto ("": the
// SDK's newest).
func stdioDialProto(home, proj string, pids *[]int, proto string) func(ctx context.Context) (caller, func(), error) {
	return func(ctx context.Context) (caller, func(), error) {
		cmd := exec.Command(bins.unitymcp, "stdio", "--project", proj)
		cmd.Env = append(os.Environ(), "UNITYMCP_HOME="+home)
		c := sdk.NewClient(&sdk.Implementation{Name: "bench", Version: "1"}, nil)
		cs, err := c.Connect(ctx, &sdk.CommandTransport{Command: cmd}, &sdk.ClientSessionOptions{ProtocolVersion: proto})
		if err != nil {
			return nil, nil, err
		}
		*pids = append(*pids, cmd.Process.Pid)
		return sdkCaller(cs, ""), func() { cs.Close() }, nil
	}
}

// csharpHost is the package's real C# Core under mono (Tests~/Headless).
type csharpHost struct {
	pid   int
	stdin io.Writer
	lines chan string
}

func (h *csharpHost) expect(t *testing.T, prefix string) string {
	t.Helper()
	for {
		select {
		case l, ok := <-h.lines:
			if !ok {
				t.Fatalf("the C# host exited before saying %q", prefix)
			}
			if strings.HasPrefix(l, prefix) {
				return l
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("the C# host did not say %q", prefix)
		}
	}
}

func startCSharpHost(t *testing.T, out, home, proj string) *csharpHost {
	t.Helper()
	cmd := exec.Command("mono", filepath.Join(out, "UnityMcp.Headless.exe"), home, proj)
	cmd.Env = append(os.Environ(), "MONO_PATH="+out)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	var stderr syncBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stdin.Write([]byte("quit\n")); stdin.Close(); cmd.Wait() })
	h := &csharpHost{pid: cmd.Process.Pid, stdin: stdin, lines: make(chan string, 16)}
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			h.lines <- sc.Text()
		}
		close(h.lines)
	}()
	h.expect(t, "CONNECTED 1")
	return h
}

// tsMean is the TypeScript SDK's mean time per call, sequential on one
// session: (time of a client run making 1+n calls − one making 1) / n, so
// that node's start-up, connect and tools/list cancel out.
func tsMean(t *testing.T, url, token, tool string, n int) time.Duration {
	node, dir := needNode(t)
	run := func(k int) time.Duration {
		calls := make([]map[string]any, k)
		for i := range calls {
			calls[i] = map[string]any{"name": tool, "arguments": map[string]any{}}
		}
		cmd := exec.Command(node, filepath.Join(dir, "client.mjs"), "http", url, token, mustJSON(calls))
		start := time.Now()
		out, err := cmd.Output()
		took := time.Since(start)
		var o tsOutput
		if err != nil || json.Unmarshal(out, &o) != nil || len(o.Calls) != k || o.Calls[k-1].Result.IsError || o.Calls[k-1].ProtocolError != "" {
			t.Fatalf("TS client on %s: %v", url, err)
		}
		return took
	}
	return (run(1+n) - run(1)) / time.Duration(n)
}

// TestDeployedShape measures the deployed shape: the floors, the real
// `unitymcp serve`, editorsim and the C# Core under mono, each its own
// process, driven by the official Go SDK from this process (and the
// TypeScript SDK for a second opinion), the targets taking turns in short
// rounds. Floor (c) is floor (a) whose tool goes through a WebSocket echo
// in another process: what reaching an editor costs with nothing of a
// daemon's own, so that the guard (daemon → editorsim ≤ 1.5 × floor (a))
// can be read as the hop's share and the daemon's. It prints the
// docs/performance.md table:
//
//	UNITYMCP_BENCH=1 go test -count=1 -timeout 20m -run TestDeployedShape -v ./engine/e2e/
//
// UNITYMCP_BENCH_ONLY=text measures only the targets whose name starts with text,
// or with one of texts separated by "|" (with UNITYMCP_CPUPROFILE=folder, every
// process started leaves a profile); UNITYMCP_BENCH_SESSIONS sets its
// sessions (1; "1,8" measures each in turn, as the full run does) and
// UNITYMCP_BENCH_CALLS its calls per target (20,000). UNITYMCP_BENCH_BEFORE=folder
// adds another tree's daemon and editorsim (beforeTargets), "before: …".
func TestDeployedShape(t *testing.T) {
	if os.Getenv("UNITYMCP_BENCH") == "" {
		t.Skip("set UNITYMCP_BENCH=1 to measure (prints the deployed-shape table of docs/performance.md)")
	}
	benchBin := filepath.Join(bins.dir, "unitymcp-bench")
	if b, err := exec.Command("go", "build", "-o", benchBin, "../../cmd/unitymcp-bench").CombinedOutput(); err != nil {
		t.Fatalf("building unitymcp-bench: %v\n%s", err, b)
	}
	upkg := buildPackage(t) // skips without mono
	rawAddr, rawPid := startFloor(t, benchBin, "raw")
	wsAddr, wsPid := startFloor(t, benchBin, "wsecho")
	plainAddr, plainPid := startFloor(t, benchBin, "plain")
	mcpgoAddr, mcpgoPid := startFloor(t, benchBin, "mcpgo")
	// floor (c) reaches its own echo process, so that its hop does not
	// share a process with the echo row's.
	hopEchoAddr, hopEchoPid := startFloor(t, benchBin, "wsecho")
	hopAddr, hopPid := startBench(t, benchBin, "-floor", "mcpgohop", "-echo", hopEchoAddr)

	home, serve, addr, token := serveWithToken(t)
	simProj, hostProj := newProject(t, "BenchSim"), newProject(t, "BenchHost")
	sim := startProc(t, home, bins.editorsim, "--addr", addr, "--project", simProj)
	host := startCSharpHost(t, upkg, home, hostProj)
	waitEditors(t, home, 2)
	simHash, _ := project.HashDir(simProj)
	hostHash, _ := project.HashDir(hostProj)
	daemonPid, simPid := serve.cmd.Process.Pid, sim.cmd.Process.Pid
	simURL := "http://" + addr + "/projects/" + simHash + "/mcp"
	hostURL := "http://" + addr + "/projects/" + hostHash + "/mcp"

	// Each server process's share of the turns, named.
	names := map[int]string{daemonPid: "daemon", simPid: "editorsim", host.pid: "C# host", hopEchoPid: "floor (c)'s echo"}
	before := beforeTargets(t, names)
	var stdioPids []int // the shims, known once their sessions are open
	stdioPidsOf := func() []int { return append([]int{daemonPid, simPid}, stdioPids...) }
	tgs := []target{
		{name: "raw HTTP round trip (cross-process)", dial: rawHTTPDial(rawAddr), pids: pidsOf(rawPid)},
		{name: "raw WebSocket echo (cross-process)", dial: wsEchoDial(wsAddr), pids: pidsOf(wsPid)},
		{name: "floor (b): plain net/http", url: "http://" + plainAddr + "/mcp", pids: pidsOf(plainPid)},
		{name: "floor (a): bare mcp-go", url: "http://" + mcpgoAddr + "/mcp", pids: pidsOf(mcpgoPid)},
		{name: "floor (c): bare mcp-go + a WebSocket hop", url: "http://" + hopAddr + "/mcp", pids: pidsOf(hopPid, hopEchoPid)},
		{name: "daemon → editorsim", url: simURL, token: token, pids: pidsOf(daemonPid, simPid)},
		{name: "daemon, daemon-side tool (definitions_list)", url: simURL, token: token, tool: "definitions_list", pids: pidsOf(daemonPid)},
		{name: "daemon → C# Core under mono", url: hostURL, token: token, pids: pidsOf(daemonPid, host.pid)},
		{name: "`unitymcp stdio` → daemon → editorsim", dial: stdioDial(home, simProj, &stdioPids), pids: stdioPidsOf},
	}
	tgs = append(tgs, before...) // after stdio: the indexes below stay
	const (
		raw, ws, plain, fa, fc, dsim, dside, dhost, stdio = 0, 1, 2, 3, 4, 5, 6, 7, 8
	)
	var b strings.Builder
	fmt.Fprintf(&b, "| target | sessions | p50 | p99 | calls/s | server CPU/call | client CPU/call |\n|---|---|---|---|---|---|---|\n")
	row := func(name string, sessions int, r result) {
		fmt.Fprintf(&b, "| %s | %d | %v | %v | %.0f | %v | %v |\n", name, sessions, r.p50.Round(time.Microsecond),
			r.p99.Round(time.Microsecond), r.throughput, r.cpu.Round(time.Microsecond), r.client.Round(time.Microsecond))
	}
	// at is set as it runs at sessions: stdio (one shim process per
	// session) at 1 session only.
	at := func(set []target, sessions int) []target {
		if sessions == 1 {
			return set
		}
		return slices.DeleteFunc(slices.Clone(set), func(tg target) bool { return tg.name == tgs[stdio].name })
	}
	// Each session's calls per turn (of 20) in the full run: enough that a
	// turn is mostly all its sessions calling at once, not their start and
	// the last ones finishing alone (docs/performance.md's git history, its "Eighth round").
	perTurn := map[int]int{1: 200, 8: 100, 64: 20}
	if only := os.Getenv("UNITYMCP_BENCH_ONLY"); only != "" {
		// Profiling one path (with UNITYMCP_CPUPROFILE): only the targets whose
		// name starts with the text, 1 session (or UNITYMCP_BENCH_SESSIONS),
		// 20,000 calls (or UNITYMCP_BENCH_CALLS); no ratios.
		// Alternatives separated by "|" take turns in the same rounds, so
		// two targets can be compared in one run.
		var set []target
		for _, tg := range tgs {
			for _, p := range strings.Split(only, "|") {
				if strings.HasPrefix(tg.name, p) {
					set = append(set, tg)
					break
				}
			}
		}
		// UNITYMCP_BENCH_SESSIONS=N: N sessions; N,M,...: each in turn, as the
		// full run does (stdio at 1 session only, 4,000 calls at 1 session).
		counts := []int{1}
		if v := os.Getenv("UNITYMCP_BENCH_SESSIONS"); v != "" {
			counts = nil
			for _, f := range strings.Split(v, ",") {
				n, err := strconv.Atoi(f)
				if err != nil || n < 1 {
					t.Fatalf("UNITYMCP_BENCH_SESSIONS=%q: want session counts separated by commas, such as 8 or 1,8", v)
				}
				counts = append(counts, n)
			}
		}
		calls := 20000 // UNITYMCP_BENCH_CALLS=N: N calls per target in all
		if n, err := strconv.Atoi(os.Getenv("UNITYMCP_BENCH_CALLS")); err == nil && n > 0 {
			calls = n
		}
		for _, sessions := range counts {
			turn := at(set, sessions)
			n := calls
			if sessions == 1 && len(counts) > 1 {
				n = perTurn[1] * 20 // as in the full run
			}
			for i, r := range measureAll(t, turn, sessions, n/sessions) {
				row(turn[i].name, sessions, r)
				pids := make([]int, 0, len(r.perPID))
				for pid := range r.perPID {
					pids = append(pids, pid)
				}
				sort.Ints(pids)
				for _, pid := range pids {
					name := names[pid]
					switch {
					case name != "":
					case slices.Contains(stdioPids, pid):
						name = "shim"
					default:
						name = "the floor"
					}
					fmt.Fprintf(&b, "  - %s (pid %d): %v CPU per call\n", name, pid, r.perPID[pid].Round(time.Microsecond))
				}
			}
		}
		t.Log("\n" + b.String())
		return
	}
	res := map[int][]result{}
	for _, sessions := range []int{1, 8, 64} {
		set := at(tgs, sessions)
		res[sessions] = measureAll(t, set, sessions, perTurn[sessions]*20)
		for i, r := range res[sessions] {
			row(set[i].name, sessions, r)
		}
	}
	r1, r8, r64 := res[1], res[8], res[64]
	ratio := func(a, b time.Duration) float64 { return float64(a) / float64(b) }
	fmt.Fprintf(&b, "\nratios (one run):\n")
	fmt.Fprintf(&b, "- daemon → editorsim p50 / floor (a) p50, 1 session: %.2f\n", ratio(r1[dsim].p50, r1[fa].p50))
	if len(before) > 0 {
		fmt.Fprintf(&b, "- before: daemon → editorsim p50 / floor (a) p50, 1 session: %.2f\n", ratio(r1[stdio+1].p50, r1[fa].p50))
	}
	fmt.Fprintf(&b, "- floor (c) p50 / floor (a) p50, 1 session: %.2f (an editor hop with nothing of a daemon's own); daemon → editorsim / floor (c): %.2f\n",
		ratio(r1[fc].p50, r1[fa].p50), ratio(r1[dsim].p50, r1[fc].p50))
	fmt.Fprintf(&b, "- hop added p50 (daemon → editorsim − daemon-side tool) = %v; / raw WebSocket echo p50 (%v): %.2f\n",
		(r1[dsim].p50 - r1[dside].p50).Round(time.Microsecond), r1[ws].p50.Round(time.Microsecond), ratio(r1[dsim].p50-r1[dside].p50, r1[ws].p50))
	fmt.Fprintf(&b, "- daemon → editorsim throughput / floor (a): 8 sessions %.2f, 64 sessions %.2f\n",
		r8[dsim].throughput/r8[fa].throughput, r64[dsim].throughput/r64[fa].throughput)
	fmt.Fprintf(&b, "- daemon → C# host / daemon → editorsim: p50 %.2f, throughput at 8 sessions %.2f, server CPU per call %.2f\n",
		ratio(r1[dhost].p50, r1[dsim].p50), r8[dhost].throughput/r8[dsim].throughput, ratio(r1[dhost].cpu, r1[dsim].cpu))
	fmt.Fprintf(&b, "- stdio → daemon → editorsim / HTTP: p50 %.2f, server CPU per call %.2f (%v vs %v)\n",
		ratio(r1[stdio].p50, r1[dsim].p50), ratio(r1[stdio].cpu, r1[dsim].cpu), r1[stdio].cpu.Round(time.Microsecond), r1[dsim].cpu.Round(time.Microsecond))
	fmt.Fprintf(&b, "- floor (a) p50 / raw HTTP p50: %.2f; floor (b) p50 / raw HTTP p50: %.2f\n", ratio(r1[fa].p50, r1[raw].p50), ratio(r1[plain].p50, r1[raw].p50))
	// Context for the hop's ratio, not a target: the echo above is hot (the
	// next frame comes as soon as the last is answered), while editorsim sits
	// idle between calls for as long as the rest of the chain takes. The
	// same echo with the client busy for that long (the daemon-side tool's
	// p50) between frames shows what waking an idle process costs here.
	gap := r1[dside].p50
	idle := idleEcho(t, wsAddr, wsPid, gap, 5000)
	fmt.Fprintf(&b, "- raw WebSocket echo, the echo idle %v between frames (context, not a target): p50 %v, echo CPU per frame %v (hot: %v); the hop / it: %.2f\n",
		gap.Round(time.Microsecond), idle.p50.Round(time.Microsecond), idle.cpu.Round(time.Microsecond), r1[ws].cpu.Round(time.Microsecond), ratio(r1[dsim].p50-r1[dside].p50, idle.p50))

	// Wake-up: calls to the C# host 20 ms apart, so its main thread is idle
	// (blocked, nothing queued) when each arrives. The host stamps Post (Core's
	// socket thread, after it read and parsed the frame) and the start of the
	// work on its main thread.
	host.stdin.Write([]byte("wake\n"))
	t.Logf("C# host wake-ups during the rounds above (n, p50 µs, p99 µs, max µs; the pump running, then stopped): %s", host.expect(t, "WAKE "))
	// The pump keeps an Editor ticking for 500 ms after its last work; with
	// no trailing time it stops 10–20 ms after each call, so that these calls
	// find it stopped and the main thread blocked (the host reports those
	// apart: a heartbeat's probe can restart the pump just before a call).
	host.stdin.Write([]byte("trailing 0\n"))
	call, closeFn, err := sdkDial(t.Context(), target{url: hostURL, token: token})
	if err != nil {
		t.Fatal(err)
	}
	var rtt []time.Duration
	for i := 0; i < 200; i++ {
		time.Sleep(20 * time.Millisecond) // the pause is the point: the pump stops, the main thread blocks
		s := time.Now()
		if err := call(t.Context()); err != nil {
			t.Fatal(err)
		}
		rtt = append(rtt, time.Since(s))
	}
	closeFn()
	host.stdin.Write([]byte("wake\n"))
	wake := host.expect(t, "WAKE ")
	host.stdin.Write([]byte("trailing 500\n"))
	stopped := wake[strings.Index(wake, "STOPPED ")+len("STOPPED "):]
	if f := strings.Fields(stopped); len(f) != 4 || atoi(f[0]) < 100 {
		t.Errorf("fewer than 100 of the 200 calls found the pump stopped: %s", wake)
	}
	sort.Slice(rtt, func(i, j int) bool { return rtt[i] < rtt[j] })
	fmt.Fprintf(&b, "- C# host, idle main thread, pump stopped (200 calls 20 ms apart): frame parsed → tool starts on the main thread (n, p50 µs, p99 µs, max µs): %s; client round trip p50 %v p99 %v\n",
		stopped, rtt[100].Round(time.Microsecond), rtt[198].Round(time.Microsecond))

	// The TypeScript SDK's view (mean per call, sequential), targets in turn.
	if _, err := exec.LookPath("node"); err == nil {
		if _, err := os.Stat(filepath.Join("node", "node_modules", "@modelcontextprotocol", "sdk")); err == nil {
			const n = 1500
			var fam, sim, hst []time.Duration
			for k := 0; k < 2; k++ {
				fam = append(fam, tsMean(t, "http://"+mcpgoAddr+"/mcp", "", "get-logs", n))
				sim = append(sim, tsMean(t, simURL, token, "get-logs", n))
				hst = append(hst, tsMean(t, hostURL, token, "get-logs", n))
			}
			fmt.Fprintf(&b, "- TypeScript SDK, mean per call (%d sequential calls, two tries): floor (a) %v %v; daemon → editorsim %v %v; daemon → C# host %v %v; daemon → editorsim / floor (a) %.2f\n",
				n, fam[0].Round(time.Microsecond), fam[1].Round(time.Microsecond), sim[0].Round(time.Microsecond), sim[1].Round(time.Microsecond),
				hst[0].Round(time.Microsecond), hst[1].Round(time.Microsecond), ratio(sim[0]+sim[1], fam[0]+fam[1]))
		}
	}
	la, _ := os.ReadFile("/proc/loadavg")
	fmt.Fprintf(&b, "\nmachine: %d CPUs (GOMAXPROCS %d), %s, load average at the end %s", runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.Version(), strings.TrimSpace(string(la)))
	t.Log("\n" + b.String())
}

// atoi is s as an int, -1 when it is not one.
func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return -1
	}
	return n
}
