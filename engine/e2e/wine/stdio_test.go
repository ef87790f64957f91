package wine

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/state"
)

// tsAnswer is one answer of engine/e2e/node/session.mjs.
type tsAnswer struct {
	ID     int      `json:"id"`
	Tools  []string `json:"tools"`
	Error  string   `json:"error"`
	Result *struct {
		IsError           bool           `json:"isError"`
		StructuredContent map[string]any `json:"structuredContent"`
		Content           []struct {
			Text string `json:"text"`
		} `json:"content"`
	} `json:"result"`
}

// ok reports whether a call succeeded (a result without isError).
func (a tsAnswer) ok() bool { return a.Error == "" && a.Result != nil && !a.Result.IsError }

func (a tsAnswer) String() string {
	b, _ := json.Marshal(a)
	return string(b)
}

// tsSession is an MCP client session of the official TypeScript SDK over
// `unitymcp.exe stdio` under Wine, started by Linux node.
type tsSession struct {
	in     *json.Encoder
	stderr *syncBuffer
	mu     sync.Mutex
	next   int
	wait   map[int]chan tsAnswer
}

func (e *winEnv) stdioSession(t *testing.T, env []string, args ...string) *tsSession {
	t.Helper()
	dir, _ := filepath.Abs("../node")
	node, err := exec.LookPath("node")
	if err == nil {
		_, err = os.Stat(filepath.Join(dir, "node_modules", "@modelcontextprotocol", "sdk"))
	}
	if err != nil {
		msg := "the TypeScript SDK client needs node and `npm ci --prefix engine/e2e/node`: " + err.Error()
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	command, _ := json.Marshal(append([]string{e.wine, e.exe("unitymcp.exe"), "stdio"}, args...))
	vars := map[string]string{}
	for _, kv := range e.env(env) {
		k, v, _ := strings.Cut(kv, "=")
		vars[k] = v
	}
	envJSON, _ := json.Marshal(vars)
	cmd := exec.Command(node, filepath.Join(dir, "session.mjs"), string(command), string(envJSON))
	cmd.Dir = t.TempDir() // in no Unity project: the session is not pinned
	s := &tsSession{stderr: &syncBuffer{}, wait: map[int]chan tsAnswer{}}
	cmd.Stderr = s.stderr
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	cmd.WaitDelay = time.Second
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stdin.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	s.in = json.NewEncoder(stdin)
	lines := bufio.NewScanner(stdout)
	lines.Buffer(nil, 16<<20)
	ready := make(chan bool, 1)
	go func() {
		first := true
		for lines.Scan() {
			if first {
				first = false
				ready <- strings.Contains(lines.Text(), `"ready":true`)
				continue
			}
			var a tsAnswer
			if json.Unmarshal(lines.Bytes(), &a) != nil {
				continue
			}
			s.mu.Lock()
			ch := s.wait[a.ID]
			delete(s.wait, a.ID)
			s.mu.Unlock()
			if ch != nil {
				ch <- a
			}
		}
		if first {
			ready <- false
		}
	}()
	select {
	case ok := <-ready:
		if !ok {
			t.Fatalf("the TypeScript client did not connect over unitymcp.exe stdio:\n%s", s.stderr)
		}
	case <-time.After(90 * time.Second):
		t.Fatalf("the TypeScript client did not connect in 90 s:\n%s", s.stderr)
	}
	return s
}

// send starts a request; its answer arrives on the channel.
func (s *tsSession) send(op string, name string, args map[string]any) <-chan tsAnswer {
	s.mu.Lock()
	s.next++
	id := s.next
	ch := make(chan tsAnswer, 1)
	s.wait[id] = ch
	s.mu.Unlock()
	s.in.Encode(map[string]any{"id": id, "op": op, "name": name, "arguments": args})
	return ch
}

// do sends a request and waits for its answer.
func (s *tsSession) do(t *testing.T, op, name string, args map[string]any) tsAnswer {
	t.Helper()
	select {
	case a := <-s.send(op, name, args):
		return a
	case <-time.After(2 * time.Minute):
		t.Fatalf("%s %s: no answer in 2 minutes:\n%s", op, name, s.stderr)
	}
	return tsAnswer{}
}

func executions(sim *editorsim.Sim, tool string) int {
	n := 0
	for _, ex := range sim.Executions() {
		if ex.Tool == tool {
			n += ex.Count
		}
	}
	return n
}

// stdio on Windows: the official TypeScript SDK, run by Linux node, talks
// MCP through `unitymcp.exe stdio` to the Windows daemon; the daemon dies
// (killed) while a call that is not safe to repeat runs in the editor:
// that call is answered with an error and never run again, the stdio
// process starts a new daemon by itself, and the same client session works
// again — also after a clean `unitymcp stop`.
func TestStdioOnWindows(t *testing.T) {
	e := need(t)
	home := t.TempDir()
	serve, addr := e.serve(t, home)
	tok, err := (state.Dir{Root: home}).ReadToken()
	if err != nil {
		t.Fatal(err)
	}
	// The editor runs in this test (a Linux simulator dialling the Windows
	// daemon over the shared loopback), so the test can count what it ran.
	sim, err := editorsim.New(editorsim.Config{BaseURL: "http://" + addr, Token: tok, ProjectDir: newProject(t, t.TempDir(), "Game"),
		StateDir: home, ReloadDelay: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx, stopSim := context.WithCancel(context.Background())
	simDone := make(chan struct{})
	go func() { sim.Run(ctx); close(simDone) }()
	t.Cleanup(func() { stopSim(); <-simDone })
	<-sim.Connected()

	// A daemon the stdio process starts binds the same address, where the
	// editor dials back.
	env := []string{"UNITYMCP_HOME=" + winPath(home), "UNITYMCP_ADDR=" + addr}
	s := e.stdioSession(t, env)
	if a := s.do(t, "list", "", nil); !strings.Contains(strings.Join(a.Tools, " "), "simulate-mouse-input") {
		t.Fatalf("tools/list over unitymcp.exe stdio: %s", a)
	}
	for _, c := range []struct {
		name string
		args map[string]any
	}{{"control-play-mode", map[string]any{"Action": "Play"}}, {"find-game-objects", map[string]any{"NamePattern": "Player"}}} {
		if a := s.do(t, "call", c.name, c.args); !a.ok() {
			t.Fatalf("%s over unitymcp.exe stdio: %s\n%s", c.name, a, s.stderr)
		}
	}

	// The daemon is killed while a long press (not safe to repeat) runs.
	inFlight := s.send("call", "simulate-mouse-input", map[string]any{"Action": "LongPress", "Duration": 5})
	waitFor(t, 30*time.Second, func() bool { return executions(sim, "simulate-mouse-input") == 1 }, "the long press to reach the editor")
	serve.cmd.Process.Kill()
	select {
	case a := <-inFlight:
		if a.ok() {
			t.Errorf("the call in flight when the daemon died succeeded: %s", a)
		}
		t.Logf("the call in flight when the daemon died: %s", a)
	case <-time.After(2 * time.Minute):
		t.Fatalf("the call in flight when the daemon died was never answered:\n%s", s.stderr)
	}

	// The session comes back: the stdio process started a daemon, the
	// editor dialled it, calls work again.
	comesBack := func(why string) {
		t.Helper()
		var last tsAnswer
		waitFor(t, 90*time.Second, func() bool {
			last = s.do(t, "call", "get-logs", map[string]any{})
			return last.ok()
		}, "calls to work again after %s (last answer %s)", why, &last)
	}
	comesBack("the daemon was killed")
	if info, err := (state.Dir{Root: home}).ReadDaemon(); err != nil || info.Address != addr {
		t.Errorf("the daemon the stdio process started: %+v %v", info, err)
	}
	if n := executions(sim, "simulate-mouse-input"); n != 1 {
		t.Errorf("the long press ran %d times; a call not safe to repeat must not be sent again", n)
	}

	// A clean stop of that daemon: the next calls start another.
	e.ok(t, opts{Env: env}, "unitymcp.exe", "stop")
	comesBack("unitymcp stop")
	if a := s.do(t, "list", "", nil); len(a.Tools) == 0 {
		t.Errorf("tools/list after the restarts: %s", a)
	}
	e.ok(t, opts{Env: env}, "unitymcp.exe", "stop")
}
