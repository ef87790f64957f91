//go:build linux

package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// asNobody runs a command as the unprivileged user nobody (65534).
func asNobody(name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// A second OS user cannot read the token, the daemon descriptor or the
// list of the state directory of a running daemon. The state directory sits
// in a folder everybody may enter, so only the daemon's own modes (0700
// folder, 0600 files) stand in the way; a control file beside it proves the
// other user could read what those modes allow. Needs root to switch users.
func TestSecondUserCannotReadToken(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("switching to another OS user needs root; docs/security.md says what protects the token then")
	}
	open := t.TempDir()
	for d := open; d != os.TempDir() && d != "/"; d = filepath.Dir(d) {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	control := filepath.Join(open, "control.txt")
	os.WriteFile(control, []byte("readable\n"), 0o644)
	if out, err := asNobody("cat", control); err != nil || !strings.Contains(out, "readable") {
		// A container without CAP_SETUID, or a TMPDIR nobody may enter: nothing
		// can be proven here either way.
		t.Skipf("cannot act as another user here (%v: %s); docs/security.md says what protects the token", err, out)
	}
	home := filepath.Join(open, "UnityMCP")
	startServe(t, home, "127.0.0.1:0") // creates the state directory, the token and daemon.json itself
	for _, f := range []string{"token", "daemon.json"} {
		p := filepath.Join(home, f)
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if out, err := asNobody("cat", p); err == nil || !strings.Contains(out, "Permission denied") {
			t.Errorf("user nobody read %s (%v): %q", f, err, out)
		}
	}
	if out, err := asNobody("ls", home); err == nil {
		t.Errorf("user nobody listed the state directory: %q", out)
	}
	fi, err := os.Stat(home)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		t.Errorf("state directory mode %v, want no access for group and others", fi.Mode().Perm())
	}
}
