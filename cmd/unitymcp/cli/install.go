package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/project"
	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/engine/suggest"
	"github.com/unitymcp/unitymcp/installer"
	"github.com/unitymcp/unitymcp/platform"
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
		XDGConfig: os.Getenv("XDG_CONFIG_HOME"), Project: proj, Addr: os.Getenv(AddrEnv), Path: os.Getenv("PATH")}
}

const installClientLong = `Write unitymcp's entry ("unity") into an MCP client's configuration, keeping
everything else in the file; the old file is backed up in the state directory.

--scope user (the default) writes the client's own file in your home folder:
the HTTP form with the token where the client can send headers, else the
stdio form, both naming this binary; --project pins it to one project.
--scope project writes the project's file, the one a team commits: it names
only what every machine has — the command "unitymcp" (found on each
machine's PATH), no token, no per-user setting, no path of this machine —
and says what this machine needs beside it. The project is --project, else
$CLAUDE_PROJECT_DIR, else the Unity project holding the working directory.

NAME is one of: `

func newInstallCmd(std IO, uninstall bool) *cobra.Command {
	verb, short := "install", "Add the Unity package to a project, unitymcp to a client, or the agent skill"
	if uninstall {
		verb, short = "uninstall", "Undo install unity, install client or install skill"
	}
	run := func(cfg *InstallConfig) error {
		cfg.Uninstall = uninstall
		return Install(*cfg, std.Out)
	}
	var u InstallConfig
	unity := &cobra.Command{Use: "unity --project DIR", Short: "The unitymcp package in Packages/manifest.json (Unity 2022.3 or later)", Args: noArgs,
		RunE: func(*cobra.Command, []string) error { u.What = "unity"; return run(&u) }}
	projectFlag(unity, &u.Project, "Unity project folder, or any folder in it (required)")
	_ = unity.MarkFlagRequired("project")
	if !uninstall {
		unity.Long = `Add the unitymcp package to the project's Packages/manifest.json, keeping
everything else; the old manifest is backed up in the state directory. A
project Unity has never opened (no Packages/manifest.json yet) gets the
manifest of Unity's empty project with the package added. The project must
use Unity 2022.3 or later (ProjectSettings/ProjectVersion.txt).

--source git (the default) pins this repository at the tag of this
binary's version (v` + api.Version + `); a development build has no tag and
follows the default branch. "local" uses the unity-package folder beside
the binary, in the checkout it was built from, or above the working
directory; any other value is that folder.`
		unity.Flags().StringVar(&u.Source, "source", "git", "git, local or a path to unity-package")
	}

	var c InstallConfig
	names := installer.ClientNames()
	clientCmd := &cobra.Command{Use: "client NAME [--scope user|project] [--project DIR]", Short: "The unitymcp server entry in an MCP client's config",
		Long:      installClientLong + strings.Join(names, ", ") + ".",
		Args:      exactArgs(1, "one client name ("+strings.Join(names, ", ")+")"),
		ValidArgs: names,
		RunE: func(_ *cobra.Command, args []string) error {
			c.What, c.Name = "client", args[0]
			if c.Stdio && c.HTTP {
				return usageError("%s client: --stdio and --http exclude each other", verb)
			}
			return run(&c)
		}}
	if uninstall {
		clientCmd.Long = "Remove unitymcp's entry from an MCP client's configuration (the same --scope and\n--project as install client); a file that unitymcp created and that holds\nnothing else then goes. NAME is one of: " + strings.Join(names, ", ") + "."
	}
	projectFlag(clientCmd, &c.Project, "Unity project folder (user scope: pins the entry to it; project scope: whose file, default the working directory's project)")
	scopeFlag(clientCmd, &c.Scope)
	if !uninstall {
		clientCmd.Flags().BoolVar(&c.Print, "print", false, "print the entry instead of writing it (changes nothing)")
		clientCmd.Flags().BoolVar(&c.Stdio, "stdio", false, "write the stdio form (unitymcp stdio) even for clients that can use HTTP")
		clientCmd.Flags().BoolVar(&c.HTTP, "http", false, "use HTTP, also at --scope project (the entry then reads the token from $"+installer.TokenEnv+"); in WSL only with mirrored networking")
		wslFlags(clientCmd, &c.WindowsExe, &c.NoWSL)
	}
	return group(verb, short, unity, clientCmd, skillCmd(run, uninstall))
}

// scopeFlag adds --scope user|project.
func scopeFlag(cmd *cobra.Command, p *string) {
	cmd.Flags().StringVar(p, "scope", "user", "user or project")
	_ = cmd.RegisterFlagCompletionFunc("scope", cobra.FixedCompletions([]string{"user", "project"}, cobra.ShellCompDirectiveNoFileComp))
}

