package wine

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/state"
)

// winEnv is one Wine prefix with the Windows binaries built for it. The
// tests of this package share it and run one after another (none is
// parallel): several of them use the default state folder,
// %LOCALAPPDATA%\UnityMCP, which is one per prefix.
type winEnv struct {
	wine, wineserver string
	tmp              string // holds the prefix and the binaries
	prefix           string // WINEPREFIX
	bin              string // unitymcp.exe, unitymcp-tray.exe, editorsim.exe
	user             string // the Windows user (its folder under C:\users)
}

var (
	setupOnce sync.Once
	missing   string // why Wine cannot run here (skip, or fail under CI)
	setupErr  error
	w         *winEnv
)

func TestMain(m *testing.M) {
	code := m.Run()
	if w != nil {
		w.killAll()
		os.RemoveAll(w.tmp)
	}
	os.Exit(code)
}

// need returns the shared Wine environment, setting it up on first use. It
// skips the test when Wine or mingw is missing, and fails it under CI=true.
func need(t *testing.T) *winEnv {
	t.Helper()
	setupOnce.Do(setup)
	if missing != "" {
		msg := "the Windows build runs under Wine: " + missing + " (Debian packages wine64 gcc-mingw-w64-x86-64-win32)"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	if setupErr != nil {
		t.Fatal(setupErr)
	}
	w.boot(t, "")
	t.Cleanup(w.killAll)
	return w
}

// boot starts the prefix's wineserver and Wine's own services (services.exe,
// explorer.exe…) with no output of the test's: the first Windows program
// otherwise starts them, they inherit its output pipes, and the test
// waiting for that program's output would wait for them too. display is
// the X display the prefix's desktop (explorer.exe: the desktop window,
// the notification area) draws on, "" for none.
func (e *winEnv) boot(t *testing.T, display string) {
	t.Helper()
	var env []string
	if display != "" {
		env = []string{"DISPLAY=" + display}
	}
	srv := exec.Command(e.wineserver, "-p") // persistent; it forks into the background
	srv.Env = e.env(env)
	if err := srv.Run(); err != nil {
		t.Fatalf("wineserver -p: %v", err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	ver := exec.CommandContext(ctx, e.wine, "cmd", "/c", "ver")
	ver.Env = e.env(env)
	if err := ver.Run(); err != nil {
		t.Fatalf("starting the prefix: %v", err)
	}
}

// lookFirst is the first of the programs found on PATH or at an absolute
// path ("" when none is there).
func lookFirst(names ...string) string {
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	return ""
}

func setup() {
	e := &winEnv{
		// Debian's wine64 installs the loader under /usr/lib/wine; the
		// wine package adds /usr/bin/wine.
		wine:       lookFirst("wine64", "wine", "/usr/lib/wine/wine64"),
		wineserver: lookFirst("wineserver", "/usr/lib/wine/wineserver64", "/usr/lib/wine/wineserver"),
	}
	gcc := lookFirst("x86_64-w64-mingw32-gcc")
	switch {
	case e.wine == "" || e.wineserver == "":
		missing = "no wine64 or wineserver"
		return
	case gcc == "":
		missing = "no x86_64-w64-mingw32-gcc to build the ProcessPrng stand-in"
		return
	}
	tmp, err := os.MkdirTemp("", "unitymcp-wine-")
	if err != nil {
		setupErr = err
		return
	}
	e.tmp, e.prefix, e.bin = tmp, filepath.Join(tmp, "prefix"), filepath.Join(tmp, "bin")
	w = e
	setupErr = e.build(gcc)
	if setupErr == nil {
		setupErr = e.makePrefix()
	}
}

// build compiles the Windows binaries and the ProcessPrng stand-in.
func (e *winEnv) build(gcc string) error {
	if err := os.MkdirAll(e.bin, 0o755); err != nil {
		return err
	}
	dll := exec.Command(gcc, "-shared", "-O2", "-o", filepath.Join(e.bin, "bcryptprimitives.dll"),
		"testdata/bcryptprimitives.c", "testdata/bcryptprimitives.def", "-ladvapi32")
	if out, err := dll.CombinedOutput(); err != nil {
		return fmt.Errorf("building the ProcessPrng stand-in: %v\n%s", err, out)
	}
	for _, b := range []struct{ name, pkg, ldflags string }{
		{"unitymcp.exe", "../../../cmd/unitymcp", ""},
		{"unitymcp-tray.exe", "../../../cmd/unitymcp", "-H=windowsgui"},
		{"editorsim.exe", "../../../cmd/editorsim", ""},
	} {
		cmd := exec.Command("go", "build", "-o", filepath.Join(e.bin, b.name), "-ldflags", b.ldflags, b.pkg)
		cmd.Env = append(os.Environ(), "GOOS=windows", "GOARCH=amd64", "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("building %s: %v\n%s", b.name, err, out)
		}
	}
	return nil
}

// makePrefix creates the prefix (about 10 s) and installs the stand-in.
func (e *winEnv) makePrefix() error {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, e.wine, "wineboot", "--init")
	cmd.Env = e.env(nil)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("wineboot --init: %v\n%s", err, out)
	}
	wait := exec.CommandContext(ctx, e.wineserver, "-w")
	wait.Env = e.env(nil)
	wait.Run()
	dll, err := os.ReadFile(filepath.Join(e.bin, "bcryptprimitives.dll"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(e.prefix, "drive_c", "windows", "system32", "bcryptprimitives.dll"), dll, 0o644); err != nil {
		return err
	}
	users, err := os.ReadDir(filepath.Join(e.prefix, "drive_c", "users"))
	if err != nil {
		return err
	}
	for _, u := range users {
		if u.IsDir() && u.Name() != "Public" {
			e.user = u.Name()
		}
	}
	if e.user == "" {
		return errors.New("wineboot made no user profile under drive_c/users")
	}
	return nil
}

// env is the environment of a Windows program: this process's, without
// what would leak a Linux setting into it (Wine passes Unix variables on),
// plus the prefix and extra.
func (e *winEnv) env(extra []string) []string {
	var out []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch strings.ToUpper(k) {
		case "UNITYMCP_HOME", "UNITYMCP_ADDR", "UNITYMCP_TOKEN", "DISPLAY", "WAYLAND_DISPLAY", "APPDATA", "LOCALAPPDATA", "USERPROFILE",
			"WINEPREFIX", "WINEDEBUG", "WINEDLLOVERRIDES", "CLAUDE_PROJECT_DIR":
			continue
		}
		if strings.HasPrefix(k, "XDG_") {
			continue
		}
		out = append(out, kv)
	}
	// No Mono or Gecko install dialogs: nothing here needs .NET or a browser.
	return append(out, append([]string{"WINEPREFIX=" + e.prefix, "WINEDEBUG=-all", "WINEDLLOVERRIDES=mscoree,mshtml="}, extra...)...)
}

// exe is the Linux path of a built Windows binary.
func (e *winEnv) exe(name string) string { return filepath.Join(e.bin, name) }

// killAll ends every Windows process of the prefix (daemons started in the
// background included) and waits for the wineserver to go.
func (e *winEnv) killAll() {
	cmd := exec.Command(e.wineserver, "-k")
	cmd.Env = e.env(nil)
	cmd.Run()
	wait := exec.Command(e.wineserver, "-w")
	wait.Env = e.env(nil)
	wait.Run()
}

// Windows folders of the prefix's user, as Linux paths.
func (e *winEnv) profile() string      { return filepath.Join(e.prefix, "drive_c", "users", e.user) }
func (e *winEnv) localAppData() string { return filepath.Join(e.profile(), "AppData", "Local") }
func (e *winEnv) roamingAppData() string {
	return filepath.Join(e.profile(), "AppData", "Roaming")
}

// stateDir is the default state folder, %LOCALAPPDATA%\UnityMCP.
func (e *winEnv) stateDir() string { return filepath.Join(e.localAppData(), "UnityMCP") }

// winProfile is the user's profile folder as Windows names it.
func (e *winEnv) winProfile() string { return `C:\users\` + e.user }

// winPath is how a Windows program names a Linux path: Wine maps / to Z:.
func winPath(linux string) string { return "Z:" + strings.ReplaceAll(linux, "/", `\`) }

// opts are how a Windows program runs.
type opts struct {
	Dir     string   // working folder (a Linux path; Windows sees Z:\…)
	Env     []string // added variables
	Stdin   io.Reader
	Timeout time.Duration // default 90 s
}

// result is a finished program.
type result struct {
	Out, Err string
	Code     int
}

func (r result) String() string {
	return fmt.Sprintf("exit %d\nstdout:\n%s\nstderr:\n%s", r.Code, r.Out, r.Err)
}

// command is a Windows program (a built binary's name, or a program of the
// prefix such as reg or cmd) under Wine.
func (e *winEnv) command(ctx context.Context, o opts, prog string, args ...string) *exec.Cmd {
	if _, err := os.Stat(e.exe(prog)); err == nil {
		prog = e.exe(prog)
	}
	cmd := exec.CommandContext(ctx, e.wine, append([]string{prog}, args...)...)
	cmd.Env, cmd.Dir, cmd.Stdin = e.env(o.Env), o.Dir, o.Stdin
	return cmd
}

// run runs a Windows program to its end.
func (e *winEnv) run(t *testing.T, o opts, prog string, args ...string) result {
	t.Helper()
	if o.Timeout == 0 {
		o.Timeout = 90 * time.Second
	}
	// Not t.Context(): cleanups run programs too, after it is cancelled.
	ctx, cancel := context.WithTimeout(context.Background(), o.Timeout)
	defer cancel()
	cmd := e.command(ctx, o, prog, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	// A program it starts (serve started in the background) inherits the
	// Unix ends of the output pipes under Wine: the output is complete
	// when the program itself has ended.
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	r := result{Out: out.String(), Err: errb.String()}
	var ee *exec.ExitError
	switch {
	case errors.Is(err, exec.ErrWaitDelay):
		r.Code = cmd.ProcessState.ExitCode() // it ended; a child holds the pipes
	case ctx.Err() != nil:
		t.Fatalf("%s %v did not finish in %v:\n%s", prog, args, o.Timeout, r)
	case errors.As(err, &ee):
		r.Code = ee.ExitCode()
	case err != nil:
		t.Fatalf("%s %v: %v", prog, args, err)
	}
	return r
}

// ok runs a Windows program that must succeed and returns its output. A
// run that Wine's teardown ended by a signal (teardownSignal) counts as
// done: the program's output is what it wrote before it exited.
func (e *winEnv) ok(t *testing.T, o opts, prog string, args ...string) string {
	t.Helper()
	r := e.run(t, o, prog, args...)
	switch {
	case teardownSignal(r.Code, r.Err):
		t.Logf("%s %v ended by a signal in Wine's teardown (its output is complete when the checks on it pass)", prog, args)
	case r.Code != 0:
		t.Fatalf("%s %v: %s", prog, args, r)
	}
	return r.Out
}

// teardownSignal reports whether a Windows program that exited with code
// (-1: ended by a Unix signal) and wrote stderr was ended by Wine's
// teardown rather than by a fault of its own. Wine ends a process with
// many threads (a Go program's) by signalling the threads still running
// after ExitProcess, and on a loaded machine one of those signals can end
// the whole process before its exit code is set: seen in CI after a
// daemon's clean stop and after a complete `status`. A fault of the
// program's own is a Windows exception or a Go crash, which Go reports on
// stderr and ends with a code of its own; the tests' time limits end a
// program through its context, which run reports apart.
func teardownSignal(code int, stderr string) bool {
	return code == -1 && !strings.Contains(stderr, "fatal error") && !strings.Contains(stderr, "panic:") && !strings.Contains(stderr, "Exception ")
}

// proc is a Windows program running in the background.
type proc struct {
	cmd    *exec.Cmd
	stderr *syncBuffer
	done   chan struct{}
}

func (p *proc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// stoppedCleanly fails t unless p, a daemon asked to stop, ended with
// code 0 and left no daemon.json in dir. What this guards — the stop
// completing, no Go runtime crash — holds when Wine's teardown ended it by
// a signal after its last line ran (teardownSignal), so such an end after
// daemon.json is gone is logged, not failed.
func stoppedCleanly(t *testing.T, p *proc, dir, what string) {
	t.Helper()
	st := p.cmd.ProcessState
	_, statErr := os.Stat(filepath.Join(dir, "daemon.json"))
	gone := os.IsNotExist(statErr)
	switch {
	case strings.Contains(p.stderr.String(), "fatal error"):
		t.Errorf("%s crashed on its way out (%s): %s", what, st, p.stderr)
	case !gone:
		t.Errorf("%s left daemon.json (%v) and exited %s: %s", what, statErr, st, p.stderr)
	case teardownSignal(st.ExitCode(), p.stderr.String()):
		t.Logf("%s ended by a signal in Wine's teardown after a clean stop (%s)", what, st)
	case st.ExitCode() != 0:
		t.Errorf("%s exited %d: %s", what, st.ExitCode(), p.stderr)
	}
}

// start runs a Windows program in the background; it is killed at cleanup.
func (e *winEnv) start(t *testing.T, o opts, prog string, args ...string) *proc {
	t.Helper()
	cmd := e.command(context.Background(), o, prog, args...)
	p := &proc{cmd: cmd, stderr: &syncBuffer{}, done: make(chan struct{})}
	cmd.Stderr = p.stderr
	// Whatever it starts may hold its stderr open: Wait returns once the
	// program itself has ended.
	cmd.WaitDelay = time.Second
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { cmd.Wait(); close(p.done) }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-p.done
	})
	return p
}

// serve starts `unitymcp.exe serve --headless` on a port of its own with
// the state folder home (a Linux path; "" for %LOCALAPPDATA%\UnityMCP) and
// waits until it answers; it returns the process and its address.
func (e *winEnv) serve(t *testing.T, home string, extra ...string) (*proc, string) {
	t.Helper()
	var env []string
	dir := e.stateDir()
	if home != "" {
		env, dir = []string{"UNITYMCP_HOME=" + winPath(home)}, home
	}
	os.Remove(filepath.Join(dir, "daemon.json"))
	p := e.start(t, opts{Env: env}, "unitymcp.exe", append([]string{"serve", "--headless", "--addr", "127.0.0.1:0"}, extra...)...)
	var addr string
	waitFor(t, 60*time.Second, func() bool {
		if p.exited() {
			t.Fatalf("serve exited: %s", p.stderr)
		}
		info, err := (state.Dir{Root: dir}).ReadDaemon()
		if err != nil {
			return false
		}
		resp, err := http.Get("http://" + info.Address + "/health")
		if err != nil {
			return false
		}
		resp.Body.Close()
		addr = info.Address
		return true
	}, "unitymcp.exe serve to answer (%s)", p.stderr)
	return p, addr
}

// newProject makes a minimal Unity project folder at parent/name.
func newProject(t *testing.T, parent, name string) string {
	t.Helper()
	dir := filepath.Join(parent, name)
	for _, d := range []string{"Assets", "ProjectSettings", "Packages"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(dir, "ProjectSettings", "ProjectVersion.txt"), []byte("m_EditorVersion: 6000.0.23f1\n"), 0o644)
	return dir
}

// waitFor fails the test when cond does not hold within timeout. The
// Windows programs signal nothing a Linux test can wait on, so it checks
// again every 50 ms.
func waitFor(t *testing.T, timeout time.Duration, cond func() bool, format string, args ...any) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", timeout, fmt.Sprintf(format, args...))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// syncBuffer collects a program's output; safe to read while it writes.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
