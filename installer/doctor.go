package installer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tailscale/hujson"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/client"
	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/platform"
	"github.com/unitymcp/unitymcp/service"
)

// Level is how a check came out.
type Level string

// Check levels.
const (
	LevelOK   Level = "OK"
	LevelWarn Level = "WARN"
	LevelFail Level = "FAIL"
)

// Check is one line of doctor's report.
type Check struct {
	Level Level  `json:"level"`
	What  string `json:"what"`
	Fix   string `json:"fix,omitempty"`
	Fixed bool   `json:"fixed,omitempty"`
}

// DoctorOptions configure Doctor.
type DoctorOptions struct {
	State   state.Dir
	Project string // optional Unity project folder
	Env     Env
	Exe     string
	Fix     bool // apply the safe fixes
	// WSL, when set, checks the WSL set-up (the Windows exe and daemon)
	// instead of this side's token, daemon and start at login; client
	// entries are checked but not rewritten (the printed fix is).
	WSL *WSLDoctor
}

// Doctor checks a set-up: daemon, token, editors and package versions, the
// package in the project's manifest, every configured client, start at
// login. With Fix it applies the safe fixes: token permissions, starting
// the daemon, rewriting client entries that point at the wrong place.
func Doctor(ctx context.Context, o DoctorOptions) []Check {
	var out []Check
	add := func(level Level, what, fix string) *Check {
		out = append(out, Check{Level: level, What: what, Fix: fix})
		return &out[len(out)-1]
	}
	var tok string
	if o.WSL != nil {
		out = append(out, o.WSL.checks(ctx)...)
	} else {
		tok = o.localChecks(ctx, add)
	}
	o.projectAndClientChecks(tok, add)
	if o.WSL != nil {
		return out
	}
	// Start at login.
	if st, err := service.Query(service.Config{Exe: o.Exe}); err == nil && st.Installed {
		add(LevelOK, "starts at login ("+st.Kind+": "+st.Path+")", "")
	} else {
		add(LevelWarn, "unitymcp does not start at login", "unitymcp service install")
	}
	return out
}

// localChecks checks this side's token and daemon; it returns the token.
func (o DoctorOptions) localChecks(ctx context.Context, add func(Level, string, string) *Check) string {
	tok, err := o.State.ReadToken()
	switch {
	case err != nil:
		c := add(LevelFail, "no token in "+o.State.TokenPath(), "unitymcp doctor --fix")
		if o.Fix {
			if tok, err = o.State.EnsureToken(); err == nil {
				c.Fixed, c.What = true, "created the token "+o.State.TokenPath()
			}
		}
	default:
		if perr := platform.CheckOwnerOnly(o.State.TokenPath()); perr != nil {
			c := add(LevelFail, "token readable by others: "+perr.Error(), "unitymcp doctor --fix")
			if o.Fix && platform.RestrictToOwner(o.State.TokenPath()) == nil {
				c.Fixed, c.What = true, "made the token owner-only ("+o.State.TokenPath()+")"
			}
		} else {
			add(LevelOK, "token present and owner-only ("+o.State.TokenPath()+")", "")
		}
	}
	// Daemon.
	c, err := client.Find(ctx, o.State)
	if err != nil {
		ch := add(LevelFail, "daemon: "+err.Error(), "unitymcp serve")
		if o.Fix {
			if c2, _, err2 := client.Ensure(ctx, o.State, o.Exe); err2 == nil {
				c, ch.Fixed, ch.What = c2, true, "started the daemon at "+c2.URL
			}
		}
	} else {
		add(LevelOK, "daemon running at "+c.URL, "")
	}
	if c != nil {
		var h struct {
			Version string           `json:"version"`
			Editors []api.EditorInfo `json:"editors"`
		}
		body, status, err := c.Do(ctx, "GET", "/health", nil)
		if err == nil && status != 200 {
			err = fmt.Errorf("HTTP %d", status)
		}
		if err == nil {
			err = json.Unmarshal(body, &h)
		}
		if err != nil {
			add(LevelFail, "daemon health: "+err.Error(), "look at the daemon log in "+o.State.LogsDir())
		} else {
			if h.Version != api.Version {
				add(LevelWarn, fmt.Sprintf("the daemon runs version %s, this binary is %s", h.Version, api.Version), "unitymcp stop && unitymcp serve")
			}
			if len(h.Editors) == 0 {
				fix := "unitymcp install unity --project DIR, then open DIR in Unity"
				if o.Project != "" {
					fix = "unitymcp install unity --project " + ShellQuote(o.Project) + ", then open the project in Unity"
				}
				add(LevelWarn, "no Unity editor is connected", fix)
			}
			for _, ed := range h.Editors {
				switch {
				case ed.Simulator:
					add(LevelOK, fmt.Sprintf("editor %s connected (simulator)", ed.ProjectPath), "")
				case ed.PackageVersion != h.Version:
					// The editor talks to the daemon: their versions must
					// match, whatever this binary's is.
					add(LevelWarn, fmt.Sprintf("editor %s has package %s, the daemon is %s", ed.ProjectPath, orUnknown(ed.PackageVersion), h.Version), "unitymcp install unity --project "+ShellQuote(ed.ProjectPath))
				default:
					add(LevelOK, fmt.Sprintf("editor %s connected (Unity %s, package %s)", ed.ProjectPath, ed.UnityVersion, ed.PackageVersion), "")
				}
			}
		}
	}
	return tok
}

