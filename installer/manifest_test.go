package installer

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func unityProject(t *testing.T, manifest string) string {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "Assets"), 0o755)
	os.MkdirAll(filepath.Join(dir, "ProjectSettings"), 0o755)
	os.MkdirAll(filepath.Join(dir, "Packages"), 0o755)
	os.WriteFile(filepath.Join(dir, "ProjectSettings", "ProjectVersion.txt"), []byte("m_EditorVersion: 2022.3.50f1\n"), 0o644)
	if manifest != "" {
		b, err := os.ReadFile(filepath.Join("testdata", "manifests", manifest))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, "Packages", "manifest.json"), b, 0o644)
	}
	return dir
}

func TestManifestEdits(t *testing.T) {
	for _, m := range []string{"scoped.json", "tabs.json"} {
		t.Run(m, func(t *testing.T) {
			proj := unityProject(t, m)
			orig, _ := os.ReadFile(filepath.Join(proj, "Packages", "manifest.json"))
			stateDir := t.TempDir()
			res, err := InstallUnity(proj, GitURL, stateDir)
			if err != nil || !res.Changed || !strings.HasPrefix(res.Backup, filepath.Join(stateDir, "backups")) {
				t.Fatalf("%+v %v", res, err)
			}
			if bak, _ := os.ReadFile(res.Backup); string(bak) != string(orig) {
				t.Errorf("the backup does not hold the original manifest")
			}
			got, _ := os.ReadFile(res.Manifest)
			golden(t, "../manifests/"+strings.TrimSuffix(m, ".json")+".installed.golden", got)
			var v map[string]any
			if err := json.Unmarshal(got, &v); err != nil {
				t.Fatalf("manifest is no longer JSON: %v", err)
			}
			// Everything else is untouched: the original lines are all still there.
			for _, line := range strings.Split(string(orig), "\n") {
				if !strings.Contains(string(got), strings.TrimSuffix(line, ",")) {
					t.Errorf("lost line %q", line)
				}
			}
			if m == "tabs.json" && !strings.Contains(string(got), "\t\t\""+PackageName) {
				t.Errorf("tab indentation not kept:\n%s", got)
			}
			if r, _ := InstallUnity(proj, GitURL, t.TempDir()); r.Changed {
				t.Error("second install changed the manifest")
			}
			if InstalledRef(proj) != GitURL {
				t.Errorf("InstalledRef = %q", InstalledRef(proj))
			}
			// Switching the source replaces the entry in place.
			if r, _ := InstallUnity(proj, "file:/opt/unity-package", t.TempDir()); !r.Changed || r.Before != GitURL {
				t.Errorf("switch source: %+v", r)
			}
			if r, err := UninstallUnity(proj, t.TempDir()); err != nil || !r.Changed {
				t.Fatalf("uninstall: %+v %v", r, err)
			}
			after, _ := os.ReadFile(filepath.Join(proj, "Packages", "manifest.json"))
			if strings.Contains(string(after), PackageName) {
				t.Errorf("uninstall left the package")
			}
			var a, b any
			json.Unmarshal(orig, &a)
			json.Unmarshal(after, &b)
			if jsonString(a) != jsonString(b) {
				t.Errorf("uninstall did not restore the manifest's content")
			}
		})
	}
}

func TestUnityProjectChecks(t *testing.T) {
	if _, err := InstallUnity(t.TempDir(), GitURL, t.TempDir()); err == nil || !strings.Contains(err.Error(), "is not a Unity project") {
		t.Errorf("empty folder: %v", err)
	}
	proj := unityProject(t, "")
	if r, err := InstallUnity(proj, GitURL, t.TempDir()); err != nil || !r.Changed {
		t.Errorf("no manifest yet: %+v %v", r, err)
	}
	if ref, _ := PackageRef("git", "1.2.0", ""); ref != GitURL+"#v1.2.0" {
		t.Errorf("release ref %q", ref)
	}
	if ref, err := PackageRef("local", "", "/nonexistent/bin/unitymcp"); err != nil || !strings.HasPrefix(ref, "file:") || !strings.HasSuffix(ref, "/unity-package") {
		t.Errorf("local ref from the checkout: %q %v", ref, err)
	}
	if _, err := PackageRef(t.TempDir(), "", ""); err == nil {
		t.Error("a folder without package.json accepted")
	}
}

