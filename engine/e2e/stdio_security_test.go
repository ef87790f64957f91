//go:build unix

package e2e

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/state"
)

// squatter listens on a port a daemon freed and records everything sent
// to it; it answers GET /proof with a proof it cannot make.
type squatter struct {
	ln       net.Listener
	accepted chan struct{}
	mu       sync.Mutex
	got      bytes.Buffer
}

func squat(t *testing.T, addr string) *squatter {
	t.Helper()
	var ln net.Listener
	var err error
	waitFor(t, 10*time.Second, func() bool { ln, err = net.Listen("tcp", addr); return err == nil }, "the freed port %s to take: %v", addr, err)
	q := &squatter{ln: ln, accepted: make(chan struct{}, 64)}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			select {
			case q.accepted <- struct{}{}:
			default:
			}
			go q.serve(c)
		}
	}()
	return q
}

func (q *squatter) serve(c net.Conn) {
	defer c.Close()
	br := bufio.NewReader(c)
	for {
		req, err := http.ReadRequest(br)
		if err != nil {
			return
		}
		var head bytes.Buffer
		req.Write(&head)
		q.mu.Lock()
		q.got.Write(head.Bytes())
		q.mu.Unlock()
		io.WriteString(c, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n{\"proof\":\"0\"}")
	}
}

func (q *squatter) received() string {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.got.String()
}

// A2: after the daemon stops (`unitymcp stop`) or dies (kill -9), another
// program takes its port, and daemon.json names that address with a live
// pid (a crashed daemon's file, its pid reused). `unitymcp stdio` looks for
// the daemon again every second, and again when its client sends a
// request: it proves every connection against the key of daemon.json
// before the token goes out, so the squatter gets proof requests and never
// the token; the request is answered by a new daemon the shim starts.
func TestStdioSendsNoTokenToASquatter(t *testing.T) {
	for _, stop := range []string{"term", "kill9"} {
		t.Run(stop, func(t *testing.T) {
			home, serve, addr, token := serveWithToken(t)
			// A daemon the shim starts takes a port of its own.
			shim, stdin, lines, stderr := rawStdioCmd(t, home, "127.0.0.1:0", serve)
			answer := func(id string) string {
				t.Helper()
				deadline := time.After(30 * time.Second)
				for {
					select {
					case l, ok := <-lines:
						if !ok {
							t.Fatalf("stdout ended waiting for %s; stderr: %s", id, stderr.String())
						}
						if strings.Contains(l, `"id":`+id+`,`) {
							return l
						}
					case <-deadline:
						t.Fatalf("no answer for %s; stderr: %s", id, stderr.String())
					}
				}
			}
			fmt.Fprintln(stdin, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
			answer("1")
			fmt.Fprintln(stdin, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)

			dir := state.Dir{Root: home}
			old, err := dir.ReadDaemon()
			if err != nil {
				t.Fatal(err)
			}
			// The shim is held still while the squatter takes the port and
			// daemon.json names it: a shim that noticed the loss at once
			// would find the old file's dead pid and start a daemon before
			// the squatter was there (seen once in CI after kill -9).
			shim.Process.Signal(syscall.SIGSTOP)
			if stop == "term" {
				serve.cmd.Process.Signal(syscall.SIGTERM)
			} else {
				serve.cmd.Process.Kill()
			}
			<-serve.done
			q := squat(t, addr)
			// daemon.json as a crash leaves it, its pid now another live
			// process's (this test's).
			old.PID = os.Getpid()
			if err := dir.WriteDaemon(old); err != nil {
				t.Fatal(err)
			}
			shim.Process.Signal(syscall.SIGCONT)
			for i := 0; i < 2; i++ { // the shim's background redials
				select {
				case <-q.accepted:
				case <-time.After(10 * time.Second):
					t.Fatalf("the shim did not look for the daemon at %s (%d connections); stderr: %s", addr, i, stderr.String())
				}
			}
			fmt.Fprintln(stdin, `{"jsonrpc":"2.0","id":2,"method":"ping"}`)
			if l := answer("2"); !strings.Contains(l, `"result"`) {
				t.Errorf("the ping after the squatter came: %s; want its answer from a new daemon", l)
			}
			got := q.received()
			if strings.Contains(got, token) || strings.Contains(strings.ToLower(got), "authorization") {
				t.Fatalf("the squatter received the token:\n%s", got)
			}
			if !strings.Contains(got, state.ProofPath) {
				t.Errorf("the squatter got no proof request (the test proves nothing):\n%s", got)
			}
		})
	}
}

// A7: a peer can toggle O_NONBLOCK only on descriptors it shares with the
// daemon, and the stdio stream shares none (no descriptor crosses between
// the processes): a stream whose peer toggles its own socket's mode while
// it sends half a line leaves the daemon answering everyone else.
func TestStreamPeerCannotFreezeTheDaemon(t *testing.T) {
	_, _, addr, token := serveWithToken(t)
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	io.WriteString(c, "GET /mcp/stream HTTP/1.1\r\nHost: "+addr+"\r\nAuthorization: Bearer "+token+"\r\nConnection: Upgrade\r\nUpgrade: unitymcp-stdio\r\n\r\n")
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("upgrade: %v %v", resp, err)
	}
	f, err := c.(*net.TCPConn).File() // a descriptor of the same open file
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	stop := make(chan struct{})
	flipped := make(chan int, 1)
	go func() {
		n := 0
		for {
			select {
			case <-stop:
				flipped <- n
				return
			default:
			}
			syscall.SetNonblock(int(f.Fd()), n%2 == 0)
			if n%1000 == 0 {
				f.Write([]byte(`{"jsonrpc":"2.0","id":1,`)) // a line begun, never ended
			}
			n++
		}
	}()
	// Each /health is answered: a daemon wedged by the peer would hold it
	// past the client's timeout (a hang guard, far above any answer's time).
	hc := &http.Client{Timeout: 30 * time.Second}
	for i := 0; i < 20; i++ {
		req, _ := http.NewRequest("GET", "http://"+addr+"/health", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := hc.Do(req)
		if err != nil || resp.StatusCode != http.StatusOK {
			close(stop)
			t.Fatalf("/health while a peer toggles its stream's mode: %v %v", resp, err)
		}
		resp.Body.Close()
	}
	close(stop)
	t.Logf("the peer toggled O_NONBLOCK %d times", <-flipped)
}

// No code of the daemon, the shim or the platform layer makes raw system
// calls under the scheduler (the runtime's monitor cannot tell a raw call
// that blocks from a running goroutine: one blocking raw read froze the
// whole daemon, A7), or changes the runtime's processor count (by hand or
// through GOMAXPROCS in an environment).
func TestNoRawSyscalls(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var bad []string
	walkErr := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || d.Name() == "unity-package" || d.Name() == "testdata"):
			return filepath.SkipDir
		case d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go"):
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil { // a file this cannot read is a file it cannot vouch for
			bad = append(bad, err.Error())
			return nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			// GOMAXPROCS set through the environment, for this process or one
			// it starts (os.Setenv, an exec.Cmd's Env), counts too.
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && strings.Contains(lit.Value, "GOMAXPROCS") {
				rel, _ := filepath.Rel(root, path)
				bad = append(bad, fmt.Sprintf("%s:%d: %s", rel, fset.Position(lit.Pos()).Line, lit.Value))
			}
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, _ := call.Fun.(*ast.SelectorExpr)
			if sel == nil {
				return true
			}
			x, _ := sel.X.(*ast.Ident)
			if x == nil {
				return true
			}
			name := x.Name + "." + sel.Sel.Name
			reads := len(call.Args) == 1 && isZero(call.Args[0]) // GOMAXPROCS(0) only reads it
			if strings.HasPrefix(sel.Sel.Name, "RawSyscall") || name == "runtime.GOMAXPROCS" && !reads {
				rel, _ := filepath.Rel(root, path)
				bad = append(bad, fmt.Sprintf("%s:%d: %s", rel, fset.Position(sel.Pos()).Line, name))
			}
			return true
		})
		return nil
	})
	if walkErr != nil { // a folder it could not read is code it did not check
		t.Fatal(walkErr)
	}
	if len(bad) > 0 {
		t.Errorf("raw system calls or a processor count set by hand:\n%s", strings.Join(bad, "\n"))
	}
}

func isZero(e ast.Expr) bool {
	lit, ok := e.(*ast.BasicLit)
	return ok && lit.Value == "0"
}
