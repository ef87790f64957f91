package installer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"strings"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/state"
)

// WindowsExe is the Windows build's CLI, which a WSL entry starts through
// interop.
const WindowsExe = "unitymcp.exe"

// WSLHost is what the WSL set-up reads from the machine. Every field is a
// function so that detection, path translation and the written entries
// are tested on any OS (SystemWSLHost is the real one).
type WSLHost struct {
	GOOS     string
	Getenv   func(string) string
	ReadFile func(string) ([]byte, error)
	LookPath func(string) (string, error)
	Exists   func(string) bool
	// Run runs a program (a Windows one through WSL interop) and returns
	// its standard output.
	Run func(ctx context.Context, name string, args ...string) ([]byte, error)
}

// SystemWSLHost is the host this process runs on.
func SystemWSLHost(goos string) WSLHost {
	return WSLHost{GOOS: goos, Getenv: os.Getenv, ReadFile: os.ReadFile, LookPath: exec.LookPath,
		Exists: func(p string) bool { fi, err := os.Stat(p); return err == nil && !fi.IsDir() },
		Run: func(ctx context.Context, name string, args ...string) ([]byte, error) {
			ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
			defer cancel()
			return exec.CommandContext(ctx, name, args...).Output()
		}}
}

// IsWSL reports whether the host is Linux under WSL: WSL sets
// WSL_DISTRO_NAME and WSL_INTEROP in every shell; without them (a service,
// a stripped environment) the interop handler or the kernel's version
// string still tell.
func (h WSLHost) IsWSL() bool {
	if h.GOOS != "linux" {
		return false
	}
	if h.Getenv("WSL_DISTRO_NAME") != "" || h.Getenv("WSL_INTEROP") != "" {
		return true
	}
	if _, err := h.ReadFile("/proc/sys/fs/binfmt_misc/WSLInterop"); err == nil {
		return true
	}
	v, err := h.ReadFile("/proc/version")
	return err == nil && bytes.Contains(bytes.ToLower(v), []byte("microsoft"))
}

// Distro is the WSL distribution's name ("" when WSL does not say).
func (h WSLHost) Distro() string { return h.Getenv("WSL_DISTRO_NAME") }

