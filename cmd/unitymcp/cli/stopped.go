package cli

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/platform"
)

// `unitymcp stop` leaves a mark in the state directory, "stopped", and
// the next daemon to start removes it. While it is there nothing starts a
// daemon on its own: a tray attached to the stopped daemon closes instead
// of starting another (stop stops the daemon and its trays), and the tray a
// user opens again starts one only because the user asked. A stdio shim
// starts one only when its client makes a request (the shim's background
// redial never starts one), which is the user asking too.

// stoppedMark is what the mark holds: which daemon was stopped, and when.
type stoppedMark struct {
	PID int       `json:"pid,omitempty"`
	At  time.Time `json:"at"`
}

func stoppedPath(dir state.Dir) string { return filepath.Join(dir.Root, "stopped") }

// markStopped records that the user stopped the daemon pid (0: none ran).
func markStopped(dir state.Dir, pid int) error {
	b, _ := json.Marshal(stoppedMark{PID: pid, At: time.Now().UTC()})
	return platform.WriteFileAtomic(stoppedPath(dir), append(b, '\n'), 0o600)
}

// stoppedByUser reports whether the last daemon was stopped by the user
// and none has started since.
func stoppedByUser(dir state.Dir) bool {
	_, err := os.Stat(stoppedPath(dir))
	return err == nil
}

// clearStopped removes the mark: a daemon started (serve calls it once it
// serves).
func clearStopped(dir state.Dir) error {
	if err := os.Remove(stoppedPath(dir)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}
