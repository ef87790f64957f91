package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"github.com/unitymcp/unitymcp/engine/client"
	"github.com/unitymcp/unitymcp/engine/project"
	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/engine/unityinstall"
	"github.com/unitymcp/unitymcp/platform"
)

// OpenConfig is `unitymcp open`.
type OpenConfig struct {
	Project string
	Unity   string
	Timeout time.Duration
}

// OpenResult is what `unitymcp open` prints.
type OpenResult struct {
	Project      string `json:"project"`
	Hash         string `json:"hash"`
	UnityVersion string `json:"unityVersion"`
	Unity        string `json:"unity"`
	PID          int    `json:"pid"`
	Connected    bool   `json:"connected"`
}

const openLong = `Open a Unity project in the Editor version its
ProjectSettings/ProjectVersion.txt names, and return once that Editor's
unitymcp bridge connected to the daemon (started in the background when
none runs, as stdio does). An Editor that exits before it connects is
reported at once.

The Editor is found in Unity Hub's editor lists (editors-v2.json,
secondaryInstallPath.json in the Hub's config folder) and the default
install folders (C:\Program Files\Unity\Hub\Editor, /Applications/Unity/Hub/Editor,
~/Unity/Hub/Editor), unless --unity PATH or $UNITYMCP_UNITY names one.`

func newOpenCmd(std IO) *cobra.Command {
	cfg := OpenConfig{Timeout: 5 * time.Minute}
	cmd := &cobra.Command{
		Use:     "open --project DIR [--unity PATH]",
		Short:   "Open a project in its Unity Editor version and wait until it connects",
		Long:    openLong,
		Example: "  unitymcp open --project ~/Game",
		Args:    noArgs,
		RunE:    func(*cobra.Command, []string) error { return Open(cfg, std.Out) },
	}
	projectFlag(cmd, &cfg.Project, "Unity project folder (required)")
	cmd.Flags().StringVar(&cfg.Unity, "unity", "", "Unity Editor executable to run (default: $UNITYMCP_UNITY, else the installed one of the project's version)")
	cmd.Flags().DurationVar(&cfg.Timeout, "timeout", cfg.Timeout, "how long to wait for the Editor to connect")
	return cmd
}

// Open runs `unitymcp open`: it starts the Editor itself (so --unity and
// the caller's environment apply) and waits on the daemon for its hello.
func Open(cfg OpenConfig, stdout io.Writer) error {
	if cfg.Project == "" {
		return usageError("open: give --project DIR (the folder holding Assets and ProjectSettings)")
	}
	dir, err := checkProject(cfg.Project)
	if err != nil {
		return err
	}
	if err := unityinstall.CheckOwner(dir); err != nil {
		return &ExitError{Code: 1, Err: err}
	}
	ctx := context.Background()
	// As stdio and tray do: no daemon yet is no reason to refuse.
	st, err := state.Open()
	if err != nil {
		return err
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	var extra []string
	if a := os.Getenv(AddrEnv); a != "" {
		extra = []string{"--addr", a}
	}
	c, _, err := client.Ensure(ctx, st, exe, extra...)
	if err != nil {
		return &ExitError{Code: 1, Err: err}
	}
	hash, err := project.HashDir(dir)
	if err != nil {
		return &ExitError{Code: 1, Err: err}
	}
	res := OpenResult{Project: dir, Hash: hash}
	connected := func() bool {
		body, err := c.Call(ctx, hash, "editors_list", nil)
		if err != nil {
			return false
		}
		var le struct {
			Editors []struct{ Hash, State string }
		}
		_ = json.Unmarshal(body, &le)
		for _, ed := range le.Editors {
			if ed.Hash == hash && ed.State != "" && ed.State != "disconnected" {
				return true
			}
		}
		return false
	}
	if !connected() {
		if res.UnityVersion, err = unityinstall.ProjectVersion(dir); err != nil {
			return &ExitError{Code: 1, Err: err}
		}
		ed, err := unityinstall.Find(unityinstall.OSEnv(runtime.GOOS), res.UnityVersion, cfg.Unity)
		if err != nil {
			return &ExitError{Code: 1, Err: err}
		}
		res.Unity = ed.Path
		if res.PID, err = unityinstall.Start(ed.Path, dir); err != nil {
			return &ExitError{Code: 1, Err: err}
		}
		deadline := time.Now().Add(cfg.Timeout)
		for !connected() {
			// A Unity that dies at start (a licence, a crash) is said at
			// once, not after the whole timeout.
			if !platform.ProcessAlive(res.PID) && !connected() {
				return &ExitError{Code: 1, Err: fmt.Errorf("started %s (pid %d), but it exited before its editor connected; run it by hand to see why (a licence, a crash: the Editor log says), then unitymcp open --project %s again", ed.Path, res.PID, dir)}
			}
			if time.Now().After(deadline) {
				return &ExitError{Code: 1, Err: fmt.Errorf("started %s (pid %d), but its editor did not connect within %s; look at the Unity window and check the unitymcp package is installed (unitymcp install unity --project %s)", ed.Path, res.PID, cfg.Timeout, dir)}
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	res.Connected = true
	b, _ := json.MarshalIndent(res, "", "  ")
	fmt.Fprintln(stdout, string(b))
	return nil
}
