package cli

import (
	"fmt"
	"io"

	"github.com/unitymcp/unitymcp/engine/project"
)

func runHash(args []string, std IO) error {
	if len(args) != 1 {
		return usageError("hash: give one project folder")
	}
	return Hash(args[0], std.Out)
}

// Hash prints the projectHash of a project folder or its Assets folder.
func Hash(path string, stdout io.Writer) error {
	h, err := project.HashDir(path)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, h)
	return nil
}
