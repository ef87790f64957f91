package cli

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/unitymcp/unitymcp/engine/project"
)

const hashLong = `Print the projectHash of a Unity project folder (or its Assets folder): the
id the daemon routes by, as in http://127.0.0.1:27182/projects/HASH/mcp and
/mcp?project=HASH.

The path is made absolute and cleaned, and hashed as written: symbolic
links are not resolved, because Unity hashes the path it opened the
project by (Application.dataPath). A project opened through a symlink
hashes differently from its target: give the path you open it with.
The folder must exist.`

func newHashCmd(std IO) *cobra.Command {
	return &cobra.Command{
		Use:               "hash DIR",
		Short:             "Print the projectHash of a Unity project folder",
		Long:              hashLong,
		Args:              exactArgs(1, "one project folder"),
		ValidArgsFunction: completeDirs,
		RunE:              func(_ *cobra.Command, args []string) error { return Hash(args[0], std.Out) },
	}
}

// Hash prints the projectHash of a project folder or its Assets folder;
// the folder must exist (a usage error otherwise).
func Hash(path string, stdout io.Writer) error {
	if fi, err := os.Stat(path); err != nil || !fi.IsDir() {
		return usageError("hash: %s is not a folder; give an existing Unity project folder", path)
	}
	h, err := project.HashDir(path)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, h)
	return nil
}
