package wine

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pelletier/go-toml/v2"
	"github.com/tailscale/hujson"

	"github.com/unitymcp/unitymcp/installer"
)

// windowsConfig is where each client keeps its user configuration on
// Windows, as the clients document it (not read from the installer's
// table, which this checks): under %USERPROFILE% or %APPDATA%.
var windowsConfig = map[string]string{
	"claude-code":    `%USERPROFILE%\.claude.json`,
	"claude-desktop": `%APPDATA%\Claude\claude_desktop_config.json`,
	"cursor":         `%USERPROFILE%\.cursor\mcp.json`,
	"vscode":         `%APPDATA%\Code\User\mcp.json`,
	"windsurf":       `%USERPROFILE%\.codeium\windsurf\mcp_config.json`,
	"codex":          `%USERPROFILE%\.codex\config.toml`,
	"gemini-cli":     `%USERPROFILE%\.gemini\settings.json`,
	"cline":          `%APPDATA%\Code\User\globalStorage\saoudrizwan.claude-dev\settings\cline_mcp_settings.json`,
	"zed":            `%APPDATA%\Zed\settings.json`,
	"copilot-cli":    `%USERPROFILE%\.copilot\mcp-config.json`,
	"opencode":       `%USERPROFILE%\.config\opencode\opencode.json`,
	"kiro":           `%USERPROFILE%\.kiro\settings\mcp.json`,
}

