package platform

// RequestStop asks the process pid — a unitymcp daemon — to shut down
// cleanly, as Ctrl+C would: SIGTERM on Unix; on Windows, where no signal
// reaches a detached process from another one (os.Process.Signal can only
// kill it, which skips the shutdown: editors and calls in flight are not
// told, and the tray icon stays behind), it sets the named event the daemon
// waits on (StopRequested). The error says when pid takes no such request
// (a daemon of an older version, or not a daemon at all).
func RequestStop(pid int) error { return requestStop(pid) }

// StopRequested returns a channel closed when another process calls
// RequestStop for this one, and a function that stops listening. On Unix
// RequestStop sends SIGTERM, which the caller's signal handler receives:
// the channel never closes there.
func StopRequested() (<-chan struct{}, func()) { return stopRequested() }
