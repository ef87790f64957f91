package installer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
				if strings.Contains(string(b), "--project") {
					t.Errorf("a project file names the project's absolute path, which is not the teammates':\n%s", b)
				}
				if fi, _ := os.Stat(res.Path); fi.Mode().Perm() == 0o600 && mode == "" {
					t.Errorf("a token-free project file made owner-only")
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
	if out, _ := removeTOMLTable([]byte(doc), "mcp_servers", "unity"); string(out) != "[mcp_servers.other]\ncommand = \"x\"\n" {
		t.Errorf("remove left %q", out)
	}
}
