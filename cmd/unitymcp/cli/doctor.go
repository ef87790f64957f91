package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/installer"
)

// DoctorConfig is `unitymcp doctor`.
type DoctorConfig struct {
	Project string
	Fix     bool
	JSON    bool
}

func runDoctor(args []string, std IO) error {
	fs := newFlags("doctor")
	proj := fs.String("project", "", "Unity project folder to check")
	fix := fs.Bool("fix", false, "apply the safe fixes")
	asJSON := fs.Bool("json", false, "also print the checks as JSON")
	if err := parse(fs, args); err != nil {
		return err
	}
	return Doctor(DoctorConfig{Project: *proj, Fix: *fix, JSON: *asJSON}, std.Out)
}

// Doctor checks the set-up; exit 1 when something fails.
func Doctor(cfg DoctorConfig, stdout io.Writer) error {
	dir, err := state.Open()
	if err != nil {
		return err
	}
	exe, _ := os.Executable()
	proj := ""
	if cfg.Project != "" {
		proj, _ = filepath.Abs(cfg.Project)
	}
	checks := installer.Doctor(context.Background(), installer.DoctorOptions{State: dir, Project: proj, Env: installEnv(proj), Exe: exe, Fix: cfg.Fix})
	if cfg.JSON {
		b, _ := json.MarshalIndent(checks, "", "  ")
		fmt.Fprintln(stdout, string(b))
	}
	if failed := installer.PrintChecks(stdout, checks); failed {
		return &ExitError{Code: 1}
	}
	return nil
}
