//go:build !linux && !freebsd && !openbsd && !netbsd && !darwin && !windows

package platform

import "runtime"

func modalDialogs(pid int) ([]Dialog, error) {
	return nil, dialogsErr("finding dialog windows is not supported on %s", runtime.GOOS)
}
