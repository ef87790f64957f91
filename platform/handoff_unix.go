//go:build unix

package platform

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

const canPassFiles = true

func sendFiles(c net.Conn, fds []*RawFD) error {
	uc := unixConnOf(c)
	if uc == nil {
		return fmt.Errorf("passing files needs a Unix-domain socket, not %s", c.LocalAddr().Network())
	}
	nums := make([]int, len(fds))
	for i, f := range fds {
		nums[i] = f.fd
	}
	_, _, err := uc.WriteMsgUnix([]byte{'F'}, syscall.UnixRights(nums...), nil)
	return err
}

func receiveFiles(c net.Conn, max int) ([]*RawFD, error) {
	uc := unixConnOf(c)
	if uc == nil {
		return nil, fmt.Errorf("receiving files needs a Unix-domain socket, not %s", c.LocalAddr().Network())
	}
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	defer c.SetReadDeadline(time.Time{})
	if runtime.GOOS != "linux" {
		// No MSG_CMSG_CLOEXEC: no fork between their arrival and
		// CloseOnExec below (an Editor the daemon starts would keep the
		// client's output open). At most the deadline above.
		syscall.ForkLock.RLock()
		defer syscall.ForkLock.RUnlock()
	}
	b := make([]byte, 1)
	oob := make([]byte, syscall.CmsgSpace(4*(max+1)))
	n, oobn, flags, _, err := uc.ReadMsgUnix(b, oob)
	if err != nil {
		return nil, err
	}
	var fds []int
	if msgs, perr := syscall.ParseSocketControlMessage(oob[:oobn]); perr == nil {
		for _, m := range msgs {
			if got, err := syscall.ParseUnixRights(&m); err == nil {
				fds = append(fds, got...)
			}
		}
	}
	switch {
	case n != 1 || b[0] != 'F':
		err = errors.New("the peer sent data where its files were expected")
	case flags&syscall.MSG_CTRUNC != 0 || len(fds) > max:
		err = fmt.Errorf("the peer sent more than %d files", max)
	case len(fds) == 0:
		err = errors.New("the peer sent no files")
	}
	if err != nil {
		for _, fd := range fds {
			syscall.Close(fd)
		}
		return nil, err
	}
	out := make([]*RawFD, len(fds))
	for i, fd := range fds {
		syscall.CloseOnExec(fd) // ReadMsgUnix asks for it where the OS can; elsewhere now
		out[i] = newRawFD(fd)
	}
	return out, nil
}

// RawFD is a descriptor the Go runtime does not poll (see the comment at
// the top of handoff.go), read and written with raw system calls that
// never block the process: a write that finds no room, and Wait, wait in
// poll(2), a system call the runtime lets block.
type RawFD struct {
	fd      int
	pipe    bool
	sock    bool
	private bool       // its open file is this process's alone: its mode stays non-blocking
	sigpipe bool       // standard output: a write with no reader left ends the process
	mu      sync.Mutex // one call at a time; Close waits for it
	closed  atomic.Bool
}

func newRawFD(fd int) *RawFD {
	f := &RawFD{fd: fd}
	var st syscall.Stat_t
	if syscall.Fstat(fd, &st) == nil {
		f.pipe, f.sock = st.Mode&syscall.S_IFMT == syscall.S_IFIFO, st.Mode&syscall.S_IFMT == syscall.S_IFSOCK
	}
	return f
}

// FileRawFD returns f's descriptor as a RawFD, f's file left as it is (the
// caller keeps f open for as long as it uses the RawFD). Only a file the
// runtime does not poll makes sense here; standard output, as the stdio
// shim leaves it, is one.
func FileRawFD(f *os.File) *RawFD {
	rc, err := f.SyscallConn()
	if err != nil {
		return nil
	}
	var fd int
	rc.Control(func(u uintptr) { fd = int(u) })
	return newRawFD(fd)
}

// Kind reports whether the descriptor is a pipe or a socket, the only
// kinds the daemon takes over.
func (f *RawFD) Kind() (pipe, sock bool) { return f.pipe, f.sock }

