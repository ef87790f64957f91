//go:build windows

package service

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/unitymcp/unitymcp/platform"
	"golang.org/x/sys/windows/registry"
)

// Windows uses a per-user start-up entry (RunKey) rather than
// kardianos/service's SCM service: services run in session 0, where there is
// no tray, no toast and no window to focus. Nothing supervises what the Run
// key starts, so start runs the same command now and stop is the caller's
// (ErrUnmanaged: unitymcp stop).

// program prefers the GUI-subsystem build beside the binary, so starting
// at login opens no console window.
func program(c Config) string {
	if gui := filepath.Join(filepath.Dir(c.Exe), WindowsGUIExe); fileExists(gui) {
		return gui
	}
	return c.Exe
}

// command is the Run-key value: the quoted program and Args.
func command(c Config) string { return `"` + program(c) + `" ` + strings.Join(Args, " ") }

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

func install(c Config) (Status, error) {
	k, _, err := registry.CreateKey(registry.CURRENT_USER, RunKey, registry.SET_VALUE)
	if err != nil {
		return Status{}, fmt.Errorf(`opening HKCU\%s: %w`, RunKey, err)
	}
	defer k.Close()
	if err := k.SetStringValue(Name, command(c)); err != nil {
		return Status{}, fmt.Errorf(`writing HKCU\%s\%s: %w`, RunKey, Name, err)
	}
	if c.StateDir != "" {
		// The Run key cannot set a variable for one program: the user's
		// environment carries UNITYMCP_HOME to the daemon at login (and to
		// every unitymcp started after it), and uninstall removes it.
		if err := setUserEnv(platform.HomeEnv, c.StateDir); err != nil {
			return Status{}, err
		}
	}
	return query(c)
}

func uninstall(c Config) (Status, error) {
	k, err := registry.OpenKey(registry.CURRENT_USER, RunKey, registry.SET_VALUE)
	if err == nil {
		err = k.DeleteValue(Name)
		k.Close()
	}
	if err != nil && !errors.Is(err, registry.ErrNotExist) {
		return Status{}, fmt.Errorf(`removing HKCU\%s\%s: %w`, RunKey, Name, err)
	}
	if c.StateDir != "" {
		if err := removeUserEnv(platform.HomeEnv, c.StateDir); err != nil {
			return Status{}, err
		}
	}
	return query(c)
}

func query(c Config) (Status, error) {
	st := Status{Kind: "windows-run-key", Path: `HKCU\` + RunKey + `\` + Name}
	k, err := registry.OpenKey(registry.CURRENT_USER, RunKey, registry.QUERY_VALUE)
	if err != nil {
		return st, nil
	}
	defer k.Close()
	v, _, err := k.GetStringValue(Name)
	if err != nil {
		return st, nil
	}
	st.Installed = true
	if v != command(c) {
		st.Detail = fmt.Sprintf("the entry starts %s, not this binary (%s): unitymcp service install rewrites it", v, command(c))
	}
	return st, nil
}

func control(c Config, action string) error {
	switch action {
	case "start":
		// The daemon's stderr goes to the state folder's
		// logs/daemon.stderr.log, as for a daemon a client starts: what the
		// Go runtime prints there (a panic) is kept.
		logf, err := stderrLog(c)
		if err != nil {
			return err
		}
		defer logf.Close()
		_, err = platform.StartDetached(program(c), Args, os.Environ(), logf)
		return err
	case "stop":
		return ErrUnmanaged
	}
	return fmt.Errorf("service %s: say start or stop", action)
}

func setUserEnv(name, value string) error {
	k, err := registry.OpenKey(registry.CURRENT_USER, "Environment", registry.SET_VALUE)
	if err != nil {
		return fmt.Errorf(`opening HKCU\Environment: %w`, err)
	}
	defer k.Close()
	return k.SetStringValue(name, value)
}

// removeUserEnv removes the user's variable name when install set it to
// value (a value the user changed since is theirs and stays).
func removeUserEnv(name, value string) error {
	k, err := registry.OpenKey(registry.CURRENT_USER, "Environment", registry.QUERY_VALUE|registry.SET_VALUE)
	if err != nil {
		return nil
	}
	defer k.Close()
	if v, _, err := k.GetStringValue(name); err != nil || v != value {
		return nil
	}
	return k.DeleteValue(name)
}

// stderrLog opens (truncates) the daemon's stderr log in the state folder.
func stderrLog(c Config) (*os.File, error) {
	dir := c.StateDir
	if dir == "" {
		d, err := platform.DataDir()
		if err != nil {
			return nil, err
		}
		dir = d
	}
	logs := filepath.Join(dir, "logs")
	if err := platform.MkdirPrivate(logs); err != nil {
		return nil, err
	}
	return os.OpenFile(filepath.Join(logs, "daemon.stderr.log"), os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
}
