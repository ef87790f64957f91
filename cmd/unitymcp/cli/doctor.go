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
login. In WSL it checks the Windows side instead: unitymcp.exe found and
running through interop, the Windows daemon answering, the project's editor
connected there (--no-wsl checks this side). Each problem comes with a command that fixes it, runnable as
printed; --fix applies the safe ones. Exit 1 when a FAIL remains.`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error { return Doctor(cfg, std.Out) },
	}
	projectFlag(cmd, &cfg.Project, "Unity project folder to check")
	cmd.Flags().BoolVar(&cfg.Fix, "fix", false, "apply the safe fixes")
	cmd.Flags().BoolVar(&cfg.JSON, "json", false, "also print the checks as JSON")
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
	proj, err := checkProject(cfg.Project)
	if err != nil {
		return err
	}
	o := installer.DoctorOptions{State: dir, Project: proj, Env: installEnv(proj), Exe: exe, Fix: cfg.Fix}
	if host := installer.SystemWSLHost(runtime.GOOS); !cfg.NoWSL && host.IsWSL() {
		o.WSL = &installer.WSLDoctor{Host: host, ExeFlag: cfg.WindowsExe, Project: proj}
	}
	checks := installer.Doctor(context.Background(), o)
	if cfg.JSON {
		b, _ := json.MarshalIndent(checks, "", "  ")
		fmt.Fprintln(stdout, string(b))
	}
	if failed := installer.PrintChecks(stdout, checks); failed {
		return &ExitError{Code: 1}
	}
	return nil
}
