package cli

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"sync/atomic"

	"github.com/spf13/cobra"

	"github.com/unitymcp/unitymcp/engine/client"
	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/platform"
	"github.com/unitymcp/unitymcp/tray"
	"github.com/unitymcp/unitymcp/tray/icons"
)

func newTrayCmd(std IO) *cobra.Command {
	return &cobra.Command{
		Use:   "tray",
		Short: "Show the tray, attached to the running daemon (starting one if none runs)",
		Long: `Show the tray, attached to the running daemon, starting one (without a tray
of its own) when none runs. Quit stops the daemon when this tray started it,
and only closes the tray when it did not. After "unitymcp stop" the tray
closes with its daemon; while the daemon is stopped no tray starts another
on its own.`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error { return Tray(std.Err) },
	}
}

// errStopped is a Connect that found the daemon stopped by the user.
var errStopped = errors.New("the unitymcp daemon was stopped (unitymcp stop); the tray closes")

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
	// Opening the tray is asking for unitymcp: it starts a daemon even
	// after a stop.
	_, started, err := client.Ensure(context.Background(), dir, exe)
	if err != nil {
		return err
	}
	var ours atomic.Bool // this tray started the daemon that runs
	ours.Store(started)
	quitTip := "Close this tray (the daemon, which it did not start, keeps running)"
	if started {
		quitTip = "Stop unitymcp (the daemon this tray started) and close the tray"
	}
	tray.Run(tray.Options{
		Connect: func(ctx context.Context) (*client.Client, error) {
			return trayConnect(ctx, dir, exe, &ours, log)
		},
		Logger: log,
		Quit: func() {
			if ours.Load() {
				if err := Stop(io.Discard); err != nil {
					log.Warn("tray: stopping the daemon it started", "err", err)
				}
			}
		},
		QuitTip:  quitTip,
		Notify:   func(title, body string) { platform.Notify(title, body, icons.ErrorPNG) },
		StateDir: dir.Root,
	})
	return nil
}

// trayConnect is the attached tray's way back to its daemon after the event
// stream dropped: the running daemon; none after `unitymcp stop` (the tray
// closes with it); else one it starts itself (after a crash), which makes
// the daemon its own to stop at Quit.
func trayConnect(ctx context.Context, dir state.Dir, exe string, ours *atomic.Bool, log *slog.Logger) (*client.Client, error) {
	if c, err := client.Find(ctx, dir); err == nil {
		return c, nil
	}
	if stoppedByUser(dir) {
		log.Info("tray: " + errStopped.Error())
		go tray.Quit()
		return nil, errStopped
	}
	c, started, err := client.Ensure(ctx, dir, exe)
	if started {
		ours.Store(true)
	}
	return c, err
}
