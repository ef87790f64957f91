package installer

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/state"
)

func TestToWindowsPath(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, distro, want string }{
		{"/mnt/c/Users/u/Game", "Ubuntu", `C:\Users\u\Game`},
		{"/mnt/d/My Projects/Space Game/", "Ubuntu", `D:\My Projects\Space Game`},
		{"/mnt/c", "Ubuntu", `C:\`},
		{"/mnt/e/", "", `E:\`},
		{"/mnt/c/a/../b", "", `C:\b`},
		{"/home/u/Game", "Ubuntu-24.04", `\\wsl.localhost\Ubuntu-24.04\home\u\Game`},
		{"/home/u/my game", "Debian", `\\wsl.localhost\Debian\home\u\my game`},
		{"/mnt/wsl/x", "Ubuntu", `\\wsl.localhost\Ubuntu\mnt\wsl\x`}, // not a drive
		{"/mnt/cc/x", "Ubuntu", `\\wsl.localhost\Ubuntu\mnt\cc\x`},
	} {
		got, err := ToWindowsPath(tc.in, tc.distro)
		if err != nil || got != tc.want {
			t.Errorf("ToWindowsPath(%q, %q) = %q, %v; want %q", tc.in, tc.distro, got, err, tc.want)
		}
	}
	for _, bad := range []string{"relative/path", "/home/u/Game"} { // no distro for a Linux path
		if got, err := ToWindowsPath(bad, ""); err == nil {
			t.Errorf("ToWindowsPath(%q, \"\") = %q, want an error", bad, got)
		}
	}
}

func TestToWSLPath(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{`C:\Users\u\AppData\Local`, "/mnt/c/Users/u/AppData/Local", true},
		{`D:\My Games\x.exe`, "/mnt/d/My Games/x.exe", true},
		{`C:\`, "/mnt/c", true},
		{`c:/tools/`, "/mnt/c/tools", true},
		{`C:`, "/mnt/c", true},
		{`a:\x`, "/mnt/a/x", true},
		{`z:\`, "/mnt/z", true},
		{`A:\y`, "/mnt/a/y", true},
		{`Z:\`, "/mnt/z", true},
		{`@:\x`, "", false},
		{`[:\x`, "", false},
		{`{:\x`, "", false},
		{`1:\x`, "", false},
		{`C`, "", false},
		{`\\wsl.localhost\Ubuntu\home`, "", false},
		{`/mnt/c/x`, "", false},
	} {
		got, ok := ToWSLPath(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ToWSLPath(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// fakeHost is a WSL host with the given environment and files; wslpath
// answers with the pure translation, cmd.exe with lad as %LOCALAPPDATA%.
func fakeHost(env map[string]string, files map[string]string, lad string) WSLHost {
	return WSLHost{GOOS: "linux",
		Getenv: func(k string) string { return env[k] },
		ReadFile: func(p string) ([]byte, error) {
			if b, ok := files[p]; ok {
				return []byte(b), nil
			}
			return nil, fs.ErrNotExist
		},
		LookPath: func(string) (string, error) { return "", exec.ErrNotFound },
		Exists:   func(p string) bool { _, ok := files[p]; return ok },
		Run: func(ctx context.Context, name string, args ...string) ([]byte, error) {
			switch {
			case name == "wslpath" && args[0] == "-w":
				w, err := ToWindowsPath(args[1], env["WSL_DISTRO_NAME"])
				return []byte(w + "\n"), err
			case name == "wslpath" && args[0] == "-u":
				p, ok := ToWSLPath(args[1])
				if !ok {
					return nil, errors.New("wslpath: bad path")
				}
				return []byte(p + "\n"), nil
			case name == "cmd.exe" && lad != "":
				return []byte(lad + "\r\n"), nil
			}
			return nil, exec.ErrNotFound
		}}
}

func TestIsWSL(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		goos  string
		env   map[string]string
		files map[string]string
		want  bool
	}{
		{"distro env", "linux", map[string]string{"WSL_DISTRO_NAME": "Ubuntu"}, nil, true},
		{"interop env", "linux", map[string]string{"WSL_INTEROP": "/run/WSL/1_interop"}, nil, true},
		{"binfmt handler", "linux", nil, map[string]string{"/proc/sys/fs/binfmt_misc/WSLInterop": "enabled"}, true},
		{"kernel string", "linux", nil, map[string]string{"/proc/version": "Linux version 5.15.167.4-microsoft-standard-WSL2"}, true},
		{"WSL1 kernel string", "linux", nil, map[string]string{"/proc/version": "Linux version 4.4.0-19041-Microsoft"}, true},
		{"plain linux", "linux", nil, map[string]string{"/proc/version": "Linux version 6.8.0-45-generic (buildd@lcy02)"}, false},
		{"nothing readable", "linux", nil, nil, false},
		{"windows with the variables", "windows", map[string]string{"WSL_DISTRO_NAME": "Ubuntu"}, nil, false},
	} {
		h := fakeHost(tc.env, tc.files, "")
		h.GOOS = tc.goos
		if got := h.IsWSL(); got != tc.want {
			t.Errorf("%s: IsWSL() = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestFindWindowsExe(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	env := map[string]string{"WSL_DISTRO_NAME": "Ubuntu"}
	lad := `C:\Users\u\AppData\Local`
	def := "/mnt/c/Users/u/AppData/Local/unitymcp/unitymcp.exe"
	progs := "/mnt/c/Users/u/AppData/Local/Programs/unitymcp/unitymcp.exe"
	custom := "/mnt/d/tools/unitymcp.exe"

	h := fakeHost(env, map[string]string{def: "", custom: ""}, lad)
	if got, err := h.FindWindowsExe(ctx, ""); err != nil || got != def {
		t.Errorf("default location: got %q, %v; want %q", got, err, def)
	}
	for _, flag := range []string{custom, `D:\tools\unitymcp.exe`} {
		if got, err := h.FindWindowsExe(ctx, flag); err != nil || got != custom {
			t.Errorf("--windows-exe %s: got %q, %v; want %q", flag, got, err, custom)
		}
	}
	if _, err := h.FindWindowsExe(ctx, "/mnt/d/nowhere/unitymcp.exe"); err == nil {
		t.Error("a missing --windows-exe: want an error")
	}
	h = fakeHost(env, map[string]string{progs: ""}, lad)
	if got, err := h.FindWindowsExe(ctx, ""); err != nil || got != progs {
		t.Errorf("Programs location: got %q, %v; want %q", got, err, progs)
	}
	h.LookPath = func(name string) (string, error) { return "/mnt/c/bin/" + name, nil }
	if got, err := h.FindWindowsExe(ctx, ""); err != nil || got != "/mnt/c/bin/unitymcp.exe" {
		t.Errorf("on PATH: got %q, %v", got, err)
	}
	h = fakeHost(env, nil, lad)
	if _, err := h.FindWindowsExe(ctx, ""); err == nil || !strings.Contains(err.Error(), def) || !strings.Contains(err.Error(), "--windows-exe") {
		t.Errorf("none anywhere: got %v, want an error naming %s and --windows-exe", err, def)
	}
	// %LOCALAPPDATA% unknown (cmd.exe does not answer): only PATH was tried.
	h = fakeHost(env, nil, "")
	if _, err := h.FindWindowsExe(ctx, ""); err == nil || err.Error() != `no Windows unitymcp.exe on PATH: unpack the Windows zip into %LOCALAPPDATA%\unitymcp, or pass --windows-exe PATH` {
		t.Errorf("no %%LOCALAPPDATA%%: got %v", err)
	}
}

// The entries a client in WSL gets: the Windows exe as WSL sees it, with
// stdio --project <the Windows path>, and no env.
func TestWSLEntries(t *testing.T) {
	ctx := context.Background()
	exe := "/mnt/c/Users/u/AppData/Local/unitymcp/unitymcp.exe"
	h := fakeHost(map[string]string{"WSL_DISTRO_NAME": "Ubuntu"}, map[string]string{exe: ""}, `C:\Users\u\AppData\Local`)
	s, notes, err := h.WSLServer(ctx, exe, "/mnt/c/Users/u/My Game", false)
	if err != nil {
		t.Fatal(err)
	}
	if s.URL != "" || s.Token != "" || s.Env != nil {
		t.Errorf("the stdio-only WSL server has URL %q, token %q, env %v", s.URL, s.Token, s.Env)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "interop") {
		t.Errorf("notes = %q, want one about interop", notes)
	}
	for _, name := range []string{"claude-code", "codex", "gemini-cli", "cursor"} {
		t.Run(name, func(t *testing.T) {
			home := t.TempDir()
			req := ClientRequest{Client: name, Env: Env{GOOS: "linux", Home: home}, Server: s, StateDir: t.TempDir()}
			res, err := InstallClient(req)
			if err != nil {
				t.Fatal(err)
			}
			if res.Mode != "stdio" {
				t.Errorf("mode %s, want stdio (HTTP only with --http in WSL)", res.Mode)
			}
			b, _ := os.ReadFile(res.Path)
			golden(t, filepath.Join("wsl", name+".golden"), b)
		})
	}
	// A project on the distribution's own file system: the UNC path, and a warning.
	s, notes, err = h.WSLServer(ctx, exe, "/home/u/Game", false)
	if err != nil || s.Project != `\\wsl.localhost\Ubuntu\home\u\Game` {
		t.Errorf("Linux-side project: got %q, %v", s.Project, err)
	}
	if len(notes) != 2 || !strings.Contains(notes[1], "WSL file system") {
		t.Errorf("Linux-side project notes = %q, want a warning", notes)
	}
}

// --http from WSL: the Windows daemon's token and address, unpinned, with
// the mirrored-networking note.
func TestWSLHTTP(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	lad := filepath.Join(root, "AppData", "Local")
	os.MkdirAll(filepath.Join(lad, "unitymcp"), 0o700)
	h := fakeHost(map[string]string{"WSL_DISTRO_NAME": "Ubuntu"}, nil, "")
	run := h.Run
	h.Run = func(ctx context.Context, name string, args ...string) ([]byte, error) {
		if name == "cmd.exe" {
			return []byte(`C:\Users\u\AppData\Local` + "\r\n"), nil
		}
		if name == "wslpath" && args[0] == "-u" {
			return []byte(lad + "\n"), nil
		}
		return run(ctx, name, args...)
	}
	if _, _, err := h.WSLServer(ctx, "/mnt/c/x/unitymcp.exe", "", true); err == nil {
		t.Error("--http without a Windows token: want an error")
	}
	winTok := strings.Repeat("w", 43)
	os.WriteFile(filepath.Join(lad, "unitymcp", "token"), []byte(winTok+"\n"), 0o600)
	s, notes, err := h.WSLServer(ctx, "/mnt/c/x/unitymcp.exe", "", true)
	if err != nil {
		t.Fatal(err)
	}
	if s.URL != "http://"+api.DefaultAddr+"/mcp" || s.Token != winTok {
		t.Errorf("got URL %q token %q", s.URL, s.Token)
	}
	if !strings.Contains(strings.Join(notes, "\n"), "mirrored") {
		t.Errorf("notes %q do not mention mirrored networking", notes)
	}
	// The Windows daemon's own address (its daemon.json), when it has one.
	for _, tc := range []struct{ daemon, addr string }{
		{`{"pid": 7, "address": "127.0.0.1:27999"}`, "127.0.0.1:27999"},
		{`{"pid": 7}`, api.DefaultAddr},
	} {
		os.WriteFile(filepath.Join(lad, "unitymcp", "daemon.json"), []byte(tc.daemon), 0o600)
		s, notes, err := h.WSLServer(ctx, "/mnt/c/x/unitymcp.exe", "", true)
		if err != nil || s.URL != "http://"+tc.addr+"/mcp" || !strings.Contains(strings.Join(notes, "\n"), "Windows daemon at "+tc.addr+" ") {
			t.Errorf("daemon.json %s: URL %q, notes %q, %v; want the address %s", tc.daemon, s.URL, notes, err, tc.addr)
		}
	}
}

// A WSL path as Windows programs see it: what wslpath -w says (it knows a
// moved automount root), else, when it fails or says nothing, the pure
// translation.
func TestWindowsPath(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	h := fakeHost(map[string]string{"WSL_DISTRO_NAME": "Ubuntu"}, nil, "")
	h.Run = func(ctx context.Context, name string, args ...string) ([]byte, error) {
		switch args[1] {
		case "/data/x":
			return []byte("E:\\x\n"), nil
		case "/home/u/empty":
			return []byte("\n"), nil
		}
		return nil, errors.New("wslpath: failed")
	}
	noRun := h
	noRun.Run = nil
	for _, tc := range []struct {
		h        WSLHost
		in, want string
	}{
		{h, "/data/x", `E:\x`},
		{h, "/home/u/empty", `\\wsl.localhost\Ubuntu\home\u\empty`},
		{h, "/mnt/c/fail", `C:\fail`},
		{noRun, "/data/x", `\\wsl.localhost\Ubuntu\data\x`},
	} {
		if got, err := tc.h.WindowsPath(ctx, tc.in); err != nil || got != tc.want {
			t.Errorf("WindowsPath(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

// fakeExe writes a shell script standing in for unitymcp.exe: version and
// status print what the real ones print.
func fakeExe(t *testing.T, version, status string, statusExit int) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake unitymcp.exe is a shell script")
	}
	p := filepath.Join(t.TempDir(), "unitymcp.exe")
	script := "#!/bin/sh\ncase \"$1\" in\nversion) echo 'unitymcp " + version + "';;\nstatus) cat <<'EOF'\n" + status + "\nEOF\nexit " + string(rune('0'+statusExit)) + ";;\n*) exit 2;;\nesac\n"
	if err := os.WriteFile(p, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestWSLDoctor(t *testing.T) {
	ctx := context.Background()
	health := `{
  "status": "ok",
  "version": "` + api.Version + `",
  "pid": 4242,
  "editors": [{"projectPath": "c:/Users/U/Game/", "unityVersion": "6000.0.30f1", "packageVersion": "` + api.Version + `"}]
}`
	real := SystemWSLHost("linux")
	host := func() WSLHost {
		h := fakeHost(map[string]string{"WSL_DISTRO_NAME": "Ubuntu"}, nil, "")
		h.Exists, h.Run = real.Exists, func(ctx context.Context, name string, args ...string) ([]byte, error) {
			if name == "wslpath" {
				return nil, exec.ErrNotFound // the pure translation
			}
			return real.Run(ctx, name, args...)
		}
		return h
	}
	levels := func(cs []Check) string {
		var b strings.Builder
		for _, c := range cs {
			b.WriteString(string(c.Level)[:1])
		}
		return b.String()
	}
	for _, tc := range []struct {
		name, project string
		exe           func(t *testing.T) string
		want          string // one letter per check
		last          string // in the last check
	}{
		{"all good", "/mnt/c/Users/u/Game", func(t *testing.T) string { return fakeExe(t, api.Version, health, 0) }, "OOOO", "connected on Windows"},
		{"no project", "", func(t *testing.T) string { return fakeExe(t, api.Version, health, 0) }, "OOO", "answers"},
		{"other project", "/mnt/c/Users/u/Other", func(t *testing.T) string { return fakeExe(t, api.Version, health, 0) }, "OOOW", `C:\Users\u\Other`},
		{"linux-side project", "/home/u/Game", func(t *testing.T) string { return fakeExe(t, api.Version, health, 0) }, "OOOWW", "no Unity editor"},
		{"old windows version", "", func(t *testing.T) string { return fakeExe(t, "0.0.1", health, 0) }, "OOWO", "answers"},
		{"daemon down", "", func(t *testing.T) string {
			return fakeExe(t, api.Version, "unitymcp: no daemon is running", 1)
		}, "OOF", "does not answer"},
		{"exe does not run", "", func(t *testing.T) string {
			p := filepath.Join(t.TempDir(), "unitymcp.exe")
			os.WriteFile(p, []byte("MZ not for this side"), 0o755)
			return p
		}, "OF", "interop"},
		{"another program", "", func(t *testing.T) string {
			if runtime.GOOS == "windows" {
				t.Skip("the fake unitymcp.exe is a shell script")
			}
			p := filepath.Join(t.TempDir(), "unitymcp.exe")
			os.WriteFile(p, []byte("#!/bin/sh\necho hello\n"), 0o755)
			return p
		}, "OF", "interop"},
		{"no exe", "", func(t *testing.T) string { return filepath.Join(t.TempDir(), "unitymcp.exe") }, "OF", "no such file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := WSLDoctor{Host: host(), ExeFlag: tc.exe(t), Project: tc.project}
			cs := d.checks(ctx)
			if got := levels(cs); got != tc.want || !strings.Contains(cs[len(cs)-1].What, tc.last) {
				t.Errorf("got %s %+v; want %s, the last check saying %q", got, cs, tc.want, tc.last)
			}
			for _, c := range cs {
				if c.Level != LevelOK && c.Fix == "" {
					t.Errorf("%s has no fix", c.What)
				}
			}
		})
	}
}

// Doctor in WSL: the Windows side's checks instead of this side's token,
// daemon and start at login; a client entry that starts the Linux
// unitymcp is a warning whose fix is install client (WSL-aware).
func TestDoctorInWSL(t *testing.T) {
	ctx := context.Background()
	home := t.TempDir()
	env := Env{GOOS: "linux", Home: home}
	exe := fakeExe(t, api.Version, `{"status": "ok", "version": "`+api.Version+`"}`, 0)
	real := SystemWSLHost("linux")
	h := fakeHost(map[string]string{"WSL_DISTRO_NAME": "Ubuntu"}, nil, "")
	h.Exists, h.Run = real.Exists, real.Run
	linux := ClientRequest{Client: "cursor", Env: env, StateDir: t.TempDir(),
		Server: Server{Command: "/usr/local/bin/unitymcp", Args: []string{"stdio"}}}
	if _, err := InstallClient(linux); err != nil {
		t.Fatal(err)
	}
	win := linux
	win.Client, win.Server.Command = "gemini-cli", exe
	if _, err := InstallClient(win); err != nil {
		t.Fatal(err)
	}
	cs := Doctor(ctx, DoctorOptions{State: state.Dir{Root: t.TempDir()}, Env: env, Exe: "/usr/local/bin/unitymcp", Fix: true,
		WSL: &WSLDoctor{Host: h, ExeFlag: exe}})
	var report strings.Builder
	PrintChecks(&report, cs)
	got := report.String()
	for _, want := range []string{"running in WSL (Ubuntu)", "the daemon on Windows answers",
		"Cursor (user, " + filepath.Join(home, ".cursor", "mcp.json") + ") starts the Linux unitymcp",
		"fix: unitymcp install client cursor --scope user", "Gemini CLI (user) is configured"} {
		if !strings.Contains(got, want) {
			t.Errorf("the report lacks %q:\n%s", want, got)
		}
	}
	for _, not := range []string{"token", "start at login", "FIXED"} {
		if strings.Contains(got, not) {
			t.Errorf("the WSL report mentions %q:\n%s", not, got)
		}
	}
}
