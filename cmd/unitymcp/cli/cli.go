// Package cli is the app layer of the unitymcp binary: one file per
// subcommand, each parsing its own flags into a Config and running it. It
// may import anything; nothing imports it (cmd/unitymcp/main.go only calls
// Main).
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/unitymcp/unitymcp/engine/api"
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

// usageError is a command line mistake: exit 2.
func usageError(format string, args ...any) error {
	return &ExitError{Code: 2, Err: fmt.Errorf(format, args...)}
}

// AddrEnv overrides the daemon's default address (serve, and the daemon
// that stdio starts).
const AddrEnv = "UNITYMCP_ADDR"

const usage = `unitymcp — drive the Unity Editor from AI coding agents over MCP.

Usage:
  unitymcp serve [--addr 127.0.0.1:%d] [--headless] [--debug]   run the daemon
  unitymcp tray                                the tray, attached to the running daemon
  unitymcp stdio [--project DIR] [--group G]   MCP over stdio (starts the daemon if needed)
  unitymcp call TOOL [--project DIR] [--args JSON]   call a tool, print its JSON result
  unitymcp status                              the daemon's health and connected editors
  unitymcp definitions list|validate [--project DIR] [--json] [FILE…]   definition tools
  unitymcp service install|uninstall|start|stop|status   start at login (per user)
  unitymcp install unity --project DIR [--source git|local|PATH]   add the Unity package to a project
  unitymcp install client NAME [--project DIR] [--scope user|project] [--print] [--stdio]
  unitymcp uninstall unity|client NAME …      undo the above
  unitymcp install skill [--agent claude-code|codex|copilot-cli|opencode] [--dir DIR]
  unitymcp doctor [--project DIR] [--fix]      check the set-up, say how to fix it
  unitymcp hash PATH                           projectHash of a Unity project folder
  unitymcp version

State directory: $UNITYMCP_HOME, else %%LOCALAPPDATA%%\UnityMCP (Windows),
$XDG_DATA_HOME/UnityMCP or ~/.local/share/UnityMCP.
`

// IO is the process's standard streams.
type IO struct {
	In       io.Reader
	Out, Err io.Writer
}

// commands maps each subcommand to its runner (one file each).
var commands = map[string]func(args []string, std IO) error{
	"serve":       runServe,
	"tray":        runTray,
	"stdio":       runStdio,
	"call":        runCall,
	"status":      runStatus,
	"definitions": runDefinitions,
	"install":     runInstall,
	"uninstall":   runUninstall,
	"skill":       runSkill,
	"doctor":      runDoctor,
	"service":     runService,
	"hash":        runHash,
	"version":     runVersion,
	"--version":   runVersion,
}

// Main runs the command line args (without the program name) and returns
// the process exit code.
func Main(args []string, std IO) int {
	err := run(args, std)
	if err == nil {
		return 0
	}
	code := 1
	var ee *ExitError
	if errors.As(err, &ee) {
		code = ee.Code
		if ee.Err == nil {
			return code
		}
	}
	fmt.Fprintln(std.Err, "unitymcp:", err)
	return code
}

func run(args []string, std IO) error {
	if len(args) == 0 {
		fmt.Fprintf(std.Err, usage, api.DefaultPort)
		return &ExitError{Code: 2}
	}
	switch args[0] {
	case "help", "-h", "--help":
		fmt.Fprintf(std.Out, usage, api.DefaultPort)
		return nil
	}
	cmd, ok := commands[args[0]]
	if !ok {
		return usageError("unknown command %q; run unitymcp help", args[0])
	}
	return cmd(args[1:], std)
}

// newFlags is a subcommand's flag set; parse errors are usage errors.
func newFlags(name string) *flag.FlagSet {
	return flag.NewFlagSet("unitymcp "+name, flag.ContinueOnError)
}

func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return &ExitError{Code: 2, Err: err}
	}
	return nil
}
