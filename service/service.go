// Package service installs unitymcp to start at login, per user, inside the
// user's graphical session — the tray, notifications and window focus need
// the user's desktop:
//
//   - Linux: a systemd user unit (WantedBy=default.target, restarted within
//     seconds on failure) through kardianos/service with our own unit
//     template; without a systemd user manager, an XDG autostart entry.
//   - macOS: a LaunchAgent (~/Library/LaunchAgents) through kardianos/service.
//   - Windows: a per-user start-up entry (HKCU\…\Run), not an SCM service: a
//     session-0 service can show no tray, toast or window focus.
package service

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// ErrUnmanaged is Stop's answer where no service manager runs the daemon
// (the Windows Run key only starts it at login): the caller stops the
// daemon itself (unitymcp stop), and it starts again at the next login.
var ErrUnmanaged = errors.New("no service manager runs the daemon: stop it directly")

// The facts below are declared here once; the packaging (installer/packaging,
// installer/dist) uses them and its tests check the files that cannot import
// Go (installer/macos/unitymcp.plist, the READMEs under installer/) against
// them.

// Name of the service: the systemd user unit (unitymcp.service), the XDG
// autostart entry (unitymcp.desktop) and the Windows Run-key value.
const Name = "unitymcp"

// LaunchAgentLabel is the macOS LaunchAgent's label, and so its file name,
// ~/Library/LaunchAgents/<label>.plist (kardianos/service uses the name it is
// given for both). It stays "unitymcp" rather than the reverse-DNS
// "io.github.unitymcp" the packagers' template under installer/macos once
// said: "unitymcp" is what every `unitymcp service install` so far has
// written, and a new label would not find those agents (Query, Uninstall)
// and would install a second one beside them. A change here needs a
// migration that removes the old agent. The app bundle's identifier
// (CFBundleIdentifier io.github.unitymcp in installer/macos/Info.plist) is a
// different fact and stays reverse-DNS.
const LaunchAgentLabel = "unitymcp"

// Description of the service (the systemd unit's Description=).
const Description = "unitymcp: lets AI coding agents drive the Unity Editor (MCP daemon and tray)"

// RunKey is the per-user registry key, under HKEY_CURRENT_USER, whose value
// Name starts unitymcp at login on Windows.
const RunKey = `Software\Microsoft\Windows\CurrentVersion\Run`

// WindowsGUIExe is the GUI-subsystem build (no console window) that the Run
// key starts when it lies beside the binary; the Windows zip ships it under
// this name.
const WindowsGUIExe = "unitymcp-tray.exe"

// Config says what to start.
type Config struct {
	// Exe is the unitymcp binary (default: this executable).
	Exe string
	// Home is the user's home folder (default: os.UserHomeDir).
	Home string
	// StateDir is passed as UNITYMCP_HOME when it is not the default.
	StateDir string
	// Env adds environment variables.
	Env map[string]string
}

// Status of the installation.
type Status struct {
	Installed bool   `json:"installed"`
	Running   bool   `json:"running"`
	Kind      string `json:"kind"` // systemd-user, xdg-autostart, launchagent, windows-run-key
	Path      string `json:"path"` // the unit, entry or registry value
	Detail    string `json:"detail,omitempty"`
}

func (c Config) normalize() (Config, error) {
	if c.Exe == "" {
		exe, err := os.Executable()
		if err != nil {
			return c, err
		}
		c.Exe = exe
	}
	if abs, err := filepath.Abs(c.Exe); err == nil {
		c.Exe = abs
	}
	if c.Home == "" {
		h, err := os.UserHomeDir()
		if err != nil {
			return c, fmt.Errorf("no home folder: %w", err)
		}
		c.Home = h
	}
	return c, nil
}

// Args are the daemon's arguments when started at login.
var Args = []string{"serve"}

// Install sets unitymcp to start at login (and starts it where the system
// does that on install).
func Install(c Config) (Status, error) {
	c, err := c.normalize()
	if err != nil {
		return Status{}, err
	}
	return install(c)
}

// Uninstall removes the start-at-login entry.
func Uninstall(c Config) (Status, error) {
	c, err := c.normalize()
	if err != nil {
		return Status{}, err
	}
	return uninstall(c)
}

// Query reports whether it is installed and running.
func Query(c Config) (Status, error) {
	c, err := c.normalize()
	if err != nil {
		return Status{}, err
	}
	return query(c)
}

// Start and Stop control the installed service now.
func Start(c Config) error {
	c, err := c.normalize()
	if err != nil {
		return err
	}
	return control(c, "start")
}

func Stop(c Config) error {
	c, err := c.normalize()
	if err != nil {
		return err
	}
	return control(c, "stop")
}
