package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"
)

const statusLong = `Print the daemon's health as JSON: its version, pid and MCP URL, the
connected editors (each with its tools), the closed ones, and the shared
definitions folder.

With a project (--project, else $CLAUDE_PROJECT_DIR, else the Unity project
holding the working directory; a connected editor's name or hash works too)
it also names that project's definition folders: definitionsDir (per user)
and committedDefinitionsDir (<project>/.unitymcp/tools).`

func newStatusCmd(std IO) *cobra.Command {
	var project string
	cmd := &cobra.Command{
		Use:   "status [--project DIR]",
		Short: "Print the daemon's health: version, connected editors, definition folders",
		Long:  statusLong,
		Args:  noArgs,
		RunE:  func(*cobra.Command, []string) error { return Status(project, std.Out) },
	}
	projectFlag(cmd, &project, "Unity project folder, or a connected editor's name or hash (default: the working directory's project)")
	return cmd
}

// Status prints the daemon's /health, for the project when one is given or
// found from the working directory.
func Status(project string, stdout io.Writer) error {
	if project != "" && isFolderArg(project) {
		if _, err := checkProject(project); err != nil {
			return err
		}
	}
	ctx := context.Background()
	c, err := findDaemon(ctx)
	if err != nil {
		return &ExitError{Code: 1, Err: err}
	}
	sel := callProject(project)
	h, err := c.Health(ctx, sel)
	if err != nil && project == "" && sel != "" {
		// The working directory's project is only a default: one no editor
		// knows still gets the daemon's health.
		h, err = c.Health(ctx, "")
	}
	if err != nil {
		return &ExitError{Code: 1, Err: err}
	}
	for i := range h.Editors {
		h.Editors[i].Tools = publicTools(h.Editors[i].Tools)
	}
	for i := range h.Closed {
		h.Closed[i].Tools = publicTools(h.Closed[i].Tools)
	}
	b, _ := json.MarshalIndent(h, "", "  ")
	fmt.Fprintln(stdout, string(b))
	return nil
}

// publicTools leaves out the package's internal bridge tools (named with a
// leading "_": the definition scripts' runner and the sequences' Undo
// group), which no one can call by name.
func publicTools(names []string) []string {
	return slices.DeleteFunc(slices.Clone(names), func(n string) bool { return strings.HasPrefix(n, "_") })
}
