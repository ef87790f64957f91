package platform

import (
	"io"
	"net"
	"os"
	"time"
)

// QuietConn returns c with its reads and writes made as raw system calls on
// its non-blocking descriptor where the OS allows it (Linux on amd64 and
// arm64, the builds the project ships), and c itself elsewhere. A read or write through the net package tells the Go scheduler
// it is entering a system call that may block; the first one after a pause
// wakes the runtime's monitor thread (sysmon), which then polls every 20 µs
// and may hand the processor to another thread while the call runs. On a
// socket in non-blocking mode the call cannot block, so that bookkeeping buys
// nothing and costs thread wake-ups on every request: 15–20 % of the daemon's
// and editorsim's CPU in the deployed-shape benchmark (docs/performance.md,
// fourth round). Waiting is unchanged: a read with nothing to read and a write
// with a full buffer still park in the runtime's poller, and deadlines and
// Close behave as the net package's. A write of more than quietChunk bytes
// takes the ordinary path and a read moves at most quietChunk bytes, so a
// long copy never holds the processor.
func QuietConn(c net.Conn) net.Conn { return quietConn(c) }

// quietChunk is the most a raw read or write moves in one system call.
const quietChunk = 64 << 10

// QuietFile returns f, a pipe or socket the runtime polls, with its small
// reads and writes made as raw system calls where the OS allows it (see
// QuietConn); f itself elsewhere or when the runtime does not poll f.
func QuietFile(f *os.File) io.ReadWriter {
	if f.SetReadDeadline(time.Time{}) != nil {
		return f
	}
	return quietFile(f)
}
