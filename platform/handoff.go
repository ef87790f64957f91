package platform

import "net"

// Handing a descriptor to another process.
//
// `unitymcp stdio` gives the daemon its standard output, so that the daemon
// writes the client's answers itself instead of sending them to the shim to
// copy: the shim then wakes once per call (for the request) instead of twice
// (docs/architecture.md, "The stdio stream"). A descriptor crosses between
// processes as ancillary data on a Unix-domain socket (SCM_RIGHTS); Windows
// has no such thing (DuplicateHandle needs the other process's handle), so
// there the shim relays everything as before.
//
// What is handed over travels as RawFD: a descriptor the Go runtime does not
// poll. Every descriptor the runtime polls is in its epoll set with every
// event (in, out, hang-up; edge-triggered), and the kernel wakes an epoll set
// on events a process has no use for: a pipe wakes everything registered on
// either of its ends when it is written, and a Unix-domain socket wakes its
// writer's side each time the reader takes data. A shim polling the
// client's output, the ack pipe or the socket it writes requests on would be
// woken by the daemon's every answer, ack and read — the wake-ups handing
// over was to save. So the shim writes requests into a pipe it does not
// poll, the ack pipe's end is read without the poller, and the client's
// output is written, while the shim has it, without the poller too.

// CanPassFiles reports whether this OS passes descriptors over a local
// socket.
const CanPassFiles = canPassFiles

// SendFiles sends fds over c, a Unix-domain stream connection (possibly
// wrapped: anything with a NetConn method is unwrapped), as ancillary data
// on one byte. The receiver gets descriptors of the same open files; the
// sender's own stay open.
func SendFiles(c net.Conn, fds ...*RawFD) error { return sendFiles(c, fds) }

// ReceiveFiles reads the one byte SendFiles sent over c and returns the
// descriptors that came with it, refusing (and closing) more than max. It
// must be the first read on c after whatever the sender wrote before
// SendFiles, and nothing may have buffered c's bytes: the descriptors travel
// with that byte. They are close-on-exec and not polled (RawFD.Pollable
// makes one a file the runtime polls).
func ReceiveFiles(c net.Conn, max int) ([]*RawFD, error) { return receiveFiles(c, max) }

// Pipe returns a new pipe whose ends the runtime does not poll, both
// non-blocking and close-on-exec.
func Pipe() (r, w *RawFD, err error) { return rawPipe() }

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
