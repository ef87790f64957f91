//go:build !linux && !darwin && !windows

package service

import (
	"fmt"
	"runtime"
)

func install(Config) (Status, error) {
	return Status{}, fmt.Errorf("start at login is not supported on %s; start `unitymcp serve` from your session's start-up scripts", runtime.GOOS)
}
func uninstall(Config) (Status, error) { return Status{}, nil }
func query(Config) (Status, error)     { return Status{Kind: "none"}, nil }
func control(Config, string) error {
	return fmt.Errorf("not supported on %s", runtime.GOOS)
}
