package cli

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/unitymcp/unitymcp/engine/catalog"
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

func newStdioCmd(std IO) *cobra.Command {
	var cfg StdioConfig
	cmd := &cobra.Command{
		Use:   "stdio [--project DIR] [--group G]",
		Short: "Relay MCP over stdin/stdout to the daemon (starting it if needed)",
		Long: `Relay MCP over stdin/stdout to the daemon, starting it in the background
if none runs. The session is pinned to --project, else $CLAUDE_PROJECT_DIR,
else the Unity project holding the working directory; with none of them
the daemon routes it like any unpinned session.`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error {
			if _, err := checkProject(cfg.Project); err != nil {
				return err
			}
			if _, terr := catalog.ParseGroups(cfg.Group); terr != nil { // said now, not at the client's connect
				return usageError("--group: %s", terr.Message)
			}
			// fyne.io/systray locks the main goroutine to the first thread
			// in its init (the tray needs that thread); the relay's loop
			// runs on the main goroutine and has no use for it.
			runtime.UnlockOSThread()
			return Stdio(cfg, std.In, std.Out, std.Err)
		},
	}
	projectFlag(cmd, &cfg.Project, "Unity project folder (default: $CLAUDE_PROJECT_DIR, else the working directory's project)")
	cmd.Flags().StringVar(&cfg.Group, "group", "", "comma-separated tool groups to list")
	return cmd
}

// projectFlag adds --project, completed with the connected editors'
// folders (any folder when the daemon does not run).
func projectFlag(cmd *cobra.Command, p *string, usage string) {
	cmd.Flags().StringVar(p, "project", "", usage)
	_ = cmd.RegisterFlagCompletionFunc("project", completeProjects)
}

// checkProject resolves a --project folder to the Unity project holding
// it ("" stays ""); a folder that is missing or in no Unity project is a
// usage error.
func checkProject(dir string) (string, error) {
	if dir == "" {
		return "", nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", usageError("--project %s: %v", dir, err)
	}
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		return "", usageError("--project %s: no such folder; give the Unity project folder (the one holding Assets/ and ProjectSettings/)", dir)
	}
	root, ok := project.FindRoot(abs)
	if !ok {
		return "", usageError("--project %s is not a Unity project: neither it nor a folder above it holds Assets/ and ProjectSettings/; give the project folder", dir)
	}
	return root, nil
}

// completeProjects offers the folders of the editors connected to a
// running daemon; it never starts one.
func completeProjects(cmd *cobra.Command, _ []string, _ string) ([]string, cobra.ShellCompDirective) {
	c := findQuick()
	if c == nil {
		return nil, cobra.ShellCompDirectiveFilterDirs
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	h, err := c.Health(ctx, "")
	if err != nil || len(h.Editors) == 0 {
		return nil, cobra.ShellCompDirectiveFilterDirs
	}
	var out []string
	for _, ed := range h.Editors {
		out = append(out, ed.ProjectPath+"\t"+ed.ProductName)
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeDirs completes folders.
func completeDirs(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveFilterDirs
}

// findQuick is the running daemon's client, or nil (for completion: it
// must be fast and never start anything).
func findQuick() *client.Client {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	c, err := findDaemon(ctx)
	if err != nil {
		return nil
	}
	return c
}

// Stdio relays MCP over stdin/stdout to the daemon, starting it if needed.
// The project comes from --project, else CLAUDE_PROJECT_DIR, else the
// working directory walked up to a Unity project.
func Stdio(cfg StdioConfig, stdin io.Reader, stdout io.Writer, stderr io.Writer) error {
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
	c.CloseIdle() // the shim keeps one connection of its own
	if started {
		log.Info("started the unitymcp daemon in the background", "url", c.URL)
	}
	if proj != "" {
		log.Info("stdio session pinned", "project", proj)
	}
	return shim.Run(ctx, shim.Options{Project: proj, Group: cfg.Group, In: stdin, Out: stdout, Log: log,
		// Every connection, redials included, reads daemon.json anew and is
		// proven against its key before the token goes out on it.
		Dial: func(ctx context.Context) (shim.Dialed, error) {
			conn, info, err := client.DialDaemon(ctx, dir)
			if err != nil {
				return shim.Dialed{}, err
			}
			tok, err := dir.ReadToken()
			if err != nil {
				conn.Close()
				return shim.Dialed{}, fmt.Errorf("reading the daemon token: %w", err)
			}
			u, _ := url.Parse(info.URL) // DialDaemon dialled its host
			return shim.Dialed{Conn: conn, Host: u.Host, Token: tok}, nil
		},
		Start: func(ctx context.Context) error {
			c, started, err := client.Ensure(ctx, dir, exe, extra...)
			if err != nil {
				return err
			}
			c.CloseIdle()
			if started {
				log.Info("started the unitymcp daemon in the background", "url", c.URL)
			}
			return nil
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
