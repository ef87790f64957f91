package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
)

// The answer all three targets give: a get-logs-shaped result.
const echoJSON = `{"DisplayedCount":0,"IncludeStackTrace":false,"LogType":"All","Logs":[],"MaxCount":100,"SearchText":"","TotalCount":0,"Ver":"0.1.0-dev"}`

// floorPlain is the loopback floor: a plain net/http handler that speaks
// just enough Streamable HTTP (2025) for the SDK client and answers every
// tools/call with the same JSON.
func floorPlain(t testing.TB) string {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		body, _ := io.ReadAll(r.Body)
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		json.Unmarshal(body, &m)
		if len(m.ID) == 0 {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		var result string
		switch m.Method {
		case "initialize":
			w.Header().Set("Mcp-Session-Id", "plain")
			result = `{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"plain","version":"1"}}`
		case "tools/list":
			result = `{"tools":[{"name":"get-logs","inputSchema":{"type":"object"}}]}`
		default:
			result = `{"content":[{"type":"text","text":` + strconvQuote(echoJSON) + `}],"structuredContent":` + echoJSON + `}`
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"jsonrpc":"2.0","id":`+string(m.ID)+`,"result":`+result+`}`)
	})}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String() + "/mcp"
}

func strconvQuote(s string) string { b, _ := json.Marshal(s); return string(b) }

// floorMCPGo is a bare mcp-go server whose tool answers in-process: what
// the MCP stack costs with no routing, catalog or editor hop.
func floorMCPGo(t testing.TB) string {
	s := mcpserver.NewMCPServer("bare", "1", mcpserver.WithToolCapabilities(true))
	s.AddTool(mcp.NewToolWithRawSchema("get-logs", "echo", json.RawMessage(`{"type":"object"}`)),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent(echoJSON)}, StructuredContent: json.RawMessage(echoJSON)}, nil
		})
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	srv := &http.Server{Handler: mcpserver.NewStreamableHTTPServer(s)}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String() + "/mcp"
}

type target struct {
	name  string
	url   string
	token string
}

func targets(t testing.TB) []target {
	e := startDaemon(t, bridge.Options{})
	e.startSim(newProject(t, "Bench"), editorsim.Config{})
	return []target{
		{"floor (b): plain net/http", floorPlain(t), ""},
		{"floor (a): bare mcp-go, in-process tool", floorMCPGo(t), ""},
		{"unitymcp daemon → editorsim", e.URL + "/mcp", e.Token},
	}
}

type result struct {
	p50, p99   time.Duration
	throughput float64
}

// measure runs sessions×calls tools/call through the official Go SDK
// client and reports latency percentiles and throughput.
func measure(t testing.TB, tg target, sessions, calls int) result {
	ctx := context.Background()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var lat []time.Duration
	css := make([]*sdk.ClientSession, sessions)
	for i := range css {
		c := sdk.NewClient(&sdk.Implementation{Name: "bench", Version: "1"}, nil)
		tr := &sdk.StreamableClientTransport{Endpoint: tg.url, DisableStandaloneSSE: true,
			HTTPClient: &http.Client{Transport: tokenTransport{tg.token}}}
		cs, err := c.Connect(ctx, tr, &sdk.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
		if err != nil {
			t.Fatalf("%s: connect: %v", tg.name, err)
		}
		defer cs.Close()
		css[i] = cs
	}
	start := time.Now()
	for _, cs := range css {
		wg.Add(1)
		go func(cs *sdk.ClientSession) {
			defer wg.Done()
			local := make([]time.Duration, 0, calls)
			for j := 0; j < calls; j++ {
				s := time.Now()
				res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "get-logs", Arguments: map[string]any{}})
				if err != nil || res.IsError {
					t.Errorf("%s: call: %v %v", tg.name, err, res)
					return
				}
				local = append(local, time.Since(s))
			}
			mu.Lock()
			lat = append(lat, local...)
			mu.Unlock()
		}(cs)
	}
	wg.Wait()
	wall := time.Since(start)
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	if len(lat) == 0 {
		return result{}
	}
	return result{p50: lat[len(lat)/2], p99: lat[len(lat)*99/100], throughput: float64(len(lat)) / wall.Seconds()}
}

// TestCallOverhead prints the table of docs/performance.md:
//
//	UNITYMCP_BENCH=1 go test -run TestCallOverhead -v ./engine/e2e/
func TestCallOverhead(t *testing.T) {
	if os.Getenv("UNITYMCP_BENCH") == "" {
		t.Skip("set UNITYMCP_BENCH=1 to measure (prints the docs/performance.md table)")
	}
	tgs := targets(t)
	var b strings.Builder
	fmt.Fprintf(&b, "| target | sessions | p50 | p99 | calls/s |\n|---|---|---|---|---|\n")
	res := map[string]result{}
	for _, sessions := range []int{1, 8, 64} {
		calls := 2000 / sessions
		for _, tg := range tgs {
			measure(t, tg, sessions, 20) // warm up
			r := measure(t, tg, sessions, calls)
			res[fmt.Sprint(tg.name, sessions)] = r
			fmt.Fprintf(&b, "| %s | %d | %v | %v | %.0f |\n", tg.name, sessions, r.p50.Round(time.Microsecond), r.p99.Round(time.Microsecond), r.throughput)
		}
	}
	a1, d1 := res[fmt.Sprint(tgs[1].name, 1)], res[fmt.Sprint(tgs[2].name, 1)]
	a8, d8 := res[fmt.Sprint(tgs[1].name, 8)], res[fmt.Sprint(tgs[2].name, 8)]
	fmt.Fprintf(&b, "\nratios: daemon p50 / floor (a) p50 at 1 session = %.2f (target ≤ 1.3); daemon / floor (a) throughput at 8 sessions = %.2f (target ≥ 0.75)\n",
		float64(d1.p50)/float64(a1.p50), d8.throughput/a8.throughput)
	t.Log("\n" + b.String())
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
		addr := freePort(t)
		start := time.Now()
		cmd := exec.Command(bins.unitymcp, "serve", "--headless", "--addr", addr)
		cmd.Env = append(os.Environ(), "UNITYMCP_HOME="+home)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		for time.Since(start) < 10*time.Second {
			req, _ := http.NewRequest("GET", "http://"+addr+"/health", nil)
			req.Header.Set("Authorization", "Bearer tok")
			if resp, err := http.DefaultClient.Do(req); err == nil {
				resp.Body.Close()
				if resp.StatusCode == 200 {
					break
				}
			}
			time.Sleep(200 * time.Microsecond)
		}
		ds = append(ds, time.Since(start))
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	t.Logf("exec → /health 200, 10 runs: min %v, median %v, max %v", ds[0], ds[5], ds[9])
}

// TestLargeResults: a 50,000-object hierarchy and a 4K screenshot. The
// editor writes them to files and the answer names the file, so the daemon
// never holds the payload; this reports what one call costs the daemon (the
// simulator runs as its own process, so its allocations are not counted).
//
//	UNITYMCP_BENCH=1 go test -count=1 -run TestLargeResults -v ./engine/e2e/
func TestLargeResults(t *testing.T) {
	if os.Getenv("UNITYMCP_BENCH") == "" {
		t.Skip("set UNITYMCP_BENCH=1 to measure")
	}
	e := startDaemon(t, bridge.Options{})
	proj := newProject(t, "Large")
	cmd := exec.Command(bins.editorsim, "--addr", strings.TrimPrefix(e.URL, "http://"), "--project", proj, "--scene-objects", "50000")
	cmd.Env = append(os.Environ(), "UNITYMCP_HOME="+e.State.Root)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	deadline := time.Now().Add(20 * time.Second)
	for len(e.d.Engine.Hub.Editors()) == 0 || !e.d.Engine.Hub.Editors()[0].Connected() {
		if time.Now().After(deadline) {
			t.Fatal("editorsim did not connect")
		}
		time.Sleep(20 * time.Millisecond)
	}
	for _, c := range []struct {
		tool string
		args map[string]any
		file string
	}{
		{"get-hierarchy", map[string]any{"IncludePaths": true}, "hierarchyFilePath"},
		{"screenshot", map[string]any{"WindowName": "Game 4K"}, ""},
	} {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		status, r := e.call("", c.tool, c.args)
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		if status != 200 {
			t.Fatalf("%s: %d %v", c.tool, status, r)
		}
		var size int64
		if c.file != "" {
			fi, _ := os.Stat(r[c.file].(string))
			size = fi.Size()
		} else {
			shot := r["Screenshots"].([]any)[0].(map[string]any)
			size = int64(shot["FileSizeBytes"].(float64))
			t.Logf("screenshot: %vx%v PNG", shot["Width"], shot["Height"])
		}
		t.Logf("%s: %v, payload file %.2f MB, daemon+client allocated %.1f KB for the call (%d mallocs)",
			c.tool, took.Round(time.Millisecond), float64(size)/1e6, float64(after.TotalAlloc-before.TotalAlloc)/1024, after.Mallocs-before.Mallocs)
	}
}
