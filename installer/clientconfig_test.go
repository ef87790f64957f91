package installer

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tailscale/hujson"
)

var update = os.Getenv("UPDATE_GOLDEN") == "1"

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	p := filepath.Join("testdata", "clients", name)
	if update {
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, got, 0o644)
		return
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("no golden file %s (UPDATE_GOLDEN=1 go test ./installer): %v", p, err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from its golden file:\n--- got ---\n%s\n--- want ---\n%s", p, got, want)
	}
}

// existing builds a config that already holds an unrelated server and
// other settings (with comments where the format has them).
func existing(c Client) string {
	switch c.Format {
	case "toml":
		return "# my codex settings\nmodel = \"o4\"\n\n[mcp_servers.other]\ncommand = \"other-server\" # keep\nargs = []\n\n[profiles.fast]\nmodel = \"mini\"\n"
	case "jsonc":
		inner := "{\n    // a server I use\n    \"other\": { \"command\": \"other-server\" }, // keep me\n  }"
		for i := len(c.Key) - 1; i > 0; i-- {
			inner = "{ \"" + c.Key[i] + "\": " + inner + " }"
		}
		return "// user settings\n{\n  \"theme\": \"dark\", /* trailing comment */\n  \"" + c.Key[0] + "\": " + inner + ",\n}\n"
	}
	return "{\n  \"theme\": \"dark\",\n  \"" + c.Key[0] + "\": {\n    \"other\": {\n      \"command\": \"other-server\"\n    }\n  },\n  \"numbers\": [1, 2, 3]\n}\n"
}

func server() Server {
	return Server{URL: "http://127.0.0.1:27182/projects/0123456789abcdef/mcp", Token: "tok123",
		Command: "/usr/local/bin/unitymcp", Args: []string{"stdio"}, Project: "/home/u/Game",
		Env: map[string]string{"UNITYMCP_HOME": "/home/u/unitymcp-state"}}
}

// Every client writer: a fresh file, a merge that keeps comments and
// unrelated entries, a second run that changes nothing, an uninstall.
func TestClientWriters(t *testing.T) {
	for _, c := range Clients {
		t.Run(c.Name, func(t *testing.T) {
			home := t.TempDir()
			env := Env{GOOS: "linux", Home: home, Project: filepath.Join(home, "Game")}
			stateDir := t.TempDir()
			req := ClientRequest{Client: c.Name, Env: env, Server: server(), StateDir: stateDir}
			// fresh
			res, err := InstallClient(req)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Changed || res.Backup != "" || !strings.HasPrefix(res.Path, home) {
				t.Errorf("fresh install: %+v", res)
			}
			fresh, _ := os.ReadFile(res.Path)
			golden(t, c.Name+"/fresh.golden", fresh)
			if res.Mode == "http" {
				if fi, _ := os.Stat(res.Path); fi.Mode().Perm() != 0o600 {
					t.Errorf("a config holding the token has mode %v", fi.Mode().Perm())
				}
			}
			// merge into an existing config
			os.WriteFile(res.Path, []byte(existing(c)), 0o644)
			res, err = InstallClient(req)
			if err != nil {
				t.Fatal(err)
			}
			merged, _ := os.ReadFile(res.Path)
			golden(t, c.Name+"/merged.golden", merged)
			if bak, _ := os.ReadFile(res.Backup); string(bak) != existing(c) || !strings.HasPrefix(res.Backup, filepath.Join(stateDir, "backups")) {
				t.Errorf("backup %s does not hold the original", res.Backup)
			}
			for _, keep := range []string{"other-server", "dark"} {
				if c.Format == "toml" {
					keep = map[string]string{"other-server": "other-server", "dark": "[profiles.fast]"}[keep]
				}
				if !strings.Contains(string(merged), keep) {
					t.Errorf("merge lost %q", keep)
				}
			}
			if c.Format != "json" && !strings.Contains(string(merged), "keep") {
				t.Errorf("merge lost a comment")
			}
			if c.Format != "toml" {
				if _, err := hujson.Standardize(append([]byte(nil), merged...)); err != nil {
					t.Errorf("merged file does not parse: %v", err)
				}
			}
			if c.Format == "json" {
				var v any
				if err := json.Unmarshal(merged, &v); err != nil {
					t.Errorf("merged JSON file is not strict JSON: %v", err)
				}
			}
			// idempotent
			res, err = InstallClient(req)
			if err != nil || res.Changed {
				t.Errorf("second install changed the file: %+v %v", res, err)
			}
			if _, got, _ := Configured(req); got == "" || !strings.Contains(got, "unitymcp") && !strings.Contains(got, "127.0.0.1") {
				t.Errorf("Configured: %q", got)
			}
			// uninstall: the unrelated server stays, ours goes
			res, err = UninstallClient(req)
			if err != nil || !res.Changed {
				t.Fatalf("uninstall: %+v %v", res, err)
			}
			after, _ := os.ReadFile(res.Path)
			golden(t, c.Name+"/uninstalled.golden", after)
			if string(after) != existing(c) {
				t.Errorf("install then uninstall did not give the file back byte for byte:\n%s\n--- was ---\n%s", after, existing(c))
			}
			if strings.Contains(string(after), "tok123") || strings.Contains(string(after), "/usr/local/bin/unitymcp") || !strings.Contains(string(after), "other-server") {
				t.Errorf("uninstall left:\n%s", after)
			}
			if res, _ := UninstallClient(req); res.Changed {
				t.Error("second uninstall changed the file")
			}
		})
	}
}

