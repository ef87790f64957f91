package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"
)

const forgetLong = `Make the daemon forget a closed project's editor: it leaves status's
closedEditors and editors_list, with its last Console, compile result and
declared tools. The daemon keeps a closed editor so that its tools stay
listed and editor_open can start it again, and forgets it by itself once
its folder is gone (and the least recently seen one when it keeps 32).

PROJECT is the project's folder, its name or its hash, as status lists it.
An editor that is connected is refused: close the project in Unity first.`

func newForgetCmd(std IO) *cobra.Command {
	return &cobra.Command{
		Use:               "forget PROJECT",
		Short:             "Forget a closed project's editor (status's closedEditors)",
		Long:              forgetLong,
		Args:              exactArgs(1, "one project: its folder, name or hash"),
		ValidArgsFunction: completeDirs,
		RunE:              func(_ *cobra.Command, args []string) error { return Forget(args[0], std.Out) },
	}
}

// Forget asks the daemon to forget the closed editor of project and prints
// which one it forgot.
func Forget(project string, stdout io.Writer) error {
	ctx := context.Background()
	c, err := findDaemon(ctx)
	if err != nil {
		return &ExitError{Code: 1, Err: err}
	}
	sel := project
	if isFolderArg(project) {
		sel = callProject(project)
	}
	info, err := c.Forget(ctx, sel)
	if err != nil {
		return &ExitError{Code: 1, Err: err}
	}
	fmt.Fprintf(stdout, "forgot the editor of %s (%s)\n", info.ProjectPath, info.ProjectHash)
	return nil
}
