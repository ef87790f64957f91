//go:build !windows

package platform

import (
	"io"
	"os"
	"syscall"
)

func pollableStdio() (in io.Reader, out io.Writer, restore func()) {
	fin, r1 := pollable(os.Stdin, "/dev/stdin")
	fout, r2 := pollable(os.Stdout, "/dev/stdout")
	return quietIfPolled(fin, os.Stdin), quietIfPolled(fout, os.Stdout), func() { r1(); r2() }
}

// quietIfPolled gives a file that pollable switched to non-blocking mode raw
// reads and writes (QuietConn's, for the same reason); one it left blocking
// stays as it is, since a raw read there would hold the scheduler.
func quietIfPolled(f, orig *os.File) io.ReadWriter {
	if f == orig {
		return f
	}
	return quietFile(f)
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
