package cli

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/unitymcp/unitymcp/engine/api"
)

func newVersionCmd(std IO) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version (also --version)",
		Args:  noArgs,
		RunE: func(*cobra.Command, []string) error {
			Version(std.Out)
			return nil
		},
	}
}

// Version prints the version.
func Version(stdout io.Writer) { fmt.Fprintln(stdout, "unitymcp", api.Version) }
