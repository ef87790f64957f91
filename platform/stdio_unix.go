//go:build unix

package platform

import (
	"io"
	"os"
	"syscall"
	"time"
)

func pollableStdio() (in io.Reader, out io.Writer, outFD *RawFD, restore func()) {
	fin, r1, p1 := pollable(os.Stdin, "/dev/stdin")
	out, outFD, r2 := rawStdout()
	return quietIfPolled(fin, p1), out, outFD, func() { r1(); r2() }
}

// rawStdout returns standard output, when it is a pipe or socket, as a
// RawFD in non-blocking mode: written without the runtime's poller, so that
// the daemon's writes into it, once it is handed over, do not wake this
// process (handoff.go). Anything else (a terminal, a file) is os.Stdout.
func rawStdout() (io.Writer, *RawFD, func()) {
	noop := func() {}
	fd := newRawFD(1)
	fd.sigpipe = true
	if pipe, sock := fd.Kind(); !pipe && !sock {
		return os.Stdout, nil, noop
	}
	fl, err := fcntlGetfl(1)
	if err != nil {
		return os.Stdout, nil, noop
	}
	if fl&syscall.O_NONBLOCK != 0 {
		return fd, fd, noop
	}
	if syscall.SetNonblock(1, true) != nil {
		return os.Stdout, nil, noop
	}
	return fd, fd, func() { syscall.SetNonblock(1, false) }
}

func fcntlGetfl(fd int) (int, error) {
	fl, _, e := syscall.Syscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_GETFL, 0)
	if e != 0 {
		return 0, e
	}
	return int(fl), nil
}

// quietIfPolled gives a file the runtime polls raw reads and writes
// (QuietConn's, for the same reason); one in blocking mode stays as it is,
// since a raw read there would hold the scheduler.
func quietIfPolled(f *os.File, polled bool) io.ReadWriter {
	if !polled {
		return f
	}
	return quietFile(f)
}

// pollable switches a pipe or socket to non-blocking mode and reopens it as
// a file the runtime polls; anything else comes back as it is. A file the
// runtime polls already (its descriptor was non-blocking when the process
// started: a parent set it, or an earlier process on the same pipe did and
// was killed before restoring it) is kept as it is, mode included: the
// descriptor could not be polled twice. restore switches back only what
// pollable switched. Standard input and output may share one open file
// description (a socket pair, inetd): then the second call finds it
// non-blocking but not polled through its own descriptor, and reopens it.
func pollable(f *os.File, name string) (file *os.File, restore func(), polled bool) {
	noop := func() {}
	if f.SetReadDeadline(time.Time{}) == nil {
		return f, noop, true // polled by the runtime since start-up
	}
	var fd int
	var nonblock bool
	if sc, err := f.SyscallConn(); err != nil || sc.Control(func(u uintptr) {
		fd = int(u)
		fl, _, e := syscall.Syscall(syscall.SYS_FCNTL, u, syscall.F_GETFL, 0)
		nonblock = e == 0 && fl&syscall.O_NONBLOCK != 0
	}) != nil {
		return f, noop, false
	}
	var st syscall.Stat_t
	if syscall.Fstat(fd, &st) != nil {
		return f, noop, false
	}
	if kind := st.Mode & syscall.S_IFMT; kind != syscall.S_IFIFO && kind != syscall.S_IFSOCK {
		return f, noop, false // a terminal or a file: not switched
	}
	restore = noop
	if !nonblock {
		if syscall.SetNonblock(fd, true) != nil {
			return f, noop, false
		}
		restore = func() { syscall.SetNonblock(fd, false) }
	}
	// nf is kept in both cases: dropping it would let its finalizer close fd.
	nf := os.NewFile(uintptr(fd), name)
	if nf.SetReadDeadline(time.Time{}) != nil { // the runtime could not poll it after all
		restore()
		return nf, noop, false
	}
	return nf, restore, true
}
