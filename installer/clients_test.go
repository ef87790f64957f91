package installer

import (
	"path/filepath"
	"strings"
	"testing"
)

// Cline keeps its settings in VS Code's global storage: under the desktop
// apps' folder on macOS and Windows, under the XDG config folder elsewhere.
func TestClinePaths(t *testing.T) {
	t.Parallel()
	tail := filepath.Join("Code", "User", "globalStorage", "saoudrizwan.claude-dev", "settings", "cline_mcp_settings.json")
	for _, tc := range []struct {
		env  Env
		want string
	}{
		{Env{GOOS: "darwin", Home: "/Users/u"}, filepath.Join("/Users/u", "Library", "Application Support", tail)},
		{Env{GOOS: "windows", Home: "/c/Users/u", AppData: "/c/Users/u/AppData/Roaming"}, filepath.Join("/c/Users/u/AppData/Roaming", tail)},
		{Env{GOOS: "linux", Home: "/home/u"}, filepath.Join("/home/u", ".config", tail)},
		{Env{GOOS: "linux", Home: "/home/u", XDGConfig: "/xdg"}, filepath.Join("/xdg", tail)},
	} {
		_, got, err := ClientRequest{Client: "cline", Env: tc.env}.resolve()
		if err != nil || got != tc.want {
			t.Errorf("cline on %s: %q %v, want %q", tc.env.GOOS, got, err, tc.want)
		}
	}
}

// What a client still asks of the user before it starts the entry: the
// project-scope approval or trust prompt of Claude Code, Codex and Copilot
// CLI (nothing at user scope), and Gemini CLI's folder trust at both.
func TestClientGates(t *testing.T) {
	t.Parallel()
	env := Env{GOOS: "linux", Home: "/home/u", Project: "/home/u/Game"}
	for _, tc := range []struct {
		client, user, project string
	}{
		{"claude-code", "", "approve the servers of .mcp.json"},
		{"codex", "", `trusted project: accept its trust prompt in /home/u/Game, or add [projects."/home/u/Game"] trust_level`},
		{"copilot-cli", "", "answer its trust prompt"},
		{"gemini-cli", "only in folders you trust", "only in folders you trust"},
		{"cursor", "", ""},
	} {
		c, _ := FindClient(tc.client)
		for scope, want := range map[string]string{"user": tc.user, "project": tc.project} {
			got := ""
			if c.Gate != nil {
				got = c.Gate(scope, env)
			}
			if want == "" && got != "" || !strings.Contains(got, want) {
				t.Errorf("%s at %s scope: gate %q, want %q", tc.client, scope, got, want)
			}
		}
	}
}
