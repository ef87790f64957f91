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

// At returns the state directory at root, creating it if missing.
func At(root string) (Dir, error) {
	if err := os.MkdirAll(root, 0o700); err != nil {
		return Dir{}, fmt.Errorf("creating state directory %s: %w", root, err)
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
// missing. A token file with loose permissions is tightened, not trusted
// silently.
func (d Dir) EnsureToken() (string, error) {
	tok, err := d.ReadToken()
	if err == nil {
		if perr := platform.CheckOwnerOnly(d.TokenPath()); perr != nil {
			if cerr := os.Chmod(d.TokenPath(), 0o600); cerr != nil {
				return "", fmt.Errorf("token file is not owner-only and cannot be fixed: %w", perr)
			}
		}
		return tok, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
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

// ReadToken reads the token written by the daemon.
func (d Dir) ReadToken() (string, error) {
	b, err := os.ReadFile(d.TokenPath())
	if err != nil {
		return "", err
	}
	tok := strings.TrimSpace(string(b))
	if tok == "" {
		return "", fmt.Errorf("token file %s is empty; delete it and restart the daemon", d.TokenPath())
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
		os.Remove(d.DaemonPath())
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
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	return nil
}
