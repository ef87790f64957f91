package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

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
	// WindowsExe is the Windows unitymcp.exe a client in WSL starts
	// (found when empty); NoWSL writes this side's entry even in WSL.
	WindowsExe string
	NoWSL      bool
}

// wslFlags are --windows-exe and --no-wsl.
func wslFlags(cmd *cobra.Command, exe *string, no *bool) {
	cmd.Flags().StringVar(exe, "windows-exe", "", "in WSL: the Windows unitymcp.exe (default: on PATH, else %LOCALAPPDATA%\\unitymcp)")
	cmd.Flags().BoolVar(no, "no-wsl", false, "in WSL: use this side's unitymcp (Unity running in WSL), not the Windows one")
}

func installEnv(proj string) installer.Env {
	home, _ := os.UserHomeDir()
	return installer.Env{GOOS: runtime.GOOS, Home: home, AppData: os.Getenv("APPDATA"), LocalAppData: os.Getenv("LOCALAPPDATA"),
		XDGConfig: os.Getenv("XDG_CONFIG_HOME"), Project: proj, Addr: os.Getenv(AddrEnv)}
}

func newInstallCmd(std IO, uninstall bool) *cobra.Command {
	verb, short := "install", "Add the Unity package to a project, unitymcp to a client, or the agent skill"
	if uninstall {
		verb, short = "uninstall", "Undo install unity or install client"
	}
	run := func(cfg *InstallConfig) error {
		cfg.Uninstall = uninstall
		return Install(*cfg, std.Out)
	}
	var u InstallConfig
	unity := &cobra.Command{Use: "unity --project DIR", Short: "The unitymcp package in Packages/manifest.json (Unity 2022.3 or later)", Args: noArgs,
		RunE: func(*cobra.Command, []string) error { u.What = "unity"; return run(&u) }}
	projectFlag(unity, &u.Project, "Unity project folder (required)")
	_ = unity.MarkFlagRequired("project")
	if !uninstall {
		unity.Long = `Add the unitymcp package to the project's Packages/manifest.json, keeping
everything else; the old manifest is backed up in the state directory.
The project must have Packages/manifest.json (Unity writes it the first
time it opens the project) and use Unity 2022.3 or later
(ProjectSettings/ProjectVersion.txt).

--source git (the default) pins this repository at the tag of this
binary's version (v` + api.Version + `); "local" uses the unity-package folder
beside the binary or in its checkout; any other value is that folder.`
		unity.Flags().StringVar(&u.Source, "source", "git", "git, local or a path to unity-package")
	}

	var c InstallConfig
	clientCmd := &cobra.Command{Use: "client NAME [--scope user|project] [--project DIR]", Short: "The unitymcp server entry in an MCP client's config",
		Long:      "NAME is one of: " + strings.Join(installer.ClientNames(), ", ") + ".",
		Args:      exactArgs(1, "one client name ("+strings.Join(installer.ClientNames(), ", ")+")"),
		ValidArgs: installer.ClientNames(),
		RunE: func(_ *cobra.Command, args []string) error {
			c.What, c.Name = "client", args[0]
			if c.Stdio && c.HTTP {
				return usageError("%s client: --stdio and --http exclude each other", verb)
			}
			return run(&c)
		}}
	projectFlag(clientCmd, &c.Project, "Unity project folder (pins the entry to it; needed for --scope project)")
	clientCmd.Flags().StringVar(&c.Scope, "scope", "user", "user or project")
	_ = clientCmd.RegisterFlagCompletionFunc("scope", cobra.FixedCompletions([]string{"user", "project"}, cobra.ShellCompDirectiveNoFileComp))
	if !uninstall {
		clientCmd.Flags().BoolVar(&c.Print, "print", false, "print the snippet instead of writing it")
		clientCmd.Flags().BoolVar(&c.Stdio, "stdio", false, "use `unitymcp stdio` even for clients that can use HTTP")
		clientCmd.Flags().BoolVar(&c.HTTP, "http", false, "use HTTP, also at --scope project (the entry then reads the token from $"+installer.TokenEnv+"); in WSL only with mirrored networking")
		wslFlags(clientCmd, &c.WindowsExe, &c.NoWSL)
	}
	cmd := group(verb, short, unity, clientCmd)
	if !uninstall {
		cmd.AddCommand(skillCmd(run))
	}
	return cmd
}

