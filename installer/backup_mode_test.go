package installer

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Before the installer changes a client's config it keeps the file as it
// was in the state directory's backups. Such a file can hold tokens (the
// user's other servers', or ours from an earlier install), so the backup
// is readable by its owner only (0600), whatever the original's mode; two
// changes in a row keep two backups; and with no state directory to keep
// one in, nothing is written at all.
func TestBackupsArePrivate(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows has no Unix permission bits; the state directory's ACL protects backups there")
	}
	home, state := t.TempDir(), t.TempDir()
	p := filepath.Join(home, ".cursor", "mcp.json")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	original := `{"mcpServers": {"other": {"url": "https://example.invalid/mcp", "headers": {"Authorization": "Bearer other-secret"}}}}` + "\n"
	if err := os.WriteFile(p, []byte(original), 0o644); err != nil {
		t.Fatal(err)
	}
	req := ClientRequest{Client: "cursor", Env: Env{GOOS: "linux", Home: home}, Server: server(), StateDir: state}

	// No state directory: refused, and the config is left as it was.
	noState := req
	noState.StateDir = ""
	if _, err := InstallClient(noState); err == nil || !strings.Contains(err.Error(), "state directory") {
		t.Errorf("install without a state directory: %v, want an error naming the state directory", err)
	}
	if b, _ := os.ReadFile(p); string(b) != original {
		t.Fatalf("the config changed although no backup could be kept:\n%s", b)
	}

	installed, err := InstallClient(req)
	if err != nil || installed.Backup == "" {
		t.Fatalf("install: %+v %v, want a backup", installed, err)
	}
	afterInstall, _ := os.ReadFile(p)
	uninstalled, err := UninstallClient(req)
	if err != nil || uninstalled.Backup == "" {
		t.Fatalf("uninstall: %+v %v, want a backup", uninstalled, err)
	}
	if installed.Backup == uninstalled.Backup {
		t.Fatalf("install and uninstall both kept their backup as %s: the second overwrote the first", installed.Backup)
	}
	for _, b := range []struct{ path, want string }{{installed.Backup, original}, {uninstalled.Backup, string(afterInstall)}} {
		if dir := filepath.Dir(b.path); dir != filepath.Join(state, "backups") {
			t.Errorf("backup %s is not in the state directory's backups", b.path)
		}
		fi, err := os.Stat(b.path)
		if err != nil {
			t.Fatal(err)
		}
		if perm := fi.Mode().Perm(); perm != 0o600 {
			t.Errorf("backup %s has mode %04o, want 0600 (it may hold tokens)", b.path, perm)
		}
		if got, _ := os.ReadFile(b.path); string(got) != b.want {
			t.Errorf("backup %s holds\n%s\nwant the file as it was:\n%s", b.path, got, b.want)
		}
	}
}