func TestCompactManifest(t *testing.T) {
	out, changed, err := setMember([]byte(`{"dependencies":{"com.unity.ugui":"2.0.0"}}`), []string{"dependencies"}, PackageName, GitURL)
	want := `{"dependencies":{"com.unity.ugui":"2.0.0","` + PackageName + `":"` + GitURL + `"}}`
	if err != nil || !changed || string(out) != want {
		t.Errorf("got %s, want %s", out, want)
	}
}

func TestSkill(t *testing.T) {
	home := t.TempDir()
	env := Env{Home: home, Project: filepath.Join(home, "Game")}
	p, err := SkillPath("claude-code", env, "user", "")
	if err != nil || p != filepath.Join(home, ".claude", "skills", "unitymcp", "SKILL.md") {
		t.Fatalf("%s %v", p, err)
	}
	if p2, _ := SkillPath("codex", env, "project", ""); p2 != filepath.Join(home, "Game", ".codex", "skills", "unitymcp", "SKILL.md") {
		t.Errorf("codex project: %s", p2)
	}
	if _, err := SkillPath("notepad", env, "user", ""); err == nil {
		t.Error("unknown agent accepted")
	}
	res, err := InstallSkill(p, "", t.TempDir())
	if err != nil || !res.Changed {
		t.Fatalf("%+v %v", res, err)
	}
	b, _ := os.ReadFile(p)
	if !strings.HasPrefix(string(b), "---\nname: unitymcp\n") || !strings.Contains(string(b), "unitymcp call compile") {
		t.Errorf("SKILL.md:\n%s", b)
	}
	if res, _ := InstallSkill(p, "", t.TempDir()); res.Changed {
		t.Error("second install changed SKILL.md")
	}
	// uninstall skill: the file goes (backed up), its folder with it.
	state := t.TempDir()
	un, err := UninstallSkill(p, "", state)
	if err != nil || !un.Removed || !strings.HasPrefix(un.Backup, state) {
		t.Fatalf("uninstall: %+v %v", un, err)
	}
	if _, err := os.Stat(filepath.Dir(p)); !os.IsNotExist(err) {
		t.Errorf("the skill's folder is still there: %v", err)
	}
	if again, err := UninstallSkill(p, "", state); err != nil || again.Changed {
		t.Errorf("second uninstall: %+v %v", again, err)
	}
}

func TestUnityVersionSupport(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		v    string
		want bool
	}{{"2022.3.50f1", true}, {"2022.3.0a1", true}, {"2022.2.9f1", false}, {"2021.3.45f1", false},
		{"2023.1.0f1", true}, {"6000.0.23f1", true}, {"2019.4.40f1", false}} {
		if got := versionAtLeast(tc.v, MinUnity); got != tc.want {
			t.Errorf("versionAtLeast(%q, %q) = %v, want %v", tc.v, MinUnity, got, tc.want)
		}
	}
	old := unityProject(t, "")
	os.WriteFile(filepath.Join(old, "ProjectSettings", "ProjectVersion.txt"), []byte("m_EditorVersion: 2021.3.45f1\nm_EditorVersionWithRevision: 2021.3.45f1 (abc)\n"), 0o644)
	if _, err := InstallUnity(old, GitURL, t.TempDir()); err == nil || !strings.Contains(err.Error(), "Unity 2021.3.45f1") || !strings.Contains(err.Error(), "2022.3 or later") {
		t.Errorf("InstallUnity on Unity 2021.3: %v", err)
	}
}

// A project Unity never opened gets the manifest of Unity's empty project,
// with the package, not a manifest of one line.
func TestInstallUnityWritesDefaultManifest(t *testing.T) {
	t.Parallel()
	proj := unityProject(t, "")
	os.Remove(filepath.Join(proj, "Packages", "manifest.json"))
	if _, err := InstallUnity(proj, GitURL, t.TempDir()); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(proj, "Packages", "manifest.json"))
	var m struct{ Dependencies map[string]string }
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("manifest: %v\n%s", err, b)
	}
	if m.Dependencies[PackageName] != GitURL || m.Dependencies["com.unity.ugui"] != "1.0.0" || m.Dependencies["com.unity.modules.physics"] != "1.0.0" || len(m.Dependencies) < 30 {
		t.Errorf("default manifest: %s", b)
	}
}

