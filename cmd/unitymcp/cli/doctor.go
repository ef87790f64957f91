package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/installer"
)

// DoctorConfig is `unitymcp doctor`.
type DoctorConfig struct {
	Project string
	Fix     bool
	JSON    bool
	// WindowsExe and NoWSL: as for install client.
	WindowsExe string
	NoWSL      bool
}

func newDoctorCmd(std IO) *cobra.Command {
	var cfg DoctorConfig
	cmd := &cobra.Command{
		Use:   "doctor [--project DIR] [--fix] [--json]",
		Short: "Check the set-up and say how to fix it (exit 1 on a FAIL)",
		Long: `Check the set-up: the token, the daemon, each connected editor's package
version against the daemon's, the package in the project's manifest, every
configured client (a config file that does not parse is a FAIL), start at
login. A project's own client files (.mcp.json, .vscode/mcp.json, …) are
checked as a teammate's clone meets them: nothing of one machine in them,
and their "unitymcp" on this machine's PATH.

The project is --project, else $CLAUDE_PROJECT_DIR, else the Unity project
holding the working directory.

In WSL it checks the Windows side instead: unitymcp.exe found and running
through interop, the Windows daemon answering, the project's editor
connected there (--no-wsl checks this side).

Each problem comes with a command that fixes it, runnable as printed;
--fix applies the safe ones. --json prints the checks as one JSON document
instead of the report. Exit 1 when a FAIL remains.`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error { return Doctor(cfg, std.Out) },
	}
	projectFlag(cmd, &cfg.Project, "Unity project folder to check")
	cmd.Flags().BoolVar(&cfg.Fix, "fix", false, "apply the safe fixes")
	cmd.Flags().BoolVar(&cfg.JSON, "json", false, "print the checks as one JSON document (for scripts and CI)")
	wslFlags(cmd, &cfg.WindowsExe, &cfg.NoWSL)
	return cmd
}

// Doctor checks the set-up; exit 1 when something fails.
func Doctor(cfg DoctorConfig, stdout io.Writer) error {
	dir, err := state.Open()
	if err != nil {
		return err
	}
	exe, _ := os.Executable()
	proj, err := projectOf(cfg.Project)
	if err != nil {
		return err
	}
	o := installer.DoctorOptions{State: dir, Project: proj, Env: installEnv(proj), Exe: exe, Fix: cfg.Fix}
	if host := installer.SystemWSLHost(runtime.GOOS); !cfg.NoWSL && host.IsWSL() {
		o.WSL = &installer.WSLDoctor{Host: host, ExeFlag: cfg.WindowsExe, Project: proj}
	}
	checks := installer.Doctor(context.Background(), o)
	failed := false
	for _, c := range checks {
		failed = failed || c.Level == installer.LevelFail && !c.Fixed
	}
	if cfg.JSON {
		b, _ := json.MarshalIndent(DoctorReport{OK: !failed, Project: proj, Checks: checks}, "", "  ")
		fmt.Fprintln(stdout, string(b))
	} else {
		installer.PrintChecks(stdout, checks)
	}
	if failed {
		return &ExitError{Code: 1}
	}
	return nil
}

// DoctorReport is what doctor --json prints: one document.
type DoctorReport struct {
	// OK is false when a FAIL remains (the exit status is then 1).
	OK      bool              `json:"ok"`
	Project string            `json:"project,omitempty"`
	Checks  []installer.Check `json:"checks"`
}