// skillCmd is install skill (uninstall skill removes it).
func skillCmd(run func(*InstallConfig) error, uninstall bool) *cobra.Command {
	var s InstallConfig
	short := "A SKILL.md teaching an agent the unitymcp CLI"
	if uninstall {
		short = "Remove the SKILL.md install skill wrote"
	}
	cmd := &cobra.Command{Use: "skill [--agent NAME] [--dir DIR]", Short: short, Args: noArgs,
		RunE: func(*cobra.Command, []string) error { s.What = "skill"; return run(&s) }}
	cmd.Flags().StringVar(&s.Name, "agent", "claude-code", "agent whose skill folder to use: "+strings.Join(installer.SkillAgents, ", "))
	_ = cmd.RegisterFlagCompletionFunc("agent", cobra.FixedCompletions(installer.SkillAgents, cobra.ShellCompDirectiveNoFileComp))
	cmd.Flags().StringVar(&s.Dir, "dir", "", "the skill under this folder instead")
	scopeFlag(cmd, &s.Scope)
	projectFlag(cmd, &s.Project, "Unity project folder (for --scope project; default the working directory's project)")
	return cmd
}

// newSkillCmd is the old spelling: unitymcp skill [install] [flags].
func newSkillCmd(std IO) *cobra.Command {
	cmd := skillCmd(func(cfg *InstallConfig) error { return Install(*cfg, std.Out) }, false)
	cmd.Use, cmd.Hidden, cmd.Args = "skill", true, cobra.MaximumNArgs(1)
	return cmd
}

// projectOf is the project a command works on: --project (a folder in a
// Unity project), else $CLAUDE_PROJECT_DIR, else the Unity project holding
// the working directory; "" when there is none.
func projectOf(flag string) (string, error) {
	if flag != "" {
		return checkProject(flag)
	}
	if d := os.Getenv("CLAUDE_PROJECT_DIR"); d != "" {
		if abs, err := filepath.Abs(d); err == nil {
			if root, ok := project.FindRoot(abs); ok {
				return root, nil
			}
		}
	}
	if wd, err := os.Getwd(); err == nil {
		if root, ok := project.FindRoot(wd); ok {
			return root, nil
		}
	}
	return "", nil
}

// checkScope refuses a --scope other than user and project (a usage error);
// project scope needs a project, from --project or the working directory.
func checkScope(what string, cfg InstallConfig) (string, error) {
	switch cfg.Scope {
	case "", "user":
		if cfg.Project == "" {
			return "", nil
		}
		return checkProject(cfg.Project)
	case "project":
		if cfg.What == "skill" && cfg.Dir != "" {
			return "", nil
		}
		proj, err := projectOf(cfg.Project)
		if err == nil && proj == "" {
			err = usageError("%s --scope project: the working directory is in no Unity project; run it in the project, or give --project DIR", what)
		}
		return proj, err
	}
	return "", usageError("%s: --scope must be user or project, not %q%s", what, cfg.Scope, suggest.Hint(cfg.Scope, []string{"user", "project"}))
}

// clientHint is the "did you mean" of a client name: the nearest name, or
// the names that start with it ("claude": claude-code, claude-desktop).
func clientHint(name string) string {
	if h := suggest.Hint(name, installer.ClientNames()); h != "" {
		return h
	}
	var starts []string
	for _, n := range installer.ClientNames() {
		if name != "" && strings.HasPrefix(n, strings.ToLower(name)) {
			starts = append(starts, strconv.Quote(n))
		}
	}
	if len(starts) == 0 {
		return ""
	}
	return " (did you mean " + strings.Join(starts, " or ") + "?)"
}

// Install runs the install and uninstall subcommands.
func Install(cfg InstallConfig, stdout io.Writer) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	verb := "install"
	if cfg.Uninstall {
		verb = "uninstall"
	}
	switch cfg.What {
	case "unity":
		return installUnity(cfg, exe, stdout)
	case "client":
		return installClient(cfg, verb, exe, stdout)
	case "skill":
		return installSkill(cfg, verb, stdout)
	}
	return usageError("install what? unity, client NAME or skill")
}

