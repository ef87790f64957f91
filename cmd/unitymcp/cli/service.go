package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/unitymcp/unitymcp/platform"
	"github.com/unitymcp/unitymcp/service"
)

// ServiceConfig is `unitymcp service install|uninstall|start|stop|status`.
type ServiceConfig struct {
	Action string
	JSON   bool // the status as JSON instead of the lines a person reads
}

func newServiceCmd(std IO) *cobra.Command {
	sub := func(action, short string) *cobra.Command {
		var cfg ServiceConfig
		cmd := &cobra.Command{Use: action, Short: short, Args: noArgs,
			RunE: func(*cobra.Command, []string) error { cfg.Action = action; return Service(cfg, std.Out) }}
		cmd.Flags().BoolVar(&cfg.JSON, "json", false, "print the status as JSON")
		return cmd
	}
	return group("service", "Start the daemon at login (per user: systemd user unit, LaunchAgent or Run key)",
		sub("install", "Install start at login and start the daemon"),
		sub("uninstall", "Remove start at login"),
		sub("start", "Start the daemon through the service"),
		sub("stop", "Stop the daemon the service started"),
		sub("status", "Say whether start at login is installed and whether a daemon runs"))
}

// ServiceStatus is what service prints: the login service's state, and
// the daemon that actually answers (it may run without the service, e.g.
// started by unitymcp stdio or serve).
type ServiceStatus struct {
	service.Status
	DaemonRunning bool   `json:"daemonRunning"`
	DaemonPID     int    `json:"daemonPid,omitempty"`
	DaemonURL     string `json:"daemonUrl,omitempty"`
}

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
		} else if err = service.Stop(c); errors.Is(err, service.ErrUnmanaged) {
			err = Stop(io.Discard) // Windows: the Run key only starts it
		}
		if err == nil {
			st, err = service.Query(c)
		}
	default:
		return usageError("service: say install, uninstall, start, stop or status, not %q", cfg.Action)
	}
	if err != nil {
		return err
	}
	out := ServiceStatus{Status: st}
	if d := findQuick(); d != nil {
		out.DaemonRunning, out.DaemonURL = true, d.URL
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		if h, err := d.Health(ctx, ""); err == nil {
			out.DaemonPID = h.PID
		}
		cancel()
		if !st.Running && out.Detail == "" {
			// "running" is the login service's own state: say that a
			// daemon runs anyway (started by serve, stdio or the Editor).
			out.Detail = fmt.Sprintf("a daemon runs at %s (pid %d), not started by the service", out.DaemonURL, out.DaemonPID)
		}
	} else if st.Running {
		out.Detail = "the service says it runs, but no daemon answers: see the daemon log, or unitymcp service stop && unitymcp service start"
	}
	if cfg.JSON {
		b, _ := json.MarshalIndent(out, "", "  ")
		fmt.Fprintln(stdout, string(b))
		return nil
	}
	printServiceStatus(stdout, out)
	return nil
}

// printServiceStatus says it in three lines: start at login, the login
// service, the daemon (which may run without the service).
func printServiceStatus(w io.Writer, s ServiceStatus) {
	login := "not installed"
	if s.Installed {
		login = "installed (" + s.Kind + ": " + s.Path + ")"
	}
	svc := "not running"
	if s.Running {
		svc = "running"
	}
	daemon := "not running"
	if s.DaemonRunning {
		daemon = fmt.Sprintf("running at %s (pid %d)", s.DaemonURL, s.DaemonPID)
	}
	fmt.Fprintf(w, "start at login: %s\nlogin service:  %s\ndaemon:         %s\n", login, svc, daemon)
	if s.Detail != "" {
		fmt.Fprintf(w, "note: %s\n", s.Detail)
	}
}
