package cli

import (
	"context"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/unitymcp/unitymcp/engine/client"
	"github.com/unitymcp/unitymcp/engine/project"
	"github.com/unitymcp/unitymcp/engine/shim"
	"github.com/unitymcp/unitymcp/engine/state"
)

// StdioConfig is `unitymcp stdio`.
type StdioConfig struct {
	Project string
	Group   string
}

func runStdio(args []string, std IO) error {
	fs := newFlags("stdio")
	proj := fs.String("project", "", "Unity project folder (default: CLAUDE_PROJECT_DIR, else the working directory's project)")
	group := fs.String("group", "", "comma-separated tool groups to list")
	if err := parse(fs, args); err != nil {
		return err
	}
	return Stdio(StdioConfig{Project: *proj, Group: *group}, std.In, std.Out, std.Err)
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