func installUnity(cfg InstallConfig, exe string, stdout io.Writer) error {
	if cfg.Project == "" {
		return usageError("install unity needs --project DIR (the Unity project folder)")
	}
	proj, err := filepath.Abs(cfg.Project)
	if err != nil {
		return usageError("--project %s: %v", cfg.Project, err)
	}
	// A folder inside the project (its Assets folder, say) names the
	// project, as for every other command.
	if root, ok := project.FindRoot(proj); ok {
		proj = root
	}
	if err := installer.CheckUnityProject(proj); err != nil {
		return &ExitError{Code: 2, Err: err}
	}
	if !cfg.Uninstall {
		if err := installer.CheckUnityVersion(proj); err != nil {
			return &ExitError{Code: 2, Err: err}
		}
	}
	dir, err := state.Open()
	if err != nil {
		return err
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
		local := "--source local uses the unity-package of the checkout this binary was built from"
		if ref, err := installer.PackageRef("local", "", exe); err == nil {
			local = "--source local uses " + strings.TrimPrefix(ref, "file:")
		}
		fmt.Fprintf(stdout, "note: this is a development build (%s), which has no release tag: the git source follows the default branch; %s\n", api.Version, local)
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
}

func installClient(cfg InstallConfig, verb, exe string, stdout io.Writer) error {
	cl, ok := installer.FindClient(cfg.Name)
	if !ok {
		return usageError("%s client: unknown client %q%s; clients: %s", verb, cfg.Name, clientHint(cfg.Name), strings.Join(installer.ClientNames(), ", "))
	}
	proj, err := checkScope(verb+" client", cfg)
	if err != nil {
		return err
	}
	if cfg.HTTP && !cl.HTTP {
		return usageError("%s has no HTTP entry with headers; leave out --http to write the stdio form", cl.Title)
	}
	// --print and the project scope change nothing in the state directory
	// (no token made: a project file never holds one).
	readOnly := cfg.Print || cfg.Uninstall || cfg.Scope == "project"
	dir, err := stateDir(!readOnly)
	if err != nil {
		return err
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
	case readOnly:
		if req.Server, err = installer.PeekServer(dir, exe, req.Env); err != nil {
			return err
		}
		if cfg.Scope != "project" && req.Server.Token == "" {
			if cfg.HTTP {
				return &ExitError{Code: 1, Err: fmt.Errorf("no token yet for the HTTP form (the daemon makes one the first time it runs): run unitymcp serve once, or install without --print")}
			}
			if cl.HTTP && !cfg.Stdio {
				wslNotes = append(wslNotes, "no token yet (the daemon has not run with this state folder): this is the stdio form; install without --print writes the HTTP form")
			}
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
			fmt.Fprintf(stdout, "# %s (%s) — %s\n%s\n", cl.Title, res.Mode, res.Path, res.Snippet)
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
		fmt.Fprintf(stdout, "wrote the unitymcp entry (%s) to %s (backup: %s); restart %s if it is running\n", res.Mode, res.Path, orNone(res.Backup), cl.Title)
	}
	printClientNotes(stdout, append(wslNotes, res.Notes...))
	return nil
}

func installSkill(cfg InstallConfig, verb string, stdout io.Writer) error {
	agent := cfg.Name
	if agent == "" {
		agent = "claude-code"
	}
	if !slices.Contains(installer.SkillAgents, agent) && cfg.Dir == "" {
		return usageError("%s skill: no skill folder known for %q%s; use --agent %s, or --dir DIR", verb, agent, suggest.Hint(agent, installer.SkillAgents), strings.Join(installer.SkillAgents, ", "))
	}
	proj, err := checkScope(verb+" skill", cfg)
	if err != nil {
		return err
	}
	p, err := installer.SkillPath(agent, installEnv(proj), cfg.Scope, cfg.Dir)
	if err != nil {
		return &ExitError{Code: 2, Err: err}
	}
	dir, err := state.Open()
	if err != nil {
		return err
	}
	within := "" // a project's skill stays inside the project
	if cfg.Scope == "project" && cfg.Dir == "" {
		within = installEnv(proj).Project
	}
	if cfg.Uninstall {
		res, err := installer.UninstallSkill(p, within, dir.Root)
		switch {
		case err != nil:
			return err
		case res.Changed:
			fmt.Fprintf(stdout, "removed the unitymcp skill %s (backup: %s)\n", res.Path, res.Backup)
		default:
			fmt.Fprintf(stdout, "%s does not exist: nothing to do\n", res.Path)
		}
		return nil
	}
	res, err := installer.InstallSkill(p, within, dir.Root)
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

// stateDir is the state directory; create says whether it may be made
// (--print and the project scope only read it).
func stateDir(create bool) (state.Dir, error) {
	if create {
		return state.Open()
	}
	root, err := platform.DataDir()
	return state.Dir{Root: root}, err
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
