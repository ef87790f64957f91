//go:build !linux && !windows

package platform

import (
	"fmt"
	"net/netip"
	"runtime"
)

// holdsConnection: macOS tells a socket's owner only through libproc
// (proc_pidfdinfo), which takes cgo; other systems are not covered.
func holdsConnection(pid int, local netip.AddrPort) error {
	return fmt.Errorf("%w: not on %s", ErrConnUnsupported, runtime.GOOS)
}
