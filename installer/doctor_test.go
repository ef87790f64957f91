package installer

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/service"
)

// collect is an add for the doctor's checks that keeps them in a slice.
func collect() (func(Level, string, string) *Check, *[]Check) {
	var cs []Check
	return func(level Level, what, fix string) *Check {
		cs = append(cs, Check{Level: level, What: what, Fix: fix})
		return &cs[len(cs)-1]
	}, &cs
}

// A config file the client cannot read is reported; a missing or empty
// one, or one that parses, is not.
func TestConfigParses(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := func(name, content string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(content), 0o644)
		return p
	}
	for _, tc := range []struct {
		name, path, format string
		broken             bool
	}{
		{"no path", "", "json", false},
		{"missing", filepath.Join(dir, "none.json"), "json", false},
		{"empty", file("empty.json", ""), "json", false},
		{"blank", file("blank.json", " \n\t\n"), "json", false},
		{"valid json", file("ok.json", `{"mcpServers": {}}`), "json", false},
		{"jsonc", file("ok.jsonc", "// mine\n{\"servers\": {},}\n"), "jsonc", false},
		{"broken json", file("broken.json", `{"mcpServers": {`), "json", true},
		{"valid toml", file("ok.toml", "[mcp_servers.unity]\ncommand = \"x\"\n"), "toml", false},
		{"broken toml", file("broken.toml", "[mcp_servers.unity\n"), "toml", true},
	} {
		if err := configParses(tc.path, tc.format); (err != nil) != tc.broken {
			t.Errorf("%s: configParses = %v, want broken=%v", tc.name, err, tc.broken)
		}
	}
}

// The report: one line per check, FIXED for what --fix repaired, the fix
// under what is left; it failed when a FAIL is left unfixed.
func TestPrintChecks(t *testing.T) {
	t.Parallel()
	ok := Check{Level: LevelOK, What: "token present"}
	warn := Check{Level: LevelWarn, What: "no editor", Fix: "open Unity"}
	fail := Check{Level: LevelFail, What: "no token", Fix: "unitymcp doctor --fix"}
	fixed := Check{Level: LevelFail, What: "created the token", Fix: "unitymcp doctor --fix", Fixed: true}
	for _, tc := range []struct {
		name   string
		checks []Check
		failed bool
		want   string
	}{
		{"all OK", []Check{ok}, false, "OK    token present\n"},
		{"a warning", []Check{ok, warn}, false, "OK    token present\nWARN  no editor\n      fix: open Unity\n"},
		{"a failure", []Check{fail, ok}, true, "FAIL  no token\n      fix: unitymcp doctor --fix\nOK    token present\n"},
		{"a fixed failure", []Check{fixed, warn}, false, "FIXED created the token\nWARN  no editor\n      fix: open Unity\n"},
	} {
		var b strings.Builder
		if failed := PrintChecks(&b, tc.checks); failed != tc.failed || b.String() != tc.want {
			t.Errorf("%s: failed=%v, report\n%s\nwant failed=%v, report\n%s", tc.name, failed, b.String(), tc.failed, tc.want)
		}
	}
}

// The project checks: with --project, whether it is a Unity project and
// holds the package; without it, none.
func TestDoctorProjectChecks(t *testing.T) {
	t.Parallel()
	proj := unityProject(t, "")
	if _, err := InstallUnity(proj, GitURL, t.TempDir()); err != nil {
		t.Fatal(err)
	}
	bare := unityProject(t, "")
	notUnity := t.TempDir()
	for _, tc := range []struct {
		name, project string
		want          []string // level and what of every check
	}{
		{"no project", "", nil},
		{"package installed", proj, []string{"OK package in the manifest: " + GitURL}},
		{"no package", bare, []string{"FAIL the unitymcp package is not in " + manifestPath(bare)}},
		{"not a project", notUnity, []string{"FAIL " + notUnity + " is not a Unity project"}},
	} {
		add, cs := collect()
		o := DoctorOptions{State: state.Dir{Root: t.TempDir()}, Project: tc.project, Env: Env{GOOS: "linux", Home: t.TempDir()}}
		o.projectAndClientChecks("", add)
		ok := len(*cs) == len(tc.want)
		for i := 0; ok && i < len(tc.want); i++ {
			ok = strings.HasPrefix(string((*cs)[i].Level)+" "+(*cs)[i].What, tc.want[i])
		}
		if !ok {
			t.Errorf("%s: checks %+v, want %q", tc.name, *cs, tc.want)
		}
	}
}

