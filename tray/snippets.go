package tray

import "fmt"

// ClientConfigs are the "Copy client config" entries: the stdio form, which
// needs no token and finds the project from its folder.
func ClientConfigs(project string) map[string]string {
	return map[string]string{
		"Claude Code": fmt.Sprintf("claude mcp add unity -- unitymcp stdio --project %q", project),
		"Cursor":      fmt.Sprintf(`{"mcpServers": {"unity": {"command": "unitymcp", "args": ["stdio", "--project", %q]}}}`, project),
		"VS Code":     fmt.Sprintf(`{"servers": {"unity": {"type": "stdio", "command": "unitymcp", "args": ["stdio", "--project", %q]}}}`, project),
	}
}
