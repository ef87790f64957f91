package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/unitymcp/unitymcp/engine/client"
	"github.com/unitymcp/unitymcp/engine/state"
)

func runStatus(args []string, std IO) error {
	if err := parse(newFlags("status"), args); err != nil {
		return err
	}
	return Status(std.Out)
}

// Status prints the daemon's /health.
func Status(stdout io.Writer) error {
	dir, err := state.Open()
	if err != nil {
		return err
	}
	c, err := client.Find(context.Background(), dir)
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
