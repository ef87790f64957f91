package packaging

import (
	"archive/zip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/service"
)

func needTool(t *testing.T, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is needed: %v", name, err)
		}
		t.Skipf("%s not installed: %v", name, err)
	}
}

func buildBinary(t *testing.T, goos string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds unitymcp for " + goos + " and packages it: not with -short")
	}
	out := filepath.Join(t.TempDir(), "unitymcp")
	cmd := exec.Command("go", "build", "-o", out, "../../cmd/unitymcp")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+goos)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build: %v %s", err, b)
	}
	return out
}

// The .deb: built, listed, extracted into a scratch root; the unit and the
// desktop entry name the installed binary, which runs.
func TestDeb(t *testing.T) {
	needTool(t, "dpkg-deb")
	bin := buildBinary(t, "linux")
	out := t.TempDir()
	deb, err := LinuxPackage(Repo("../.."), "deb", "amd64", "1.2.3", bin, out)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(deb) != "unitymcp_1.2.3_amd64.deb" {
		t.Errorf("file name %s", deb)
	}
	list, err := exec.Command("dpkg-deb", "-c", deb).CombinedOutput()
	if err != nil {
		t.Fatalf("dpkg-deb -c: %v %s", err, list)
	}
	info, _ := exec.Command("dpkg-deb", "-I", deb).CombinedOutput()
	for _, want := range []string{"Package: unitymcp", "Version: 1.2.3", "Architecture: amd64"} {
		if !strings.Contains(string(info), want) {
			t.Errorf("control lacks %q:\n%s", want, info)
		}
	}
	root := t.TempDir()
	if b, err := exec.Command("dpkg", "-x", deb, root).CombinedOutput(); err != nil {
		t.Fatalf("dpkg -x: %v %s", err, b)
	}
	for _, p := range []string{"usr/bin/unitymcp", "usr/lib/systemd/user/unitymcp.service", "etc/xdg/autostart/unitymcp.desktop",
		"usr/share/applications/unitymcp.desktop", "usr/share/icons/hicolor/64x64/apps/unitymcp.png",
		"usr/share/unitymcp/unity-package/package.json", "usr/share/unitymcp/unity-package/Editor/Core/BridgeClient.cs",
		"usr/share/doc/unitymcp/README.md"} {
		if _, err := os.Stat(filepath.Join(root, p)); err != nil {
			t.Errorf("%s not in the package (%v)", p, err)
		}
	}
	if fi, err := os.Stat(filepath.Join(root, "usr/bin/unitymcp")); err != nil || fi.Mode().Perm()&0o111 == 0 {
		t.Errorf("binary not executable: %v", fi)
	}
	// The unit and the desktop entries are what `unitymcp service install`
	// writes for the installed binary (service's tests check that Install
	// writes service.SystemdUnit and service.DesktopEntry).
	for p, want := range map[string]string{
		"usr/lib/systemd/user/unitymcp.service":   service.SystemdUnit(LinuxBinary),
		"etc/xdg/autostart/unitymcp.desktop":      service.DesktopEntry(LinuxBinary),
		"usr/share/applications/unitymcp.desktop": service.DesktopEntry(LinuxBinary),
	} {
		if got, _ := os.ReadFile(filepath.Join(root, p)); string(got) != want {
			t.Errorf("%s in the package:\n%s\nwant (what `unitymcp service install` writes):\n%s", p, got, want)
		}
	}
	if unit, _ := os.ReadFile(filepath.Join(root, "usr/lib/systemd/user/unitymcp.service")); !strings.Contains(string(unit), "ExecStart="+LinuxBinary+` "serve"`) {
		t.Errorf("the unit does not start %s:\n%s", LinuxBinary, unit)
	}
	if b, err := exec.Command(filepath.Join(root, "usr/bin/unitymcp"), "version").Output(); err != nil || !strings.HasPrefix(string(b), "unitymcp") {
		t.Errorf("installed binary: %v %s", err, b)
	}
	// `install unity --source local`, run from no checkout, finds the
	// package the .deb installed beside the binary (share/unitymcp), not the
	// checkout this test binary was built from.
	checkLocalSource(t, filepath.Join(root, "usr/bin/unitymcp"), filepath.Join(root, "usr/share/unitymcp/unity-package"), "the .deb")
	if rpm, err := LinuxPackage(Repo("../.."), "rpm", "amd64", "1.2.3", bin, out); err != nil || !strings.HasSuffix(rpm, ".rpm") {
		t.Errorf("rpm: %v %s", err, rpm)
	}
}

// checkLocalSource runs `exe install unity --source local` on a new
// project from no checkout, as a user of an install would, and checks the
// manifest names pkg, the Unity package that install put beside exe.
func checkLocalSource(t *testing.T, exe, pkg, after string) {
	t.Helper()
	proj := filepath.Join(t.TempDir(), "Game")
	for _, d := range []string{"Assets", "ProjectSettings"} {
		os.MkdirAll(filepath.Join(proj, d), 0o755)
	}
	os.WriteFile(filepath.Join(proj, "ProjectSettings", "ProjectVersion.txt"), []byte("m_EditorVersion: 6000.0.23f1\n"), 0o644)
	cmd := exec.Command(exe, "install", "unity", "--project", proj, "--source", "local")
	cmd.Dir = t.TempDir() // in no checkout
	cmd.Env = append(os.Environ(), "UNITYMCP_HOME="+t.TempDir())
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("install unity --source local after %s: %v\n%s", after, err, b)
	}
	m, _ := os.ReadFile(filepath.Join(proj, "Packages", "manifest.json"))
	if want := `"file:` + filepath.ToSlash(pkg) + `"`; !strings.Contains(string(m), want) {
		t.Errorf("install unity --source local after %s: the manifest does not name %s:\n%s", after, want, m)
	}
}

func TestWindowsZipAndChecksums(t *testing.T) {
	exe := buildBinary(t, "windows")
	out := t.TempDir()
	z, err := WindowsZip(Repo("../.."), exe, exe, "1.2.3", "amd64", out)
	if err != nil {
		t.Fatal(err)
	}
	r, err := zip.OpenReader(z)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, f := range r.File {
		names[f.Name] = true
	}
	r.Close()
	for _, want := range []string{"unitymcp/unitymcp.exe", "unitymcp/" + service.WindowsGUIExe, "unitymcp/README.md", "unitymcp/WINDOWS.md", "unitymcp/unity-package/package.json"} {
		if !names[want] {
			t.Errorf("zip lacks %s", want)
		}
	}
	lines, err := Checksums(out, []string{z})
	if err != nil || len(lines) != 1 || !strings.HasSuffix(lines[0], "  unitymcp_1.2.3_windows_amd64.zip") {
		t.Errorf("checksums: %v %v", lines, err)
	}
}
