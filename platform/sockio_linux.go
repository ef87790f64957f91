//go:build linux && (amd64 || arm64)

package platform

import (
	"errors"
	"io"
	"net"
	"os"
	"sync"
	"syscall"
	"unsafe"
)

func quietConn(c net.Conn) net.Conn {
	switch c := c.(type) { // stream sockets only
	case *net.TCPConn:
	case *net.UnixConn:
		if c.LocalAddr().Network() != "unix" {
			return c // unixgram, unixpacket
		}
	default:
		return c
	}
	rc := rawConnOf(c)
	if rc == nil {
		return c
	}
	// The error the net package would give for c.Read or c.Write.
	wrap := func(op string, err error) error {
		return &net.OpError{Op: op, Net: c.LocalAddr().Network(), Source: c.LocalAddr(), Addr: c.RemoteAddr(), Err: err}
	}
	return &quiet{Conn: c, rw: newRawRW(raw{rc: rc, sock: true}, c, wrap)}
}

func quietFile(f *os.File) io.ReadWriter {
	rc := rawConnOf(f)
	if rc == nil {
		return f
	}
	sock := false // a socket pair as standard input and output (libuv's children get one)
	rc.Control(func(fd uintptr) {
		var st syscall.Stat_t
		sock = syscall.Fstat(int(fd), &st) == nil && st.Mode&syscall.S_IFMT == syscall.S_IFSOCK
	})
	return newRawRW(raw{rc: rc, sock: sock}, f, nil)
}

func rawConnOf(v any) syscall.RawConn {
	sc, ok := v.(syscall.Conn)
	if !ok {
		return nil
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return nil
	}
	return rc
}

// raw makes reads and writes on a descriptor the runtime polls as raw system
// calls. rc.Read and rc.Write hold the descriptor open for the call, check
// its deadline and park in the poller while f reports EAGAIN; their errors
// are the deadline, the closed descriptor, or a system call's errno.
//
// A raw call must never block: it would hold the scheduler's only processor.
// On a socket (sock) each call says so itself (MSG_DONTWAIT), whatever the
// descriptor's mode. A pipe has no such flag, and its O_NONBLOCK belongs to
// the open file description, which a parent process may share and switch
// back; so every call on a pipe checks the mode first (one more raw call,
// F_GETFL) and reports blocking to take the ordinary path instead.
type raw struct {
	rc   syscall.RawConn
	sock bool
}

// op runs one read or write of b (at most quietChunk bytes of it).
func (r raw) op(fd uintptr, write bool, b []byte) (int, syscall.Errno) {
	if len(b) > quietChunk {
		b = b[:quietChunk]
	}
	p, n := uintptr(unsafe.Pointer(&b[0])), uintptr(len(b))
	var m uintptr
	var e syscall.Errno
	switch {
	case r.sock && write:
		m, _, e = syscall.RawSyscall6(syscall.SYS_SENDTO, fd, p, n, syscall.MSG_DONTWAIT|syscall.MSG_NOSIGNAL, 0, 0)
	case r.sock:
		m, _, e = syscall.RawSyscall6(syscall.SYS_RECVFROM, fd, p, n, syscall.MSG_DONTWAIT, 0, 0)
	default:
		fl, _, ferr := syscall.RawSyscall(syscall.SYS_FCNTL, fd, syscall.F_GETFL, 0)
		if ferr != 0 || fl&syscall.O_NONBLOCK == 0 {
			return 0, blocking
		}
		call := uintptr(syscall.SYS_READ)
		if write {
			call = syscall.SYS_WRITE
		}
		m, _, e = syscall.RawSyscall(call, fd, p, n)
	}
	return int(m), e
}

// blocking is the answer for a pipe in blocking mode (not a Linux errno):
// the call is to be made the ordinary way.
const blocking syscall.Errno = 1 << 20

// rawCall is one direction's raw call (a read or a write) with its state,
// and the function rc.Read or rc.Write runs, made once: a closure per call
// was an allocation per read and write. mu keeps concurrent callers (a
// net.Conn allows them) from sharing the state.
type rawCall struct {
	mu    sync.Mutex
	raw   raw
	write bool
	b     []byte
	n     int
	errno syscall.Errno
	fn    func(fd uintptr) bool
}

func newRawCall(r raw, write bool) *rawCall {
	c := &rawCall{raw: r, write: write}
	if write {
		c.fn = c.writeFD
	} else {
		c.fn = c.readFD
	}
	return c
}

// readFD makes one read (EINTR repeated); false on EAGAIN (the poller waits).
func (c *rawCall) readFD(fd uintptr) bool {
	for {
		m, e := c.raw.op(fd, false, c.b)
		switch e {
		case syscall.EINTR:
			continue
		case syscall.EAGAIN:
			return false
		}
		c.n, c.errno = m, e
		return true
	}
}

