package installer

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/platform"
)

// A project file (.mcp.json, .vscode/mcp.json, .codex/config.toml…) is
// committed and read on every teammate's machine: it names only what every
// machine has. What one machine needs beyond that — unitymcp found on its
// PATH, its own state folder or address — is said to its user (machineNotes)
// and checked by doctor (portableProblems).

// portable is the server as a project file names it, the same on every
// machine: the command `unitymcp` (each machine's own, from its PATH; in
// WSL the Windows unitymcp.exe, which interop finds on the Windows PATH),
// no environment values (a client that can pass variables through by name
// forwards UNITYMCP_HOME and UNITYMCP_ADDR from its own environment), and
// the daemon's default address, pinned by the project's product name (the
// same in every clone; not the hash of this clone's path).
func portable(s Server, goos, project string) Server {
	p := Server{Command: portableCommand(s.Command, goos), Args: slices.Clone(s.Args), Forward: []string{platform.HomeEnv, AddrEnv}}
	if s.URL != "" {
		p.URL, p.Token = "http://"+api.DefaultAddr+"/mcp", s.Token
		if name := ProjectName(project); name != "" {
			p.URL += "?project=" + url.QueryEscape(name)
		}
	}
	return p
}

// ProjectName is how a project file's HTTP entry pins its project: the
// product name in ProjectSettings/ProjectSettings.asset (committed, so the
// same in every clone), else the project folder's name; the daemon routes
// ?project=NAME to the connected editor of that name. "" for no project.
func ProjectName(project string) string {
	if project == "" {
		return ""
	}
	if b, err := os.ReadFile(filepath.Join(project, "ProjectSettings", "ProjectSettings.asset")); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(line), "productName:"); ok {
				if v = strings.Trim(strings.TrimSpace(v), `"'`); v != "" {
					return v
				}
			}
		}
	}
	return filepath.Base(filepath.Clean(project))
}

// portableCommand is the command a project file names for this binary.
func portableCommand(exe, goos string) string {
	if goos != "windows" && strings.EqualFold(path.Ext(strings.ReplaceAll(exe, `\`, "/")), ".exe") {
		return "unitymcp.exe" // the Windows binary, started from WSL
	}
	return "unitymcp"
}

// lookPath finds name on the PATH list pathList as a program of goos would
// ("" when it is not there).
func lookPath(name, pathList, goos string) string {
	sep, names := ":", []string{name}
	if goos == "windows" {
		sep = ";"
		if path.Ext(name) == "" {
			names = []string{name + ".exe", name}
		}
	}
	for _, dir := range strings.Split(pathList, sep) {
		if dir == "" {
			continue
		}
		for _, n := range names {
			p := filepath.Join(dir, n)
			if fi, err := os.Stat(p); err == nil && !fi.IsDir() && (goos == "windows" || fi.Mode().Perm()&0o111 != 0) {
				return p
			}
		}
	}
	return ""
}

// sameFile reports whether a and b are one file (after symbolic links).
func sameFile(a, b string) bool {
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}

// machineNotes says what this machine's set-up needs beside a project
// file, which names only what every machine has.
func (r ClientRequest) machineNotes(c Client, mode string) []string {
	var out []string
	s := r.Server
	if mode == "http" {
		if name := ProjectName(r.Env.Project); name != "" {
			out = append(out, fmt.Sprintf("the entry pins the project by its product name %q (ProjectSettings), the same in every clone, not by this clone's path: two editors of that name open at once make its calls ambiguous", name))
		}
		if u, err := url.Parse(s.URL); err == nil && u.Host != "" && u.Host != api.DefaultAddr {
			out = append(out, fmt.Sprintf("this machine's daemon listens on %s, but the entry names the default address %s (the teammates'): start your daemon there (unset %s), or use the user-scope entry (unitymcp install client %s)", u.Host, api.DefaultAddr, AddrEnv, c.Name))
		}
		return out
	}
	name := portableCommand(s.Command, r.Env.GOOS)
	switch found := lookPath(name, r.Env.Path, r.Env.GOOS); {
	case found == "" && s.Command != "":
		out = append(out, fmt.Sprintf("`%s` is not on this machine's PATH, and the entry names it so that every teammate starts their own: add %s to PATH (this binary is %s)", name, filepath.Dir(s.Command), s.Command))
	case found == "":
		out = append(out, fmt.Sprintf("`%s` is not on this machine's PATH, and the entry names it so that every teammate starts their own: add the folder that holds it to PATH", name))
	case s.Command != "" && !sameFile(found, s.Command):
		out = append(out, fmt.Sprintf("on this machine's PATH `%s` is %s, not this binary (%s): %s starts that one", name, found, s.Command, c.Title))
	}
	if len(s.Env) > 0 {
		how := "it starts `unitymcp stdio` with the variables of its own environment, so export them where you start " + c.Title
		if c.Name == "codex" {
			how = "Codex passes them through from its own environment (env_vars), so export them where you start Codex"
		}
		out = append(out, fmt.Sprintf("this machine's unitymcp uses %s, which the project file leaves out (it is yours, not the team's): %s — or use the user-scope entry instead (unitymcp install client %s), which carries them", envList(s.Env), how, c.Name))
	}
	return out
}

func envList(env map[string]string) string {
	var kv []string
	for _, k := range slices.Sorted(maps.Keys(env)) {
		kv = append(kv, k+"="+env[k])
	}
	return strings.Join(kv, " ")
}

// portableProblems checks a project file's entry (standard JSON, as
// Configured returns it) as a teammate's clone would meet it: what in it is
// one machine's (warn), and whether its command starts here (fail).
func portableProblems(c Client, entry string, e Env) (warn []string, fail string) {
	var m map[string]any
	if json.Unmarshal([]byte(entry), &m) != nil {
		return nil, ""
	}
	cmd := ""
	switch v := m["command"].(type) {
	case string:
		cmd = v
	case []any: // opencode: the command and its arguments in one list
		if len(v) > 0 {
			cmd, _ = v[0].(string)
		}
	}
	if cmd != "" && (filepath.IsAbs(cmd) || strings.ContainsAny(cmd, `/\`)) {
		warn = append(warn, "starts "+cmd+", a path of one machine (teammates install unitymcp elsewhere)")
	}
	for _, key := range []string{"env", "environment"} {
		env, _ := m[key].(map[string]any)
		for _, k := range slices.Sorted(maps.Keys(env)) {
			if k == platform.HomeEnv || k == AddrEnv {
				warn = append(warn, fmt.Sprintf("sets %s=%v, one user's setting", k, env[k]))
			}
		}
	}
	for _, key := range []string{"url", "serverUrl", "httpUrl"} {
		if u, _ := m[key].(string); strings.Contains(u, "/projects/") {
			warn = append(warn, "is pinned by "+u+", the hash of one machine's path to the project")
		}
	}
	if args, _ := m["args"].([]any); slices.Contains(args, any("--project")) {
		warn = append(warn, "names the project's path with --project, which differs on each machine")
	}
	if cmd != "" && !strings.ContainsAny(cmd, `/\`) && lookPath(cmd, e.Path, e.GOOS) == "" {
		fail = fmt.Sprintf("starts `%s`, which is not on PATH here: %s cannot start unitymcp in this clone", cmd, c.Title)
	}
	return warn, fail
}
