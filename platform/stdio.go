package platform

import "io"

// PollableStdio returns standard input and output for a relay that is
// always waiting on both (the stdio shim): where the OS allows it, pipes
// and sockets are switched to non-blocking mode and reopened as files the
// Go runtime polls, so a read waits in the runtime's poller beside the
// relay's socket instead of blocking a thread. A blocking read costs a
// thread hand-off and a wake-up per message: 35–50 µs of every stdio call's
// latency in the deployed-shape benchmark (docs/performance.md). Terminals
// and files are left as they are. restore puts the descriptors back in
// blocking mode (they may be shared with the parent process); call it before
// exiting. Their small reads and writes are raw system calls (see
// QuietConn). Standard output, when it is a pipe or socket, is switched to
// non-blocking mode too but written without the poller, as outFD, which
// may be handed to another process (SendFiles; see handoff.go for why it is
// not polled); outFD is nil otherwise.
func PollableStdio() (in io.Reader, out io.Writer, outFD *RawFD, restore func()) {
	return pollableStdio()
}