func TestShellQuote(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"/home/u/Game": "/home/u/Game", "/home/u/My Game": "'/home/u/My Game'", "it's": `'it'\''s'`, "": "''"} {
		if got := ShellQuote(in); got != want {
			t.Errorf("ShellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}

// `go install ./cmd/unitymcp` puts the binary in GOPATH/bin, far from the
// checkout: --source local still finds the checkout's unity-package, the
// one the binary was built from, from any working directory.
func TestLocalSourceFindsTheBuildCheckout(t *testing.T) {
	want, _ := filepath.Abs(filepath.Join("..", "unity-package"))
	if buildCheckout() == "" {
		t.Skip("built with -trimpath: no checkout is recorded")
	}
	exe := filepath.Join(t.TempDir(), "bin", "unitymcp")
	t.Chdir(t.TempDir())
	got, err := PackageRef("local", "", exe)
	if err != nil || got != "file:"+filepath.ToSlash(want) {
		t.Errorf("got %q %v, want file:%s", got, err, filepath.ToSlash(want))
	}
}

// Unity versions compare by major and minor number, read digit by digit
// up to the first non-digit; a missing minor is 0.
func TestMajorMinor(t *testing.T) {
	t.Parallel()
	for in, want := range map[string][2]int{
		"2022.3.50f1": {2022, 3}, "6000": {6000, 0}, "2029.19.1f1": {2029, 19}, "2022.03": {2022, 3},
		"2022.0": {2022, 0}, "": {0, 0}, "6000.0a": {6000, 0}, "9/": {9, 0},
	} {
		if got := majorMinor(in); got != want {
			t.Errorf("majorMinor(%q) = %v, want %v", in, got, want)
		}
	}
	for _, tc := range []struct {
		v, want string
		ok      bool
	}{{"2029.1", "2022.3", true}, {"6000", "6000.0", true}, {"2022", "2022.1", false}, {"2022.9f1", "2022.10", false}} {
		if got := versionAtLeast(tc.v, tc.want); got != tc.ok {
			t.Errorf("versionAtLeast(%q, %q) = %v, want %v", tc.v, tc.want, got, tc.ok)
		}
	}
}

// A package installs unity-package under share/unitymcp beside its bin/:
// --source local takes that one, before the checkout the binary was built
// from — also when the binary is started through a link (Homebrew's bin,
// winget's command alias): then beside the file the link points at.
func TestLocalSourceBesideTheBinary(t *testing.T) {
	root, _ := filepath.EvalSymlinks(t.TempDir())
	prefix := filepath.Join(root, "Cellar", "unitymcp")
	pkg := filepath.Join(prefix, "share", "unitymcp", "unity-package")
	os.MkdirAll(pkg, 0o755)
	os.WriteFile(filepath.Join(pkg, "package.json"), []byte(`{"name": "`+PackageName+`"}`), 0o644)
	exe := filepath.Join(prefix, "bin", "unitymcp")
	os.MkdirAll(filepath.Dir(exe), 0o755)
	os.WriteFile(exe, []byte("#!/bin/sh\n"), 0o755)
	t.Chdir(t.TempDir())
	exes := []string{exe}
	if runtime.GOOS != "windows" { // symbolic links need a privilege there
		link := filepath.Join(root, "bin", "unitymcp")
		os.MkdirAll(filepath.Dir(link), 0o755)
		if err := os.Symlink(exe, link); err != nil {
			t.Fatal(err)
		}
		exes = append(exes, link)
	}
	for _, e := range exes {
		if got, err := PackageRef("local", "", e); err != nil || got != "file:"+filepath.ToSlash(pkg) {
			t.Errorf("%s: got %q %v, want file:%s", e, got, err, filepath.ToSlash(pkg))
		}
	}
}

// The manifest written for a project Unity never opened is the empty
// project's of its version: uGUI 2.0.0 from Unity 6, 1.0.0 before.
func TestDefaultManifestFollowsTheUnityVersion(t *testing.T) {
	t.Parallel()
	for version, ugui := range map[string]string{"2022.3.50f1": "1.0.0", "6000.0.23f1": "2.0.0", "6000.3.0a1": "2.0.0"} {
		proj := unityProject(t, "")
		os.WriteFile(filepath.Join(proj, "ProjectSettings", "ProjectVersion.txt"), []byte("m_EditorVersion: "+version+"\n"), 0o644)
		var m struct{ Dependencies map[string]string }
		if err := json.Unmarshal(defaultManifest(proj), &m); err != nil || m.Dependencies["com.unity.ugui"] != ugui {
			t.Errorf("Unity %s: uGUI %q %v, want %s", version, m.Dependencies["com.unity.ugui"], err, ugui)
		}
	}
}
