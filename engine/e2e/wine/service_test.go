package wine

import (
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/service"
)

// serviceStatus is what `unitymcp service …` prints.
type serviceStatus struct {
	Installed     bool   `json:"installed"`
	Kind          string `json:"kind"`
	Path          string `json:"path"`
	Detail        string `json:"detail"`
	DaemonRunning bool   `json:"daemonRunning"`
}

func (e *winEnv) service(t *testing.T, env []string, action string) serviceStatus {
	t.Helper()
	out := e.ok(t, opts{Env: env}, "unitymcp.exe", "service", action, "--json")
	var st serviceStatus
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatalf("service %s: not JSON: %v\n%s", action, err, out)
	}
	return st
}

// regValue is a value of Wine's registry as `reg query` prints it ("" and
// false when it is not there).
func (e *winEnv) regValue(t *testing.T, key, name string) (string, bool) {
	t.Helper()
	r := e.run(t, opts{}, "reg", "query", key, "/v", name)
	if r.Code != 0 {
		return "", false
	}
	for _, line := range strings.Split(r.Out, "\n") {
		f := strings.SplitN(strings.TrimSpace(line), "    ", 3)
		if len(f) == 3 && strings.EqualFold(f[0], name) && strings.HasPrefix(f[1], "REG_") {
			return strings.TrimSpace(f[2]), true
		}
	}
	t.Fatalf("reg query %s /v %s: no value line in\n%s", key, name, r.Out)
	return "", false
}

// Start at login as a Windows user sets it up: `service install` writes the
// per-user Run key (HKCU, no administrator) naming the GUI build beside
// unitymcp.exe and carries UNITYMCP_HOME in the user's environment; the
// command in the Run key, run as Windows runs it at login, starts the
// daemon with that state folder; start, status and stop work; uninstall
// removes both registry values.
func TestServiceOnWindows(t *testing.T) {
	e := need(t)
	home := t.TempDir()
	// A port of its own (the default one may be taken on a shared
	// machine): the daemon service start starts inherits the variable;
	// the one started at login reads it from the user's environment, as
	// a user who moved the port would have set it.
	addr := freeAddr(t)
	env := []string{"UNITYMCP_HOME=" + winPath(home), "UNITYMCP_ADDR=" + addr}
	runKey := `HKCU\` + service.RunKey
	wantCmd := `"` + winPath(e.exe(service.WindowsGUIExe)) + `" serve`
	t.Cleanup(func() {
		e.run(t, opts{}, "reg", "delete", runKey, "/v", service.Name, "/f")
		e.run(t, opts{}, "reg", "delete", `HKCU\Environment`, "/v", "UNITYMCP_HOME", "/f")
		e.run(t, opts{}, "reg", "delete", `HKCU\Environment`, "/v", "UNITYMCP_ADDR", "/f")
	})

	st := e.service(t, env, "install")
	if !st.Installed || st.Kind != "windows-run-key" || st.Path != runKey+`\`+service.Name || st.Detail != "" {
		t.Fatalf("install: %+v", st)
	}
	if v, ok := e.regValue(t, runKey, service.Name); !ok || v != wantCmd {
		t.Errorf("Run key value %q (present %v), want %q", v, ok, wantCmd)
	}
	if v, ok := e.regValue(t, `HKCU\Environment`, "UNITYMCP_HOME"); !ok || v != winPath(home) {
		t.Errorf(`HKCU\Environment UNITYMCP_HOME = %q (present %v), want %q`, v, ok, winPath(home))
	}
	if st := e.service(t, env, "status"); !st.Installed || st.DaemonRunning {
		t.Errorf("status after install: %+v", st)
	}

	// start and stop now.
	e.service(t, env, "start")
	waitFor(t, 60*time.Second, func() bool { return e.service(t, env, "status").DaemonRunning }, "the daemon started by service start")
	if st := e.service(t, env, "stop"); st.DaemonRunning || !st.Installed {
		t.Errorf("status after service stop: %+v", st)
	}
	// The daemon removes daemon.json last, after it stopped answering
	// (which is when stop returns); a killed one leaves it.
	waitFor(t, 20*time.Second, func() bool {
		_, err := os.Stat(filepath.Join(home, "daemon.json"))
		return os.IsNotExist(err)
	}, "the daemon to remove daemon.json (a clean stop); its log:\n%s", logOf(home))

	// A login: a new session (wineboot after every process of the prefix
	// ended) runs HKCU's Run key with the user's environment from the
	// registry — no UNITYMCP_HOME of ours here.
	e.ok(t, opts{}, "reg", "add", `HKCU\Environment`, "/v", "UNITYMCP_ADDR", "/t", "REG_SZ", "/d", addr, "/f")
	e.killAll()
	e.ok(t, opts{}, "wineboot")
	waitFor(t, 60*time.Second, func() bool {
		_, err := os.Stat(filepath.Join(home, "daemon.json"))
		return err == nil
	}, "the login to start a daemon in %s", home)
	if st := e.service(t, env, "status"); !st.DaemonRunning {
		t.Errorf("status with the login daemon running: %+v", st)
	}
	e.service(t, env, "stop")

	st = e.service(t, env, "uninstall")
	if st.Installed {
		t.Errorf("uninstall: %+v", st)
	}
	if v, ok := e.regValue(t, runKey, service.Name); ok {
		t.Errorf("Run key value left: %q", v)
	}
	if v, ok := e.regValue(t, `HKCU\Environment`, "UNITYMCP_HOME"); ok {
		t.Errorf("UNITYMCP_HOME left in the user's environment: %q", v)
	}
}

// freeAddr is a loopback address with a port nothing listens on now.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// logOf is the daemon log of the state folder home and what the daemon's
// process printed itself (for failure messages).
func logOf(home string) string {
	b, _ := os.ReadFile(filepath.Join(home, "logs", "daemon.log"))
	e, _ := os.ReadFile(filepath.Join(home, "logs", "daemon.stderr.log"))
	return string(b) + "\nstderr:\n" + string(e)
}
