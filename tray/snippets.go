package tray

import (
	"os"

	"github.com/unitymcp/unitymcp/installer"
)

// ClientConfigs are the "Copy client config" entries: each client's entry
// for a project, in the stdio form (no token to leak through a clipboard),
// rendered by the installer's client table.
func ClientConfigs(project string) map[string]string {
	exe, err := os.Executable()
	if err != nil {
		exe = "unitymcp"
	}
	s := installer.Server{Command: exe, Args: []string{"stdio"}}
	if project != "" {
		s.Args = append(s.Args, "--project", project)
	}
	out := map[string]string{}
	for name, title := range map[string]string{"claude-code": "Claude Code", "cursor": "Cursor", "vscode": "VS Code"} {
		home, _ := os.UserHomeDir()
		r, err := installer.ClientRequest{Client: name, Env: installer.Env{Home: home}, Server: s}.Snippet()
		if err == nil {
			out[title] = r.Snippet
		}
	}
	return out
}
