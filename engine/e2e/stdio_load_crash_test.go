//go:build unix

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
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/state"
)

// The daemon is killed (kill -9) while a real `unitymcp stdio` has
// hundreds of calls in flight: every request is answered exactly once — by
// the daemon before it died, by the restarted one (a read-only call sent
// again), or by the shim — since the shim relays every answer itself and
// forgets a request when its answer passes; the client sees only whole
// messages (a line the crash cut short is not relayed). Then the session
// works on the restarted daemon.
func TestStdioAnswersEachCallOnceAcrossACrash(t *testing.T) {
	home, serve, addr, proj, _ := serveWithSim(t, editorsim.Config{})

	stdin, lines, stderr := rawStdio(t, home, addr, proj, serve)
	send := func(s string) { fmt.Fprintln(stdin, s) }
	send(`{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	send(`{"jsonrpc":"2.0","id":"list","method":"tools/list"}`) // the shim learns get-logs is read-only
	const calls = 400
	answers := map[string]int{}
	var bad []string
	read := func(until func() bool, what string) {
		t.Helper()
		deadline := time.After(60 * time.Second)
		for !until() {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("stdout ended waiting for %s; stderr: %s", what, stderr.String())
				}
				var m struct {
					ID     json.RawMessage `json:"id"`
					Method string          `json:"method"`
				}
				if json.Unmarshal([]byte(l), &m) != nil {
					bad = append(bad, l)
					continue
				}
				if m.Method == "" && len(m.ID) > 0 {
					answers[api.IDKey(m.ID)]++
				}
			case <-deadline:
				t.Fatalf("waiting for %s: %d answers so far; stderr: %s", what, len(answers), stderr.String())
			}
		}
	}
	key := func(id string) string { return api.IDKey(json.RawMessage(id)) }
	read(func() bool { return answers[key(`"list"`)] > 0 }, "tools/list")
	go func() {
		for i := 1; i <= calls; i++ {
			send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"get-logs","arguments":{}}}`, i))
		}
	}()
	read(func() bool { return len(answers) >= 2+calls/4 }, "a quarter of the calls")
	serve.cmd.Process.Kill() // a crash, with calls in flight and in the pipes
	killed := time.Now()
	read(func() bool { return len(answers) >= 2+calls }, "every call's answer")
	t.Logf("every call answered %v after the crash", time.Since(killed))
	send(`{"jsonrpc":"2.0","id":"after","method":"ping"}`)
	read(func() bool { return answers[key(`"after"`)] > 0 }, "a ping on the restarted daemon")
	for id, n := range answers {
		if n != 1 {
			t.Errorf("id %s answered %d times", id, n)
		}
	}
	if len(bad) > 0 {
		t.Errorf("%d lines that are not whole messages (none can be cut here): %q", len(bad), bad)
	}
	t.Logf("%d answers, %d lines not whole messages (%q)", len(answers), len(bad), bad)
	t.Logf("stderr: %s", stderr.String())
}

