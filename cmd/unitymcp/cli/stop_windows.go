package cli

import "os"

// stopSignal: Windows cannot deliver SIGTERM to another process; Signal
// fails and Stop kills the daemon instead.
var stopSignal = os.Interrupt
