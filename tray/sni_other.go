//go:build !linux && (cgo || !darwin)

package tray

import "log/slog"

func busReachable() bool { return true }

func keepRegistered(*slog.Logger) {}
