// Command unitymcp is the daemon, its stdio shim and its CLI. See README.md.
package main

import (
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"strings"

	"github.com/unitymcp/unitymcp/engine/cli"
	"github.com/unitymcp/unitymcp/engine/daemon"
)

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

func main() {
	if err := run(os.Args[1:]); err != nil {
		code := 1
		var ee *cli.ExitError
		if errors.As(err, &ee) {
			code = ee.Code
			if ee.Err == nil {
				os.Exit(code)
			}
		}
		fmt.Fprintln(os.Stderr, "unitymcp:", err)
		os.Exit(code)
	}
}

func run(args []string) error {
	if len(args) == 0 {
		fmt.Fprintf(os.Stderr, usage, daemon.DefaultPort)
		return &cli.ExitError{Code: 2}
	}
	cmd, rest := args[0], args[1:]
	fs := flag.NewFlagSet("unitymcp "+cmd, flag.ContinueOnError)
	switch cmd {
	case "serve":
		defAddr := daemon.DefaultAddr
		if a := os.Getenv(cli.AddrEnv); a != "" {
			defAddr = a
		}
		addr := fs.String("addr", defAddr, "listen address (loopback only; default from $UNITYMCP_ADDR)")
		headless := fs.Bool("headless", false, "run without the tray (it is also off without a desktop session)")
		debug := fs.Bool("debug", false, "log at debug level")
		if err := fs.Parse(rest); err != nil {
			return &cli.ExitError{Code: 2, Err: err}
		}
		lvl := slog.LevelInfo
		if *debug {
			lvl = slog.LevelDebug
		}
		return cli.Serve(cli.ServeConfig{Addr: *addr, Headless: *headless, LogLevel: lvl}, os.Stderr)
	case "stdio":
		proj := fs.String("project", "", "Unity project folder (default: CLAUDE_PROJECT_DIR, else the working directory's project)")
		group := fs.String("group", "", "comma-separated tool groups to list")
		if err := fs.Parse(rest); err != nil {
			return &cli.ExitError{Code: 2, Err: err}
		}
		return cli.Stdio(cli.StdioConfig{Project: *proj, Group: *group}, os.Stdin, os.Stdout, os.Stderr)
	case "call":
		if len(rest) == 0 {
			return &cli.ExitError{Code: 2, Err: errors.New("call: name a tool, e.g. unitymcp call compile --args '{}'")}
		}
		tool := rest[0]
		proj := fs.String("project", "", "Unity project folder, name or hash")
		argsJSON := fs.String("args", "{}", "tool arguments as a JSON object")
		if err := fs.Parse(rest[1:]); err != nil {
			return &cli.ExitError{Code: 2, Err: err}
		}
		return cli.Call(cli.CallConfig{Tool: tool, Project: *proj, Args: *argsJSON}, os.Stdout)
	case "definitions":
		if len(rest) == 0 {
			return &cli.ExitError{Code: 2, Err: errors.New("definitions: say list or validate")}
		}
		proj := fs.String("project", "", "Unity project folder (default: CLAUDE_PROJECT_DIR, else the working directory's project)")
		asJSON := fs.Bool("json", false, "print JSON (list)")
		if err := fs.Parse(rest[1:]); err != nil {
			return &cli.ExitError{Code: 2, Err: err}
		}
		return cli.Definitions(cli.DefinitionsConfig{Action: rest[0], Project: *proj, Files: fs.Args(), JSON: *asJSON}, os.Stdout)
	case "status":
		return cli.Status(os.Stdout)
	case "install", "uninstall":
		if len(rest) == 0 {
			return &cli.ExitError{Code: 2, Err: errors.New(cmd + ": say unity, client NAME or skill")}
		}
		what, args := rest[0], rest[1:]
		name := ""
		if what == "client" && len(args) > 0 && !strings.HasPrefix(args[0], "-") {
			name, args = args[0], args[1:]
		}
		proj := fs.String("project", "", "Unity project folder")
		scope := fs.String("scope", "user", "user or project")
		source := fs.String("source", "git", "git, local or a path to unity-package")
		printOnly := fs.Bool("print", false, "print the snippet instead of writing it")
		stdio := fs.Bool("stdio", false, "use `unitymcp stdio` even for clients that can use HTTP")
		agent := fs.String("agent", "claude-code", "agent whose skill folder to use (skill)")
		dir := fs.String("dir", "", "write the skill under this folder instead (skill)")
		if err := fs.Parse(args); err != nil {
			return &cli.ExitError{Code: 2, Err: err}
		}
		if what == "skill" {
			name = *agent
		}
		return cli.Install(cli.InstallConfig{Uninstall: cmd == "uninstall", What: what, Name: name, Project: *proj, Scope: *scope,
			Source: *source, Print: *printOnly, Dir: *dir, Stdio: *stdio}, os.Stdout)
	case "doctor":
		proj := fs.String("project", "", "Unity project folder to check")
		fix := fs.Bool("fix", false, "apply the safe fixes")
		asJSON := fs.Bool("json", false, "also print the checks as JSON")
		if err := fs.Parse(rest); err != nil {
			return &cli.ExitError{Code: 2, Err: err}
		}
		return cli.Doctor(cli.DoctorConfig{Project: *proj, Fix: *fix, JSON: *asJSON}, os.Stdout)
	case "skill":
		return run(append([]string{"install", "skill"}, rest[min(1, len(rest)):]...))
	case "tray":
		return cli.Tray(os.Stderr)
	case "service":
		if len(rest) != 1 {
			return &cli.ExitError{Code: 2, Err: errors.New("service: say install, uninstall, start, stop or status")}
		}
		return cli.Service(cli.ServiceConfig{Action: rest[0]}, os.Stdout)
	case "hash":
		if len(rest) != 1 {
			return &cli.ExitError{Code: 2, Err: errors.New("hash: give one project folder")}
		}
		return cli.Hash(rest[0], os.Stdout)
	case "version", "--version":
		cli.Version(os.Stdout)
		return nil
	case "help", "-h", "--help":
		fmt.Printf(usage, daemon.DefaultPort)
		return nil
	}
	return &cli.ExitError{Code: 2, Err: fmt.Errorf("unknown command %q; run unitymcp help", cmd)}
}