// waitSlice is how long one poll(2) waits before Close is checked again.
const waitSlice = 100 * time.Millisecond

// Write writes all of b. Writes to the standard output or error of a
// process whose reader has gone end it with SIGPIPE, as os.File's do.
func (f *RawFD) Write(b []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for {
		m, full, err := f.writeSome(b[n:])
		n += m
		if !full || err != nil {
			if f.sigpipe && errors.Is(err, syscall.EPIPE) {
				os.Stdout.Write(b[n:]) // os.File's write raises SIGPIPE
			}
			return n, err
		}
		if _, err := f.poll(unix.POLLOUT, waitSlice); err != nil {
			return n, err
		}
	}
}

// WriteNow writes what of b fits now, without waiting: how much, and an
// error only if the descriptor failed.
func (f *RawFD) WriteNow(b []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	n, _, err := f.writeSome(b)
	return n, err
}

// writeSome writes b until it is written or the descriptor is full (under
// mu): how much, whether it was full, and the error (os.ErrClosed once
// closed).
func (f *RawFD) writeSome(b []byte) (n int, full bool, err error) {
	for n < len(b) {
		if f.closed.Load() {
			return n, false, os.ErrClosed
		}
		m, errno := f.write(b[n:min(len(b), n+quietChunk)])
		switch errno {
		case 0:
			n += m
		case syscall.EINTR:
		case syscall.EAGAIN:
			return n, true, nil
		default:
			return n, false, os.NewSyscallError("write", errno)
		}
	}
	return n, false, nil
}

// write is one raw write. A socket's says itself that it must not block;
// a pipe's mode belongs to its open file, which a parent may switch back
// to blocking (the shim does as it exits), so it is checked first, and on
// a blocking pipe only what fits now is written (poll(2) says a pipe has
// room for PIPE_BUF bytes), so that no write ever blocks and Close is never
// stuck behind one.
func (f *RawFD) write(b []byte) (int, syscall.Errno) {
	if f.sock {
		return sysSend(uintptr(f.fd), b)
	}
	if f.private {
		return sysWrite(uintptr(f.fd), b)
	}
	fl, _, e := syscall.RawSyscall(syscall.SYS_FCNTL, uintptr(f.fd), syscall.F_GETFL, 0)
	if e == 0 && fl&syscall.O_NONBLOCK != 0 {
		return sysWrite(uintptr(f.fd), b)
	}
	if ready, err := f.poll(unix.POLLOUT, 0); err != nil || !ready {
		return 0, syscall.EAGAIN
	}
	m, err := syscall.Write(f.fd, b[:min(len(b), pipeBuf)])
	if errno, ok := err.(syscall.Errno); ok {
		return 0, errno
	}
	return m, 0
}

// pipeBuf is what a pipe poll(2) says has room takes in one write without
// blocking: PIPE_BUF, the smaller of macOS's (512) and Linux's (4096).
const pipeBuf = 512

// linuxPipeBuf is Linux's PIPE_BUF.
const linuxPipeBuf = 4096

// WholeMax is the longest write to the descriptor that reaches its reader
// whole or not at all, so that a process dying during Write cannot leave
// part of it written; 0 when none is. A pipe takes up to PIPE_BUF bytes
// that way (POSIX): Linux's 4096 on a descriptor Private made this
// process's own (never blocking), 512 otherwise (a pipe switched back to
// blocking is written pipeBuf bytes at a time). A Unix-domain stream
// socket on Linux queues the first buffer of a send — up to half its send
// buffer less 64 bytes — whole, or fails with EAGAIN (unix_stream_sendmsg);
// the send buffer is the socket's, which any process holding it may
// shrink at any time, so this is what its smallest (SOCK_MIN_SNDBUF, 2 ×
// (2048 + an sk_buff): 2,240 bytes here) still takes. Other sockets (TCP
// takes part of a send of any size) and other systems: 0.
func (f *RawFD) WholeMax() int {
	switch {
	case f.pipe && f.private:
		return linuxPipeBuf
	case f.pipe:
		return pipeBuf
	case f.sock && runtime.GOOS == "linux":
		sa, err := syscall.Getsockname(f.fd)
		if _, unixSock := sa.(*syscall.SockaddrUnix); err != nil || !unixSock {
			return 0
		}
		if typ, err := syscall.GetsockoptInt(f.fd, syscall.SOL_SOCKET, syscall.SO_TYPE); err != nil || typ != syscall.SOCK_STREAM {
			return 0
		}
		return unixSocketWhole
	}
	return 0
}

