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
)

// procMem is a process's peak resident memory (VmHWM) in bytes, from
// /proc/PID/status.
func procMem(pid int) int64 {
	return procFields("/proc/"+strconv.Itoa(pid)+"/status", "VmHWM")["VmHWM"] << 10
}

// resetPeak starts a new VmHWM from the current resident size
// (/proc/PID/clear_refs, "5").
func resetPeak(pid int) { os.WriteFile("/proc/"+strconv.Itoa(pid)+"/clear_refs", []byte("5"), 0) }

// procIO is what a process passed through read and write system calls
// (rchar and wchar of /proc/PID/io: pipes and files, and sockets where they
// are read and written with read and write — not the daemon's, editorsim's
// and the shim's small socket I/O, which is sendto and recvfrom: procTCP).
func procIO(pid int) (read, written int64) {
	f := procFields("/proc/"+strconv.Itoa(pid)+"/io", "rchar", "wchar")
	return f["rchar"], f["wchar"]
}

// tcpCounts is, per TCP socket a process holds (by its addresses), what it
// has sent and received: bytes_sent and bytes_received of `ss -tinp`, the
// kernel's own counts. nil without ss.
type tcpCounts map[string][2]int64

func procTCP(pid int) tcpCounts {
	out, err := exec.Command("ss", "-Htinp").Output()
	if err != nil {
		return nil
	}
	counts := tcpCounts{}
	key := ""
	tag := "pid=" + strconv.Itoa(pid) + ","
	for _, line := range strings.Split(string(out), "\n") {
		if line == "" {
			continue
		}
		if line[0] != ' ' && line[0] != '\t' { // a socket's first line: state, queues, addresses, processes
			key = ""
			if f := strings.Fields(line); strings.Contains(line, tag) && len(f) >= 5 {
				key = f[3] + " " + f[4]
			}
			continue
		}
		if key == "" {
			continue
		}
		var c [2]int64
		for _, f := range strings.Fields(line) {
			if v, ok := strings.CutPrefix(f, "bytes_sent:"); ok {
				c[0], _ = strconv.ParseInt(v, 10, 64)
			} else if v, ok := strings.CutPrefix(f, "bytes_received:"); ok {
				c[1], _ = strconv.ParseInt(v, 10, 64)
			}
		}
		counts[key] = c
	}
	return counts
}

// since is what the sockets in c sent and received after before was taken
// (a socket opened in between counts from zero; one closed in between is
// not seen).
func (c tcpCounts) since(before tcpCounts) (sent, received int64) {
	for k, v := range c {
		sent += v[0] - before[k][0]
		received += v[1] - before[k][1]
	}
	return sent, received
}

// TestLargeResults: a 50,000-object hierarchy, a 4K screenshot and a
// Console of 30,000 entries in the deployed shape — `unitymcp serve`, editorsim and (for stdio) the shim,
// each its own process, driven by the official Go SDK over HTTP and over
// `unitymcp stdio`. For each call and process it reports the bytes its TCP
// sockets received and sent (ss), the bytes it passed through read and
// write system calls (pipes, files) and its peak resident memory during the
// call (VmHWM, reset before). The editor writes the
// hierarchy and the screenshot to files and the answer names the file (seed
// 002), so the daemon and the shim move a few kilobytes, not the payload;
// get-logs answers inline, and the daemon writes that answer as it goes
// (server.writeToolAnswer), holding the result once (the editor's frame).
//
//	UNITYMCP_BENCH=1 go test -count=1 -run TestLargeResults -v ./engine/e2e/
func TestLargeResults(t *testing.T) {
	if os.Getenv("UNITYMCP_BENCH") == "" {
		t.Skip("set UNITYMCP_BENCH=1 to measure")
	}
	if _, err := os.Stat("/proc/self/io"); err != nil {
		t.Skip("needs /proc/PID/io (Linux)")
	}
	home, serve, addr, token := serveWithToken(t)
	proj := newProject(t, "Large")
	const consoleLines = 12000 // get-logs answers them inline: a ~4 MB result (the answer, with it twice, stays under the Go SDK's 16 MB line for stdio)
	sim := startProc(t, home, bins.editorsim, "--addr", addr, "--project", proj, "--scene-objects", "50000", "--console-lines", strconv.Itoa(consoleLines))
	waitEditors(t, home, 1)
	hash, _ := project.HashDir(proj)
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()

	c := sdk.NewClient(&sdk.Implementation{Name: "large", Version: "1"}, nil)
	httpSession, err := c.Connect(ctx, &sdk.StreamableClientTransport{Endpoint: "http://" + addr + "/projects/" + hash + "/mcp",
		DisableStandaloneSSE: true, HTTPClient: &http.Client{Transport: tokenTransport{token: token}}}, &sdk.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
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
	if procTCP(os.Getpid()) == nil {
		t.Log("ss (iproute2) is not installed: socket bytes are not reported")
	}
	fmt.Fprintf(&b, "| call | via | time | payload file | answer | daemon: socket in / out, read / write, peak RSS | editorsim: the same | shim: the same |\n|---|---|---|---|---|---|---|---|\n")
	for _, call := range []struct {
		tool string
		args map[string]any
	}{
		{"get-hierarchy", map[string]any{"IncludePaths": true}},
		{"screenshot", map[string]any{"WindowName": "Game 4K"}},
		{"get-logs", map[string]any{"MaxCount": consoleLines, "IncludeStackTrace": true, "LogType": "Warning"}},
	} {
		for _, via := range []struct {
			name string
			cs   *sdk.ClientSession
		}{{"HTTP", httpSession}, {"stdio", stdioSession}} {
			type sample struct {
				r, w int64
				tcp  tcpCounts
			}
			before := map[string]sample{}
			for _, p := range procs {
				resetPeak(p.pid)
				r, w := procIO(p.pid)
				before[p.name] = sample{r, w, procTCP(p.pid)}
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
			} else if logs, ok := m["Logs"].([]any); ok && len(logs) == consoleLines {
				// A Console answer has no file: the result itself is the payload,
				// in the answer twice (the text and structuredContent).
				payload = fmt.Sprintf("none (inline: %d entries, %.1f MB)", len(logs), float64(len(answer))/1e6)
			} else {
				t.Fatalf("%s answered no file: %.300s", call.tool, answer)
			}
			row := fmt.Sprintf("| %s | %s | %v | %s | %.1f KB |", call.tool, via.name, took.Round(time.Millisecond), payload, float64(len(answer))/1024)
			for _, p := range procs {
				r, w := procIO(p.pid)
				tcp := procTCP(p.pid)
				if p.name == "stdio shim" && via.name == "HTTP" {
					row += " — |"
					continue
				}
				sock := "—" // no ss, or none of the process's sockets visible to it
				if len(tcp) > 0 {
					out, in := tcp.since(before[p.name].tcp)
					sock = fmt.Sprintf("%.1f / %.1f KB", float64(in)/1024, float64(out)/1024)
				}
				row += fmt.Sprintf(" %s, %.1f / %.1f KB, %.1f MB |", sock, float64(r-before[p.name].r)/1024, float64(w-before[p.name].w)/1024, float64(procMem(p.pid))/(1<<20))
			}
			fmt.Fprintln(&b, row)
		}
	}
	t.Log("\n" + b.String())
}
