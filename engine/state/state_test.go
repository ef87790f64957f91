package state

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func mode(t *testing.T, path string) os.FileMode {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode().Perm()
}

// TestStateDirRepaired: a pre-existing 0777 state folder is made 0700.
func TestStateDirRepaired(t *testing.T) {
	t.Parallel()
	root := filepath.Join(t.TempDir(), "UnityMCP")
	if err := os.Mkdir(root, 0o777); err != nil {
		t.Fatal(err)
	}
	os.Chmod(root, 0o777) // past the umask
	if _, err := At(root); err != nil {
		t.Fatal(err)
	}
	if got := mode(t, root); got != 0o700 {
		t.Errorf("state folder mode: got %v, want 0700", got)
	}
}

// TestStateDirOfAnotherUserRefused needs root to give the folder away.
func TestStateDirOfAnotherUserRefused(t *testing.T) {
	t.Parallel()
	if os.Getuid() != 0 {
		t.Skip("needs root to chown a folder to another user")
	}
	root := filepath.Join(t.TempDir(), "UnityMCP")
	os.Mkdir(root, 0o755)
	if err := os.Chown(root, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	_, err := At(root)
	if err == nil || !strings.Contains(err.Error(), "belongs to uid 65534") {
		t.Fatalf("At on another user's folder: got %v, want a refusal naming the owner", err)
	}
	if got := mode(t, root); got != 0o755 {
		t.Errorf("another user's folder was changed to %v", got)
	}
}

// TestStateDirSymlinkNotChmodded: a symlinked state folder with a loose
// target is refused, and the target keeps its mode.
func TestStateDirSymlinkNotChmodded(t *testing.T) {
	t.Parallel()
	base := t.TempDir()
	target := filepath.Join(base, "elsewhere")
	os.Mkdir(target, 0o755)
	os.Chmod(target, 0o755)
	link := filepath.Join(base, "UnityMCP")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if _, err := At(link); err == nil || !strings.Contains(err.Error(), "symlink") {
		t.Errorf("At on a symlink to a 0755 folder: got %v, want a refusal", err)
	}
	if got := mode(t, target); got != 0o755 {
		t.Errorf("the symlink's target was changed to %v", got)
	}
	os.Chmod(target, 0o700)
	if _, err := At(link); err != nil {
		t.Errorf("At on a symlink to an owner-only folder: %v", err)
	}
}

// TestWeakTokenRegenerated: a short, binary or otherwise malformed token is
// replaced by a new 64-hex-digit one, 0600; a good one is kept.
func TestWeakTokenRegenerated(t *testing.T) {
	t.Parallel()
	good := strings.Repeat("ab", 32)
	for _, tt := range []struct {
		name, content string
		kept          bool
	}{
		{"3 bytes", "abc", false},
		{"empty", "\n", false},
		{"binary", "\x00\xff\x01\x02" + strings.Repeat("\x80", 40), false},
		{"space inside", strings.Repeat("a", 20) + " " + strings.Repeat("b", 20), false},
		{"good", good + "\n", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := At(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(d.TokenPath(), []byte(tt.content), 0o600)
			if _, err := d.ReadToken(); (err == nil) != tt.kept {
				t.Errorf("ReadToken: got %v, want an error: %v", err, !tt.kept)
			}
			tok, err := d.EnsureToken()
			if err != nil {
				t.Fatal(err)
			}
			if tt.kept != (tok == good) {
				t.Errorf("EnsureToken: got %q (kept: %v, want kept: %v)", tok, tok == good, tt.kept)
			}
			if err := CheckToken(tok); err != nil || len(tok) != 64 {
				t.Errorf("token %q: %v", tok, err)
			}
			if got, err := d.ReadToken(); err != nil || got != tok {
				t.Errorf("ReadToken after EnsureToken: got %q, %v; want %q", got, err, tok)
			}
			if got := mode(t, d.TokenPath()); got != 0o600 {
				t.Errorf("token mode: got %v, want 0600", got)
			}
		})
	}
}

// TestTokenSymlinkReplaced: a token file that is a symlink is refused by
// readers and replaced by the daemon, and its target (here world-readable,
// holding a plausible token) is neither trusted, read into the token nor
// chmodded.
func TestTokenSymlinkReplaced(t *testing.T) {
	t.Parallel()
	d, err := At(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(t.TempDir(), "planted")
	planted := strings.Repeat("cd", 32)
	os.WriteFile(target, []byte(planted), 0o644)
	os.Chmod(target, 0o644)
	if err := os.Symlink(target, d.TokenPath()); err != nil {
		t.Fatal(err)
	}
	if _, err := d.ReadToken(); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("ReadToken through a symlink: got %v, want a refusal", err)
	}
	tok, err := d.EnsureToken()
	if err != nil {
		t.Fatal(err)
	}
	if tok == planted {
		t.Error("EnsureToken trusted the symlink's target")
	}
	fi, err := os.Lstat(d.TokenPath())
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != 0o600 {
		t.Errorf("token after EnsureToken: %v, %v; want a regular 0600 file", fi.Mode(), err)
	}
	if got := mode(t, target); got != 0o644 {
		t.Errorf("the symlink's target was chmodded to %v", got)
	}
	if b, _ := os.ReadFile(target); string(b) != planted {
		t.Errorf("the symlink's target was rewritten: %q", b)
	}
}
