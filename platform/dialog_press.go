package platform

import (
	"errors"
	"fmt"
	"strings"
)

// Dialog roles PressDialog presses when no button is named.
const (
	// DialogDefault is the dialog's default button (what Return presses).
	DialogDefault = "default"
	// DialogCancel is the dialog's cancel: what Escape or the window's
	// close button does.
	DialogCancel = "cancel"
)

// DialogPress says what to press in a dialog: a button by its label (as
// ModalDialogs lists it), or else a role.
type DialogPress struct {
	Button string
	Role   string
}

// ErrPressUnsupported wraps every reason PressDialog cannot press what
// was asked here (macOS, a named button on X11, another OS).
var ErrPressUnsupported = errors.New("pressing a dialog's button is not possible here")

// ErrNoDialog: the process has no modal dialog of that title (any more).
var ErrNoDialog = errors.New("no such dialog")

// PressDialog presses a button of d, a modal dialog of process pid as
// ModalDialogs listed it, through the OS, as the user would, and says what
// it sent. It presses d's window only, and only while that window is still
// a dialog of pid titled d.Title (a window id the OS gave to another window
// since is refused with ErrNoDialog). On Windows a named button, the
// default (DM_GETDEFID) or the cancel (WM_CLOSE, which a dialog box turns
// into IDCANCEL); on X11 the default by a Return key and the cancel by
// WM_DELETE_WINDOW, the window manager's close (an Escape key when the
// window does not take it), neither of which moves the input focus (see
// x11PressKey). X11 does not know a dialog's buttons (the toolkit draws
// them), so a named button is unsupported there, as is every press on
// macOS (the Accessibility permission, see ModalDialogs).
func PressDialog(pid int, d Dialog, p DialogPress) (string, error) {
	if pid <= 0 {
		return "", fmt.Errorf("%w: no process id", ErrDialogsUnsupported)
	}
	if _, err := DescribePress(d, p); err != nil {
		return "", err
	}
	return pressDialog(pid, d, p)
}

// DescribePress says exactly what PressDialog would send to d for p (the
// button and how, or the key), without sending it: a dry run's answer.
func DescribePress(d Dialog, p DialogPress) (string, error) {
	if (p.Button == "") == (p.Role == "") {
		return "", fmt.Errorf("name a button or a role (%s or %s), one of them", DialogDefault, DialogCancel)
	}
	if p.Role != "" && p.Role != DialogDefault && p.Role != DialogCancel {
		return "", fmt.Errorf("role %q: a role is %s or %s", p.Role, DialogDefault, DialogCancel)
	}
	return describePress(d, p)
}

// SameButton reports whether two button texts (as ModalDialogs lists one,
// as a caller gives the other) name the same button: the '&' of an access
// key, case and surrounding spaces aside.
func SameButton(a, b string) bool {
	norm := func(s string) string { return strings.TrimSpace(strings.ReplaceAll(s, "&", "")) }
	return strings.EqualFold(norm(a), norm(b))
}

func pressErr(format string, a ...any) error {
	return fmt.Errorf("%w: %s", ErrPressUnsupported, fmt.Sprintf(format, a...))
}
