//go:build darwin && !cgo

package tray

import (
	"context"
	"log/slog"

	"github.com/unitymcp/unitymcp/engine/client"
)

// fyne.io/systray needs cgo (Objective-C) on macOS. A build without cgo has
// no tray; build with CGO_ENABLED=1 on a Mac (installer/macos/README.md).

// Options configure the tray.
type Options struct {
	Connect  func(ctx context.Context) (*client.Client, error)
	Logger   *slog.Logger
	Quit     func()
	QuitTip  string
	Notify   func(title, body string)
	StateDir string
}

// Available is false: this build has no tray.
func Available() bool { return false }

// Run returns at once.
func Run(Options) {}

// Quit does nothing.
func Quit() {}
