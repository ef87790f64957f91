package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/unitymcp/unitymcp/engine/project"
	"github.com/unitymcp/unitymcp/engine/state"
)

// procMem is a process's peak resident memory (VmHWM) in bytes, from
// /proc/PID/status.
func procMem(pid int) int64 {
	b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmHWM:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

// resetPeak starts a new VmHWM from the current resident size
// (/proc/PID/clear_refs, "5").
func resetPeak(pid int) { os.WriteFile("/proc/"+strconv.Itoa(pid)+"/clear_refs", []byte("5"), 0) }

// procIO is what a process passed through read and write system calls
// (sockets, pipes and files; rchar and wchar of /proc/PID/io).
func procIO(pid int) (read, written int64) {
	b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/io")
	for _, l := range strings.Split(string(b), "\n") {
		f := strings.Fields(l)
		if len(f) == 2 && f[0] == "rchar:" {
			read, _ = strconv.ParseInt(f[1], 10, 64)
		}
		if len(f) == 2 && f[0] == "wchar:" {
			written, _ = strconv.ParseInt(f[1], 10, 64)
		}
	}
	return
}

// TestLargeResults: a 50,000-object hierarchy and a 4K screenshot in the
// deployed shape — `unitymcp serve`, editorsim and (for stdio) the shim,
// each its own process, driven by the official Go SDK over HTTP and over
// `unitymcp stdio`. For each call and process it reports the bytes the
// process passed through read/write system calls and its peak resident
// memory during the call (VmHWM, reset before). The editor writes the
// payloads to files and the answer names the file (seed 002), so the
// daemon and the shim move a few kilobytes, not the payload.
//
//	UNITYMCP_BENCH=1 go test -count=1 -run TestLargeResults -v ./engine/e2e/
func TestLargeResults(t *testing.T) {
	if os.Getenv("UNITYMCP_BENCH") == "" {
		t.Skip("set UNITYMCP_BENCH=1 to measure")
	}
	if _, err := os.Stat("/proc/self/io"); err != nil {
		t.Skip("needs /proc/PID/io (Linux)")
	}
	home := t.TempDir()
	serve, addr := startServe(t, home, "127.0.0.1:0")
	token, err := state.Dir{Root: home}.EnsureToken()
	if err != nil {
		t.Fatal(err)
	}
	proj := newProject(t, "Large")
	sim := startProc(t, home, bins.editorsim, "--addr", addr, "--project", proj, "--scene-objects", "50000")
	waitEditors(t, home, 1)
	hash, _ := project.HashDir(proj)
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()

	c := sdk.NewClient(&sdk.Implementation{Name: "large", Version: "1"}, nil)
	httpSession, err := c.Connect(ctx, &sdk.StreamableClientTransport{Endpoint: "http://" + addr + "/projects/" + hash + "/mcp",
		DisableStandaloneSSE: true, HTTPClient: &http.Client{Transport: tokenTransport{token}}}, &sdk.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	defer httpSession.Close()
	shim := exec.Command(bins.unitymcp, "stdio", "--project", proj)
	shim.Env = append(os.Environ(), "UNITYMCP_HOME="+home)
	stdioSession, err := c.Connect(ctx, &sdk.CommandTransport{Command: shim}, &sdk.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	defer stdioSession.Close()

	type proc struct {
		name string
		pid  int
	}
	procs := []proc{{"daemon", serve.cmd.Process.Pid}, {"editorsim", sim.cmd.Process.Pid}, {"stdio shim", shim.Process.Pid}}
	var b strings.Builder
	fmt.Fprintf(&b, "| call | via | time | payload file | answer | daemon: bytes read / written, peak RSS | editorsim: bytes read / written, peak RSS | shim: bytes read / written, peak RSS |\n|---|---|---|---|---|---|---|---|\n")
	for _, call := range []struct {
		tool string
		args map[string]any
	}{
		{"get-hierarchy", map[string]any{"IncludePaths": true}},
		{"screenshot", map[string]any{"WindowName": "Game 4K"}},
	} {
		for _, via := range []struct {
			name string
			cs   *sdk.ClientSession
		}{{"HTTP", httpSession}, {"stdio", stdioSession}} {
			type sample struct{ r, w, peak int64 }
			before := map[string]sample{}
			for _, p := range procs {
				resetPeak(p.pid)
				r, w := procIO(p.pid)
				before[p.name] = sample{r, w, 0}
			}
			start := time.Now()
			res, err := via.cs.CallTool(ctx, &sdk.CallToolParams{Name: call.tool, Arguments: call.args})
			took := time.Since(start)
			if err != nil || res.IsError {
				t.Fatalf("%s over %s: %v %v", call.tool, via.name, err, res)
			}
			answer, _ := json.Marshal(res.StructuredContent)
			var payload string
			var m map[string]any
			json.Unmarshal(answer, &m)
			if f, ok := m["hierarchyFilePath"].(string); ok {
				fi, err := os.Stat(f)
				if err != nil {
					t.Fatalf("the hierarchy file: %v", err)
				}
				payload = fmt.Sprintf("%.1f MB JSON", float64(fi.Size())/1e6)
			} else if shots, ok := m["Screenshots"].([]any); ok && len(shots) > 0 {
				shot := shots[0].(map[string]any)
				payload = fmt.Sprintf("%v×%v PNG, %.1f MB", shot["Width"], shot["Height"], shot["FileSizeBytes"].(float64)/1e6)
			} else {
				t.Fatalf("%s answered no file: %s", call.tool, answer)
			}
			row := fmt.Sprintf("| %s | %s | %v | %s | %.1f KB |", call.tool, via.name, took.Round(time.Millisecond), payload, float64(len(answer))/1024)
			for _, p := range procs {
				r, w := procIO(p.pid)
				if p.name == "stdio shim" && via.name == "HTTP" {
					row += " — |"
					continue
				}
				row += fmt.Sprintf(" %.1f / %.1f KB, %.1f MB |", float64(r-before[p.name].r)/1024, float64(w-before[p.name].w)/1024, float64(procMem(p.pid))/(1<<20))
			}
			fmt.Fprintln(&b, row)
		}
	}
	t.Log("\n" + b.String())
}
