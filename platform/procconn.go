package platform

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"net/netip"
	"strconv"
	"strings"
)

// ErrConnUnsupported wraps every reason ConnectionOwner cannot tell which
// process holds a connection here (macOS: no cgo-free way; other systems).
var ErrConnUnsupported = errors.New("telling which process holds a TCP connection is not possible here")

// ErrConnNotOwned: the process does not hold the connection.
var ErrConnNotOwned = errors.New("the process does not hold that connection")

// HoldsConnection tells whether process pid holds the TCP socket whose
// local end is local: the address the daemon sees as the peer of a
// connection it accepted, so an answer of nil says pid is at the other end
// of that connection. It fails wrapping ErrConnNotOwned when pid does not
// hold it, ErrConnUnsupported where the OS cannot tell. Linux reads
// /proc/<pid>/net/tcp{,6} for the socket's inode and looks for that
// socket among /proc/<pid>/fd; Windows asks GetExtendedTcpTable for the
// owning process of each connection.
func HoldsConnection(pid int, local netip.AddrPort) error {
	if pid <= 0 {
		return fmt.Errorf("%w: no process id", ErrConnNotOwned)
	}
	return holdsConnection(pid, netip.AddrPortFrom(local.Addr().Unmap(), local.Port()))
}

// tcpSocket is one row of a TCP table: its local end, its state and, per
// OS, its inode (Linux) or owning process (Windows).
type tcpSocket struct {
	local netip.AddrPort
	state int
	inode string
	pid   int
}

// Linux's TCP_LISTEN (include/net/tcp_states.h): a listening socket has no
// peer.
const linuxTCPListen = 0x0A

// parseProcNetTCP reads /proc/net/tcp or tcp6: after a header line, "sl
// local_address rem_address st … uid timeout inode", an address being the
// in-memory words of the address in hex (native byte order) and the port
// in hex. Pure, so it is tested on any OS.
func parseProcNetTCP(s string) []tcpSocket {
	var out []tcpSocket
	for _, line := range strings.Split(s, "\n")[1:] {
		f := strings.Fields(line)
		if len(f) < 10 {
			continue
		}
		local, ok := parseProcAddr(f[1])
		st, err := strconv.ParseUint(f[3], 16, 8)
		if !ok || err != nil {
			continue
		}
		out = append(out, tcpSocket{local: local, state: int(st), inode: f[9]})
	}
	return out
}

// parseProcAddr reads "0100007F:D431" (127.0.0.1:54321 on a little-endian
// machine) or its 32-digit IPv6 form.
func parseProcAddr(s string) (netip.AddrPort, bool) {
	a, p, ok := strings.Cut(s, ":")
	port, err := strconv.ParseUint(p, 16, 16)
	raw, herr := hex.DecodeString(a)
	if !ok || err != nil || herr != nil || (len(raw) != 4 && len(raw) != 16) {
		return netip.AddrPort{}, false
	}
	// The kernel prints each 32-bit word of the address as a number.
	b := make([]byte, len(raw))
	for i := 0; i < len(raw); i += 4 {
		binary.NativeEndian.PutUint32(b[i:], binary.BigEndian.Uint32(raw[i:]))
	}
	addr, _ := netip.AddrFromSlice(b)
	return netip.AddrPortFrom(addr.Unmap(), uint16(port)), true
}

// parseTCPTableOwnerPID reads what GetExtendedTcpTable answers for
// TCP_TABLE_OWNER_PID_*: a count, then MIB_TCPROW_OWNER_PID rows (state,
// local address, local port, remote address, remote port, owning pid; 24
// bytes) or, for IPv6, MIB_TCP6ROW_OWNER_PID rows (local address[16],
// scope, port, remote address[16], scope, port, state, pid; 56 bytes).
// Addresses are in network order, a port is the first two bytes of its
// word, in network order. Pure, so it is tested on any OS.
func parseTCPTableOwnerPID(b []byte, v6 bool) []tcpSocket {
	if len(b) < 4 {
		return nil
	}
	n := int(binary.LittleEndian.Uint32(b))
	size := 24
	if v6 {
		size = 56
	}
	var out []tcpSocket
	for i := 0; i < n && 4+(i+1)*size <= len(b); i++ {
		r := b[4+i*size : 4+(i+1)*size]
		var s tcpSocket
		if v6 {
			addr := netip.AddrFrom16([16]byte(r[0:16]))
			s.local = netip.AddrPortFrom(addr.Unmap(), binary.BigEndian.Uint16(r[20:22]))
			s.state, s.pid = int(binary.LittleEndian.Uint32(r[48:])), int(binary.LittleEndian.Uint32(r[52:]))
		} else {
			s.local = netip.AddrPortFrom(netip.AddrFrom4([4]byte(r[4:8])), binary.BigEndian.Uint16(r[8:10]))
			s.state, s.pid = int(binary.LittleEndian.Uint32(r[0:])), int(binary.LittleEndian.Uint32(r[20:]))
		}
		out = append(out, s)
	}
	return out
}
