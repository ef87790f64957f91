package platform

import (
	"errors"
	"os"
	"path/filepath"
)

// AppDirName is the folder name of the state directory on every OS.
const AppDirName = "UnityMCP"

// HomeEnv overrides the state directory when set.
const HomeEnv = "UNITYMCP_HOME"

// DataDir returns the per-user state directory: $UNITYMCP_HOME if set, else
// %LOCALAPPDATA%\UnityMCP on Windows, else $XDG_DATA_HOME/UnityMCP, else
// ~/.local/share/UnityMCP (also on macOS, as the definition-tools document
// says).
func DataDir() (string, error) {
	home, _ := os.UserHomeDir()
	return dataDir(goos, os.Getenv, home)
}

// DataDirIn is the state directory that a process with another
// environment (getenv) and home folder finds — the installer asks it what a
// client that starts `unitymcp stdio` with a short fixed environment would
// use.
func DataDirIn(getenv func(string) string, home string) (string, error) {
	return dataDir(goos, getenv, home)
}

// dataDir is the pure rule behind DataDir.
func dataDir(goos string, getenv func(string) string, home string) (string, error) {
	if d := getenv(HomeEnv); d != "" {
		return filepath.Abs(d)
	}
	if goos == "windows" {
		if d := getenv("LOCALAPPDATA"); d != "" {
			return filepath.Join(d, AppDirName), nil
		}
		if home != "" {
			return filepath.Join(home, "AppData", "Local", AppDirName), nil
		}
		return "", errors.New("cannot find the state directory: LOCALAPPDATA is not set; set UNITYMCP_HOME")
	}
	if goos == "linux" || goos == "freebsd" || goos == "openbsd" || goos == "netbsd" {
		if d := getenv("XDG_DATA_HOME"); d != "" && filepath.IsAbs(d) {
			return filepath.Join(d, AppDirName), nil
		}
	}
	if home == "" {
		return "", errors.New("cannot find the state directory: no home directory; set UNITYMCP_HOME")
	}
	return filepath.Join(home, ".local", "share", AppDirName), nil
}
