// Package state owns the daemon's per-user state directory: the token, the
// daemon descriptor, the editor instance descriptors and the folders other
// parts keep their files in. Every write is atomic; secrets are owner-only.
package state

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/unitymcp/unitymcp/platform"
)

// Dir is a state directory.
type Dir struct{ Root string }

// Open returns the state directory from the environment (UNITYMCP_HOME or the
// OS default), creating it owner-only if missing.
func Open() (Dir, error) {
	root, err := platform.DataDir()
	if err != nil {
		return Dir{}, err
	}
	return At(root)
}

// At returns the state directory at root, creating it owner-only (0700) if
// missing and repairing a looser mode. It refuses a folder of another user.
func At(root string) (Dir, error) {
	if err := platform.MkdirPrivate(root); err != nil {
		return Dir{}, fmt.Errorf("creating state directory %s: %w", root, err)
	}
	if err := platform.SecureDir(root); err != nil {
		return Dir{}, fmt.Errorf("state directory: %w", err)
	}
	return Dir{Root: root}, nil
}

// Paths inside the state directory.
func (d Dir) TokenPath() string             { return filepath.Join(d.Root, "token") }
func (d Dir) DaemonPath() string            { return filepath.Join(d.Root, "daemon.json") }
func (d Dir) LockPath() string              { return filepath.Join(d.Root, "daemon.lock") }
func (d Dir) InstancesDir() string          { return filepath.Join(d.Root, "instances") }
func (d Dir) LogsDir() string               { return filepath.Join(d.Root, "logs") }
func (d Dir) ConfigPath() string            { return filepath.Join(d.Root, "config.json") }
func (d Dir) LogPath() string               { return filepath.Join(d.LogsDir(), "daemon.log") }
func (d Dir) StderrLogPath() string         { return filepath.Join(d.LogsDir(), "daemon.stderr.log") }
func (d Dir) ToolsRoot() string             { return filepath.Join(d.Root, "tools") }
func (d Dir) SharedToolsDir() string        { return filepath.Join(d.ToolsRoot(), "shared") }
func (d Dir) ToolsDir(hash string) string   { return filepath.Join(d.ToolsRoot(), hash) }
func (d Dir) Recordings(hash string) string { return filepath.Join(d.Root, "recordings", hash) }
func (d Dir) InstancePath(hash string) string {
	return filepath.Join(d.InstancesDir(), hash+".json")
}

// tokenBytes is the size of the random secret (256 bits).
const tokenBytes = 32

// EnsureToken returns the token, creating the owner-only token file if it is
// missing. A token that is weak (short, or outside the RFC 7235 token68
// alphabet), is not a regular file (a symlink is replaced, never followed)
// or cannot be read is replaced by a new one; one with loose permissions is
// rewritten owner-only (no chmod, so nothing outside is touched).
func (d Dir) EnsureToken() (string, error) {
	tok, err := d.ReadToken()
	if err == nil {
		if perr := platform.CheckOwnerOnly(d.TokenPath()); perr != nil {
			if werr := platform.WriteFileAtomic(d.TokenPath(), []byte(tok+"\n"), 0o600); werr != nil {
				return "", fmt.Errorf("token file is not owner-only and cannot be fixed: %w", perr)
			}
		}
		return tok, nil
	}
	if _, lerr := os.Lstat(d.TokenPath()); lerr != nil && !errors.Is(lerr, fs.ErrNotExist) {
		return "", lerr
	}
	// Missing, weak or not a regular file: a new one, renamed over the old
	// name (a symlink itself is replaced, its target left alone).
	b := make([]byte, tokenBytes)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	tok = hex.EncodeToString(b)
	if err := platform.WriteFileAtomic(d.TokenPath(), []byte(tok+"\n"), 0o600); err != nil {
		return "", err
	}
	return tok, nil
}

// MinTokenLen is the shortest token accepted (128 bits of hex).
const MinTokenLen = 32

// CheckToken reports why tok cannot be the daemon's token: shorter than
// MinTokenLen, or a character outside RFC 7235's token68 alphabet (which a
// bearer token must use to survive the Authorization header).
func CheckToken(tok string) error {
	if len(tok) < MinTokenLen {
		return fmt.Errorf("it has %d characters, fewer than %d", len(tok), MinTokenLen)
	}
	for i, c := range []byte(strings.TrimRight(tok, "=")) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~+/", c) >= 0) {
			return fmt.Errorf("byte %d is %q, not a letter, digit or one of -._~+/", i, c)
		}
	}
	return nil
}

// ReadToken reads the token written by the daemon. It refuses a token file
// that is not a regular file (a symlink) or a weak token.
func (d Dir) ReadToken() (string, error) {
	fi, err := os.Lstat(d.TokenPath())
	if err != nil {
		return "", err
	}
	if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("token file %s is not a regular file (%v); delete it and restart the daemon, which writes a new one", d.TokenPath(), fi.Mode().Type())
	}
	b, err := platform.ReadFile(d.TokenPath())
	if err != nil {
		return "", err
	}
	tok := strings.TrimSpace(string(b))
	if err := CheckToken(tok); err != nil {
		return "", fmt.Errorf("token file %s holds a weak token (%v); restart the daemon (unitymcp serve) to replace it", d.TokenPath(), err)
	}
	return tok, nil
}

// Daemon is the content of daemon.json.
type Daemon struct {
	PID     int       `json:"pid"`
	Version string    `json:"version"`
	Address string    `json:"address"`
	URL     string    `json:"url"`
	Started time.Time `json:"started"`
	// Key is drawn afresh at every start; the daemon proves it knows it
	// (proof.go) before a client sends the token.
	Key string `json:"key"`
}

// WriteDaemon writes daemon.json.
func (d Dir) WriteDaemon(info Daemon) error { return writeJSON(d.DaemonPath(), info) }

// ReadDaemon reads daemon.json.
func (d Dir) ReadDaemon() (Daemon, error) {
	var info Daemon
	err := readJSON(d.DaemonPath(), &info)
	return info, err
}

// RemoveDaemon removes daemon.json if it still names pid.
func (d Dir) RemoveDaemon(pid int) {
	if info, err := d.ReadDaemon(); err == nil && info.PID == pid {
		platform.RemoveFile(d.DaemonPath())
	}
}

func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return platform.WriteFileAtomic(path, append(b, '\n'), 0o600)
}

func readJSON(path string, v any) error {
	b, err := platform.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	return nil
}
