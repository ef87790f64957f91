package e2e

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// uloopDial: an official Go SDK client over uLoopMCP's TypeScript MCP server
// (node, started by the client as stdio clients do) dialling the stand-in
// for its Unity side at port; node's pid is added to *pids for the CPU count.
// It returns once the server lists get-logs (uLoop reads its tools from the
// editor after the handshake and announces them with list_changed).
func uloopDial(t *testing.T, node, server, port string, pids *[]int, proto string) func(ctx context.Context) (caller, func(), error) {
	return func(ctx context.Context) (caller, func(), error) {
		cmd := exec.Command(node, server)
		cmd.Dir = t.TempDir()
		cmd.Env = append(os.Environ(), "UNITY_TCP_PORT="+port)
		changed := make(chan struct{}, 1)
		// "claude-code": uLoop's path for clients that take list_changed.
		c := sdk.NewClient(&sdk.Implementation{Name: "claude-code", Version: "1"}, &sdk.ClientOptions{
			ToolListChangedHandler: func(context.Context, *sdk.ToolListChangedRequest) {
				select {
				case changed <- struct{}{}:
				default:
				}
			}})
		cs, err := c.Connect(ctx, &sdk.CommandTransport{Command: cmd}, &sdk.ClientSessionOptions{ProtocolVersion: proto})
		if err != nil {
			return nil, nil, err
		}
		*pids = append(*pids, cmd.Process.Pid)
		deadline := time.After(30 * time.Second)
		for {
			lt, err := cs.ListTools(ctx, nil)
			if err != nil {
				cs.Close()
				return nil, nil, err
			}
			for _, tool := range lt.Tools {
				if tool.Name == "get-logs" {
					return sdkCaller(cs, ""), func() { cs.Close() }, nil
				}
			}
			select {
			case <-changed:
			case <-deadline:
				cs.Close()
				return nil, nil, fmt.Errorf("uLoop's server listed no get-logs within 30 s")
			}
		}
	}
}

// TestSideBySideULoop measures `unitymcp stdio` → daemon → editorsim beside
// hatayama/uLoopMCP's TypeScript server → a stand-in for its Unity side
// (unitymcp-bench -uloop-unity), each server side its own processes, both
// started by the official Go SDK over stdio, taking turns in 20 rounds; once
// asking for protocol 2025-11-25, once for the SDK's newest. uLoop is not
// on a package registry: ULOOP_SERVER names its built server
// (Packages/src/TypeScriptServer~/dist/server.bundle.js of a checkout).
//
//	ULOOP_SERVER=/path/to/server.bundle.js UNITYMCP_BENCH=1 go test -count=1 -run TestSideBySideULoop -v ./engine/e2e/
func TestSideBySideULoop(t *testing.T) {
	if os.Getenv("UNITYMCP_BENCH") == "" {
		t.Skip("set UNITYMCP_BENCH=1 (and ULOOP_SERVER) to measure beside uLoopMCP")
	}
	server := os.Getenv("ULOOP_SERVER")
	if server == "" {
		t.Skip("set ULOOP_SERVER to uLoopMCP's built TypeScript server (dist/server.bundle.js) to measure beside it")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("needs node")
	}
	benchBin := filepath.Join(bins.dir, "unitymcp-bench")
	if b, err := exec.Command("go", "build", "-o", benchBin, "../../cmd/unitymcp-bench").CombinedOutput(); err != nil {
		t.Fatalf("building unitymcp-bench: %v\n%s", err, b)
	}
	home := t.TempDir()
	serve, addr := startServe(t, home, "127.0.0.1:0")
	proj := newProject(t, "SideBySide")
	sim := startProc(t, home, bins.editorsim, "--addr", addr, "--project", proj)
	waitEditors(t, home, 1)
	unityAddr, unityPid := startBench(t, benchBin, "-uloop-unity")
	_, port, _ := net.SplitHostPort(unityAddr)

	var b strings.Builder
	fmt.Fprintf(&b, "| client asks for | target | p50 | p99 | calls/s | server CPU/call |\n|---|---|---|---|---|---|\n")
	for _, proto := range []string{"2025-11-25", ""} {
		var shims, uloops []int
		tgs := []target{
			{name: "`unitymcp stdio` → daemon → editorsim", dial: stdioDialProto(home, proj, &shims, proto),
				pids: func() []int { return append([]int{serve.cmd.Process.Pid, sim.cmd.Process.Pid}, shims...) }},
			{name: "uLoopMCP server (node) → stand-in Unity", dial: uloopDial(t, node, server, port, &uloops, proto),
				pids: func() []int { return append([]int{unityPid}, uloops...) }},
		}
		r := measureAll(t, tgs, 1, 4000)
		label := proto
		if label == "" {
			label = "the SDK's newest"
		}
		for i, tg := range tgs {
			fmt.Fprintf(&b, "| %s | %s | %v | %v | %.0f | %v |\n", label, tg.name, r[i].p50.Round(time.Microsecond),
				r[i].p99.Round(time.Microsecond), r[i].throughput, r[i].cpu.Round(time.Microsecond))
		}
		fmt.Fprintf(&b, "| %s | unitymcp / uLoop | %.2f | %.2f | %.2f | %.2f |\n", label, float64(r[0].p50)/float64(r[1].p50),
			float64(r[0].p99)/float64(r[1].p99), r[0].throughput/r[1].throughput, float64(r[0].cpu)/float64(r[1].cpu))
	}
	t.Log("\n" + b.String())
}
