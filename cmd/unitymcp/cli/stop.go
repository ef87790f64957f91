package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/unitymcp/unitymcp/engine/client"
	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/platform"
)

func newStopCmd(std IO) *cobra.Command {
	return &cobra.Command{
		Use:   "stop",
		Short: "Stop the running daemon (and its tray); exit 0 when none runs",
		Args:  noArgs,
		RunE:  func(*cobra.Command, []string) error { return Stop(std.Out) },
	}
}

// Stop ends the running daemon: it asks it to stop (platform.RequestStop:
// SIGTERM, or the daemon's stop event on Windows) and waits until it no
// longer answers.
// A login service may start it again at the next login, or at once if it
// restarts on exit: unitymcp service stop stops that for good.
func Stop(stdout io.Writer) error {
	ctx := context.Background()
	dir, err := state.Open()
	if err != nil {
		return err
	}
	c, err := client.Find(ctx, dir)
	if err != nil {
		// A tray waiting for a daemon that went away closes too.
		if err := markStopped(dir, 0); err != nil {
			return err
		}
		fmt.Fprintln(stdout, "no unitymcp daemon is running: nothing to do")
		return nil
	}
	h, err := c.Health(ctx, "")
	if err != nil || h.PID == 0 {
		return &ExitError{Code: 1, Err: fmt.Errorf("the daemon at %s did not say its pid (%v); stop it from the tray (Quit)", c.URL, err)}
	}
	// Marked before the daemon goes: its trays, seeing it go, close instead
	// of starting another (stopped.go).
	if err := markStopped(dir, h.PID); err != nil {
		return err
	}
	// A clean stop (SIGTERM, or the daemon's stop event on Windows); a
	// process that takes no such request is killed.
	if err = platform.RequestStop(h.PID); err != nil {
		var p *os.Process
		if p, err = os.FindProcess(h.PID); err == nil {
			err = p.Kill()
		}
	}
	if err != nil && !errors.Is(err, os.ErrProcessDone) {
		return &ExitError{Code: 1, Err: fmt.Errorf("stopping the daemon (pid %d): %w", h.PID, err)}
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if c.Ping(ctx) != nil {
			fmt.Fprintf(stdout, "stopped the unitymcp daemon (pid %d); trays attached to it close, and an open stdio session starts it again only at its client's next request\n", h.PID)
			return nil
		}
	}
	return &ExitError{Code: 1, Err: fmt.Errorf("the daemon (pid %d) still answers after 10s; end that process", h.PID)}
}
