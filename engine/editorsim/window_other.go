//go:build !windows

package editorsim

import (
	"errors"
	"log/slog"
	"runtime"
)

// ShowWindow: the simulator draws its own main window on Windows only
// (dialog_windows.go); on X11 give --pid of a program that has a window
// (the tests use an xterm).
func ShowWindow(title string, log *slog.Logger) error {
	return errors.New("the simulator shows a main window on Windows only, not on " + runtime.GOOS + "; pass --pid of a program with a window instead")
}