// skillCmd is install skill.
func skillCmd(run func(*InstallConfig) error) *cobra.Command {
	var s InstallConfig
	cmd := &cobra.Command{Use: "skill [--agent NAME] [--dir DIR]", Short: "A SKILL.md teaching an agent the unitymcp CLI", Args: noArgs,
		RunE: func(*cobra.Command, []string) error { s.What = "skill"; return run(&s) }}
	cmd.Flags().StringVar(&s.Name, "agent", "claude-code", "agent whose skill folder to use: claude-code, codex, copilot-cli or opencode")
	cmd.Flags().StringVar(&s.Dir, "dir", "", "write the skill under this folder instead")
	cmd.Flags().StringVar(&s.Scope, "scope", "user", "user or project")
	projectFlag(cmd, &s.Project, "Unity project folder (for --scope project)")
	return cmd
}

// newSkillCmd is the old spelling: unitymcp skill [install] [flags].
func newSkillCmd(std IO) *cobra.Command {
	cmd := skillCmd(func(cfg *InstallConfig) error { return Install(*cfg, std.Out) })
	cmd.Use, cmd.Hidden, cmd.Args = "skill", true, cobra.MaximumNArgs(1)
	return cmd
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
		if cfg.What != "unity" {
			if proj, err = checkProject(cfg.Project); err != nil {
				return err
			}
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
		if err := installer.CheckUnityProject(proj); err != nil {
			return &ExitError{Code: 2, Err: err}
		}
		var res installer.UnityResult
		if cfg.Uninstall {
			res, err = installer.UninstallUnity(proj, dir.Root)
		} else {
			ref, rerr := installer.PackageRef(cfg.Source, releaseVersion(), exe)
			if rerr != nil {
				return &ExitError{Code: 2, Err: rerr}
			}
			res, err = installer.InstallUnity(proj, ref, dir.Root)
		}
		if err != nil {
			return err
		}
		if !cfg.Uninstall && (cfg.Source == "" || cfg.Source == "git") && releaseVersion() == "" {
			fmt.Fprintf(stdout, "note: this is a development build (%s), which has no release tag: the git source follows the default branch; --source local uses this checkout's unity-package\n", api.Version)
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
		var wslNotes []string
		host := installer.SystemWSLHost(runtime.GOOS)
		switch {
		case cfg.Uninstall:
		case !cfg.NoWSL && host.IsWSL():
			// Unity runs on Windows: the entry starts the Windows exe.
			ctx := context.Background()
			winExe, err := host.FindWindowsExe(ctx, cfg.WindowsExe)
			if err != nil {
				return &ExitError{Code: 2, Err: fmt.Errorf("in WSL (--no-wsl for this side's unitymcp): %w", err)}
			}
			if req.Server, wslNotes, err = host.WSLServer(ctx, winExe, proj, cfg.HTTP); err != nil {
				return &ExitError{Code: 2, Err: err}
			}
		default:
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
				printClientNotes(stdout, append(wslNotes, res.Notes...))
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
		printClientNotes(stdout, append(wslNotes, res.Notes...))
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

// releaseVersion is the version whose tag (v…) the git source pins: the
// linked-in version, else the module version go install recorded
// (go install …/cmd/unitymcp@v1.2.3); "" for a development build.
func releaseVersion() string {
	if !strings.Contains(api.Version, "dev") {
		return api.Version
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		v := strings.TrimPrefix(bi.Main.Version, "v")
		// A pseudo-version (v0.0.0-2026…-abcdef) or (devel) has no tag.
		if v != "" && v != "(devel)" && !strings.Contains(v, "-") && !strings.Contains(v, "+") {
			return v
		}
	}
	return ""
}