// linuxOf is the Linux path of a %USERPROFILE% or %APPDATA% path.
func (e *winEnv) linuxOf(p string) string {
	p = strings.Replace(p, `%APPDATA%`, `%USERPROFILE%\AppData\Roaming`, 1)
	p = strings.TrimPrefix(p, `%USERPROFILE%\`)
	return filepath.Join(e.profile(), filepath.FromSlash(strings.ReplaceAll(p, `\`, "/")))
}

// seed is a config file a user already has: other settings, comments where
// the format allows them, and another server under the client's key.
func seed(format, key string) []byte {
	switch format {
	case "toml":
		return []byte("# my Codex settings\nmodel = \"o4-mini\"\n\n[" + key + ".other]\ncommand = 'C:\\Tools\\other.exe'\nargs = []\n")
	case "jsonc":
		return []byte("// my settings\n{\n  \"theme\": \"dark\", // keep this\n  \"" + key + "\": {\n    \"other\": { \"command\": \"C:\\\\Tools\\\\other.exe\" },\n  },\n}\n")
	}
	return []byte("{\n  \"theme\": \"dark\",\n  \"" + key + "\": {\"other\": {\"command\": \"C:\\\\Tools\\\\other.exe\"}}\n}\n")
}

// parse reads a client config in its format into plain values.
func parse(t *testing.T, format string, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	var err error
	switch format {
	case "toml":
		err = toml.Unmarshal(b, &m)
	case "jsonc":
		var std []byte
		if std, err = hujson.Standardize(bytes.Clone(b)); err == nil {
			err = json.Unmarshal(std, &m)
		}
	default:
		err = json.Unmarshal(b, &m)
	}
	if err != nil {
		t.Fatalf("not valid %s: %v\n%s", format, err, b)
	}
	return m
}

// entryOf is the unity entry under the client's key path.
func entryOf(m map[string]any, key []string) map[string]any {
	var cur any = m
	for _, k := range append(slices.Clone(key), "unity") {
		o, _ := cur.(map[string]any)
		cur = o[k]
	}
	o, _ := cur.(map[string]any)
	return o
}

// commandLine is an entry's program and arguments (opencode puts both in
// one array).
func commandLine(entry map[string]any) []string {
	var out []string
	switch c := entry["command"].(type) {
	case string:
		out = append(out, c)
	case []any:
		for _, v := range c {
			s, _ := v.(string)
			out = append(out, s)
		}
	}
	args, _ := entry["args"].([]any)
	for _, v := range args {
		s, _ := v.(string)
		out = append(out, s)
	}
	return out
}

// install client for every client as a Windows user: the files under
// %USERPROFILE% and %APPDATA%, Windows paths (backslashes, a space, the
// drive) escaped so each format reads them back exactly, the HTTP form
// with the daemon's token, and uninstall leaving each file byte for byte as
// it was (or gone, when unitymcp created it).
func TestInstallClientsOnWindows(t *testing.T) {
	e := need(t)
	home := t.TempDir()
	_, addr := e.serve(t, home)
	tok, _ := os.ReadFile(filepath.Join(home, "token"))
	env := []string{"UNITYMCP_HOME=" + winPath(home)}
	game := newProject(t, filepath.Join(t.TempDir(), "Unity Projects"), "My Game")
	exe := winPath(e.exe("unitymcp.exe"))
	if len(windowsConfig) != len(installer.Clients) {
		t.Errorf("the test knows %d clients' Windows files, the installer %d: add the new one's", len(windowsConfig), len(installer.Clients))
	}
	for _, c := range installer.Clients {
		t.Run(c.Name, func(t *testing.T) {
			where, ok := windowsConfig[c.Name]
			if !ok {
				t.Fatalf("no documented Windows location for %s", c.Name)
			}
			path := e.linuxOf(where)
			os.MkdirAll(filepath.Dir(path), 0o755)
			if len(c.Key) != 1 {
				t.Fatalf("key path %v: the seed names one key", c.Key)
			}
			before := seed(c.Format, c.Key[0])
			if err := os.WriteFile(path, before, 0o644); err != nil {
				t.Fatal(err)
			}
			defer os.Remove(path)

			out := e.ok(t, opts{Env: env}, "unitymcp.exe", "install", "client", c.Name, "--stdio", "--project", winPath(game))
			if want := strings.Replace(strings.Replace(where, "%APPDATA%", `%USERPROFILE%\AppData\Roaming`, 1), "%USERPROFILE%", e.winProfile(), 1); !strings.Contains(out, want) {
				t.Errorf("install names another file than %s: %s", want, out)
			}
			after, _ := os.ReadFile(path)
			m := parse(t, c.Format, after)
			entry := entryOf(m, c.Key)
			if got, want := commandLine(entry), []string{exe, "stdio", "--project", winPath(game)}; !slices.Equal(got, want) {
				t.Errorf("stdio entry %v, want %v:\n%s", got, want, after)
			}
			for k, v := range parse(t, c.Format, before) {
				if _, ok := m[k]; !ok {
					t.Errorf("install dropped %q (%v):\n%s", k, v, after)
				}
			}
			if c.Format != "json" && !bytes.Contains(after, []byte("# my Codex settings")) && !bytes.Contains(after, []byte("// keep this")) {
				t.Errorf("install dropped the comments:\n%s", after)
			}

			if c.HTTP {
				e.ok(t, opts{Env: env}, "unitymcp.exe", "install", "client", c.Name)
				after, _ = os.ReadFile(path)
				entry = entryOf(parse(t, c.Format, after), c.Key)
				text, _ := json.Marshal(entry)
				if !strings.Contains(string(text), "http://"+addr+"/mcp") || !strings.Contains(string(text), "Bearer "+strings.TrimSpace(string(tok))) {
					t.Errorf("HTTP entry without the daemon's address and token: %s", text)
				}
			}

			e.ok(t, opts{Env: env}, "unitymcp.exe", "uninstall", "client", c.Name)
			if got, _ := os.ReadFile(path); !bytes.Equal(got, before) {
				t.Errorf("uninstall left\n%s\nwant the file as it was:\n%s", got, before)
			}
		})
	}
	// A file unitymcp created goes again with its entry.
	path := e.linuxOf(windowsConfig["claude-desktop"])
	os.Remove(path)
	e.ok(t, opts{Env: env}, "unitymcp.exe", "install", "client", "claude-desktop")
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("install made no %s: %v", path, err)
	}
	e.ok(t, opts{Env: env}, "unitymcp.exe", "uninstall", "client", "claude-desktop")
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("uninstall left the file it created: %v", err)
	}
}

// install unity edits a project's manifest named by a Windows path (spaces,
// backslashes); the package reference is a file: URL Unity reads on
// Windows; uninstall puts the manifest back as it was; doctor checks the
// set-up on Windows with an editor connected.
func TestInstallUnityAndDoctorOnWindows(t *testing.T) {
	e := need(t)
	home := t.TempDir()
	_, addr := e.serve(t, home)
	env := []string{"UNITYMCP_HOME=" + winPath(home)}
	game := newProject(t, filepath.Join(t.TempDir(), "Unity Projects"), "My Game")
	manifest := filepath.Join(game, "Packages", "manifest.json")
	before := []byte("{\n  \"dependencies\": {\n    \"com.unity.ugui\": \"2.0.0\"\n  },\n  \"scopedRegistries\": []\n}\n")
	os.WriteFile(manifest, before, 0o644)
	pkg, _ := filepath.Abs("../../../unity-package")

	out := e.ok(t, opts{Env: env}, "unitymcp.exe", "install", "unity", "--project", winPath(game)+`\`, "--source", winPath(pkg))
	var m struct{ Dependencies map[string]string }
	b, _ := os.ReadFile(manifest)
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("manifest after install is not JSON: %v\n%s", err, b)
	}
	if got, want := m.Dependencies[installer.PackageName], "file:"+strings.ReplaceAll(winPath(pkg), `\`, "/"); got != want || m.Dependencies["com.unity.ugui"] != "2.0.0" {
		t.Errorf("manifest dependencies %v, want %s = %s beside com.unity.ugui (install said %s)", m.Dependencies, installer.PackageName, want, out)
	}
	// The git source pins the binary's version the way Unity's package
	// manager reads a git URL.
	e.ok(t, opts{Env: env}, "unitymcp.exe", "install", "unity", "--project", strings.ToLower(winPath(game)))
	b, _ = os.ReadFile(manifest)
	json.Unmarshal(b, &m)
	if !strings.HasPrefix(m.Dependencies[installer.PackageName], installer.GitURL) {
		t.Errorf("git source: %s", m.Dependencies[installer.PackageName])
	}

	// doctor with an editor of the project connected.
	e.start(t, opts{Env: env}, "editorsim.exe", "--addr", addr, "--project", winPath(game))
	var r result
	waitFor(t, 60*time.Second, func() bool {
		r = e.run(t, opts{Env: env}, "unitymcp.exe", "doctor", "--project", winPath(game))
		return strings.Contains(r.Out, "editor") && !strings.Contains(r.Out, "no Unity editor is connected")
	}, "doctor to see the editor")
	for _, want := range []string{"OK    token present and owner-only", "OK    daemon running at http://" + addr,
		"OK    editor " + strings.ReplaceAll(winPath(game), `\`, "/") + " connected", "OK    package in the manifest"} {
		if !strings.Contains(r.Out, want) {
			t.Errorf("doctor lacks %q:\n%s", want, r)
		}
	}
	if strings.Contains(r.Out, "FAIL") {
		t.Errorf("doctor fails on Windows:\n%s", r)
	}
	t.Logf("doctor on Windows:\n%s", r.Out)

	e.ok(t, opts{Env: env}, "unitymcp.exe", "uninstall", "unity", "--project", winPath(game))
	if got, _ := os.ReadFile(manifest); !bytes.Equal(got, before) {
		t.Errorf("uninstall unity left\n%s\nwant\n%s", got, before)
	}
}
