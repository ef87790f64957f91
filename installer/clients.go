// Package installer sets unitymcp up: it adds the Unity package to a
// project's manifest, writes MCP client configurations for every major
// client, checks a set-up (doctor) and installs an agent skill. Every file it
// touches is written atomically with a backup, keeps comments and unrelated
// entries, and is left alone when it already says the right thing.
package installer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
)

// Env is what client config paths and entries depend on.
type Env struct {
	GOOS         string
	Home         string
	AppData      string // %APPDATA% (Windows)
	LocalAppData string // %LOCALAPPDATA% (Windows)
	XDGConfig    string // $XDG_CONFIG_HOME
	Project      string // --project DIR (for project scope)
	Addr         string // $UNITYMCP_ADDR
	// Path is $PATH: a project-scope entry names `unitymcp`, which each
	// machine finds there (the installer says so when this one does not).
	Path string
}

func (e Env) config() string {
	if e.XDGConfig != "" {
		return e.XDGConfig
	}
	return filepath.Join(e.Home, ".config")
}

// appConfig is the per-OS folder of desktop apps' settings.
func (e Env) appConfig() string {
	switch e.GOOS {
	case "darwin":
		return filepath.Join(e.Home, "Library", "Application Support")
	case "windows":
		if e.AppData != "" {
			return e.AppData
		}
		return filepath.Join(e.Home, "AppData", "Roaming")
	}
	return e.config()
}

// Server is how a client reaches unitymcp.
type Server struct {
	URL     string   // MCP over HTTP, pinned to the project when one is given
	Token   string   // bearer token for URL
	Command string   // unitymcp binary, for stdio
	Args    []string // stdio arguments
	// Project is added to a user-scope stdio entry as --project; a
	// project-scope entry leaves it out, since the client starts
	// `unitymcp stdio` in the project, which finds it from there.
	Project string
	// Env is what a stdio entry passes to `unitymcp stdio` (StdioEnv):
	// some clients start it with a short fixed environment.
	Env map[string]string
	// TokenEnv, when set, is the environment variable the entry names
	// instead of the token (the project-scope HTTP form): the client
	// expands it itself, so no project file holds the secret.
	TokenEnv string
	// Forward names the environment variables a client that can pass
	// variables through by name (Codex's env_vars) hands to `unitymcp
	// stdio` from its own environment: the project-scope stdio form, which
	// holds no value of one machine.
	Forward []string
}

// TokenEnv is the environment variable a project-scope HTTP entry reads the
// token from.
const TokenEnv = "UNITYMCP_TOKEN"

// Client is one MCP client: where its config lives, in which format, under
// which keys, and the entry it wants.
type Client struct {
	Name   string
	Title  string
	Doc    string // where the client documents this format
	Format string // json, jsonc or toml
	// Path returns the config file for a scope ("user" or "project");
	// "" when the client has no such scope.
	Path func(e Env, scope string) string
	// Key is the path to the object that holds the servers.
	Key []string
	// Entry builds the server entry; http tells whether to use HTTP with
	// headers (else stdio).
	Entry func(s Server, http bool) any
	HTTP  bool
	// EnvRef is how the client's config refers to an environment variable
	// that the client expands itself ("${NAME}"); nil when it has no such
	// syntax, so its project-scope entry can only be the stdio form.
	EnvRef func(name string) string
	// Gate says what the user must still allow in the client before it
	// starts the entry at that scope ("" when nothing).
	Gate func(scope string, e Env) string
	// Schema is the "$schema" the client writes into a config it reads: a
	// new file starts with it, so the client has nothing to add.
	Schema string
}

func userOnly(f func(Env) string) func(Env, string) string {
	return func(e Env, scope string) string {
		if scope == "project" {
			return ""
		}
		return f(e)
	}
}

func scoped(user func(Env) string, project string) func(Env, string) string {
	return func(e Env, scope string) string {
		if scope == "project" {
			if e.Project == "" {
				return ""
			}
			return filepath.Join(e.Project, project)
		}
		return user(e)
	}
}

// stdio is the common stdio entry: command, args and, when needed, env.
func stdio(s Server) obj {
	o := obj{{"command", s.Command}, {"args", s.Args}}
	if len(s.Env) > 0 {
		o = append(o, field{"env", s.Env})
	}
	return o
}

// typed is an entry that starts with its transport's type.
func typed(t string, o obj) obj { return append(obj{{"type", t}}, o...) }

func headers(s Server) obj { return obj{{"Authorization", "Bearer " + s.Token}} }

func dollarBrace(name string) string { return "${" + name + "}" }

// obj is a JSON object that keeps its key order (the order a person would
// write: type, command, args, url, headers).
type obj []field

type field struct {
	K string
	V any
}

// MarshalJSON writes the fields in order.
func (o obj) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(f.K)
		v, err := json.Marshal(f.V)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Clients is the table of supported clients.
