// Package cli is the app layer of the unitymcp binary: one file per
// subcommand, each building its cobra command (flags into a Config) and
// running it. Cobra only parses and dispatches. The package may import
// anything; nothing imports it (cmd/unitymcp/main.go only calls Main).
//
// Exit codes: 0 success (and --help / help CMD, which do nothing else),
// 1 an operation or tool failed (a tool error, failing tests, a FAIL in
// doctor, a rejected definition), 2 a usage error (unknown command or
// flag, missing or wrong argument, a --project that is not a Unity
// project), 3 serve found a daemon already running.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/client"
	"github.com/unitymcp/unitymcp/engine/state"
)

// ExitError carries a process exit code.
type ExitError struct {
	Code int
	Err  error
}

func (e *ExitError) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("exit %d", e.Code)
	}
	return e.Err.Error()
}

func (e *ExitError) Unwrap() error { return e.Err }

// usageError is a command line mistake: exit 2.
func usageError(format string, args ...any) error {
	return &ExitError{Code: 2, Err: fmt.Errorf(format, args...)}
}

// AddrEnv overrides the daemon's default address (serve, and the daemon
// that stdio starts).
const AddrEnv = "UNITYMCP_ADDR"

const rootLong = `unitymcp — drive the Unity Editor from AI coding agents over MCP.

One per-user daemon (with a tray) serves MCP over Streamable HTTP on
loopback; Unity Editors with the unitymcp package dial it; agents connect
over HTTP or through "unitymcp stdio".

State directory: $UNITYMCP_HOME, else %LOCALAPPDATA%\UnityMCP (Windows),
$XDG_DATA_HOME/UnityMCP or ~/.local/share/UnityMCP.

Exit codes: 0 success, 1 an operation or tool failed (including call
run-tests with failing tests), 2 a usage error, 3 serve found a daemon
already running.`

// IO is the process's standard streams.
type IO struct {
	In       io.Reader
	Out, Err io.Writer
}

// newRoot builds the command tree; each subcommand comes from its file.
func newRoot(std IO) *cobra.Command {
	root := &cobra.Command{
		Use:           "unitymcp",
		Short:         "Drive the Unity Editor from AI coding agents over MCP",
		Long:          rootLong,
		Version:       api.Version,
		SilenceErrors: true,
		SilenceUsage:  true,
		Args:          noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			// Bare "unitymcp": the usage, on stderr, as a usage error.
			cmd.SetOut(std.Err)
			_ = cmd.Usage()
			return &ExitError{Code: 2}
		},
	}
	root.SetVersionTemplate("unitymcp {{.Version}}\n")
	root.SetIn(std.In)
	root.SetOut(std.Out)
	root.SetErr(std.Err)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usageError("%s: %w (see %s --help)", c.CommandPath(), err, c.CommandPath())
	})
	root.SetHelpCommand(&cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command (prints its usage and does nothing else)",
		RunE: func(c *cobra.Command, args []string) error {
			cmd, rest, err := root.Find(args)
			if err != nil || len(rest) > 0 {
				return usageError("help: no command %q; see unitymcp --help", strings.Join(args, " "))
			}
			return cmd.Help()
		},
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			cmd, _, err := root.Find(args)
			if err != nil {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var out []string
			for _, s := range cmd.Commands() {
				if s.IsAvailableCommand() && strings.HasPrefix(s.Name(), toComplete) {
					out = append(out, s.Name()+"\t"+s.Short)
				}
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
	})
	root.AddCommand(newServeCmd(std), newTrayCmd(std), newStdioCmd(std), newCallCmd(std), newStatusCmd(std),
		newStopCmd(std), newDefinitionsCmd(std), newServiceCmd(std), newInstallCmd(std, false), newInstallCmd(std, true),
		newSkillCmd(std), newOpenCmd(std), newDoctorCmd(std), newHashCmd(std), newForgetCmd(std), newVersionCmd(std))
	// cobra's completion command only holds one subcommand per shell: bare,
	// or with a shell it does not know, it is a usage error (cobra would
	// print its help and exit 0).
	root.InitDefaultCompletionCmd()
	if comp, _, err := root.Find([]string{"completion"}); err == nil && comp != root {
		comp.Args = noArgs
		comp.RunE = func(cmd *cobra.Command, args []string) error {
			return usageError("%s: say which shell: bash, zsh, fish or powershell (see %s --help)", cmd.CommandPath(), cmd.CommandPath())
		}
	}
	return root
}

// Main runs the command line args (without the program name) and returns
// the process exit code.
func Main(args []string, std IO) int {
	root := newRoot(std)
	root.SetArgs(args)
	// An error before any command ran is cobra's: an unknown command, a
	// wrong argument count (usage, exit 2). After, it is the operation's.
	ran := false
	markRun(root, &ran)
	cmd, err := root.ExecuteC()
	if err == nil {
		return 0
	}
	code := 1
	var ee *ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.Code
		if ee.Err == nil {
			return code
		}
	case !ran:
		code = 2
		err = fmt.Errorf("%w (see %s --help)", err, cmd.CommandPath())
	}
	fmt.Fprintln(std.Err, "unitymcp:", err)
	return code
}

// markRun wraps every RunE so Main knows a command started.
func markRun(c *cobra.Command, ran *bool) {
	if f := c.RunE; f != nil {
		c.RunE = func(cmd *cobra.Command, args []string) error {
			*ran = true
			return f(cmd, args)
		}
	}
	for _, sub := range c.Commands() {
		markRun(sub, ran)
	}
}

// findDaemon is the running daemon's client; it never starts one.
func findDaemon(ctx context.Context) (*client.Client, error) {
	dir, err := state.Open()
	if err != nil {
		return nil, err
	}
	return client.Find(ctx, dir)
}

// noArgs refuses any positional argument (a usage error).
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		if cmd.HasSubCommands() {
			return usageError("unknown command %q for %s; see %s --help", args[0], cmd.CommandPath(), cmd.CommandPath())
		}
		return usageError("%s takes no arguments, got %q; see %s --help", cmd.CommandPath(), args[0], cmd.CommandPath())
	}
	return nil
}

// exactArgs wants n positional arguments, described by what.
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return usageError("%s: give %s (got %d arguments); see %s --help", cmd.CommandPath(), what, len(args), cmd.CommandPath())
		}
		return nil
	}
}

// group is a command that only holds subcommands: bare, it is a usage
// error that lists them.
func group(use, short string, subs ...*cobra.Command) *cobra.Command {
	c := &cobra.Command{Use: use, Short: short, Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			names := ""
			for _, s := range cmd.Commands() {
				if s.IsAvailableCommand() {
					names += " " + s.Name()
				}
			}
			return usageError("%s: say one of:%s (see %s --help)", cmd.CommandPath(), names, cmd.CommandPath())
		}}
	c.AddCommand(subs...)
	return c
}
