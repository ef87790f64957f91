package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"
)

func newStopCmd(std IO) *cobra.Command {
	return &cobra.Command{
		Use:   "stop",
		Short: "Stop the running daemon (and its tray); exit 0 when none runs",
		Args:  noArgs,
		RunE:  func(*cobra.Command, []string) error { return Stop(std.Out) },
	}
}

// Stop ends the running daemon: it asks it to stop (SIGTERM; killed on
// Windows, which has no such signal) and waits until it no longer answers.
// A login service may start it again at the next login, or at once if it
// restarts on exit: unitymcp service stop stops that for good.
func Stop(stdout io.Writer) error {
	ctx := context.Background()
	c, err := findDaemon(ctx)
	if err != nil {
		fmt.Fprintln(stdout, "no unitymcp daemon is running: nothing to do")
		return nil
	}
	h, err := c.Health(ctx, "")
	if err != nil || h.PID == 0 {
		return &ExitError{Code: 1, Err: fmt.Errorf("the daemon at %s did not say its pid (%v); stop it from the tray (Quit)", c.URL, err)}
	}
	p, err := os.FindProcess(h.PID)
	if err == nil {
		if err = p.Signal(stopSignal); err != nil && !errors.Is(err, os.ErrProcessDone) {
			err = p.Kill()
		}
	}
	if err != nil && !errors.Is(err, os.ErrProcessDone) {
		return &ExitError{Code: 1, Err: fmt.Errorf("stopping the daemon (pid %d): %w", h.PID, err)}
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if c.Ping(ctx) != nil {
			fmt.Fprintf(stdout, "stopped the unitymcp daemon (pid %d)\n", h.PID)
			return nil
		}
	}
	return &ExitError{Code: 1, Err: fmt.Errorf("the daemon (pid %d) still answers after 10s; end that process", h.PID)}
}
