package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/installer"
)

// InstallConfig is `unitymcp install|uninstall unity|client|skill`.
type InstallConfig struct {
	Uninstall bool
	What      string // unity, client, skill
	Name      string // client or agent name
	Project   string
	Scope     string
	Source    string
	Print     bool
	Dir       string
	Stdio     bool // force the stdio form even where HTTP works
	HTTP      bool // the HTTP form, also at project scope (naming $UNITYMCP_TOKEN)
}

func installEnv(proj string) installer.Env {
	home, _ := os.UserHomeDir()
	return installer.Env{GOOS: runtime.GOOS, Home: home, AppData: os.Getenv("APPDATA"), LocalAppData: os.Getenv("LOCALAPPDATA"),
		XDGConfig: os.Getenv("XDG_CONFIG_HOME"), Project: proj, Addr: os.Getenv(AddrEnv)}
}

func runInstall(args []string, std IO) error   { return runInstallCmd("install", args, std) }
func runUninstall(args []string, std IO) error { return runInstallCmd("uninstall", args, std) }

// runSkill is the old spelling of install skill.
func runSkill(args []string, std IO) error {
	return runInstallCmd("install", append([]string{"skill"}, args[min(1, len(args)):]...), std)
}

func runInstallCmd(cmd string, rest []string, std IO) error {
	if len(rest) == 0 {
		return usageError("%s: say unity, client NAME or skill", cmd)
	}
	what, args := rest[0], rest[1:]
	name := ""
	if what == "client" && len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	fs := newFlags(cmd)
	proj := fs.String("project", "", "Unity project folder")
	scope := fs.String("scope", "user", "user or project")
	source := fs.String("source", "git", "git, local or a path to unity-package")
	printOnly := fs.Bool("print", false, "print the snippet instead of writing it")
	stdio := fs.Bool("stdio", false, "use `unitymcp stdio` even for clients that can use HTTP")
	http := fs.Bool("http", false, "use HTTP, also at --scope project (the entry then reads the token from $"+installer.TokenEnv+")")
	agent := fs.String("agent", "claude-code", "agent whose skill folder to use (skill)")
	dir := fs.String("dir", "", "write the skill under this folder instead (skill)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if what == "skill" {
		name = *agent
	}
	if *stdio && *http {
		return usageError("%s: --stdio and --http exclude each other", cmd)
	}
	return Install(InstallConfig{Uninstall: cmd == "uninstall", What: what, Name: name, Project: *proj, Scope: *scope,
		Source: *source, Print: *printOnly, Dir: *dir, Stdio: *stdio, HTTP: *http}, std.Out)
}

// Install runs the install and uninstall subcommands.
func Install(cfg InstallConfig, stdout io.Writer) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	proj := ""
	if cfg.Project != "" {
		if proj, err = filepath.Abs(cfg.Project); err != nil {
			return err
		}
	}
	dir, err := state.Open()
	if err != nil {
		return err
	}
	switch cfg.What {
	case "unity":
		if proj == "" {
			return &ExitError{Code: 2, Err: fmt.Errorf("install unity needs --project DIR (the Unity project folder)")}
		}
		var res installer.UnityResult
		if cfg.Uninstall {
			res, err = installer.UninstallUnity(proj, dir.Root)
		} else {
			ref, rerr := installer.PackageRef(cfg.Source, api.Version, exe)
			if rerr != nil {
				return &ExitError{Code: 2, Err: rerr}
			}
			res, err = installer.InstallUnity(proj, ref, dir.Root)
		}
		if err != nil {
			return err
		}
		switch {
		case !res.Changed:
			fmt.Fprintf(stdout, "%s already says %s: nothing to do\n", res.Manifest, describeRef(res))
		case cfg.Uninstall:
			fmt.Fprintf(stdout, "removed %s (%s) from %s (backup: %s)\n", res.Package, res.Before, res.Manifest, res.Backup)
		case res.Before != "":
			fmt.Fprintf(stdout, "changed %s in %s: %s → %s (backup: %s)\n", res.Package, res.Manifest, res.Before, res.Ref, res.Backup)
		default:
			fmt.Fprintf(stdout, "added %s = %s to %s (backup: %s); Unity picks it up when it regains focus\n", res.Package, res.Ref, res.Manifest, orNone(res.Backup))
		}
		return nil
	case "client":
		if cfg.Name == "" {
			return &ExitError{Code: 2, Err: fmt.Errorf("name a client: %s", strings.Join(installer.ClientNames(), ", "))}
		}
		req := installer.ClientRequest{Client: cfg.Name, Scope: cfg.Scope, Env: installEnv(proj), StateDir: dir.Root}
		switch {
		case cfg.Stdio:
			req.Mode = "stdio"
		case cfg.HTTP:
			req.Mode = "http"
		}
		if !cfg.Uninstall {
			if req.Server, err = installer.NewServer(dir, exe, req.Env); err != nil {
				return err
			}
		}
		var res installer.ClientResult
		switch {
		case cfg.Print:
			res, err = req.Snippet()
			if err == nil {
				fmt.Fprintf(stdout, "# %s (%s) — %s\n%s\n", cfg.Name, res.Mode, res.Path, res.Snippet)
				printClientNotes(stdout, res.Notes)
			}
			return err
		case cfg.Uninstall:
			res, err = installer.UninstallClient(req)
		default:
			res, err = installer.InstallClient(req)
		}
		if err != nil {
			return err
		}
		switch {
		case !res.Changed && cfg.Uninstall:
			fmt.Fprintf(stdout, "%s has no unitymcp entry: nothing to do\n", res.Path)
		case !res.Changed:
			fmt.Fprintf(stdout, "%s already has the right unitymcp entry: nothing to do\n", res.Path)
		case res.Removed:
			fmt.Fprintf(stdout, "removed %s: unitymcp had created it and it held nothing else (backup: %s)\n", res.Path, res.Backup)
		case cfg.Uninstall:
			fmt.Fprintf(stdout, "removed the unitymcp entry from %s (backup: %s)\n", res.Path, orNone(res.Backup))
		default:
			fmt.Fprintf(stdout, "wrote the unitymcp entry (%s) to %s (backup: %s); restart %s if it is running\n", res.Mode, res.Path, orNone(res.Backup), cfg.Name)
		}
		printClientNotes(stdout, res.Notes)
		return nil
	case "skill":
		agent := cfg.Name
		if agent == "" {
			agent = "claude-code"
		}
		p, err := installer.SkillPath(agent, installEnv(proj), cfg.Scope, cfg.Dir)
		if err != nil {
			return &ExitError{Code: 2, Err: err}
		}
		res, err := installer.InstallSkill(p, dir.Root)
		if err != nil {
			return err
		}
		if res.Changed {
			fmt.Fprintf(stdout, "wrote the unitymcp skill to %s\n", res.Path)
		} else {
			fmt.Fprintf(stdout, "%s is up to date\n", res.Path)
		}
		return nil
	}
	return &ExitError{Code: 2, Err: fmt.Errorf("install what? unity, client NAME or skill")}
}

// printClientNotes says what the user must still do in the client.
func printClientNotes(w io.Writer, notes []string) {
	for _, n := range notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
}

func describeRef(r installer.UnityResult) string {
	if r.Before == "" {
		return "no " + r.Package
	}
	return r.Package + " = " + r.Before
}

func orNone(s string) string {
	if s == "" {
		return "none, the file is new"
	}
	return s
}
