//go:build !linux && !windows && (cgo || !darwin)

package tray

import "log/slog"

func busReachable() bool { return true }

func keepRegistered(*slog.Logger) {}
