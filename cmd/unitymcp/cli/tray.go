package cli

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"os"

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
		Args:  noArgs,
		RunE:  func(*cobra.Command, []string) error { return Tray(std.Err) },
	}
}

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
	if _, _, err := client.Ensure(context.Background(), dir, exe); err != nil {
		return err
	}
	tray.Run(tray.Options{
		Connect: func(ctx context.Context) (*client.Client, error) {
			c, _, err := client.Ensure(ctx, dir, exe)
			return c, err
		},
		Logger:   log,
		Notify:   func(title, body string) { platform.Notify(title, body, icons.ErrorPNG) },
		StateDir: dir.Root,
	})
	return nil
}
