package installer

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/state"
)

// A project file is one a team commits: every client's project-scope entry,
// in every form it offers, holds no token; the HTTP form names the variable
// the client expands. Uninstalling empties the file unitymcp created, so it
// goes, with the folder made for it; backups never land in the project.
func TestProjectScopeHoldsNoSecret(t *testing.T) {
	for _, c := range Clients {
		if c.Path(Env{Project: "/p", Home: "/h"}, "project") == "" {
			continue
		}
		modes := []string{""}
		if c.HTTP && c.EnvRef != nil {
			modes = append(modes, "http")
		}
		for _, mode := range modes {
			t.Run(c.Name+"/"+map[string]string{"": "default", "http": "http"}[mode], func(t *testing.T) {
				t.Parallel()
				home := t.TempDir()
				proj := filepath.Join(home, "Game")
				os.MkdirAll(proj, 0o755)
				req := ClientRequest{Client: c.Name, Scope: "project", Mode: mode, StateDir: t.TempDir(),
					Env: Env{GOOS: "linux", Home: home, Project: proj}, Server: server()}
				res, err := InstallClient(req)
				if err != nil {
					t.Fatal(err)
				}
				b, _ := os.ReadFile(res.Path)
				name := "project.golden"
				if mode == "http" {
					name = "project-http.golden"
					if res.Mode != "http" || !strings.Contains(string(b), c.EnvRef(TokenEnv)) || len(res.Notes) == 0 || !strings.Contains(res.Notes[0], TokenEnv) {
						t.Errorf("HTTP form does not name $%s (%s, notes %q):\n%s", TokenEnv, res.Mode, res.Notes, b)
					}
				} else if res.Mode != "stdio" {
					t.Errorf("default project-scope form is %s, want stdio", res.Mode)
				}
				golden(t, c.Name+"/"+name, b)
				if strings.Contains(string(b), server().Token) {
					t.Errorf("%s holds the token:\n%s", res.Path, b)
				}
				// Nothing of this machine: not the project's path, not this
				// binary's, not the per-user state folder, not the hash of
				// this checkout's path.
				for _, mine := range []string{"--project", "/usr/local/bin", "/home/u", "0123456789abcdef", home} {
					if strings.Contains(string(b), mine) {
						t.Errorf("a project file holds %q, which is this machine's, not the teammates':\n%s", mine, b)
					}
				}
				if fi, _ := os.Stat(res.Path); fi.Mode().Perm() == 0o600 && mode == "" {
					t.Errorf("a token-free project file made owner-only")
				}
				if sub := filepath.Dir(res.Path); sub != proj {
					if fi, _ := os.Stat(sub); fi.Mode().Perm()&0o055 == 0 {
						t.Errorf("the folder %s made for a project file is owner-only (%v): teammates' tools read it", sub, fi.Mode().Perm())
					}
				}
				// A second install changes nothing; an uninstall removes what
				// unitymcp created and backs it up in the state directory.
				if again, err := InstallClient(req); err != nil || again.Changed {
					t.Errorf("second install: %+v %v", again, err)
				}
				un, err := UninstallClient(req)
				if err != nil || !un.Changed || !un.Removed || !strings.HasPrefix(un.Backup, req.StateDir) {
					t.Fatalf("uninstall: %+v %v", un, err)
				}
				if _, err := os.Stat(res.Path); !os.IsNotExist(err) {
					t.Errorf("%s is still there", res.Path)
				}
				if sub := filepath.Dir(res.Path); sub != proj {
					if _, err := os.Stat(sub); !os.IsNotExist(err) {
						t.Errorf("the folder %s unitymcp made is still there", sub)
					}
				}
				if entries, _ := os.ReadDir(proj); len(entries) != 0 {
					t.Errorf("the project keeps %v", entries)
				}
			})
		}
	}
}

