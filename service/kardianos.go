//go:build linux || darwin

package service

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	ks "github.com/kardianos/service"
	"github.com/unitymcp/unitymcp/platform"
)

type noop struct{}

func (noop) Start(ks.Service) error { return nil }
func (noop) Stop(ks.Service) error  { return nil }

// kardianosService builds the per-user service definition.
func kardianosService(c Config) (ks.Service, error) {
	env := map[string]string{}
	for k, v := range c.Env {
		env[k] = v
	}
	if c.StateDir != "" {
		env[platform.HomeEnv] = c.StateDir
	}
	if runtime.GOOS == "linux" {
		// kardianos/service writes Environment=K=V unquoted; systemd would
		// split a value with spaces. Quote the whole assignment.
		for k, v := range env {
			if strings.ContainsAny(v, " \t") {
				delete(env, k)
				env[`"`+k] = v + `"`
			}
		}
	}
	opt := ks.KeyValue{
		"UserService":   true,
		"SystemdScript": systemdUnit,
		"Restart":       "on-failure",
		"KeepAlive":     true,
		"RunAtLoad":     true,
		"SessionCreate": false,
	}
	name := Name
	if runtime.GOOS == "darwin" {
		name = LaunchAgentLabel // the agent's Label and file name
	}
	return ks.New(noop{}, &ks.Config{
		Name:        name,
		DisplayName: Name,
		Description: Description,
		Executable:  c.Exe,
		Arguments:   Args,
		EnvVars:     env,
		Option:      opt,
	})
}

// unitPath is where kardianos/service writes a user unit or agent.
func unitPath(c Config, kind string) string {
	if kind == "launchagent" {
		return filepath.Join(c.Home, "Library", "LaunchAgents", LaunchAgentLabel+".plist")
	}
	return filepath.Join(c.Home, ".config", "systemd", "user", Name+".service")
}

func kardianosStatus(s ks.Service, c Config, kind string) (Status, error) {
	st := Status{Kind: kind, Path: unitPath(c, kind)}
	if _, err := os.Stat(st.Path); err == nil {
		st.Installed = true
	}
	switch code, err := s.Status(); {
	case err == nil:
		st.Running = code == ks.StatusRunning
	case errors.Is(err, ks.ErrNotInstalled):
	default:
		st.Detail = err.Error()
	}
	return st, nil
}
