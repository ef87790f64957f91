package installer

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/state"
)

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need a privilege on Windows")
	}
	os.MkdirAll(filepath.Dir(link), 0o755)
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

// homeAndProject is a home folder with a project folder Game in it.
func homeAndProject(t *testing.T) (home, project string) {
	home = t.TempDir()
	project = filepath.Join(home, "Game")
	os.MkdirAll(project, 0o755)
	return home, project
}

// A user's config kept in a dotfiles folder and linked into place is
// edited where it lives: the link stays a link, install and uninstall
// change the file it leads to.
func TestUserConfigThroughALink(t *testing.T) {
	home := t.TempDir()
	real := filepath.Join(t.TempDir(), "dotfiles", "claude.json")
	os.MkdirAll(filepath.Dir(real), 0o755)
	os.WriteFile(real, []byte("{\n  \"theme\": \"dark\"\n}\n"), 0o644)
	link := filepath.Join(home, ".claude.json")
	symlink(t, real, link)
	req := ClientRequest{Client: "claude-code", Env: Env{GOOS: "linux", Home: home}, Server: server(), StateDir: t.TempDir()}
	res, err := InstallClient(req)
	if err != nil || !res.Changed || res.Path != link {
		t.Fatalf("install: %+v %v", res, err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v %v", fi.Mode(), err)
	}
	if b, _ := os.ReadFile(real); !strings.Contains(string(b), "\"unity\"") || !strings.Contains(string(b), "\"theme\"") {
		t.Errorf("the linked file after install:\n%s", b)
	}
	if _, got, err := Configured(req); err != nil || got == "" {
		t.Errorf("Configured through the link: %q %v", got, err)
	}
	if res, err := UninstallClient(req); err != nil || !res.Changed {
		t.Fatalf("uninstall: %+v %v", res, err)
	}
	if b, _ := os.ReadFile(real); getMember(b, []string{"mcpServers"}, ServerName) != nil || !strings.Contains(string(b), "\"theme\"") {
		t.Errorf("the linked file after uninstall:\n%s", b)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced by the uninstall: %v %v", fi.Mode(), err)
	}
}

// A project's config that a link leads out of the project (a cloned
// repository's .mcp.json linked to the user's own ~/.claude.json, or its
// .vscode folder linked elsewhere) is refused and neither read nor
// written; a link that stays inside the project is followed.
func TestProjectConfigConfinedByResolution(t *testing.T) {
	home, project := homeAndProject(t)
	private := filepath.Join(home, ".claude.json")
	secret := "{\n  \"mcpServers\": {\n    \"other\": {\"env\": {\"API_KEY\": \"s3cret\"}}\n  }\n}\n"
	os.WriteFile(private, []byte(secret), 0o600)
	symlink(t, private, filepath.Join(project, ".mcp.json"))
	elsewhere := t.TempDir()
	symlink(t, elsewhere, filepath.Join(project, ".vscode"))
	env := Env{GOOS: "linux", Home: home, Project: project}
	for _, client := range []string{"claude-code", "vscode"} {
		req := ClientRequest{Client: client, Scope: "project", Env: env, Server: server(), StateDir: t.TempDir()}
		for what, run := range map[string]func() error{
			"install":   func() error { _, err := InstallClient(req); return err },
			"uninstall": func() error { _, err := UninstallClient(req); return err },
			"read":      func() error { _, _, err := Configured(req); return err },
		} {
			if err := run(); err == nil || !strings.Contains(err.Error(), "outside the project") {
				t.Errorf("%s %s through a link out of the project: %v", what, client, err)
			}
		}
	}
	if b, _ := os.ReadFile(private); string(b) != secret {
		t.Errorf("the file outside the project changed:\n%s", b)
	}
	if entries, _ := os.ReadDir(elsewhere); len(entries) != 0 {
		t.Errorf("a file was written outside the project: %v", entries)
	}
	if fi, err := os.Lstat(filepath.Join(project, ".mcp.json")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the project's link was replaced: %v", err)
	}

	// A link inside the project is followed.
	os.Remove(filepath.Join(project, ".mcp.json"))
	inside := filepath.Join(project, "config", "mcp.json")
	os.MkdirAll(filepath.Dir(inside), 0o755)
	os.WriteFile(inside, []byte("{}\n"), 0o644)
	symlink(t, filepath.Join("config", "mcp.json"), filepath.Join(project, ".mcp.json"))
	req := ClientRequest{Client: "claude-code", Scope: "project", Env: env, Server: server(), StateDir: t.TempDir()}
	if res, err := InstallClient(req); err != nil || !res.Changed {
		t.Fatalf("install through a link inside the project: %+v %v", res, err)
	}
	if b, _ := os.ReadFile(inside); !strings.Contains(string(b), "\"unity\"") {
		t.Errorf("the linked file inside the project:\n%s", b)
	}
}

// A project's Packages/manifest.json that a link leads out of the project
// is refused by install and uninstall alike, and the file it leads to is
// left as it was.
func TestManifestConfinedByResolution(t *testing.T) {
	proj := unityProject(t, "")
	outside := filepath.Join(t.TempDir(), "manifest.json")
	const shared = "{\n  \"dependencies\": {\n    \"com.unity.ugui\": \"2.0.0\"\n  }\n}\n"
	os.WriteFile(outside, []byte(shared), 0o644)
	os.Remove(manifestPath(proj))
	symlink(t, outside, manifestPath(proj))
	if _, err := InstallUnity(proj, GitURL, t.TempDir()); !errors.Is(err, errOutside) {
		t.Errorf("install through a link out of the project: %v", err)
	}
	if _, err := UninstallUnity(proj, t.TempDir()); !errors.Is(err, errOutside) {
		t.Errorf("uninstall through a link out of the project: %v", err)
	}
	if b, _ := os.ReadFile(outside); string(b) != shared {
		t.Errorf("the file outside the project changed:\n%s", b)
	}
}

// A project's skill folder linked out of the project (the user's own
// ~/.claude) is refused by install and uninstall: nothing is written or
// deleted there.
func TestSkillConfinedByResolution(t *testing.T) {
	home, project := homeAndProject(t)
	own := filepath.Join(home, ".claude")
	mine := filepath.Join(own, "skills", "unitymcp", "SKILL.md")
	os.MkdirAll(filepath.Dir(mine), 0o755)
	os.WriteFile(mine, []byte("the user's own"), 0o644)
	symlink(t, own, filepath.Join(project, ".claude"))
	p, err := SkillPath("claude-code", Env{GOOS: "linux", Home: home, Project: project}, "project", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := InstallSkill(p, project, t.TempDir()); !errors.Is(err, errOutside) {
		t.Errorf("install: %v", err)
	}
	if _, err := UninstallSkill(p, project, t.TempDir()); !errors.Is(err, errOutside) {
		t.Errorf("uninstall: %v", err)
	}
	if b, _ := os.ReadFile(mine); string(b) != "the user's own" {
		t.Errorf("the user's own skill: %q", b)
	}
}

// Doctor names a project config that a link leads out of the project as a
// failure (the client reads the file outside through it).
func TestDoctorNamesALinkOutOfTheProject(t *testing.T) {
	home, project := homeAndProject(t)
	private := filepath.Join(home, ".claude.json")
	os.WriteFile(private, []byte(`{"mcpServers":{"unity":{"type":"http","url":"http://127.0.0.1:27182/mcp","headers":{"Authorization":"Bearer tok"}}}}`), 0o600)
	symlink(t, private, filepath.Join(project, ".mcp.json"))
	cs := Doctor(t.Context(), DoctorOptions{State: state.Dir{Root: t.TempDir()}, Env: Env{GOOS: runtime.GOOS, Home: t.TempDir(), Project: project}})
	for _, c := range cs {
		if c.Level == LevelFail && strings.Contains(c.What, "outside the project") && strings.Contains(c.What, ".mcp.json") {
			return
		}
	}
	t.Errorf("no failure names the link out of the project: %+v", cs)
}

// A link that leads nowhere, on the way to a config, is named in the error
// with what to do; nothing is written.
func TestDanglingLinkNamed(t *testing.T) {
	home, project := homeAndProject(t)
	symlink(t, filepath.Join(home, "gone"), filepath.Join(project, ".vscode"))
	_, err := InstallClient(ClientRequest{Client: "vscode", Scope: "project", Env: Env{GOOS: "linux", Home: home, Project: project}, Server: server(), StateDir: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), ".vscode is a link to") || !strings.Contains(err.Error(), "which does not exist") {
		t.Errorf("got %v", err)
	}
	if _, err := os.Stat(filepath.Join(home, "gone")); err == nil {
		t.Error("the link's target was created")
	}
}

// A file an earlier version created and recorded by the path it was given
// (a home reached through a link) is still removed by the uninstall that
// empties it.
func TestCreatedListByThePathGiven(t *testing.T) {
	real := t.TempDir()
	home := filepath.Join(t.TempDir(), "home")
	symlink(t, real, home)
	stateDir := t.TempDir()
	req := ClientRequest{Client: "cursor", Env: Env{GOOS: "linux", Home: home}, Server: server(), StateDir: stateDir}
	res, err := InstallClient(req)
	if err != nil || !res.Changed {
		t.Fatalf("install: %+v %v", res, err)
	}
	st := store{stateDir}
	m := st.created()
	for k, v := range m { // as an earlier version wrote it
		delete(m, k)
		m[res.Path] = v
	}
	if err := st.saveCreated(m); err != nil {
		t.Fatal(err)
	}
	if res, err := UninstallClient(req); err != nil || !res.Removed {
		t.Errorf("uninstall: %+v %v", res, err)
	}
	if _, err := os.Stat(res.Path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the file unitymcp created is still there: %v", err)
	}
}
