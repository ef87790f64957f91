package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/cobra"
)

func newStatusCmd(std IO) *cobra.Command {
	return &cobra.Command{
		Use:   "status",
		Short: "Print the daemon's health: version, connected editors, definition folders",
		Args:  noArgs,
		RunE:  func(*cobra.Command, []string) error { return Status(std.Out) },
	}
}

// Status prints the daemon's /health.
func Status(stdout io.Writer) error {
	c, err := findDaemon(context.Background())
	if err != nil {
		return &ExitError{Code: 1, Err: err}
	}
	h, err := c.Health(context.Background(), "")
	if err != nil {
		return err
	}
	b, _ := json.MarshalIndent(h, "", "  ")
	fmt.Fprintln(stdout, string(b))
	return nil
}