// A user-scope HTTP entry must point at the daemon's address (daemon.json,
// here not the default); one that reads the token from the environment
// holds no old token; --fix repoints a wrong entry, unpinned at user scope
// even when --project names a project.
func TestDoctorChecksUserEntries(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	proj := unityProject(t, "")
	st := state.Dir{Root: t.TempDir()}
	tok, err := st.EnsureToken()
	if err != nil {
		t.Fatal(err)
	}
	if err := st.WriteDaemon(state.Daemon{Address: "127.0.0.1:27999", URL: "http://127.0.0.1:27999"}); err != nil {
		t.Fatal(err)
	}
	env := Env{GOOS: "linux", Home: home, Project: proj}
	install := func(client, url string) string {
		res, err := InstallClient(ClientRequest{Client: client, Env: env, StateDir: st.Root, Server: Server{URL: url, Token: tok, Command: "unitymcp", Args: []string{"stdio"}}})
		if err != nil {
			t.Fatal(err)
		}
		return res.Path
	}
	cursor := install("cursor", "http://127.0.0.1:27999/mcp")
	claude := install("claude-code", "http://127.0.0.1:27182/mcp")
	gemini := filepath.Join(home, ".gemini", "settings.json")
	os.MkdirAll(filepath.Dir(gemini), 0o755)
	os.WriteFile(gemini, []byte(`{"mcpServers": {"unity": {"httpUrl": "http://127.0.0.1:27999/mcp", "headers": {"Authorization": "Bearer $UNITYMCP_TOKEN"}}}}`), 0o644)
	for _, fix := range []bool{false, true} {
		add, cs := collect()
		DoctorOptions{State: st, Env: env, Exe: "/usr/local/bin/unitymcp", Fix: fix}.projectAndClientChecks(tok, add)
		var got []string
		for _, c := range *cs {
			got = append(got, string(c.Level)+" "+c.What+map[bool]string{true: " (fixed)"}[c.Fixed])
		}
		want := []string{
			"OK Cursor (user) is configured in " + cursor,
			"WARN Claude Code (user, " + claude + ") points at another address than the daemon's 127.0.0.1:27999",
			"OK Gemini CLI (user) is configured in " + gemini,
		}
		if fix {
			want[1] = "WARN rewrote the unitymcp entry of Claude Code (user, " + claude + ") (fixed)"
		}
		for _, w := range want {
			if !strings.Contains(strings.Join(got, "\n"), w) {
				t.Errorf("fix=%v: the checks lack %q:\n%s", fix, w, strings.Join(got, "\n"))
			}
		}
		if len(got) != len(want) {
			t.Errorf("fix=%v: %d checks, want %d:\n%s", fix, len(got), len(want), strings.Join(got, "\n"))
		}
	}
	b, _ := os.ReadFile(claude)
	if url := string(getMember(b, []string{"mcpServers", ServerName}, "url")); url != `"http://127.0.0.1:27999/mcp"` {
		t.Errorf("--fix wrote the url %s, want the daemon's unpinned http://127.0.0.1:27999/mcp", url)
	}
}

// --fix makes the missing token and says so.
func TestDoctorFixCreatesTheToken(t *testing.T) {
	t.Parallel()
	for _, fix := range []bool{false, true} {
		st := state.Dir{Root: t.TempDir()}
		add, cs := collect()
		o := DoctorOptions{State: st, Exe: filepath.Join(t.TempDir(), "no-unitymcp"), Fix: fix}
		tok := o.localChecks(context.Background(), add)
		first := (*cs)[0]
		if !fix {
			if first.Level != LevelFail || first.Fixed || first.What != "no token in "+st.TokenPath() || tok != "" {
				t.Errorf("without --fix: %+v, token %q", first, tok)
			}
			continue
		}
		onDisk, err := st.ReadToken()
		if !first.Fixed || first.What != "created the token "+st.TokenPath() || err != nil || tok == "" || tok != onDisk {
			t.Errorf("with --fix: %+v, token %q, on disk %q %v", first, tok, onDisk, err)
		}
	}
}

// The last check says whether unitymcp starts at login.
func TestDoctorStartAtLogin(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the Windows entry is a registry value of the user")
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", "")
	exe := filepath.Join(t.TempDir(), "unitymcp")
	last := func() Check {
		cs := Doctor(context.Background(), DoctorOptions{State: state.Dir{Root: t.TempDir()}, Env: Env{GOOS: runtime.GOOS, Home: home}, Exe: exe})
		return cs[len(cs)-1]
	}
	if c := last(); c.Level != LevelWarn || c.What != "unitymcp does not start at login" || c.Fix != "unitymcp service install" {
		t.Errorf("nothing installed: %+v", c)
	}
	// Where the service backends look (systemd user unit, XDG autostart
	// entry, launch agent) for the home folder.
	for _, p := range []string{filepath.Join(home, ".config", "systemd", "user", service.Name+".service"),
		filepath.Join(home, ".config", "autostart", service.Name+".desktop"),
		filepath.Join(home, "Library", "LaunchAgents", service.LaunchAgentLabel+".plist")} {
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("[Desktop Entry]\n"), 0o644)
	}
	st, err := service.Query(service.Config{Exe: exe})
	if err != nil || !st.Installed {
		t.Fatalf("service.Query: %+v %v", st, err)
	}
	if c := last(); c.Level != LevelOK || c.What != "starts at login ("+st.Kind+": "+st.Path+")" {
		t.Errorf("installed: %+v", c)
	}
}
