//go:build unix

package confine

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// Paths tools read and write stay in the project: no symbolic link leads
// out, no FIFO is opened, nothing lands in the state folder.
func TestRootConfinement(t *testing.T) {
	t.Parallel()
	root, outside := t.TempDir(), t.TempDir()
	state := filepath.Join(root, "state") // a state folder the project holds
	os.MkdirAll(state, 0o700)
	os.WriteFile(filepath.Join(state, "token"), []byte("secret"), 0o600)
	os.WriteFile(filepath.Join(outside, "x.png"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(root, "in.png"), []byte("in"), 0o644)
	if err := os.Symlink(outside, filepath.Join(root, "out")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	os.Symlink(filepath.Join(outside, "x.png"), filepath.Join(root, "link.png"))
	os.Symlink("in.png", filepath.Join(root, "inner.png"))
	fifo := filepath.Join(root, "pipe.png")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}

	for _, c := range []struct{ p, want string }{
		{"out/x.png", "symbolic link"},
		{"link.png", "symbolic link"},
		{"../x.png", "outside the project folder"},
		{filepath.Join(outside, "x.png"), "outside the project folder"},
		{"pipe.png", "not a regular file"},
		{"missing.png", "does not exist"},
	} {
		f, terr := Open(root, c.p, "before")
		if terr == nil {
			f.Close()
			t.Errorf("Open %s: got nil error, want %q", c.p, c.want)
			continue
		}
		if !strings.Contains(terr.Message, c.want) || !strings.Contains(terr.Message, c.p) {
			t.Errorf("Open %s: got %q, want it to name the path and say %q", c.p, terr.Message, c.want)
		}
	}
	for _, p := range []string{"in.png", "inner.png", filepath.Join(root, "in.png")} {
		f, terr := Open(root, p, "before")
		if terr != nil {
			t.Errorf("Open %s: %v", p, terr)
			continue
		}
		f.Close()
	}

	for _, c := range []struct{ p, want string }{
		{"out/diff.png", "symbolic link"},
		{"link.png", "symbolic link"},
		{"state/token", "state folder"},
		{filepath.Join(state, "token"), "state folder"},
		{"pipe.png", "not a regular file"},
		{"/etc/evil.png", "outside the project folder"},
	} {
		f, _, terr := Create(root, c.p, "diff_path", state)
		if terr == nil {
			f.Close()
			t.Errorf("Create %s: got nil error, want %q", c.p, c.want)
			continue
		}
		if !strings.Contains(terr.Message, c.want) || !strings.Contains(terr.Message, c.p) {
			t.Errorf("Create %s: got %q, want it to name the path and say %q", c.p, terr.Message, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(outside, "diff.png")); err == nil {
		t.Error("a write through a symbolic link landed outside the project")
	}
	if b, _ := os.ReadFile(filepath.Join(state, "token")); string(b) != "secret" {
		t.Errorf("token overwritten: %q", b)
	}
	f, full, terr := Create(root, "Temp/deep/diff.png", "diff_path", state)
	if terr != nil {
		t.Fatalf("Create inside the project: %v", terr)
	}
	f.Close()
	if full != filepath.Join(root, "Temp/deep/diff.png") {
		t.Errorf("Create: got %s", full)
	}
	// Outputs hold editor content: owner-only file and the folders made for it.
	if runtime.GOOS != "windows" {
		for path, want := range map[string]os.FileMode{full: 0o600, filepath.Join(root, "Temp", "deep"): 0o700, filepath.Join(root, "Temp"): 0o700} {
			if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != want {
				t.Errorf("%s: mode %v (%v), want %v", path, fi.Mode().Perm(), err, want)
			}
		}
	}
	if _, terr := Rel("", "a.png", "before"); terr == nil || !strings.Contains(terr.Message, "no connected editor") {
		t.Errorf("Rel without a root: %v", terr)
	}
}