// The daemon is stopped gracefully (SIGTERM, as `unitymcp stop`, an
// upgrade or the tray's restart do) with a read-only call on the editor's
// main thread: the stream goes back to the shim before the editors are
// closed, so the call is not answered with the shutdown's error but sent
// again to the next daemon (which the shim starts once the old one is
// gone) and answered there.
func TestStdioGracefulRestartSendsSafeCallsAgain(t *testing.T) {
	home, serve, addr, proj, sim := serveWithSim(t, editorsim.Config{Slow: time.Second})
	stdin, answers, stderr := rawStdio(t, home, addr, proj, serve)
	answer := func(id string) string {
		t.Helper()
		deadline := time.After(30 * time.Second)
		for {
			select {
			case l, ok := <-answers:
				if !ok {
					t.Fatalf("stdout ended waiting for id %s; stderr: %s", id, stderr.String())
				}
				if strings.Contains(l, `"id":`+id+`,`) {
					return l
				}
			case <-deadline:
				t.Fatalf("no answer for id %s; stderr: %s", id, stderr.String())
			}
		}
	}
	fmt.Fprintln(stdin, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	answer("1")
	fmt.Fprintln(stdin, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	fmt.Fprintln(stdin, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`) // get-logs is read-only: safe to send again
	answer("2")
	fmt.Fprintln(stdin, `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get-logs","arguments":{}}}`)
	waitFor(t, 10*time.Second, func() bool { return executions(sim, "get-logs") == 1 }, "the call to reach the editor")
	serve.cmd.Process.Signal(syscall.SIGTERM)
	if l := answer("3"); !strings.Contains(l, `"result":{"content"`) || strings.Contains(l, `"isError":true`) {
		b, _ := os.ReadFile(home + "/logs/daemon.log")
		se, _ := os.ReadFile(home + "/logs/daemon.stderr.log")
		b = append(b, se...)
		t.Fatalf("the read-only call in flight during a graceful restart: %.300s; want its result from the next daemon\ndaemon log:\n%s\nshim:\n%s", l, b, stderr.String())
	}
	if n := executions(sim, "get-logs"); n != 2 {
		t.Fatalf("the editor ran get-logs %d times; want 2 (once for each daemon)", n)
	}
}

// rawStdio starts a real `unitymcp stdio` for proj in home, whose daemon,
// when the shim restarts it, takes addr again (where the editor finds it);
// the lines of its stdout come on the channel (closed at its end).
func rawStdio(t *testing.T, home, addr, proj string, serve *proc) (io.WriteCloser, chan string, *syncBuffer) {
	return rawStdioArgs(t, home, addr, serve, "--project", proj)
}

// rawStdioArgs is rawStdio with the shim's arguments after `stdio`.
func rawStdioArgs(t *testing.T, home, addr string, serve *proc, args ...string) (io.WriteCloser, chan string, *syncBuffer) {
	_, stdin, lines, stderr := rawStdioCmd(t, home, addr, serve, args...)
	return stdin, lines, stderr
}

// rawStdioCmd is rawStdioArgs with the shim's process.
func rawStdioCmd(t *testing.T, home, addr string, serve *proc, args ...string) (*exec.Cmd, io.WriteCloser, chan string, *syncBuffer) {
	cmd := exec.Command(bins.unitymcp, append([]string{"stdio"}, args...)...)
	cmd.Env = append(os.Environ(), "UNITYMCP_HOME="+home, "UNITYMCP_ADDR="+addr)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stdin.Close(); cmd.Wait(); stopRestartedDaemon(t, home, serve) })
	lines := make(chan string, 1024)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 8<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	return cmd, stdin, lines, stderr
}

// A call over HTTP that is on the editor's main thread when the daemon is
// stopped gracefully is answered daemon_stopping ("call again once the
// daemon is back"), not as if its client had cancelled it, now that the
// daemon cancels its requests before it closes the editors (it marks the
// hub as closing first; without that the answer depends on how long the
// stdio streams take to let go, which here is no time: this guards the
// order, not that mark).
func TestGracefulStopAnswersHTTPCallsDaemonStopping(t *testing.T) {
	home, serve, addr, _, sim := serveWithSim(t, editorsim.Config{Slow: 2 * time.Second})
	tok, err := (state.Dir{Root: home}).ReadToken()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	c := connectSDK(t, ctx, &mcp.StreamableClientTransport{Endpoint: "http://" + addr + "/mcp",
		HTTPClient: &http.Client{Transport: tokenTransport{token: tok}}}, protocolVersions[0])
	type answer struct {
		res *mcp.CallToolResult
		err error
	}
	got := make(chan answer, 1)
	go func() {
		res, err := c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "get-logs", Arguments: map[string]any{}})
		got <- answer{res, err}
	}()
	waitFor(t, 10*time.Second, func() bool { return executions(sim, "get-logs") == 1 }, "the call to reach the editor")
	serve.cmd.Process.Signal(syscall.SIGTERM)
	a := <-got
	if a.err != nil || a.res == nil || !a.res.IsError || errCode(structured(t, a.res)) != "daemon_stopping" {
		t.Fatalf("the call in flight when the daemon stopped: %v %+v; want a daemon_stopping error", a.err, a.res)
	}
}
