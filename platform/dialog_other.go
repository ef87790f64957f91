//go:build !linux && !freebsd && !openbsd && !netbsd && !darwin && !windows

package platform

import "runtime"

func modalDialogs(pid int) ([]Dialog, error) {
	return nil, dialogsErr("finding dialog windows is not supported on %s", runtime.GOOS)
}

func pressDialog(pid int, d Dialog, p DialogPress) (string, error) {
	return describePress(d, p)
}

func describePress(Dialog, DialogPress) (string, error) {
	return "", pressErr("pressing dialog buttons is not supported on %s", runtime.GOOS)
}
