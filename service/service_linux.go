//go:build linux

package service

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	ks "github.com/kardianos/service"
)

// useSystemd reports whether a systemd user manager can run the unit. It is
// a variable so tests can force the systemd backend in a container (where
// systemd is not PID 1 and kardianos/service would pick SysV).
var useSystemd = func() bool {
	if _, err := exec.LookPath("systemctl"); err != nil {
		return false
	}
	return exec.Command("systemctl", "--user", "show-environment").Run() == nil
}

// forcedSystemd is kardianos/service's systemd backend with detection
// answered by useSystemd: kardianos/service looks for systemd as PID 1 and
// otherwise picks SysV, which would write /etc/init.d and ignore UserService.
type forcedSystemd struct{ ks.System }

func (forcedSystemd) Detect() bool { return true }

func chooseSystemd() {
	for _, s := range ks.AvailableSystems() {
		if s.String() == "linux-systemd" {
			ks.ChooseSystem(forcedSystemd{s})
			return
		}
	}
}

func install(c Config) (Status, error) {
	if !useSystemd() {
		return installAutostart(c)
	}
	chooseSystemd()
	s, err := kardianosService(c)
	if err != nil {
		return Status{}, err
	}
	os.MkdirAll(filepath.Dir(unitPath(c, "systemd-user")), 0o755)
	if st, _ := kardianosStatus(s, c, "systemd-user"); st.Installed {
		return st, nil // idempotent
	}
	if err := s.Install(); err != nil {
		return Status{}, fmt.Errorf("installing the systemd user unit: %w", err)
	}
	return kardianosStatus(s, c, "systemd-user")
}

func uninstall(c Config) (Status, error) {
	if !useSystemd() {
		p := autostartPath(c)
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return Status{}, err
		}
		return Status{Kind: "xdg-autostart", Path: p}, nil
	}
	chooseSystemd()
	s, err := kardianosService(c)
	if err != nil {
		return Status{}, err
	}
	if st, _ := kardianosStatus(s, c, "systemd-user"); !st.Installed {
		return st, nil
	}
	s.Stop()
	if err := s.Uninstall(); err != nil {
		return Status{}, fmt.Errorf("removing the systemd user unit: %w", err)
	}
	return kardianosStatus(s, c, "systemd-user")
}

func query(c Config) (Status, error) {
	if !useSystemd() {
		p := autostartPath(c)
		_, err := os.Stat(p)
		return Status{Kind: "xdg-autostart", Path: p, Installed: err == nil}, nil
	}
	chooseSystemd()
	s, err := kardianosService(c)
	if err != nil {
		return Status{}, err
	}
	return kardianosStatus(s, c, "systemd-user")
}

func control(c Config, action string) error {
	if !useSystemd() {
		if action == "stop" {
			return fmt.Errorf("stop needs a systemd user manager: there is none here, and the XDG autostart entry only starts unitymcp at login; `unitymcp stop` stops the running daemon, and `unitymcp service uninstall` keeps it from starting at the next login")
		}
		return fmt.Errorf("%s needs a systemd user manager; with the XDG autostart entry, unitymcp starts at the next login (or run `unitymcp serve` now)", action)
	}
	chooseSystemd()
	s, err := kardianosService(c)
	if err != nil {
		return err
	}
	return ks.Control(s, action)
}

func autostartPath(c Config) string {
	dir := os.Getenv("XDG_CONFIG_HOME")
	if dir == "" || !filepath.IsAbs(dir) {
		dir = filepath.Join(c.Home, ".config")
	}
	return filepath.Join(dir, "autostart", Name+".desktop")
}

func installAutostart(c Config) (Status, error) {
	p := autostartPath(c)
	exec := quoteExec(c.Exe) + " " + strings.Join(Args, " ")
	if c.StateDir != "" {
		exec = "env UNITYMCP_HOME=" + quoteExec(c.StateDir) + " " + exec
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return Status{}, err
	}
	if err := os.WriteFile(p, []byte(desktopEntryFor(exec)), 0o644); err != nil {
		return Status{}, err
	}
	return Status{Kind: "xdg-autostart", Path: p, Installed: true, Detail: "no systemd user manager: an XDG autostart entry starts unitymcp at the next login"}, nil
}
