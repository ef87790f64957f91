package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/installer"
)

// The real agent CLIs, installed from npm by .ci/run into engine/e2e/agents
// (versions pinned in its package.json), read the configs `unitymcp install
// client` writes, connect with their own `mcp list`/`mcp get`, and run one
// non-interactive turn against a loopback fake model (fakemodel_test.go)
// that calls get-logs: the turn proves the client offered the Unity tools
// and got the tool result back. Nothing leaves loopback: every client gets
// a fresh HOME, its auto-update and telemetry switched off, and a proxy
// that goes nowhere for anything that is not loopback.

// agentBin returns the folder of the agent CLIs' executables, skipping
// locally (failing under CI=true) when they are not installed.
func agentBin(t *testing.T) string {
	t.Helper()
	dir, _ := filepath.Abs(filepath.Join("agents", "node_modules", ".bin"))
	var err error
	if _, err = exec.LookPath("node"); err == nil {
		for _, b := range []string{"claude", "gemini", "codex", "opencode", "copilot", "mcp-inspector"} {
			if _, err = os.Stat(filepath.Join(dir, b)); err != nil {
				break
			}
		}
	}
	if err != nil {
		msg := "the agent CLIs need node and `npm ci --prefix engine/e2e/agents`: " + err.Error()
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return dir
}

// agentCLI is what the test knows of one agent CLI.
type agentCLI struct {
	client string // its name for `unitymcp install client`
	bin    string // executable under node_modules/.bin
	// env points it at the fake model and switches off what would leave
	// the machine.
	env func(r *agentRun) []string
	// settings writes the user's own settings before the install (nil:
	// none), which the install merges into when they share its file.
	settings func(r *agentRun)
	// trust records the approvals the install note says the user gives
	// (folder trust, approving a project's servers).
	trust func(r *agentRun)
	// list is its own command that reads the config (and, where it can,
	// connects); listed checks the output.
	list   []string
	listed func(r *agentRun, out string) error
	// turn is one non-interactive agent turn.
	turn func(r *agentRun, prompt string) []string
	// direct: the client refuses the proxy variables (the Inspector: it
	// makes no request of its own but to the MCP server).
	direct bool
}

// agentRun is one client run: a fresh HOME, the project it works in, the
// fake model of its turn.
type agentRun struct {
	t           *testing.T
	cli         agentCLI
	bin         string // the agents' .bin folder
	home, proj  string
	scope, mode string
	token       string
	model       *fakeModel
}

const agentPrompt = "Read the Unity console with the get-logs tool."

// writeFile writes a client's own settings file (the user's doing).
func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func mustContain(out string, want ...string) error {
	for _, w := range want {
		if !strings.Contains(out, w) {
			return fmt.Errorf("output lacks %q", w)
		}
	}
	return nil
}

var agentCLIs = []agentCLI{
	{client: "claude-code", bin: "claude",
		env: func(r *agentRun) []string {
			return []string{"DISABLE_AUTOUPDATER=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "DISABLE_TELEMETRY=1", "DISABLE_ERROR_REPORTING=1",
				// Tools listed with their schemas, not deferred behind ToolSearch.
				"ENABLE_TOOL_SEARCH=false",
				"ANTHROPIC_BASE_URL=" + r.model.URL, "ANTHROPIC_API_KEY=sk-unitymcp-fake"}
		},
		trust: func(r *agentRun) {
			if r.scope == "project" { // approving the servers of .mcp.json
				writeFile(r.t, filepath.Join(r.home, ".claude", "settings.json"), `{"enabledMcpjsonServers": ["unity"]}`)
			}
		},
		list: []string{"mcp", "list"},
		listed: func(r *agentRun, out string) error {
			return mustContain(out, "unity: ", "✔ Connected")
		},
		turn: func(r *agentRun, prompt string) []string {
			return []string{"-p", prompt, "--allowedTools", "mcp__unity__get-logs", "--max-turns", "3", "--output-format", "json"}
		}},
	{client: "gemini-cli", bin: "gemini",
		env: func(r *agentRun) []string {
			return []string{"GEMINI_TELEMETRY_ENABLED=false", "GEMINI_CLI_NO_RELAUNCH=true",
				"GOOGLE_GEMINI_BASE_URL=" + r.model.URL, "GEMINI_API_KEY=unitymcp-fake"}
		},
		// A Gemini user's settings already say how they sign in (an API key:
		// non-interactive runs accept no other way with a custom base URL,
		// and a system settings file under /tmp is refused as insecure), and
		// here: no usage statistics, no update checks.
		settings: func(r *agentRun) {
			writeFile(r.t, filepath.Join(r.home, ".gemini", "settings.json"), `{
  "security": {"auth": {"selectedType": "gemini-api-key"}},
  "privacy": {"usageStatisticsEnabled": false},
  "general": {"enableAutoUpdate": false, "enableAutoUpdateNotification": false}
}
`)
		},
		trust: func(r *agentRun) { // trusting the project folder (both scopes)
			b, _ := json.Marshal(map[string]string{r.proj: "TRUST_FOLDER"})
			writeFile(r.t, filepath.Join(r.home, ".gemini", "trustedFolders.json"), string(b))
		},
		list: []string{"mcp", "list"},
		listed: func(r *agentRun, out string) error {
			return mustContain(out, "✓ unity", "Connected")
		},
		turn: func(r *agentRun, prompt string) []string {
			// An explicit model: the default "auto" first asks a routing
			// model for a complexity score.
			return []string{"-m", "gemini-2.5-flash", "-p", prompt, "--yolo", "--allowed-mcp-server-names", "unity", "-o", "json"}
		}},
	{client: "codex", bin: "codex",
		env: func(r *agentRun) []string { return []string{"UNITYMCP_FAKE_MODEL_KEY=fake", "NO_COLOR=1"} },
		trust: func(r *agentRun) {
			if r.scope == "project" { // trusting the project
				writeFile(r.t, filepath.Join(r.home, ".codex", "config.toml"), "[projects."+strconv.Quote(r.proj)+"]\ntrust_level = \"trusted\"\n")
			}
		},
		// `codex mcp list` reads the config but does not connect; the turn does.
		list: []string{"mcp", "get", "unity", "--json"},
		listed: func(r *agentRun, out string) error {
			var got struct {
				Enabled   bool `json:"enabled"`
				Transport struct {
					Type              string            `json:"type"`
					URL               string            `json:"url"`
					Env               map[string]string `json:"env"`
					EnvVars           []string          `json:"env_vars"`
					BearerTokenEnvVar string            `json:"bearer_token_env_var"`
				} `json:"transport"`
			}
			if err := json.Unmarshal(jsonPart(out), &got); err != nil {
				return err
			}
			want := map[string]string{"stdio": "stdio", "http": "streamable_http"}[r.mode]
			if !got.Enabled || got.Transport.Type != want {
				return fmt.Errorf("codex reads transport %q (enabled %v), want %q", got.Transport.Type, got.Enabled, want)
			}
			if r.mode == "stdio" && r.scope == "project" && (len(got.Transport.Env) != 0 || !slices.Contains(got.Transport.EnvVars, "UNITYMCP_HOME")) {
				// A project file holds no value of one machine: it names
				// the variables Codex passes on from its own environment.
				return fmt.Errorf("codex's project stdio entry: env %v, env_vars %v; want no env and UNITYMCP_HOME passed on", got.Transport.Env, got.Transport.EnvVars)
			}
			if r.mode == "stdio" && r.scope == "user" && got.Transport.Env["UNITYMCP_HOME"] == "" {
				return fmt.Errorf("codex's stdio entry carries no UNITYMCP_HOME: %v", got.Transport.Env)
			}
			return nil
		},
		turn: func(r *agentRun, prompt string) []string {
			return []string{"exec", "--skip-git-repo-check", "-m", "fake-model",
				"-c", "model_provider=unitymcp_fake",
				"-c", `model_providers.unitymcp_fake={name="fake",base_url="` + r.model.URL + `/v1",wire_api="responses",env_key="UNITYMCP_FAKE_MODEL_KEY"}`,
				"-c", "check_for_update_on_startup=false", "-c", "analytics.enabled=false", prompt}
		}},
	{client: "opencode", bin: "opencode",
		env: func(r *agentRun) []string {
			cfg := `{"model": "fake/fake-model", "share": "disabled", "autoupdate": false, "provider": {"fake": {"npm": "@ai-sdk/openai-compatible", "name": "fake",
				"options": {"baseURL": "` + r.model.URL + `/v1", "apiKey": "unitymcp-fake"}, "models": {"fake-model": {"name": "fake-model", "tool_call": true}}}}}`
			return []string{"OPENCODE_CONFIG_CONTENT=" + cfg, "OPENCODE_DISABLE_AUTOUPDATE=1", "OPENCODE_DISABLE_DEFAULT_PLUGINS=1",
				"OPENCODE_DISABLE_MODELS_FETCH=1", "OPENCODE_DISABLE_LSP_DOWNLOAD=1", "OPENCODE_DISABLE_SHARE=1",
				// opencode installs its plugin SDK into config folders with npm.
				"npm_config_offline=true"}
		},
		trust: func(r *agentRun) {},
		list:  []string{"mcp", "list"},
		listed: func(r *agentRun, out string) error {
			return mustContain(out, "unity", "connected")
		},
		turn: func(r *agentRun, prompt string) []string { return []string{"run", prompt} }},
	{client: "copilot-cli", bin: "copilot",
		env: func(r *agentRun) []string {
			return []string{"COPILOT_AUTO_UPDATE=false", "COPILOT_OFFLINE=true", "COPILOT_PROVIDER_BASE_URL=" + r.model.URL + "/v1",
				"COPILOT_PROVIDER_API_KEY=unitymcp-fake", "COPILOT_MODEL=fake-model"}
		},
		trust: func(r *agentRun) {
			if r.scope == "project" { // trusting the folder
				b, _ := json.Marshal(map[string][]string{"trusted_folders": {r.proj}})
				writeFile(r.t, filepath.Join(r.home, ".copilot", "config.json"), string(b))
			}
		},
		// `copilot mcp list` reads the config but does not connect; the turn does.
		list: []string{"mcp", "get", "unity", "--json"},
		listed: func(r *agentRun, out string) error {
			var got map[string]struct {
				Type    string `json:"type"`
				Source  string `json:"source"`
				Enabled bool   `json:"enabled"`
			}
			if err := json.Unmarshal(jsonPart(out), &got); err != nil {
				return err
			}
			want := map[string]string{"stdio": "local", "http": "http"}[r.mode]
			source := map[string]string{"user": "user", "project": "workspace"}[r.scope]
			if u := got["unity"]; u.Type != want || u.Source != source || !u.Enabled {
				return fmt.Errorf("copilot reads %+v, want type %s from %s", u, want, source)
			}
			return nil
		},
		turn: func(r *agentRun, prompt string) []string {
			return []string{"-p", prompt, "--allow-tool", "unity", "--no-auto-update"}
		}},
}

// Every agent CLI, at user and project scope, in the HTTP and the stdio
// form: install, the client reads and connects, one agent turn calls a
// Unity tool through it, a second install changes nothing (also after the
// client rewrote its file), and the uninstall leaves the client without
// the server.
func TestAgentCLIs(t *testing.T) {
	bin := agentBin(t)
	e := startDaemon(t, bridge.Options{})
	// Several editors: an entry that is not pinned to its project would
	// make get-logs ambiguous, and only the run's own editor may see the call.
	otherSim := e.startSim(newProject(t, "Other"), editorsim.Config{})
	for _, cli := range agentCLIs {
		t.Run(cli.client, func(t *testing.T) {
			for _, form := range []struct{ scope, mode string }{{"user", "http"}, {"user", "stdio"}, {"project", "stdio"}, {"project", "http"}} {
				t.Run(form.scope+"-"+form.mode, func(t *testing.T) {
					// A name of its own: the daemon serves every run's editor,
					// and a project-scope HTTP entry pins its project by name.
					game := newProject(t, "Game-"+cli.client+"-"+form.scope+"-"+form.mode)
					gameSim := e.startSim(game, editorsim.Config{})
					r := &agentRun{t: t, cli: cli, bin: bin, home: t.TempDir(), proj: game, scope: form.scope, mode: form.mode, token: e.Token}
					if form.scope == "project" {
						r.teammate(e.State.Root)
						if form.mode == "http" {
							forwardDefaultAddr(t, e.URL)
						}
					}
					r.model = startFakeModel(t, "get-logs", `{"MaxCount":5}`)
					if cli.settings != nil {
						cli.settings(r)
					}
					out := r.unitymcp(e.State.Root, r.installArgs("install")...)
					if !strings.Contains(out, "wrote the unitymcp entry ("+form.mode+")") {
						t.Fatalf("install: %s", out)
					}
					path := r.configPath()
					written, _ := os.ReadFile(path)
					if form.scope == "project" && strings.Contains(string(written), e.Token) {
						t.Errorf("%s holds the token:\n%s", path, written)
					}
					cli.trust(r)
					if out, err := r.run(cli.list...); err != nil || cli.listed(r, out) != nil {
						t.Fatalf("%s %s: %v %v\n%s\n--- %s ---\n%s", cli.bin, strings.Join(cli.list, " "), err, cli.listed(r, out), out, path, written)
					}
					before, beforeOther := getLogsCalls(gameSim), getLogsCalls(otherSim)
					out, err := r.run(cli.turn(r, agentPrompt)...)
					var result string
					select {
					case result = <-r.model.result:
					default:
						t.Fatalf("the fake model got no tool result (%v; %v)\n%s", err, r.model, out)
					}
					if err != nil || !strings.Contains(out, finalText) {
						t.Errorf("the turn did not end with the model's answer (%v):\n%s", err, out)
					}
					if !strings.Contains(result, `"MaxCount":5`) || !strings.Contains(result, `"TotalCount"`) {
						t.Errorf("tool result is not get-logs' answer: %s", result)
					}
					if n := len(r.model.Offered()); n < nBuiltins {
						t.Errorf("the client offered %d Unity tools, want all %d built-ins at least: %v", n, nBuiltins, r.model.Offered())
					}
					if got := getLogsCalls(gameSim) - before; got != 1 || getLogsCalls(otherSim) != beforeOther {
						t.Errorf("Game's editor ran get-logs %d times (want 1), Other's %d times (want 0)", got, getLogsCalls(otherSim)-beforeOther)
					}
					if d := filepath.Join(r.home, ".local", "share", "UnityMCP"); form.scope == "user" && fileExists(d) {
						t.Errorf("the client's `unitymcp stdio` used the default state directory %s, not the entry's", d)
					}
					// Idempotent, also after the client rewrote its file.
					rewritten, _ := os.ReadFile(path)
					if out := r.unitymcp(e.State.Root, r.installArgs("install")...); !strings.Contains(out, "nothing to do") {
						t.Errorf("second install after %s ran: %s", cli.bin, out)
					}
					if now, _ := os.ReadFile(path); string(now) != string(rewritten) {
						t.Errorf("second install changed %s", path)
					}
					// A clean uninstall: the client no longer has the server.
					out = r.unitymcp(e.State.Root, r.installArgs("uninstall")...)
					if _, got, _ := installer.Configured(installer.ClientRequest{Client: cli.client, Scope: form.scope,
						Env: installer.Env{GOOS: runtime.GOOS, Home: r.home, Project: r.proj}}); got != "" {
						t.Errorf("uninstall (%s) left %s", strings.TrimSpace(out), got)
					}
					if form.scope == "project" && fileExists(path) {
						b, _ := os.ReadFile(path)
						t.Errorf("uninstall left %s, which unitymcp created: %s\n%s", path, out, b)
					}
					if out, _ := r.run(cli.list...); cli.listed(r, out) == nil {
						t.Errorf("%s still lists unity after the uninstall:\n%s", cli.bin, out)
					}
				})
			}
		})
	}
}

// jsonPart is the JSON object in a client's output (after its warnings).
func jsonPart(out string) []byte {
	if i := strings.Index(out, "{"); i >= 0 {
		return []byte(out[i:])
	}
	return []byte(out)
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

// The MCP Inspector (an SDK-based client: it too starts stdio servers with
// a short fixed environment) reads the standard mcpServers files that
// `install client` writes — stdio at user and project scope, HTTP at user
// scope — lists the tools and calls get-logs. It is no agent: there is no
// model turn to run.
func TestInspectorReadsConfigs(t *testing.T) {
	bin := agentBin(t)
	e := startDaemon(t, bridge.Options{})
	e.startSim(newProject(t, "Other"), editorsim.Config{})
	for _, tc := range []struct{ client, scope, mode string }{
		{"claude-desktop", "user", "stdio"}, {"claude-code", "user", "http"}, {"claude-code", "project", "stdio"},
	} {
		t.Run(tc.client+"-"+tc.scope+"-"+tc.mode, func(t *testing.T) {
			game := newProject(t, "Game")
			sim := e.startSim(game, editorsim.Config{})
			r := &agentRun{t: t, cli: agentCLI{client: tc.client, bin: "mcp-inspector", direct: true, env: func(*agentRun) []string {
				return []string{"MCP_INSPECTOR_SECRET_STORE=memory"}
			}}, bin: bin, home: t.TempDir(), proj: game, scope: tc.scope, mode: tc.mode, token: e.Token}
			if tc.scope == "project" {
				r.teammate(e.State.Root)
			}
			r.unitymcp(e.State.Root, r.installArgs("install")...)
			path := r.configPath()
			inspect := func(args ...string) string {
				out, err := r.run(append([]string{"--cli", "--config", path, "--server", "unity"}, args...)...)
				if err != nil {
					b, _ := os.ReadFile(path)
					t.Fatalf("inspector %v: %v\n%s\n--- %s ---\n%s", args, err, out, path, b)
				}
				return out
			}
			if out := inspect("--method", "tools/list"); !strings.Contains(out, `"get-logs"`) || !strings.Contains(out, `"sim_set"`) {
				t.Errorf("tools/list lacks the built-ins or the editor's tools:\n%s", out)
			}
			out := inspect("--method", "tools/call", "--tool-name", "get-logs", "--tool-arg", "MaxCount=5")
			if !strings.Contains(out, `"TotalCount"`) || strings.Contains(out, `"isError": true`) {
				t.Errorf("get-logs:\n%s", out)
			}
			if getLogsCalls(sim) != 1 {
				t.Errorf("the run's editor ran get-logs %d times, want 1", getLogsCalls(sim))
			}
			if d := filepath.Join(r.home, ".local", "share", "UnityMCP"); tc.scope == "user" && fileExists(d) {
				t.Errorf("the inspector's `unitymcp stdio` used the default state directory %s, not the entry's", d)
			}
		})
	}
}

// No project file holds the token: every client installed at project scope,
// in each form it offers (HTTP twice over stdio, so that backups are made),
// then every file in the project is searched for the token; backups are in
// the state directory, and the uninstalls leave the project as it was.
func TestNoSecretInProjectFiles(t *testing.T) {
	stateDir := t.TempDir()
	home := t.TempDir()
	game := newProject(t, "Game")
	r := &agentRun{t: t, home: home, proj: game}
	writeFile(t, filepath.Join(game, "Packages", "manifest.json"), "{\n  \"dependencies\": {\n    \"com.unity.ugui\": \"2.0.0\"\n  }\n}\n")
	before := projectFiles(t, game)
	// A machine whose daemon has run: the token exists (a project-scope
	// install reads the state folder and never makes one).
	if _, err := (state.Dir{Root: stateDir}).EnsureToken(); err != nil {
		t.Fatal(err)
	}
	r.unitymcp(stateDir, "install", "unity", "--project", game, "--source", "local")
	var names []string
	for _, c := range installer.Clients {
		if c.Path(installer.Env{Home: home, Project: game}, "project") == "" {
			continue
		}
		names = append(names, c.Name)
		r.unitymcp(stateDir, "install", "client", c.Name, "--scope", "project", "--project", game)
		if c.HTTP && c.EnvRef != nil {
			out := r.unitymcp(stateDir, "install", "client", c.Name, "--scope", "project", "--project", game, "--http")
			if !strings.Contains(out, "note: the entry reads the token from $"+installer.TokenEnv) {
				t.Errorf("%s --http: the message does not say where the token comes from:\n%s", c.Name, out)
			}
		}
	}
	token, err := os.ReadFile(filepath.Join(stateDir, "token"))
	if err != nil || len(strings.TrimSpace(string(token))) < 32 {
		t.Fatalf("token: %q %v", token, err)
	}
	for p, content := range projectFiles(t, game) {
		if strings.Contains(content, strings.TrimSpace(string(token))) {
			t.Errorf("%s holds the token:\n%s", p, content)
		}
		if strings.Contains(p, ".bak") {
			t.Errorf("a backup in the project: %s", p)
		}
	}
	if entries, _ := os.ReadDir(filepath.Join(stateDir, "backups")); len(entries) < 2 {
		t.Errorf("backups in the state directory: %v", entries)
	}
	for _, n := range names {
		r.unitymcp(stateDir, "uninstall", "client", n, "--scope", "project", "--project", game)
	}
	r.unitymcp(stateDir, "uninstall", "unity", "--project", game)
	after := projectFiles(t, game)
	for p := range after {
		if _, ok := before[p]; !ok {
			t.Errorf("the uninstalls left %s", p)
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			t.Errorf("the uninstalls removed %s", p)
		}
	}
	if t.Failed() {
		t.Logf("clients: %v", names)
	}
}

// projectFiles maps every file and folder under dir to its content.
func projectFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		b, _ := os.ReadFile(p)
		out[p] = string(b)
		return nil
	})
	return out
}
