package platform

import (
	"io"
	"net"
	"os"
	"time"
)

// Handing a descriptor to another process.
//
// `unitymcp stdio` gives the daemon its standard output, so that the daemon
// writes the client's answers itself instead of sending them to the shim to
// copy: the shim then wakes once per call (for the request) instead of twice
// (docs/architecture.md, "The stdio stream"). A descriptor crosses between
// processes as ancillary data on a Unix-domain socket (SCM_RIGHTS); Windows
// has no such thing (DuplicateHandle needs the other process's handle), so
// there the shim relays everything as before.

// CanPassFiles reports whether this OS passes descriptors over a local
// socket.
const CanPassFiles = canPassFiles

// SendFiles sends files over c, a Unix-domain stream connection (possibly
// wrapped: anything with a NetConn method is unwrapped), as ancillary data
// on one byte. The receiver gets descriptors of the same open files; the
// sender's own stay open.
func SendFiles(c net.Conn, files ...*os.File) error { return sendFiles(c, files) }

// ReceiveFiles reads the one byte SendFiles sent over c and returns the
// files that came with it, refusing (and closing) more than max. It must be
// the first read on c after whatever the sender wrote before SendFiles, and
// nothing may have buffered c's bytes: the files travel with that byte.
// The descriptors are close-on-exec.
func ReceiveFiles(c net.Conn, max int) ([]*os.File, error) { return receiveFiles(c, max) }

// ReadAvailable reads what f (a pipe in non-blocking mode, as os.Pipe makes
// them) holds right now, without waiting: 0 and nil when it holds nothing,
// io.EOF once every writer closed it and it is empty.
func ReadAvailable(f *os.File, b []byte) (int, error) { return readAvailable(f, b) }

// QuietWriter returns f — a pipe or socket received from another process,
// in non-blocking mode — as a writer whose small writes are raw system
// calls (see QuietConn); f itself when the runtime does not poll it.
func QuietWriter(f *os.File) io.Writer {
	if f.SetWriteDeadline(time.Time{}) != nil {
		return f
	}
	return quietFile(f)
}

// unixConnOf finds the *net.UnixConn under c's wrappers.
func unixConnOf(c net.Conn) *net.UnixConn {
	for {
		switch v := c.(type) {
		case *net.UnixConn:
			return v
		case interface{ NetConn() net.Conn }:
			c = v.NetConn()
		default:
			return nil
		}
	}
}
