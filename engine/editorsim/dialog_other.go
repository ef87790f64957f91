//go:build !linux && !freebsd && !openbsd && !netbsd && !windows

package editorsim

import (
	"errors"
	"runtime"
)

// showDialog has no window to show off X11: the dialog holds the
// simulated main thread until DismissDialog.
func showDialog(title string, pid int) (*dialogWindow, error) {
	return nil, errors.New("the simulator draws dialog windows on X11 only, not on " + runtime.GOOS)
}
