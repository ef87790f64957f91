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
