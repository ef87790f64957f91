//go:build !windows

package cli

import "syscall"

// stopSignal asks the daemon to shut down cleanly.
var stopSignal = syscall.SIGTERM
