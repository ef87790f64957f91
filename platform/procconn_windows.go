package platform

import (
	"fmt"
	"net/netip"
	"unsafe"

	"golang.org/x/sys/windows"
)

var procGetExtendedTcpTable = windows.NewLazySystemDLL("iphlpapi.dll").NewProc("GetExtendedTcpTable")

// tcpTableOwnerPIDConnections is TCP_TABLE_OWNER_PID_CONNECTIONS
// (TCP_TABLE_CLASS, iprtrmib.h): connected sockets with their owners.
const tcpTableOwnerPIDConnections = 4

// holdsConnection asks GetExtendedTcpTable for the IPv4 and IPv6
// connections with their owning processes and finds the one whose local
// end is local.
func holdsConnection(pid int, local netip.AddrPort) error {
	for _, af := range []uint32{windows.AF_INET, windows.AF_INET6} {
		b, err := extendedTCPTable(af)
		if err != nil {
			return err
		}
		for _, s := range parseTCPTableOwnerPID(b, af == windows.AF_INET6) {
			if s.local == local {
				if s.pid == pid {
					return nil
				}
				return fmt.Errorf("%w: the connection from %s is process %d's, not %d's", ErrConnNotOwned, local, s.pid, pid)
			}
		}
	}
	return fmt.Errorf("%w: no TCP connection from %s is open", ErrConnNotOwned, local)
}

func extendedTCPTable(af uint32) ([]byte, error) {
	size := uint32(16 << 10)
	for range 4 {
		b := make([]byte, size)
		r, _, _ := procGetExtendedTcpTable.Call(uintptr(unsafe.Pointer(&b[0])), uintptr(unsafe.Pointer(&size)), 0, uintptr(af), tcpTableOwnerPIDConnections, 0)
		switch windows.Errno(r) {
		case 0:
			return b[:size], nil
		case windows.ERROR_INSUFFICIENT_BUFFER:
			continue // size is what it takes now
		default:
			return nil, fmt.Errorf("listing the TCP connections: %w", windows.Errno(r))
		}
	}
	return nil, fmt.Errorf("listing the TCP connections: the table kept growing")
}