var Clients = []Client{
	{Name: "claude-code", Title: "Claude Code", Format: "json", HTTP: true,
		Doc:  "https://docs.anthropic.com/en/docs/claude-code/mcp (user scope: ~/.claude.json mcpServers; project scope: .mcp.json; ${VAR} expanded in url and headers)",
		Path: scoped(func(e Env) string { return filepath.Join(e.Home, ".claude.json") }, ".mcp.json"),
		Key:  []string{"mcpServers"},
		Entry: func(s Server, http bool) any {
			if http {
				return obj{{"type", "http"}, {"url", s.URL}, {"headers", headers(s)}}
			}
			return typed("stdio", stdio(s))
		},
		EnvRef: dollarBrace,
		Gate: func(scope string, e Env) string {
			if scope != "project" {
				return ""
			}
			return "Claude Code asks you to approve the servers of .mcp.json the first time it starts in the project (until then `claude mcp list` shows unity as pending approval)"
		}},
	{Name: "claude-desktop", Title: "Claude Desktop", Format: "json", HTTP: false,
		Doc:   "https://modelcontextprotocol.io/quickstart/user (claude_desktop_config.json mcpServers, stdio servers)",
		Path:  userOnly(func(e Env) string { return filepath.Join(e.appConfig(), "Claude", "claude_desktop_config.json") }),
		Key:   []string{"mcpServers"},
		Entry: func(s Server, http bool) any { return stdio(s) }},
	{Name: "cursor", Title: "Cursor", Format: "json", HTTP: true,
		Doc:  "https://docs.cursor.com/context/model-context-protocol (~/.cursor/mcp.json or .cursor/mcp.json mcpServers; url + headers; ${env:NAME} interpolation)",
		Path: scoped(func(e Env) string { return filepath.Join(e.Home, ".cursor", "mcp.json") }, filepath.Join(".cursor", "mcp.json")),
		Key:  []string{"mcpServers"},
		Entry: func(s Server, http bool) any {
			if http {
				return obj{{"url", s.URL}, {"headers", headers(s)}}
			}
			return stdio(s)
		},
		EnvRef: func(name string) string { return "${env:" + name + "}" }},
	{Name: "vscode", Title: "VS Code (GitHub Copilot)", Format: "jsonc", HTTP: true,
		Doc: "https://code.visualstudio.com/docs/copilot/customization/mcp-servers (.vscode/mcp.json servers; user mcp.json)",
		Path: scoped(func(e Env) string {
			switch e.GOOS {
			case "darwin", "windows":
				return filepath.Join(e.appConfig(), "Code", "User", "mcp.json")
			}
			return filepath.Join(e.config(), "Code", "User", "mcp.json")
		}, filepath.Join(".vscode", "mcp.json")),
		Key: []string{"servers"},
		Entry: func(s Server, http bool) any {
			if http {
				return obj{{"type", "http"}, {"url", s.URL}, {"headers", headers(s)}}
			}
			return typed("stdio", stdio(s))
		}},
	{Name: "windsurf", Title: "Windsurf", Format: "json", HTTP: true,
		Doc:  "https://docs.windsurf.com/windsurf/cascade/mcp (~/.codeium/windsurf/mcp_config.json mcpServers; serverUrl + headers)",
		Path: userOnly(func(e Env) string { return filepath.Join(e.Home, ".codeium", "windsurf", "mcp_config.json") }),
		Key:  []string{"mcpServers"},
		Entry: func(s Server, http bool) any {
			if http {
				return obj{{"serverUrl", s.URL}, {"headers", headers(s)}}
			}
			return stdio(s)
		}},
	{Name: "codex", Title: "OpenAI Codex CLI", Format: "toml", HTTP: true,
		Doc: "https://github.com/openai/codex/blob/main/docs/config.md (~/.codex/config.toml, or .codex/config.toml in a trusted project: [mcp_servers.<name>] command/args/env, or url with http_headers or bearer_token_env_var)",
		Path: scoped(func(e Env) string { return filepath.Join(e.Home, ".codex", "config.toml") },
			filepath.Join(".codex", "config.toml")),
		Key: []string{"mcp_servers"},
		Entry: func(s Server, http bool) any {
			switch {
			case http && s.TokenEnv != "":
				return obj{{"url", s.URL}, {"bearer_token_env_var", s.TokenEnv}}
			case http:
				return obj{{"url", s.URL}, {"http_headers", headers(s)}}
			}
			// Codex starts stdio servers with a short fixed environment
			// (HOME, PATH, LANG…): env carries the rest, or env_vars names
			// what it passes through from its own environment.
			o := stdio(s)
			if len(s.Forward) > 0 {
				o = append(o, field{"env_vars", s.Forward})
			}
			return o
		},
		// Codex names the variable itself (bearer_token_env_var).
		EnvRef: func(name string) string { return name },
		Gate: func(scope string, e Env) string {
			if scope != "project" {
				return ""
			}
			return fmt.Sprintf("Codex reads .codex/config.toml only in a trusted project: accept its trust prompt in %s, or add [projects.%s] trust_level = \"trusted\" to ~/.codex/config.toml", e.Project, strconv.Quote(e.Project))
		}},
	{Name: "gemini-cli", Title: "Gemini CLI", Format: "json", HTTP: true,
		Doc:  "https://github.com/google-gemini/gemini-cli/blob/main/docs/tools/mcp-server.md (~/.gemini/settings.json or .gemini/settings.json mcpServers; httpUrl + headers; $VAR expanded)",
		Path: scoped(func(e Env) string { return filepath.Join(e.Home, ".gemini", "settings.json") }, filepath.Join(".gemini", "settings.json")),
		Key:  []string{"mcpServers"},
		Entry: func(s Server, http bool) any {
			if http {
				return obj{{"httpUrl", s.URL}, {"headers", headers(s)}}
			}
			return stdio(s)
		},
		EnvRef: func(name string) string { return "$" + name },
		Gate: func(scope string, e Env) string {
			return "Gemini CLI starts MCP servers, user-level ones too, only in folders you trust: trust the project folder when Gemini asks (or with /permissions)"
		}},
	{Name: "cline", Title: "Cline", Format: "json", HTTP: false,
		Doc: "https://docs.cline.bot/mcp/configuring-mcp-servers (cline_mcp_settings.json mcpServers in the extension's global storage)",
		Path: userOnly(func(e Env) string {
			base := filepath.Join(e.config(), "Code", "User")
			if e.GOOS == "darwin" || e.GOOS == "windows" {
				base = filepath.Join(e.appConfig(), "Code", "User")
			}
			return filepath.Join(base, "globalStorage", "saoudrizwan.claude-dev", "settings", "cline_mcp_settings.json")
		}),
		Key:   []string{"mcpServers"},
		Entry: func(s Server, http bool) any { return append(stdio(s), field{"disabled", false}) }},
	{Name: "zed", Title: "Zed", Format: "jsonc", HTTP: false,
		Doc: "https://zed.dev/docs/ai/mcp (settings.json context_servers: command + args + env)",
		Path: scoped(func(e Env) string {
			if e.GOOS == "windows" {
				return filepath.Join(e.appConfig(), "Zed", "settings.json")
			}
			return filepath.Join(e.config(), "zed", "settings.json")
		}, filepath.Join(".zed", "settings.json")),
		Key:   []string{"context_servers"},
		Entry: func(s Server, http bool) any { return append(obj{{"source", "custom"}}, stdio(s)...) }},
	{Name: "copilot-cli", Title: "GitHub Copilot CLI", Format: "json", HTTP: true,
		Doc: "https://docs.github.com/en/copilot/how-tos/use-copilot-agents/use-copilot-cli (~/.copilot/mcp-config.json, workspace .github/mcp.json: mcpServers; type local|http; ${VAR} expanded)",
		Path: scoped(func(e Env) string { return filepath.Join(e.Home, ".copilot", "mcp-config.json") },
			filepath.Join(".github", "mcp.json")),
		Key: []string{"mcpServers"},
		Entry: func(s Server, http bool) any {
			if http {
				return obj{{"type", "http"}, {"url", s.URL}, {"headers", headers(s)}, {"tools", []string{"*"}}}
			}
			return append(typed("local", stdio(s)), field{"tools", []string{"*"}})
		},
		EnvRef: dollarBrace,
		Gate: func(scope string, e Env) string {
			if scope != "project" {
				return ""
			}
			return "Copilot CLI loads workspace servers only in a folder you trust: answer its trust prompt when you start it in the project"
		}},
	{Name: "opencode", Title: "opencode", Format: "jsonc", HTTP: true,
		Doc:  "https://opencode.ai/docs/mcp-servers (opencode.json mcp: type local|remote; {env:NAME} expanded)",
		Path: scoped(func(e Env) string { return filepath.Join(e.config(), "opencode", "opencode.json") }, "opencode.json"),
		Key:  []string{"mcp"},
		Entry: func(s Server, http bool) any {
			if http {
				return obj{{"type", "remote"}, {"url", s.URL}, {"headers", headers(s)}, {"enabled", true}}
			}
			o := obj{{"type", "local"}, {"command", append([]string{s.Command}, s.Args...)}}
			if len(s.Env) > 0 {
				o = append(o, field{"environment", s.Env})
			}
			return append(o, field{"enabled", true})
		},
		EnvRef: func(name string) string { return "{env:" + name + "}" },
		Schema: "https://opencode.ai/config.json"},
	{Name: "kiro", Title: "Kiro", Format: "json", HTTP: true,
		Doc:  "https://kiro.dev/docs/mcp/configuration (~/.kiro/settings/mcp.json or .kiro/settings/mcp.json mcpServers)",
		Path: scoped(func(e Env) string { return filepath.Join(e.Home, ".kiro", "settings", "mcp.json") }, filepath.Join(".kiro", "settings", "mcp.json")),
		Key:  []string{"mcpServers"},
		Entry: func(s Server, http bool) any {
			if http {
				return obj{{"url", s.URL}, {"headers", headers(s)}}
			}
			return stdio(s)
		}},
}

// FindClient looks a client up by name.
func FindClient(name string) (Client, bool) {
	for _, c := range Clients {
		if c.Name == name {
			return c, true
		}
	}
	return Client{}, false
}

// ClientNames lists the supported clients.
func ClientNames() []string {
	var out []string
	for _, c := range Clients {
		out = append(out, c.Name)
	}
	return out
}