// ToWindowsPath is the pure translation of a WSL path to the path Windows
// programs see: /mnt/<drive>/… is <DRIVE>:\…; any other absolute path is
// on the distribution's own file system, \\wsl.localhost\<distro>\….
// wslpath -w says the same where it is installed (and knows a moved
// automount root); this is its fallback.
func ToWindowsPath(p, distro string) (string, error) {
	if !path.IsAbs(p) {
		return "", fmt.Errorf("%s is not an absolute path", p)
	}
	p = path.Clean(p)
	parts := strings.SplitN(strings.TrimPrefix(p, "/"), "/", 3)
	if len(parts) >= 2 && parts[0] == "mnt" && len(parts[1]) == 1 && isLetter(parts[1][0]) {
		rest := ""
		if len(parts) == 3 {
			rest = strings.ReplaceAll(parts[2], "/", `\`)
		}
		return strings.ToUpper(parts[1]) + `:\` + rest, nil
	}
	if distro == "" {
		return "", fmt.Errorf("%s is on the WSL file system and WSL_DISTRO_NAME is not set, so its Windows path is unknown", p)
	}
	return `\\wsl.localhost\` + distro + strings.ReplaceAll(p, "/", `\`), nil
}

// ToWSLPath is the pure translation of a Windows drive path (C:\…) to the
// path WSL mounts it at (/mnt/c/…); false for any other path.
func ToWSLPath(win string) (string, bool) {
	if len(win) < 2 || !isLetter(win[0]) || win[1] != ':' {
		return "", false
	}
	rest := strings.Trim(strings.ReplaceAll(win[2:], `\`, "/"), "/")
	p := "/mnt/" + strings.ToLower(win[:1])
	if rest != "" {
		p += "/" + rest
	}
	return path.Clean(p), true
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// OnWSLFileSystem reports whether a Windows path is one of the
// distribution's own files (\\wsl.localhost\…, \\wsl$\…).
func OnWSLFileSystem(win string) bool { return strings.HasPrefix(win, `\\`) }

// WindowsPath is p as Windows programs see it: wslpath -w, else the pure
// translation.
func (h WSLHost) WindowsPath(ctx context.Context, p string) (string, error) {
	if h.Run != nil {
		if out, err := h.Run(ctx, "wslpath", "-w", p); err == nil {
			if w := strings.TrimSpace(string(out)); w != "" {
				return w, nil
			}
		}
	}
	return ToWindowsPath(p, h.Distro())
}

// wslPath is a Windows path as WSL sees it: wslpath -u, else the pure
// translation.
func (h WSLHost) wslPath(ctx context.Context, win string) (string, bool) {
	if h.Run != nil {
		if out, err := h.Run(ctx, "wslpath", "-u", win); err == nil {
			if p := strings.TrimSpace(string(out)); p != "" {
				return p, true
			}
		}
	}
	return ToWSLPath(win)
}

// LocalAppData is the Windows user's %LOCALAPPDATA% as WSL sees it, asked
// of cmd.exe through interop ("" when that fails).
func (h WSLHost) LocalAppData(ctx context.Context) string {
	if h.Run == nil {
		return ""
	}
	out, err := h.Run(ctx, "cmd.exe", "/d", "/c", "echo %LOCALAPPDATA%")
	win := strings.TrimSpace(string(out))
	if err != nil || win == "" || strings.Contains(win, "%") {
		return ""
	}
	p, _ := h.wslPath(ctx, win)
	return p
}

// FindWindowsExe finds the Windows unitymcp.exe as WSL sees it: flag (a
// WSL or a Windows path), else unitymcp.exe on PATH (WSL appends the
// Windows PATH), else where the Windows zip is unpacked by convention,
// %LOCALAPPDATA%\unitymcp or %LOCALAPPDATA%\Programs\unitymcp.
func (h WSLHost) FindWindowsExe(ctx context.Context, flag string) (string, error) {
	if flag != "" {
		p := flag
		if w, ok := h.wslPath(ctx, flag); ok && !path.IsAbs(flag) {
			p = w
		}
		if !h.Exists(p) {
			return "", fmt.Errorf("--windows-exe %s: no such file", flag)
		}
		return p, nil
	}
	if p, err := h.LookPath(WindowsExe); err == nil {
		return p, nil
	}
	var tried []string
	if lad := h.LocalAppData(ctx); lad != "" {
		for _, p := range []string{path.Join(lad, "unitymcp", WindowsExe), path.Join(lad, "Programs", "unitymcp", WindowsExe)} {
			if h.Exists(p) {
				return p, nil
			}
			tried = append(tried, p)
		}
	}
	msg := "no Windows " + WindowsExe + " on PATH"
	if len(tried) > 0 {
		msg += " nor at " + strings.Join(tried, " or ")
	}
	return "", errors.New(msg + ": unpack the Windows zip into %LOCALAPPDATA%\\unitymcp, or pass --windows-exe PATH")
}

// WSLServer is what a client in WSL starts: the Windows exe (its WSL path)
// with `stdio --project <Windows path>`, so that the loopback-only daemon
// on Windows, where Unity runs, serves it. The entry carries no env: a
// Windows program gets the Windows environment, not the distribution's
// (only what WSLENV names crosses). With http the entry is the Windows
// daemon's HTTP form (its token, unpinned: the project's hash is computed
// on Windows), which WSL reaches only with mirrored networking. The
// strings returned are notes for the user.
func (h WSLHost) WSLServer(ctx context.Context, exe, project string, http bool) (Server, []string, error) {
	notes := []string{"the entry starts the Windows " + exe + " through WSL interop; the unitymcp daemon on Windows, where Unity runs, serves it"}
	s := Server{Command: exe, Args: []string{"stdio"}}
	if project != "" {
		win, err := h.WindowsPath(ctx, project)
		if err != nil {
			return s, nil, err
		}
		s.Project = win
		if OnWSLFileSystem(win) {
			notes = append(notes, fmt.Sprintf("%s is on the WSL file system (%s): Unity on Windows opens it slowly and misses file changes there; keep the project on a Windows drive (/mnt/c/…)", project, win))
		}
	}
	if http {
		lad := h.LocalAppData(ctx)
		if lad == "" {
			return s, nil, errors.New("--http from WSL needs the Windows daemon's token, but %LOCALAPPDATA% is unknown (cmd.exe through interop did not answer); leave out --http")
		}
		dir := state.Dir{Root: path.Join(lad, "unitymcp")}
		tok, err := dir.ReadToken()
		if err != nil {
			return s, nil, fmt.Errorf("--http from WSL: reading the Windows daemon's token: %w; run unitymcp on Windows once, or leave out --http", err)
		}
		addr := api.DefaultAddr
		if info, err := dir.ReadDaemon(); err == nil && info.Address != "" {
			addr = info.Address
		}
		s.URL, s.Token = "http://"+addr+"/mcp", tok
		notes = append(notes, "the HTTP entry reaches the Windows daemon at "+addr+" only with WSL's mirrored networking (networkingMode=mirrored in %USERPROFILE%\\.wslconfig), and it is not pinned to the project; the stdio form (without --http) needs neither")
	}
	return s, notes, nil
}

// WSLDoctor checks the WSL set-up end to end: the Windows exe, that it
// runs through interop, that the Windows daemon answers through it, and
// that the project's editor is connected there.
type WSLDoctor struct {
	Host    WSLHost
	ExeFlag string // --windows-exe
	Project string // the Unity project (a WSL path), optional
}

func (d WSLDoctor) checks(ctx context.Context) []Check {
	var out []Check
	add := func(level Level, what, fix string) { out = append(out, Check{Level: level, What: what, Fix: fix}) }
	distro := d.Host.Distro()
	if distro == "" {
		distro = "unknown distribution"
	}
	add(LevelOK, "running in WSL ("+distro+"): clients here use the Windows "+WindowsExe+" and the daemon on Windows", "")
	exe, err := d.Host.FindWindowsExe(ctx, d.ExeFlag)
	if err != nil {
		add(LevelFail, err.Error(), "install unitymcp on Windows (the windows zip), then run: unitymcp doctor --windows-exe /mnt/c/…/unitymcp.exe")
		return out
	}
	out1, err := d.Host.Run(ctx, exe, "version")
	v := strings.TrimSpace(string(out1))
	if err != nil || !strings.HasPrefix(v, "unitymcp ") {
		add(LevelFail, fmt.Sprintf("%s version did not run through WSL interop: %v %s", exe, err, v),
			"turn interop on: [interop] enabled=true in /etc/wsl.conf, then wsl.exe --shutdown from Windows")
		return out
	}
	add(LevelOK, fmt.Sprintf("%s runs through interop (%s)", exe, v), "")
	if got := strings.TrimPrefix(v, "unitymcp "); got != api.Version {
		add(LevelWarn, fmt.Sprintf("the Windows unitymcp is version %s, this one is %s", got, api.Version), "install the same version on both sides")
	}
	body, err := d.Host.Run(ctx, exe, "status")
	var h api.Health
	if err == nil {
		err = json.Unmarshal(body, &h)
	}
	if err != nil {
		add(LevelFail, fmt.Sprintf("the daemon on Windows does not answer (%s status): %v", exe, err),
			"start it on Windows: unitymcp-tray.exe serve (or unitymcp.exe service install to start it at login)")
		return out
	}
	add(LevelOK, fmt.Sprintf("the daemon on Windows answers through %s (version %s, %d editor(s))", WindowsExe, h.Version, len(h.Editors)), "")
	if d.Project == "" {
		return out
	}
	win, err := d.Host.WindowsPath(ctx, d.Project)
	if err != nil {
		add(LevelFail, err.Error(), "give --project a path Windows can reach (under /mnt/c/…)")
		return out
	}
	if OnWSLFileSystem(win) {
		add(LevelWarn, fmt.Sprintf("%s is on the WSL file system (%s): Unity on Windows opens it slowly and misses file changes", d.Project, win), "move the project to a Windows drive (/mnt/c/…)")
	}
	for _, ed := range h.Editors {
		if strings.EqualFold(strings.TrimRight(strings.ReplaceAll(ed.ProjectPath, "/", `\`), `\`), strings.TrimRight(win, `\`)) {
			add(LevelOK, fmt.Sprintf("editor %s connected on Windows (Unity %s, package %s)", win, ed.UnityVersion, ed.PackageVersion), "")
			return out
		}
	}
	add(LevelWarn, fmt.Sprintf("no Unity editor on Windows has %s open", win), "open "+win+" in Unity on Windows (after: unitymcp install unity --project "+ShellQuote(d.Project)+")")
	return out
}
