//go:build linux

package service

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakeSystemctl puts a systemctl on PATH that records its arguments (a
// container has no user manager) and returns the log path.
func fakeSystemctl(t *testing.T) string {
	bin := t.TempDir()
	logf := filepath.Join(bin, "calls")
	script := "#!/bin/sh\necho \"$@\" >> " + logf + "\ncase \"$1\" in is-active) echo inactive; exit 3;; esac\nexit 0\n"
	os.WriteFile(filepath.Join(bin, "systemctl"), []byte(script), 0o755)
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	return logf
}

func TestSystemdUserUnit(t *testing.T) {
	realSystemctl, lookErr := exec.LookPath("systemctl")
	home := t.TempDir()
	t.Setenv("HOME", home)
	calls := fakeSystemctl(t)
	old := useSystemd
	useSystemd = func() bool { return true }
	t.Cleanup(func() { useSystemd = old })
	c := Config{Exe: "/opt/unity mcp/unitymcp", Home: home, StateDir: "/tmp/state dir"}

	st, err := Install(c)
	if err != nil {
		t.Fatal(err)
	}
	unit := filepath.Join(home, ".config/systemd/user/unitymcp.service")
	if !st.Installed || st.Kind != "systemd-user" || st.Path != unit {
		t.Fatalf("status %+v", st)
	}
	b, _ := os.ReadFile(unit)
	text := string(b)
	for _, want := range []string{"WantedBy=default.target", "Restart=on-failure", "RestartSec=2", `ExecStart=/opt/unity\x20mcp/unitymcp "serve"`, `Environment="UNITYMCP_HOME=/tmp/state dir"`} {
		if !strings.Contains(text, want) {
			t.Errorf("unit lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "multi-user.target") {
		t.Errorf("unit names multi-user.target, which user managers never reach")
	}
	log, _ := os.ReadFile(calls)
	if !strings.Contains(string(log), "enable --user unitymcp.service") {
		t.Errorf("systemctl calls: %s", log)
	}
	// Idempotent.
	if _, err := Install(c); err != nil {
		t.Errorf("second install: %v", err)
	}
	// systemd's own offline check: the unit enables into a login target.
	if lookErr == nil {
		root := t.TempDir()
		dir := filepath.Join(root, "etc/systemd/user")
		os.MkdirAll(dir, 0o755)
		os.WriteFile(filepath.Join(dir, "unitymcp.service"), b, 0o644)
		out, err := exec.Command(realSystemctl, "--root="+root, "--global", "enable", "unitymcp.service").CombinedOutput()
		if err != nil {
			t.Fatalf("systemctl --global enable: %v %s", err, out)
		}
		if _, err := os.Lstat(filepath.Join(dir, "default.target.wants/unitymcp.service")); err != nil {
			t.Errorf("not enabled into default.target: %v (%s)", err, out)
		}
	} else if os.Getenv("CI") == "true" {
		t.Fatal("systemctl missing for the offline enable check")
	}
	st, err = Uninstall(c)
	if err != nil || st.Installed {
		t.Fatalf("uninstall: %+v %v", st, err)
	}
	if _, err := os.Stat(unit); !os.IsNotExist(err) {
		t.Errorf("unit left behind")
	}
}

func TestXDGAutostartFallback(t *testing.T) {
	home := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", "")
	old := useSystemd
	useSystemd = func() bool { return false }
	t.Cleanup(func() { useSystemd = old })
	c := Config{Exe: "/usr/bin/unitymcp", Home: home}
	st, err := Install(c)
	if err != nil || !st.Installed || st.Kind != "xdg-autostart" {
		t.Fatalf("%+v %v", st, err)
	}
	b, _ := os.ReadFile(filepath.Join(home, ".config/autostart/unitymcp.desktop"))
	if !strings.Contains(string(b), "Exec=/usr/bin/unitymcp serve") {
		t.Errorf("desktop entry:\n%s", b)
	}
	if st, _ := Query(c); !st.Installed {
		t.Error("query after install")
	}
	if st, _ := Uninstall(c); st.Installed {
		t.Error("uninstall")
	}
}

// The unit Install writes (kardianos/service rendering systemdUnit) is
// byte for byte SystemdUnit, which the .deb and .rpm ship: the packaged and
// the installed unit are one text.
func TestInstallWritesSystemdUnit(t *testing.T) {
	fakeSystemctl(t)
	old := useSystemd
	useSystemd = func() bool { return true }
	t.Cleanup(func() { useSystemd = old })
	for _, exe := range []string{"/usr/bin/unitymcp", "/opt/unity mcp/unitymcp"} {
		home := t.TempDir()
		t.Setenv("HOME", home)
		if _, err := Install(Config{Exe: exe, Home: home}); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(home, ".config/systemd/user", Name+".service"))
		if err != nil {
			t.Fatal(err)
		}
		if want := SystemdUnit(exe); string(b) != want {
			t.Errorf("%s: Install wrote\n%s\nSystemdUnit says\n%s", exe, b, want)
		}
	}
}

// systemd itself checks the unit: systemd-analyze verify reports no
// problem (an unknown key, a key in the wrong section), and every
// Condition…= holds for a binary that exists under a path with a space.
func TestSystemdAcceptsUnit(t *testing.T) {
	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("systemd-analyze missing for the unit check")
		}
		t.Skip("systemd-analyze not installed")
	}
	fakeSystemctl(t)
	old := useSystemd
	useSystemd = func() bool { return true }
	t.Cleanup(func() { useSystemd = old })
	home := t.TempDir()
	t.Setenv("HOME", home)
	exe := filepath.Join(t.TempDir(), "unity mcp", "unitymcp")
	os.MkdirAll(filepath.Dir(exe), 0o755)
	if err := os.WriteFile(exe, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Install(Config{Exe: exe, Home: home, StateDir: "/tmp/state dir"}); err != nil {
		t.Fatal(err)
	}
	unit := filepath.Join(home, ".config/systemd/user", Name+".service")
	out, err := exec.Command(analyze, "verify", unit).CombinedOutput()
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, Name+".service") {
			t.Errorf("systemd-analyze verify: %s", line)
		}
	}
	if err != nil {
		t.Errorf("systemd-analyze verify: %v\n%s", err, out)
	}
	b, _ := os.ReadFile(unit)
	conditions := 0
	for _, line := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(line, "Condition") {
			continue
		}
		conditions++
		if out, err := exec.Command(analyze, "condition", line).CombinedOutput(); err != nil {
			t.Errorf("%s does not hold for %s: %v\n%s", line, exe, err, out)
		}
	}
	if conditions == 0 {
		t.Errorf("the unit has no Condition…= line to check:\n%s", b)
	}
}

// The XDG autostart entry Install writes is DesktopEntry, the one the
// packages ship.
func TestAutostartIsDesktopEntry(t *testing.T) {
	home := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", "")
	old := useSystemd
	useSystemd = func() bool { return false }
	t.Cleanup(func() { useSystemd = old })
	exe := "/opt/unity mcp/unitymcp"
	if _, err := Install(Config{Exe: exe, Home: home}); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(home, ".config/autostart", Name+".desktop"))
	if want := DesktopEntry(exe); string(b) != want {
		t.Errorf("Install wrote\n%s\nDesktopEntry says\n%s", b, want)
	}
}
