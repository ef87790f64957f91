// Package cli holds the Run function of every unitymcp subcommand, so that
// cmd/unitymcp only parses flags.
package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/client"
	"github.com/unitymcp/unitymcp/engine/daemon"
	"github.com/unitymcp/unitymcp/engine/project"
	"github.com/unitymcp/unitymcp/engine/shim"
	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/platform"
	"github.com/unitymcp/unitymcp/service"
	"github.com/unitymcp/unitymcp/tray"
	"github.com/unitymcp/unitymcp/tray/icons"
)

// ExitError carries a process exit code.
type ExitError struct {
	Code int
	Err  error
}

func (e *ExitError) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("exit %d", e.Code)
	}
	return e.Err.Error()
}

// AddrEnv overrides the daemon's default address (serve, and the daemon
// that stdio starts).
const AddrEnv = "UNITYMCP_ADDR"

// ServeConfig is `unitymcp serve`.
type ServeConfig struct {
	Addr     string
	Headless bool
	LogLevel slog.Level
}

// Serve runs the daemon in the foreground until SIGINT/SIGTERM.
func Serve(cfg ServeConfig, stderr io.Writer) error {
	dir, err := state.Open()
	if err != nil {
		return err
	}
	out := stderr
	if lf, err := dir.OpenLog(5<<20, 3); err == nil {
		defer lf.Close()
		out = io.MultiWriter(stderr, lf)
	}
	log := slog.New(slog.NewTextHandler(out, &slog.HandlerOptions{Level: cfg.LogLevel}))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	dc := daemon.Config{Addr: cfg.Addr, State: dir, Logger: log}
	if platform.HasDesktop() {
		dc.Notify = func(title, body string) error { return platform.Notify(title, body, icons.ConnectedPNG) }
	} else {
		log.Info("no desktop session: notifications are off")
	}
	if !cfg.Headless && tray.Available() {
		err = serveWithTray(ctx, stop, dc, dir, log)
	} else {
		err = daemon.Run(ctx, dc)
	}
	var are *daemon.AlreadyRunningError
	if errors.As(err, &are) {
		return &ExitError{Code: 3, Err: err}
	}
	return err
}

// serveWithTray runs the daemon beside the tray, which owns the main
// goroutine (as fyne.io/systray requires). Quit in the tray stops the daemon;
// a daemon that stops removes the tray.
func serveWithTray(ctx context.Context, stop func(), dc daemon.Config, dir state.Dir, log *slog.Logger) error {
	ready := make(chan struct{})
	dc.Ready = func(*daemon.Daemon) { close(ready) }
	errc := make(chan error, 1)
	go func() {
		errc <- daemon.Run(ctx, dc)
		tray.Quit()
	}()
	select {
	case <-ready:
	case err := <-errc:
		return err
	}
	tray.Run(tray.Options{
		Connect:  func(ctx context.Context) (*client.Client, error) { return client.Find(ctx, dir) },
		Logger:   log,
		Quit:     stop,
		Notify:   func(title, body string) { platform.Notify(title, body, icons.ErrorPNG) },
		StateDir: dir.Root,
	})
	stop()
	return <-errc
}

