//go:build unix && !(linux && (amd64 || arm64))

package platform

import "syscall"

// sysRead, sysWrite and sysSend are one system call on a non-blocking
// descriptor (raw ones on the Linux builds: sockio_linux.go).
func sysRead(fd uintptr, b []byte) (int, syscall.Errno) {
	return errnoOf(syscall.Read(int(fd), b))
}

func sysWrite(fd uintptr, b []byte) (int, syscall.Errno) {
	return errnoOf(syscall.Write(int(fd), b))
}

func sysSend(fd uintptr, b []byte) (int, syscall.Errno) {
	return errnoOf(syscall.SendmsgN(int(fd), b, nil, nil, syscall.MSG_DONTWAIT))
}

func errnoOf(n int, err error) (int, syscall.Errno) {
	if errno, ok := err.(syscall.Errno); ok {
		return 0, errno
	}
	return n, 0
}
