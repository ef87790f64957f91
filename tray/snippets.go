package tray

import (
	"os"

	"github.com/unitymcp/unitymcp/installer"
	"github.com/unitymcp/unitymcp/platform"
)

// ClientConfigs are the "Copy client config" entries: each client's entry
// for a project, in the stdio form (no token to leak through a clipboard),
// rendered by the installer's client table. Like `install client`, the entry
// carries UNITYMCP_HOME / UNITYMCP_ADDR when they are not the defaults, so a
// client that starts it with a short fixed environment reaches this daemon.
func ClientConfigs(project string) map[string]string {
	exe, err := os.Executable()
	if err != nil {
		exe = "unitymcp"
	}
	home, _ := os.UserHomeDir()
	env := installer.Env{Home: home, LocalAppData: os.Getenv("LOCALAPPDATA"), Addr: os.Getenv(installer.AddrEnv)}
	s := installer.Server{Command: exe, Args: []string{"stdio"}}
	if dir, err := platform.DataDir(); err == nil {
		s.Env = installer.StdioEnv(dir, env)
	}
	if project != "" {
		s.Args = append(s.Args, "--project", project)
	}
	out := map[string]string{}
	for name, title := range map[string]string{"claude-code": "Claude Code", "cursor": "Cursor", "vscode": "VS Code"} {
		r, err := installer.ClientRequest{Client: name, Env: env, Server: s}.Snippet()
		if err == nil {
			out[title] = r.Snippet
		}
	}
	return out
}