// projectAndClientChecks checks the project's manifest and every configured
// client.
func (o DoctorOptions) projectAndClientChecks(tok string, add func(Level, string, string) *Check) {
	if o.Project != "" {
		if err := CheckUnityProject(o.Project); err != nil {
			add(LevelFail, err.Error(), "give --project the Unity project folder")
		} else if ref := InstalledRef(o.Project); ref == "" {
			add(LevelFail, "the unitymcp package is not in "+manifestPath(o.Project), "unitymcp install unity --project "+ShellQuote(o.Project))
		} else {
			add(LevelOK, "package in the manifest: "+ref, "")
		}
	}
	// Clients.
	addr := api.DefaultAddr
	if info, err := o.State.ReadDaemon(); err == nil {
		addr = info.Address
	}
	for _, cl := range Clients {
		for _, scope := range []string{"user", "project"} {
			req := ClientRequest{Client: cl.Name, Scope: scope, Env: o.Env, StateDir: o.State.Root}
			path, got, err := Configured(req)
			if errors.Is(err, errOutside) {
				add(LevelFail, fmt.Sprintf("%s (%s) config %v", cl.Title, scope, err),
					"remove the link (the client reads a file outside the project through it), then run: unitymcp doctor")
				continue
			}
			if perr := configParses(path, cl.Format); perr != nil {
				add(LevelFail, fmt.Sprintf("%s (%s) config %s does not parse: %v", cl.Title, scope, path, perr),
					"correct the file by hand (the client ignores it as it is), then run: unitymcp doctor")
				continue
			}
			if err != nil || got == "" {
				continue
			}
			var problems []string
			if scope == "project" {
				warn, fail := portableProblems(cl, got, o.Env)
				if fail != "" {
					add(LevelFail, fmt.Sprintf("%s (project, %s) %s", cl.Title, path, fail), "put the folder holding unitymcp on PATH (go install puts it in $(go env GOPATH)/bin)")
				}
				problems = append(problems, warn...)
			}
			// A project entry names the default address, the teammates'
			// (install says so when this machine's daemon is elsewhere).
			if scope == "user" && strings.Contains(got, "http://") && !strings.Contains(got, "http://"+addr+"/") {
				problems = append(problems, "points at another address than the daemon's "+addr)
			}
			if o.WSL != nil && !strings.Contains(got, "http://") && !strings.Contains(strings.ToLower(got), strings.ToLower(WindowsExe)) {
				problems = append(problems, "starts the Linux unitymcp, whose daemon no Unity on Windows reaches")
			}
			refersToEnv := cl.EnvRef != nil && strings.Contains(got, cl.EnvRef(TokenEnv))
			if refersToEnv {
				req.Mode = "http" // a fix keeps the form the user chose
			}
			switch {
			case scope == "project" && tok != "" && strings.Contains(got, tok):
				problems = append(problems, "holds the token in a project file (teams commit these)")
			case refersToEnv:
				// reads the token from the environment
			case strings.Contains(got, "Bearer ") && (tok == "" || !strings.Contains(got, "Bearer "+tok)):
				problems = append(problems, "holds an old token")
			}
			if len(problems) == 0 {
				add(LevelOK, fmt.Sprintf("%s (%s) is configured in %s", cl.Title, scope, path), "")
				continue
			}
			fix := "unitymcp install client " + cl.Name + " --scope " + scope
			if scope == "project" {
				fix += " --project " + ShellQuote(o.Env.Project)
			}
			ch := add(LevelWarn, fmt.Sprintf("%s (%s, %s) %s", cl.Title, scope, path, strings.Join(problems, " and ")), fix)
			if o.Fix && tok != "" && o.WSL == nil {
				// A fix repoints the entry and leaves its pinning alone: a
				// user-scope entry stays unpinned (--project only says
				// which project's files to check).
				se := o.Env
				if scope == "user" {
					se.Project = ""
				}
				if req.Server, err = NewServer(o.State, o.Exe, se); err == nil {
					if _, err := InstallClient(req); err == nil {
						ch.Fixed, ch.What = true, fmt.Sprintf("rewrote the unitymcp entry of %s (%s, %s)", cl.Title, scope, path)
					}
				}
			}
		}
	}
}

// PrintChecks writes the report; it returns whether anything failed (and
// was not fixed).
func PrintChecks(w io.Writer, checks []Check) bool {
	failed := false
	for _, c := range checks {
		level := string(c.Level)
		if c.Fixed {
			level = "FIXED"
		} else if c.Level == LevelFail {
			failed = true
		}
		fmt.Fprintf(w, "%-5s %s\n", level, c.What)
		if c.Fix != "" && !c.Fixed {
			fmt.Fprintf(w, "      fix: %s\n", c.Fix)
		}
	}
	return failed
}

// configParses says why the client config at path is not valid JSON(C)
// or TOML (nil when it is, or is missing).
func configParses(path, format string) error {
	if path == "" {
		return nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	if len(strings.TrimSpace(string(b))) == 0 {
		return nil
	}
	b, _ = bytes.CutPrefix(b, utf8BOM)
	if format == "toml" {
		_, _, err = tomlEntry(b, "", "")
		return err
	}
	if _, err = hujson.Parse(b); err != nil {
		if _, ok := commentsOnly(b); ok {
			return nil
		}
		return parseError(err)
	}
	return nil
}

func orUnknown(s string) string {
	if s == "" {
		return "(unknown)"
	}
	return s
}

// ShellQuote quotes s for a POSIX shell when it needs it, so a printed
// command runs as printed.
func ShellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t'\"$`\\!*?&;|<>()[]{}#~") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
