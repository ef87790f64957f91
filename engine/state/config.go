package state

import (
	"errors"
	"io/fs"
)

// Config is config.json: the user's settings.
type Config struct {
	Notifications Notifications `json:"notifications"`
	// DaemonPath is the unitymcp binary editors start when no daemon runs.
	DaemonPath string `json:"daemonPath,omitempty"`
}

// Notifications switches each kind of desktop notification.
type Notifications struct {
	Compile bool `json:"compile"`
	Tests   bool `json:"tests"`
	Reload  bool `json:"reload"`
}

// DefaultConfig has every notification on.
func DefaultConfig() Config {
	return Config{Notifications: Notifications{Compile: true, Tests: true, Reload: true}}
}

// ReadConfig reads config.json (the defaults when it does not exist).
func (d Dir) ReadConfig() (Config, error) {
	c := DefaultConfig()
	err := readJSON(d.ConfigPath(), &c)
	if errors.Is(err, fs.ErrNotExist) {
		return DefaultConfig(), nil
	}
	return c, err
}

// WriteConfig writes config.json atomically.
func (d Dir) WriteConfig(c Config) error { return writeJSON(d.ConfigPath(), c) }