// unixSocketWhole is what a Linux Unix-domain stream socket with the
// smallest send buffer takes whole (TestRawFDWholeMax checks it).
const unixSocketWhole = 2048

// ReadAvailable reads what the descriptor holds right now, without
// waiting: 0 and nil when it holds nothing, io.EOF once every writer
// closed it and it is empty.
func (f *RawFD) ReadAvailable(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed.Load() {
		return 0, os.ErrClosed
	}
	for {
		n, errno := sysRead(uintptr(f.fd), b)
		switch {
		case errno == syscall.EINTR:
			continue
		case errno == syscall.EAGAIN:
			return 0, nil
		case errno != 0:
			return 0, os.NewSyscallError("read", errno)
		case n == 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

// Wait waits at most d for something to read (or the end).
func (f *RawFD) Wait(d time.Duration) error { return f.wait(unix.POLLIN, d) }

// WaitWritable waits at most d for room to write (or the reader's end).
func (f *RawFD) WaitWritable(d time.Duration) error { return f.wait(unix.POLLOUT, d) }

// Closed reports whether Close was called.
func (f *RawFD) Closed() bool { return f.closed.Load() }

func (f *RawFD) wait(events int16, d time.Duration) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	for d > 0 && !f.closed.Load() {
		s := min(d, waitSlice)
		if ready, err := f.poll(events, s); err != nil || ready {
			return err
		}
		d -= s
	}
	if f.closed.Load() {
		return os.ErrClosed
	}
	return os.ErrDeadlineExceeded
}

// poll waits up to d for events (under mu): whether the descriptor is
// ready (an interrupted wait is not, and no error).
func (f *RawFD) poll(events int16, d time.Duration) (bool, error) {
	n, err := unix.Poll([]unix.PollFd{{Fd: int32(f.fd), Events: events}}, int(d.Milliseconds()))
	if err != nil && err != unix.EINTR {
		return false, os.NewSyscallError("poll", err)
	}
	return n > 0, nil
}

// Private makes a pipe's descriptor one of an open file of this process's
// own (Linux: the pipe opened again through /proc/self/fd), whose mode no
// other process can switch back to blocking, and so saves the check of the
// mode before each write. Elsewhere, or when that fails, it stays as it is.
func (f *RawFD) Private() {
	if !f.pipe || runtime.GOOS != "linux" {
		return
	}
	fl, err := fcntlGetfl(f.fd)
	if err != nil {
		return
	}
	nfd, err := syscall.Open(fmt.Sprintf("/proc/self/fd/%d", f.fd), fl&syscall.O_ACCMODE|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	if err != nil {
		return // no /proc, or no reader left: the shared one will do
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	syscall.Close(f.fd)
	f.fd, f.private = nfd, true
}

// Close closes the descriptor once the call in progress (a write waits at
// most waitSlice before it notices) returns.
func (f *RawFD) Close() error {
	if f.closed.Swap(true) {
		return os.ErrClosed
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return syscall.Close(f.fd)
}

// Pollable gives the descriptor to the runtime's poller as a file (for
// one a process waits on, like the daemon's end of the shim's request
// pipe); the RawFD must not be used after.
func (f *RawFD) Pollable(name string) *os.File {
	f.closed.Store(true)
	return os.NewFile(uintptr(f.fd), name) // non-blocking: the runtime polls it
}