// writeFD writes what is left of b; false on EAGAIN (the poller waits).
func (c *rawCall) writeFD(fd uintptr) bool {
	for c.n < len(c.b) {
		m, e := c.raw.op(fd, true, c.b[c.n:])
		switch e {
		case 0:
			c.n += m
		case syscall.EINTR:
		case syscall.EAGAIN:
			return false
		default:
			c.errno = e
			return true
		}
	}
	return true
}

// do makes the call on b under the poller (which holds the descriptor open,
// checks its deadline and waits while it reports EAGAIN): what it moved,
// its errno, and the poller's own error.
func (c *rawCall) do(b []byte) (int, syscall.Errno, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.b, c.n, c.errno = b, 0, 0
	var err error
	if c.write {
		err = c.raw.rc.Write(c.fn)
	} else {
		err = c.raw.rc.Read(c.fn)
	}
	c.b = nil // nothing of the caller's kept
	return c.n, c.errno, err
}

func (c *rawCall) read(b []byte) (int, error) {
	n, errno, err := c.do(b)
	switch {
	case err != nil || errno != 0:
		return 0, rawErr("read", errno, err) // n is the call's -1
	case n == 0:
		return 0, io.EOF
	}
	return n, nil
}

func (c *rawCall) writeAll(b []byte) (int, error) {
	n, errno, err := c.do(b)
	return n, rawErr("write", errno, err)
}

// rawErr is the error of a raw call: the poller's, blocking (to take the
// ordinary path), or the errno as os.File would give it.
func rawErr(op string, errno syscall.Errno, err error) error {
	switch {
	case err != nil:
		return unwrapRaw(err)
	case errno == blocking:
		return blocking
	case errno != 0:
		return os.NewSyscallError(op, errno)
	}
	return nil
}

// unwrapRaw takes off the *net.OpError ("raw-read") a socket's RawConn
// wraps its errors in, so the caller can wrap them as a plain Read or Write
// would.
func unwrapRaw(err error) error {
	var oe *net.OpError
	if errors.As(err, &oe) {
		return oe.Err
	}
	return err
}

// quiet is a net.Conn whose small reads and writes are raw (QuietConn).
type quiet struct {
	net.Conn
	rw *rawRW
}

func (q *quiet) Read(b []byte) (int, error)  { return q.rw.Read(b) }
func (q *quiet) Write(b []byte) (int, error) { return q.rw.Write(b) }

// rawRW reads and writes through raw. A write larger than quietChunk goes
// to slow (the ordinary Read or Write), and so does a call raw could not
// make: on a descriptor found in blocking mode, and, for a file (wrap nil),
// any call that failed, so that it fails as os.File's does (os.ErrClosed
// after Close; on standard output a closed pipe ends the process with
// SIGPIPE). A socket's errors other than io.EOF are wrapped by wrap as the
// net package's.
type rawRW struct {
	rd, wr *rawCall
	slow   io.ReadWriter
	wrap   func(op string, err error) error
}

func newRawRW(r raw, slow io.ReadWriter, wrap func(op string, err error) error) *rawRW {
	return &rawRW{rd: newRawCall(r, false), wr: newRawCall(r, true), slow: slow, wrap: wrap}
}

// redo reports whether a failed raw call is to be made the ordinary way.
func (q *rawRW) redo(err error) bool { return err == blocking || q.wrap == nil }

func (q *rawRW) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	n, err := q.rd.read(b)
	switch {
	case err == nil || err == io.EOF:
		return n, err
	case q.redo(err):
		return q.slow.Read(b)
	}
	return n, q.wrap("read", err)
}

func (q *rawRW) Write(b []byte) (int, error) {
	if len(b) > quietChunk {
		return q.slow.Write(b)
	}
	n, err := q.wr.writeAll(b)
	switch {
	case err == nil:
		return n, nil
	case q.redo(err):
		m, err := q.slow.Write(b[n:])
		return n + m, err
	}
	return n, q.wrap("write", err)
}

// sysRead, sysWrite and sysSend are one raw system call on a non-blocking
// descriptor (they cannot block).
func sysRead(fd uintptr, b []byte) (int, syscall.Errno) {
	n, _, e := syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
	return int(n), e
}

func sysWrite(fd uintptr, b []byte) (int, syscall.Errno) {
	n, _, e := syscall.RawSyscall(syscall.SYS_WRITE, fd, uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
	return int(n), e
}

func sysSend(fd uintptr, b []byte) (int, syscall.Errno) {
	n, _, e := syscall.RawSyscall6(syscall.SYS_SENDTO, fd, uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)), syscall.MSG_DONTWAIT|syscall.MSG_NOSIGNAL, 0, 0)
	return int(n), e
}

// NetConn is the connection under q (platform.SendFiles finds the socket).
func (q *quiet) NetConn() net.Conn { return q.Conn }