// Tray runs the tray attached to the running daemon (starting one, without
// its own tray, when none runs).
func Tray(stderr io.Writer) error {
	log := slog.New(slog.NewTextHandler(stderr, nil))
	if !tray.Available() {
		return &ExitError{Code: 1, Err: errors.New("no desktop session with a D-Bus session bus: the tray cannot be shown here")}
	}
	dir, err := state.Open()
	if err != nil {
		return err
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	if _, _, err := client.Ensure(context.Background(), dir, exe); err != nil {
		return err
	}
	tray.Run(tray.Options{
		Connect: func(ctx context.Context) (*client.Client, error) {
			c, _, err := client.Ensure(ctx, dir, exe)
			return c, err
		},
		Logger:   log,
		Notify:   func(title, body string) { platform.Notify(title, body, icons.ErrorPNG) },
		StateDir: dir.Root,
	})
	return nil
}

// StdioConfig is `unitymcp stdio`.
type StdioConfig struct {
	Project string
	Group   string
}

// Stdio relays MCP over stdin/stdout to the daemon, starting it if needed.
// The project comes from --project, else CLAUDE_PROJECT_DIR, else the
// working directory walked up to a Unity project.
func Stdio(cfg StdioConfig, stdin io.Reader, stdout, stderr io.Writer) error {
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	dir, err := state.Open()
	if err != nil {
		return err
	}
	proj := ProjectFromEnv(cfg.Project, os.Getenv("CLAUDE_PROJECT_DIR"))
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var extra []string
	if a := os.Getenv(AddrEnv); a != "" {
		extra = []string{"--addr", a}
	}
	c, started, err := client.Ensure(ctx, dir, exe, extra...)
	if err != nil {
		return err
	}
	if started {
		log.Info("started the unitymcp daemon in the background", "url", c.URL)
	}
	if proj != "" {
		log.Info("stdio session pinned", "project", proj)
	}
	return shim.Run(ctx, shim.Options{BaseURL: c.URL, Token: c.Token, Project: proj, Group: cfg.Group,
		In: stdin, Out: stdout, Log: log,
		Reconnect: func(ctx context.Context) (string, string, error) {
			c, _, err := client.Ensure(ctx, dir, exe, extra...)
			if err != nil {
				return "", "", err
			}
			return c.URL, c.Token, nil
		}})
}

// ProjectFromEnv picks the stdio session's project: the flag, else
// CLAUDE_PROJECT_DIR, else the Unity project holding the working directory
// ("" when there is none: the daemon then routes as for any unpinned session).
func ProjectFromEnv(flag, claudeDir string) string {
	for _, d := range []string{flag, claudeDir} {
		if d != "" {
			if abs, err := filepath.Abs(d); err == nil {
				if root, ok := project.FindRoot(abs); ok {
					return root
				}
				return abs
			}
		}
	}
	if wd, err := os.Getwd(); err == nil {
		if root, ok := project.FindRoot(wd); ok {
			return root
		}
	}
	return ""
}

// CallConfig is `unitymcp call`.
type CallConfig struct {
	Tool    string
	Project string
	Args    string
}

// Call runs one tool and prints its JSON result; exit 1 on a tool error.
func Call(cfg CallConfig, stdout io.Writer) error {
	if cfg.Args != "" && !json.Valid([]byte(cfg.Args)) {
		return &ExitError{Code: 2, Err: fmt.Errorf("--args is not valid JSON: %s (example: --args '{\"LogType\":\"Error\"}')", cfg.Args)}
	}
	dir, err := state.Open()
	if err != nil {
		return err
	}
	ctx := context.Background()
	c, err := client.Find(ctx, dir)
	if err != nil {
		return err
	}
	// A folder is normalised to its Unity project; a name or a hash is
	// passed on as it is.
	proj := cfg.Project
	if fi, err := os.Stat(proj); proj != "" && (err == nil && fi.IsDir() || strings.ContainsAny(proj, `/\`)) {
		proj = ProjectFromEnv(proj, "")
	}
	body, isErr, err := c.CallTool(ctx, proj, cfg.Tool, json.RawMessage(cfg.Args))
	if err != nil {
		return err
	}
	stdout.Write(body)
	if isErr {
		return &ExitError{Code: 1}
	}
	return nil
}

// Status prints the daemon's /health.
func Status(stdout io.Writer) error {
	dir, err := state.Open()
	if err != nil {
		return err
	}
	c, err := client.Find(context.Background(), dir)
	if err != nil {
		return &ExitError{Code: 1, Err: err}
	}
	body, _, err := c.Do(context.Background(), "GET", "/health", nil)
	if err != nil {
		return err
	}
	stdout.Write(body)
	return nil
}

// Hash prints the projectHash of a project folder or its Assets folder.
func Hash(path string, stdout io.Writer) error {
	h, err := project.HashDir(path)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, h)
	return nil
}

// Version prints the version.
func Version(stdout io.Writer) { fmt.Fprintln(stdout, "unitymcp", engine.Version) }

// ServiceConfig is `unitymcp service install|uninstall|start|stop|status`.
type ServiceConfig struct{ Action string }

// Service manages start at login.
func Service(cfg ServiceConfig, stdout io.Writer) error {
	c := service.Config{}
	if h := os.Getenv(platform.HomeEnv); h != "" {
		c.StateDir = h
	}
	var st service.Status
	var err error
	switch cfg.Action {
	case "install":
		st, err = service.Install(c)
	case "uninstall":
		st, err = service.Uninstall(c)
	case "status":
		st, err = service.Query(c)
	case "start", "stop":
		if cfg.Action == "start" {
			err = service.Start(c)
		} else {
			err = service.Stop(c)
		}
		if err == nil {
			st, err = service.Query(c)
		}
	default:
		return &ExitError{Code: 2, Err: fmt.Errorf("service: say install, uninstall, start, stop or status")}
	}
	if err != nil {
		return err
	}
	b, _ := json.MarshalIndent(st, "", "  ")
	fmt.Fprintln(stdout, string(b))
	return nil
}
