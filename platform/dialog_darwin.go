//go:build darwin

package platform

// modalDialogs: macOS lets a process read another's windows and their
// buttons only through the Accessibility API, after the user granted the
// reading process Accessibility access in System Settings — a permission
// unitymcp does not ask for (CGWindowListCopyWindowInfo gives titles only
// with the Screen Recording permission, and no dialog type). The daemon
// then tells a Unity waiting on a dialog only from its heartbeats.
func modalDialogs(pid int) ([]Dialog, error) {
	return nil, dialogsErr("macOS shows another process's dialogs only to programs granted Accessibility access, which unitymcp does not ask for")
}

// pressDialog: pressing another process's button takes the same
// Accessibility permission.
func pressDialog(pid int, d Dialog, p DialogPress) (string, error) {
	return describePress(d, p)
}

func describePress(Dialog, DialogPress) (string, error) {
	return "", pressErr("macOS lets a program press another's buttons only with Accessibility access, which unitymcp does not ask for; answer the dialog in the Unity window")
}
