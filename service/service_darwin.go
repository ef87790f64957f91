//go:build darwin

package service

import (
	"fmt"

	ks "github.com/kardianos/service"
)

func install(c Config) (Status, error) {
	s, err := kardianosService(c)
	if err != nil {
		return Status{}, err
	}
	if st, _ := kardianosStatus(s, c, "launchagent"); st.Installed {
		return st, nil
	}
	if err := s.Install(); err != nil {
		return Status{}, fmt.Errorf("installing the LaunchAgent: %w", err)
	}
	return kardianosStatus(s, c, "launchagent")
}

func uninstall(c Config) (Status, error) {
	s, err := kardianosService(c)
	if err != nil {
		return Status{}, err
	}
	s.Stop()
	if err := s.Uninstall(); err != nil {
		return Status{}, err
	}
	return kardianosStatus(s, c, "launchagent")
}

func query(c Config) (Status, error) {
	s, err := kardianosService(c)
	if err != nil {
		return Status{}, err
	}
	return kardianosStatus(s, c, "launchagent")
}

func control(c Config, action string) error {
	s, err := kardianosService(c)
	if err != nil {
		return err
	}
	return ks.Control(s, action)
}
