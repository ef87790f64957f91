package platform

import (
	"errors"
	"fmt"
)

// ErrFocusUnsupported wraps every reason FocusWindow cannot act here.
var ErrFocusUnsupported = errors.New("window focus unavailable")

// FocusWindow brings the top-level window of the process pid to the front.
// The error says why it could not and what the user can do.
func FocusWindow(pid int) error {
	if pid <= 0 {
		return fmt.Errorf("%w: the editor did not report its process id", ErrFocusUnsupported)
	}
	if !ProcessAlive(pid) {
		return fmt.Errorf("%w: no process with pid %d is running", ErrFocusUnsupported, pid)
	}
	return focusWindow(pid)
}
