//go:build !windows

package platform

import (
	"os"
	"syscall"
)

func pollableStdio() (in, out *os.File, restore func()) {
	in, r1 := pollable(os.Stdin, "/dev/stdin")
	out, r2 := pollable(os.Stdout, "/dev/stdout")
	return in, out, func() { r1(); r2() }
}

// pollable switches a pipe or socket to non-blocking mode and reopens it as
// a file the runtime polls; anything else comes back as it is.
func pollable(f *os.File, name string) (*os.File, func()) {
	fd := int(f.Fd())
	var st syscall.Stat_t
	if syscall.Fstat(fd, &st) != nil {
		return f, func() {}
	}
	if kind := st.Mode & syscall.S_IFMT; kind != syscall.S_IFIFO && kind != syscall.S_IFSOCK {
		return f, func() {} // a terminal or a file: not switched
	}
	if syscall.SetNonblock(fd, true) != nil {
		return f, func() {}
	}
	return os.NewFile(uintptr(fd), name), func() { syscall.SetNonblock(fd, false) }
}
