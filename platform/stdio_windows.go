//go:build windows

package platform

import "os"

// Windows pipes are left as they are (the runtime has no poller for them).
func pollableStdio() (in, out *os.File, restore func()) {
	return os.Stdin, os.Stdout, func() {}
}
