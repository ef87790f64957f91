//go:build !linux && !freebsd && !openbsd && !netbsd && !darwin && !windows

package platform

import "runtime"

func focusWindow(pid int) error {
	return focusErr("raising windows is not supported on %s", runtime.GOOS)
}
