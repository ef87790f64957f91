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
// no tray, no toast and no window to focus.

// command prefers the GUI-subsystem build beside the binary, so starting
// at login opens no console window.
func command(c Config) string {
	exe := c.Exe
	if gui := filepath.Join(filepath.Dir(exe), WindowsGUIExe); fileExists(gui) {
		exe = gui
	}
	return `"` + exe + `" ` + strings.Join(Args, " ")
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

func install(c Config) (Status, error) {
	k, _, err := registry.CreateKey(registry.CURRENT_USER, RunKey, registry.SET_VALUE)
	if err != nil {
		return Status{}, err
	}
	defer k.Close()
	if err := k.SetStringValue(Name, command(c)); err != nil {
		return Status{}, err
	}
	if c.StateDir != "" {
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
		return Status{}, err
	}
	return query(c)
}

func query(c Config) (Status, error) {
	st := Status{Kind: "windows-run-key", Path: `HKCU\` + RunKey + `\` + Name}
	k, err := registry.OpenKey(registry.CURRENT_USER, RunKey, registry.QUERY_VALUE)
	if err == nil {
		_, _, err = k.GetStringValue(Name)
		k.Close()
		st.Installed = err == nil
	}
	return st, nil
}

func control(c Config, action string) error {
	switch action {
	case "start":
		_, err := platform.StartDetached(c.Exe, Args, os.Environ(), nil)
		return err
	}
	return fmt.Errorf("%s: stop unitymcp from its tray menu (Quit)", action)
}

func setUserEnv(name, value string) error {
	k, err := registry.OpenKey(registry.CURRENT_USER, "Environment", registry.SET_VALUE)
	if err != nil {
		return err
	}
	defer k.Close()
	return k.SetStringValue(name, value)
}