// A project-scope install says what this machine needs that the project
// file leaves out: unitymcp on PATH (and which one is there), its own
// state folder or address; and with everything at the defaults, nothing.
func TestProjectScopeNotes(t *testing.T) {
	home := t.TempDir()
	bin := filepath.Join(home, "bin")
	os.MkdirAll(bin, 0o755)
	exe := filepath.Join(bin, "unitymcp")
	os.WriteFile(exe, []byte("#!/bin/sh\n"), 0o755)
	other := filepath.Join(home, "other")
	os.MkdirAll(other, 0o755)
	os.WriteFile(filepath.Join(other, "unitymcp"), []byte("#!/bin/sh\n"), 0o755)
	notes := func(path string, env map[string]string, url string) string {
		s := Server{Command: exe, Args: []string{"stdio"}, Env: env, URL: url, Token: "tok"}
		mode := ""
		if url != "" {
			mode = "http"
		}
		res, err := ClientRequest{Client: "claude-code", Scope: "project", Mode: mode, Server: s,
			Env: Env{GOOS: "linux", Home: home, Project: filepath.Join(home, "Game"), Path: path}}.Snippet()
		if err != nil {
			t.Fatal(err)
		}
		return strings.Join(res.Notes, "\n")
	}
	for _, tc := range []struct {
		name, path string
		env        map[string]string
		url        string
		want, not  []string
	}{
		{"on PATH", "/nowhere:" + bin, nil, "", nil, []string{"PATH", "UNITYMCP_HOME"}},
		{"not on PATH", "/nowhere", nil, "", []string{"`unitymcp` is not on this machine's PATH", "add " + bin + " to PATH"}, nil},
		{"another unitymcp first", other + ":" + bin, nil, "", []string{"is " + filepath.Join(other, "unitymcp") + ", not this binary"}, nil},
		{"own state folder", bin, map[string]string{"UNITYMCP_HOME": "/srv/state"}, "", []string{"uses UNITYMCP_HOME=/srv/state, which the project file leaves out", "unitymcp install client claude-code"}, nil},
		{"http, default address", bin, nil, "http://127.0.0.1:27182/projects/0123456789abcdef/mcp", []string{`pins the project by its product name "Game"`}, []string{"listens on"}},
		{"http, own address", bin, nil, "http://127.0.0.1:27999/mcp", []string{"listens on 127.0.0.1:27999", "default address 127.0.0.1:27182"}, nil},
	} {
		got := notes(tc.path, tc.env, tc.url)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: notes lack %q:\n%s", tc.name, w, got)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(got, n) {
				t.Errorf("%s: notes mention %q:\n%s", tc.name, n, got)
			}
		}
	}
}

// A file the user had stays after the uninstall, even when nothing else
// is in it; one the client filled with its own settings stays too.
func TestUninstallKeepsFilesItDidNotCreate(t *testing.T) {
	home := t.TempDir()
	proj := filepath.Join(home, "Game")
	req := ClientRequest{Client: "claude-code", Scope: "project", StateDir: t.TempDir(),
		Env: Env{GOOS: "linux", Home: home, Project: proj}, Server: server()}
	p := filepath.Join(proj, ".mcp.json")
	os.MkdirAll(proj, 0o755)
	os.WriteFile(p, []byte("{\n  \"mcpServers\": {}\n}\n"), 0o644)
	if _, err := InstallClient(req); err != nil {
		t.Fatal(err)
	}
	if res, err := UninstallClient(req); err != nil || res.Removed {
		t.Errorf("uninstall removed the user's file: %+v %v", res, err)
	}
	if _, err := os.Stat(p); err != nil {
		t.Errorf("the user's file is gone: %v", err)
	}
	// Created by unitymcp, then the client added its own settings.
	user := req
	user.Scope = ""
	res, _ := InstallClient(user)
	b, _ := os.ReadFile(res.Path)
	os.WriteFile(res.Path, []byte(strings.Replace(string(b), "{", "{\n  \"firstStartTime\": \"2026-01-01\",", 1)), 0o600)
	if un, err := UninstallClient(user); err != nil || un.Removed || !un.Changed {
		t.Errorf("uninstall of a file the client filled: %+v %v", un, err)
	}
	if b, _ := os.ReadFile(res.Path); !strings.Contains(string(b), "firstStartTime") {
		t.Errorf("the client's settings are gone: %s", b)
	}
}