func TestClientScopesAndErrors(t *testing.T) {
	env := Env{GOOS: "darwin", Home: "/Users/u", Project: "/Users/u/Game"}
	cases := map[string]string{
		"claude-code/user":    "/Users/u/.claude.json",
		"claude-code/project": "/Users/u/Game/.mcp.json",
		"claude-desktop/user": "/Users/u/Library/Application Support/Claude/claude_desktop_config.json",
		"vscode/project":      "/Users/u/Game/.vscode/mcp.json",
		"vscode/user":         "/Users/u/Library/Application Support/Code/User/mcp.json",
		"cursor/project":      "/Users/u/Game/.cursor/mcp.json",
		"codex/user":          "/Users/u/.codex/config.toml",
		"codex/project":       "/Users/u/Game/.codex/config.toml",
		"copilot-cli/project": "/Users/u/Game/.github/mcp.json",
		"zed/user":            "/Users/u/.config/zed/settings.json",
		"opencode/project":    "/Users/u/Game/opencode.json",
		"kiro/project":        "/Users/u/Game/.kiro/settings/mcp.json",
	}
	for k, want := range cases {
		name, scope, _ := strings.Cut(k, "/")
		_, got, err := ClientRequest{Client: name, Scope: scope, Env: env}.resolve()
		if err != nil || got != want {
			t.Errorf("%s: %q %v, want %q", k, got, err, want)
		}
	}
	win := Env{GOOS: "windows", Home: `C:\Users\u`, AppData: `C:\Users\u\AppData\Roaming`}
	if _, got, _ := (ClientRequest{Client: "claude-desktop", Env: win}).resolve(); !strings.Contains(got, "Claude") || !strings.HasPrefix(got, `C:\Users\u\AppData\Roaming`) {
		t.Errorf("windows claude-desktop: %q", got)
	}
	for _, bad := range []ClientRequest{
		{Client: "notepad", Env: env},
		{Client: "claude-desktop", Scope: "project", Env: env},
		{Client: "cursor", Scope: "global", Env: env},
		{Client: "cursor", Scope: "project", Env: Env{Home: "/h"}},
	} {
		if _, _, err := bad.resolve(); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
	// A broken config is refused with a clear error and left as it was.
	home := t.TempDir()
	p := filepath.Join(home, ".cursor", "mcp.json")
	os.MkdirAll(filepath.Dir(p), 0o755)
	os.WriteFile(p, []byte(`{"mcpServers": {`), 0o644)
	_, err := InstallClient(ClientRequest{Client: "cursor", Env: Env{GOOS: "linux", Home: home}, Server: server(), StateDir: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "not valid JSON") {
		t.Errorf("broken file: %v", err)
	}
	if b, _ := os.ReadFile(p); string(b) != `{"mcpServers": {` {
		t.Errorf("broken file was changed")
	}
}

// Codex re-serialises its config.toml after `codex mcp add`: an inline
// table becomes a sub-table, keys are quoted or re-ordered. An entry that
// means the same is the right entry: install leaves the file alone (no
// write, no backup); a changed token rewrites it, sub-table included, into
// a file that still parses.
func TestCodexRewrittenEntryIsKept(t *testing.T) {
	home := t.TempDir()
	state := t.TempDir()
	req := ClientRequest{Client: "codex", Env: Env{GOOS: "linux", Home: home}, Server: server(), StateDir: state}
	res, err := InstallClient(req)
	if err != nil || res.Mode != "http" {
		t.Fatalf("install: %+v %v", res, err)
	}
	rewritten := "# written by codex\nmodel = \"o4\"\n\n[mcp_servers.unity]\n\"url\" = \"http://127.0.0.1:27182/projects/0123456789abcdef/mcp\"\n\n" +
		"[mcp_servers.unity.http_headers]\nAuthorization = \"Bearer tok123\"\n\n[mcp_servers.other]\ncommand = \"x\"\n"
	os.WriteFile(res.Path, []byte(rewritten), 0o600)
	again, err := InstallClient(req)
	if err != nil || again.Changed || again.Backup != "" {
		t.Errorf("install over Codex's own layout of the same entry: %+v %v", again, err)
	}
	if b, _ := os.ReadFile(res.Path); string(b) != rewritten {
		t.Errorf("the file was rewritten:\n%s", b)
	}
	if entries, _ := os.ReadDir(filepath.Join(state, "backups")); len(entries) != 0 {
		t.Errorf("backups made: %v", entries)
	}
	// A new token: the entry is replaced whole, the sub-table with it.
	req.Server.Token = "tok456"
	changed, err := InstallClient(req)
	if err != nil || !changed.Changed {
		t.Fatalf("install with a new token: %+v %v", changed, err)
	}
	b, _ := os.ReadFile(res.Path)
	got, ok, perr := tomlEntry(b, "mcp_servers", "unity")
	if perr != nil || !ok || !strings.Contains(jsonString(got), "Bearer tok456") || strings.Contains(string(b), "tok123") {
		t.Errorf("after the new token (%v):\n%s", perr, b)
	}
	if !strings.Contains(string(b), "# written by codex") || !strings.Contains(string(b), "[mcp_servers.other]") {
		t.Errorf("the rest of the file was not kept:\n%s", b)
	}
	// An entry in a layout unitymcp cannot replace is refused, the file untouched.
	inline := "mcp_servers.unity = { url = \"http://elsewhere/mcp\" }\n"
	os.WriteFile(res.Path, []byte(inline), 0o600)
	if _, err := InstallClient(req); err == nil || !errors.Is(err, errTOMLLayout) {
		t.Errorf("inline entry: %v", err)
	}
	if b, _ := os.ReadFile(res.Path); string(b) != inline {
		t.Errorf("the inline entry's file changed:\n%s", b)
	}
}

// A one-line file (Claude Code writes ~/.claude.json so when it starts
// with few settings) stays one line when the entry is added, and an
// uninstall that empties an object leaves {} on the line, not a brace on a
// line of its own.
func TestOneLineConfig(t *testing.T) {
	doc := []byte(`{"numStartups": 3, "projects": {}}`)
	entry := obj{{"command", "unitymcp"}, {"args", []string{"stdio"}}}
	out, changed, err := setMember(doc, []string{"mcpServers"}, ServerName, entry)
	if err != nil || !changed {
		t.Fatal(err)
	}
	want := `{"numStartups": 3, "projects": {}, "mcpServers": {"unity":{"command":"unitymcp","args":["stdio"]}}}`
	if string(out) != want {
		t.Errorf("got  %s\nwant %s", out, want)
	}
	back, _, _ := removeMember(out, []string{"mcpServers"}, ServerName)
	if string(back) != `{"numStartups": 3, "projects": {}, "mcpServers": {}}` {
		t.Errorf("after the removal: %s", back)
	}
	multi := []byte("{\n  \"a\": 1\n}\n")
	out, _, _ = setMember(multi, []string{"mcpServers"}, ServerName, entry)
	back, _, _ = removeMember(out, []string{"mcpServers"}, ServerName)
	if !strings.Contains(string(back), "\"mcpServers\": {}") {
		t.Errorf("multi-line file after the removal:\n%s", back)
	}
}

// A request the installer cannot place says what to give instead: the
// project folder when --scope project has none, --scope user for a client
// that has no project-scope file.
func TestResolveSaysWhatToGive(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		req  ClientRequest
		want string
	}{
		{ClientRequest{Client: "cursor", Scope: "project", Env: Env{Home: "/h"}}, "--scope project needs --project DIR"},
		{ClientRequest{Client: "claude-desktop", Scope: "project", Env: Env{Home: "/h", Project: "/h/Game"}}, "Claude Desktop has no project-scope config; use --scope user"},
		{ClientRequest{Client: "windsurf", Scope: "project", Env: Env{Home: "/h", Project: "/h/Game"}}, "Windsurf has no project-scope config; use --scope user"},
	} {
		if _, _, err := tc.req.resolve(); err == nil || err.Error() != tc.want {
			t.Errorf("%s --scope %s (project %q): %v, want %q", tc.req.Client, tc.req.Scope, tc.req.Env.Project, err, tc.want)
		}
	}
}

// The notes of an install: at user scope, the environment a stdio entry
// sets (only when it sets one) and nothing for HTTP; at project scope the
// HTTP form says where the token it reads comes from (the state
// directory's token file); the client's gate comes last, and only when it
// has one for that scope.
func TestClientNotes(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	proj := filepath.Join(home, "Game")
	bin := filepath.Join(home, "bin")
	os.MkdirAll(bin, 0o755)
	os.WriteFile(filepath.Join(bin, "unitymcp"), []byte("#!/bin/sh\n"), 0o755)
	env := Env{GOOS: "linux", Home: home, Project: proj, Path: bin}
	withEnv := Server{Command: filepath.Join(bin, "unitymcp"), Args: []string{"stdio"}, URL: "http://127.0.0.1:27182/mcp", Token: "tok",
		Env: map[string]string{"UNITYMCP_HOME": "/srv/state"}}
	noEnv := withEnv
	noEnv.Env = nil
	stdioNote := "the entry sets UNITYMCP_HOME=/srv/state for `unitymcp stdio`"
	approve := "Claude Code asks you to approve the servers of .mcp.json"
	pins := `pins the project by its product name "Game"`
	for _, tc := range []struct {
		name  string
		req   ClientRequest
		notes []string // each note, in order, holds one of these
	}{
		{"user stdio with env", ClientRequest{Client: "claude-code", Mode: "stdio", Server: withEnv}, []string{stdioNote}},
		{"user stdio without env", ClientRequest{Client: "claude-code", Mode: "stdio", Server: noEnv}, nil},
		{"user http with env", ClientRequest{Client: "claude-code", Server: withEnv}, nil},
		{"user stdio, gate", ClientRequest{Client: "gemini-cli", Mode: "stdio", Server: withEnv}, []string{stdioNote, "only in folders you trust"}},
		{"project stdio", ClientRequest{Client: "claude-code", Scope: "project", Server: noEnv}, []string{approve}},
		{"project http, state dir", ClientRequest{Client: "claude-code", Scope: "project", Mode: "http", Server: noEnv, StateDir: "/srv/umcp"},
			[]string{`export UNITYMCP_TOKEN="$(cat ` + filepath.Join("/srv/umcp", "token") + `)"`, pins, approve}},
		{"project http, no state dir", ClientRequest{Client: "claude-code", Scope: "project", Mode: "http", Server: noEnv},
			[]string{`export UNITYMCP_TOKEN="$(cat the token file in the state directory)"`, pins, approve}},
	} {
		tc.req.Env = env
		res, err := tc.req.Snippet()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		ok := len(res.Notes) == len(tc.notes)
		for i := 0; ok && i < len(tc.notes); i++ {
			ok = strings.Contains(res.Notes[i], tc.notes[i])
		}
		if !ok {
			t.Errorf("%s: notes\n%q\nwant notes holding\n%q", tc.name, res.Notes, tc.notes)
		}
	}
}
