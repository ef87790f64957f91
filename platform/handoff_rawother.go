//go:build unix && !(linux && (amd64 || arm64))

package platform

import "syscall"

// sysRead is one read(2) on a non-blocking descriptor.
func sysRead(fd uintptr, b []byte) (int, syscall.Errno) {
	n, err := syscall.Read(int(fd), b)
	if errno, ok := err.(syscall.Errno); ok {
		return 0, errno
	}
	return n, 0
}