func TestEmptyConfig(t *testing.T) {
	c, _ := FindClient("vscode")
	for doc, want := range map[string]bool{
		"{}": true, "{\n  \"servers\": {}\n}\n": true, `{"servers": {"x": {}}}`: false,
		`{"servers": {}, "inputs": []}`: false, "// mine\n{}": false, `{"other": {}}`: false, `[]`: false,
		"{ /* kept */ \"servers\": {} }": false,
	} {
		if got := emptyConfig(c, []byte(doc)); got != want {
			t.Errorf("emptyConfig(%q) = %v, want %v", doc, got, want)
		}
	}
	// opencode adds its "$schema" to a file it reads; that alone is empty.
	oc, _ := FindClient("opencode")
	for doc, want := range map[string]bool{
		`{"$schema": "https://opencode.ai/config.json", "mcp": {}}`: true, `{"$schema": "https://example.com/other", "mcp": {}}`: false,
	} {
		if got := emptyConfig(oc, []byte(doc)); got != want {
			t.Errorf("emptyConfig(%q) = %v, want %v", doc, got, want)
		}
	}
}

// Clients that start `unitymcp stdio` with a short fixed environment
// (Codex, SDK-based clients) must be told where the state directory is
// whenever a bare HOME does not lead there.
func TestStdioEnv(t *testing.T) {
	home := "/home/u"
	def := filepath.Join(home, ".local", "share", "UnityMCP")
	for _, tc := range []struct {
		name, state string
		env         Env
		want        map[string]string
	}{
		{"default", def, Env{Home: home}, nil},
		{"UNITYMCP_HOME elsewhere", "/srv/umcp", Env{Home: home}, map[string]string{"UNITYMCP_HOME": "/srv/umcp"}},
		{"the default spelt differently", def + "/", Env{Home: home}, nil},
		{"moved address", def, Env{Home: home, Addr: "127.0.0.1:27999"}, map[string]string{"UNITYMCP_ADDR": "127.0.0.1:27999"}},
		{"default address", def, Env{Home: home, Addr: "127.0.0.1:27182"}, nil},
	} {
		got := StdioEnv(tc.state, tc.env)
		if jsonString(got) != jsonString(tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}

// Replacing Codex's entry also replaces the sub-tables that `codex mcp add
// --env` writes, so no key is defined twice.
func TestTOMLSubtables(t *testing.T) {
	doc := "[mcp_servers.unity]\ncommand = \"old\"\n\n[mcp_servers.unity.env]\nA = \"1\"\n\n[mcp_servers.other]\ncommand = \"x\"\n"
	out, changed, err := setTOMLTable([]byte(doc), "mcp_servers", "unity", obj{{"command", "new"}, {"env", map[string]string{"B": "2"}}})
	want := "[mcp_servers.unity]\ncommand = \"new\"\nenv = { \"B\" = \"2\" }\n\n[mcp_servers.other]\ncommand = \"x\"\n"
	if err != nil || !changed || string(out) != want {
		t.Errorf("got %q (%v), want %q", out, err, want)
	}
	if out, _, _ := removeTOMLTable([]byte(doc), "mcp_servers", "unity"); string(out) != "[mcp_servers.other]\ncommand = \"x\"\n" {
		t.Errorf("remove left %q", out)
	}
}

// Doctor in a teammate's clone: a project entry that names one machine's
// binary, state folder or path hash is a warning whose fix rewrites it
// portable; one whose `unitymcp` is not on this machine's PATH is a FAIL;
// the portable entry with unitymcp on PATH is OK. --fix rewrites the
// committed file into the portable form.
func TestDoctorChecksAClone(t *testing.T) {
	home := t.TempDir()
	proj := filepath.Join(home, "Game")
	for _, d := range []string{"Assets", "ProjectSettings"} {
		os.MkdirAll(filepath.Join(proj, d), 0o755)
	}
	bin := filepath.Join(home, "bin")
	os.MkdirAll(bin, 0o755)
	os.WriteFile(filepath.Join(bin, "unitymcp"), []byte("#!/bin/sh\n"), 0o755)
	mcp := filepath.Join(proj, ".mcp.json")
	doctor := func(path string, fix bool) string {
		env := Env{GOOS: "linux", Home: home, Project: proj, Path: path}
		cs := Doctor(context.Background(), DoctorOptions{State: state.Dir{Root: t.TempDir()}, Project: proj, Env: env, Exe: filepath.Join(bin, "unitymcp"), Fix: fix})
		var b strings.Builder
		PrintChecks(&b, cs)
		return b.String()
	}
	machine := `{"mcpServers": {"unity": {"type": "stdio", "command": "/home/someone/go/bin/unitymcp", "args": ["stdio"], "env": {"UNITYMCP_HOME": "/home/someone/state"}}}}`
	os.WriteFile(mcp, []byte(machine), 0o644)
	got := doctor(bin, false)
	for _, want := range []string{"starts /home/someone/go/bin/unitymcp, a path of one machine", "sets UNITYMCP_HOME=/home/someone/state",
		"fix: unitymcp install client claude-code --scope project --project " + proj} {
		if !strings.Contains(got, want) {
			t.Errorf("one machine's entry: the report lacks %q:\n%s", want, got)
		}
	}
	os.WriteFile(mcp, []byte(`{"mcpServers": {"unity": {"type": "http", "url": "http://127.0.0.1:27182/projects/0123456789abcdef/mcp", "headers": {"Authorization": "Bearer ${UNITYMCP_TOKEN}"}}}}`), 0o644)
	if got := doctor(bin, false); !strings.Contains(got, "the hash of one machine's path") {
		t.Errorf("hash-pinned entry not reported:\n%s", got)
	}
	portableEntry := `{"mcpServers": {"unity": {"type": "stdio", "command": "unitymcp", "args": ["stdio"]}}}`
	os.WriteFile(mcp, []byte(portableEntry), 0o644)
	if got := doctor(bin, false); !strings.Contains(got, "OK    Claude Code (project) is configured") {
		t.Errorf("the portable entry with unitymcp on PATH is not OK:\n%s", got)
	}
	if got := doctor("/nowhere", false); !strings.Contains(got, "FAIL  Claude Code (project, "+mcp+") starts `unitymcp`, which is not on PATH here") {
		t.Errorf("unitymcp missing from PATH is not a FAIL:\n%s", got)
	}
	// --fix rewrites one machine's entry into the portable one.
	os.WriteFile(mcp, []byte(machine), 0o644)
	if got := doctor(bin, true); !strings.Contains(got, "FIXED rewrote the unitymcp entry of Claude Code (project") {
		t.Errorf("--fix did not rewrite the entry:\n%s", got)
	}
	if b, _ := os.ReadFile(mcp); strings.Contains(string(b), "/home/someone") || !strings.Contains(string(getMember(b, []string{"mcpServers"}, "unity")), `"command":"unitymcp"`) {
		t.Errorf("after --fix:\n%s", b)
	}
}

// A project file's HTTP entry pins the project by its product name, which
// ProjectSettings (committed) holds, else by its folder's name.
func TestProjectName(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "game-checkout")
	os.MkdirAll(filepath.Join(dir, "ProjectSettings"), 0o755)
	if got := ProjectName(dir); got != "game-checkout" {
		t.Errorf("no ProjectSettings.asset: %q, want the folder's name", got)
	}
	os.WriteFile(filepath.Join(dir, "ProjectSettings", "ProjectSettings.asset"), []byte("%YAML 1.1\nPlayerSettings:\n  companyName: Acme\n  productName: Space Game\n"), 0o644)
	if got := ProjectName(dir); got != "Space Game" {
		t.Errorf("productName: %q, want Space Game", got)
	}
	res, err := ClientRequest{Client: "cursor", Scope: "project", Mode: "http", Env: Env{GOOS: "linux", Home: t.TempDir(), Project: dir},
		Server: Server{URL: "http://127.0.0.1:27999/projects/0123456789abcdef/mcp", Token: "t", Command: "/x/unitymcp"}}.Snippet()
	if err != nil || !strings.Contains(res.Snippet, `"http://127.0.0.1:27182/mcp?project=Space+Game"`) {
		t.Errorf("the entry: %v\n%s", err, res.Snippet)
	}
}
