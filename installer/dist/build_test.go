package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/installer"
)

// A binary built as the release builds it (build, with the release's
// version linked in) says that version, and its `install unity` pins the
// Unity package's git URL at the same release's tag: the link flag names a
// variable that exists (a renamed one would leave every release a
// development build that pins nothing).
func TestReleaseBinaryPinsItsVersion(t *testing.T) {
	if testing.Short() {
		t.Skip("builds unitymcp: not with -short")
	}
	out := t.TempDir()
	t.Chdir("../..")
	bin, err := build(config{out: out}, "1.2.3", runtime.GOOS, runtime.GOARCH, "unitymcp")
	if err != nil {
		t.Fatal(err)
	}
	v, err := exec.Command(bin, "version").Output()
	if err != nil || strings.TrimSpace(string(v)) != "unitymcp 1.2.3" {
		t.Errorf("the release binary says %q (%v), want unitymcp 1.2.3", v, err)
	}
	proj := filepath.Join(t.TempDir(), "Game")
	for _, d := range []string{"Assets", "ProjectSettings"} {
		os.MkdirAll(filepath.Join(proj, d), 0o755)
	}
	os.WriteFile(filepath.Join(proj, "ProjectSettings", "ProjectVersion.txt"), []byte("m_EditorVersion: 6000.0.23f1\n"), 0o644)
	cmd := exec.Command(bin, "install", "unity", "--project", proj)
	cmd.Env = append(os.Environ(), "UNITYMCP_HOME="+t.TempDir())
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("install unity: %v\n%s", err, b)
	}
	m, _ := os.ReadFile(filepath.Join(proj, "Packages", "manifest.json"))
	if want := `"` + installer.GitURL + `#v1.2.3"`; !strings.Contains(string(m), want) {
		t.Errorf("the release binary's install unity does not pin %s:\n%s", want, m)
	}
}
