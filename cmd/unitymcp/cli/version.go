package cli

import (
	"fmt"
	"io"

	"github.com/unitymcp/unitymcp/engine/api"
)

func runVersion(args []string, std IO) error {
	Version(std.Out)
	return nil
}

// Version prints the version.
func Version(stdout io.Writer) { fmt.Fprintln(stdout, "unitymcp", api.Version) }
