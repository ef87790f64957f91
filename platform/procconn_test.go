package platform

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"os"
	"os/exec"
	"runtime"
	"testing"
)

// Lines as Linux prints them on a little-endian machine: the loopback
// connection from 127.0.0.1:54321, the listener it reached, and an IPv6
// (and an IPv4-mapped) one.
func TestParseProcNetTCP(t *testing.T) {
	t.Parallel()
	word := func(b ...byte) string { return fmt.Sprintf("%08X", binary.NativeEndian.Uint32(b)) }
	lo := word(127, 0, 0, 1)
	v4 := "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n" +
		"   0: " + lo + ":1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 111 1 0000000000000000 100 0 0 10 0\n" +
		"   1: " + lo + ":D431 " + lo + ":1F90 01 00000000:00000000 00:00000000 00000000  1000        0 222 1 0000000000000000 20 4 30 10 -1\n" +
		"   2: garbage\n"
	got := parseProcNetTCP(v4)
	want := []tcpSocket{
		{local: netip.MustParseAddrPort("127.0.0.1:8080"), state: linuxTCPListen, inode: "111"},
		{local: netip.MustParseAddrPort("127.0.0.1:54321"), state: 1, inode: "222"},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("tcp: %v, want %v", got, want)
	}
	v6 := "  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n" +
		"   0: " + word(0, 0, 0, 0) + word(0, 0, 0, 0) + word(0, 0, 0, 0) + word(0, 0, 0, 1) + ":D432 00000000000000000000000000000000:0000 01 0 0 0 0 0 333\n" +
		"   1: " + word(0, 0, 0, 0) + word(0, 0, 0, 0) + word(0, 0, 0xff, 0xff) + word(127, 0, 0, 1) + ":D433 00000000000000000000000000000000:0000 01 0 0 0 0 0 444\n"
	got = parseProcNetTCP(v6)
	want = []tcpSocket{
		{local: netip.MustParseAddrPort("[::1]:54322"), state: 1, inode: "333"},
		{local: netip.MustParseAddrPort("127.0.0.1:54323"), state: 1, inode: "444"},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("tcp6: %v, want %v", got, want)
	}
}

// Rows as GetExtendedTcpTable lays them out (little-endian words, network
// order addresses and ports).
func TestParseTCPTableOwnerPID(t *testing.T) {
	t.Parallel()
	le := binary.LittleEndian
	b := le.AppendUint32(nil, 1)
	b = le.AppendUint32(b, 5)                     // ESTABLISHED
	b = append(b, 127, 0, 0, 1, 0xD4, 0x31, 0, 0) // 127.0.0.1:54321
	b = append(b, 127, 0, 0, 1, 0x1F, 0x90, 0, 0) // 127.0.0.1:8080
	b = le.AppendUint32(b, 4242)                  // owner
	if got := parseTCPTableOwnerPID(b, false); len(got) != 1 || got[0].local != netip.MustParseAddrPort("127.0.0.1:54321") || got[0].pid != 4242 || got[0].state != 5 {
		t.Errorf("IPv4: %v", got)
	}
	b6 := le.AppendUint32(nil, 1)
	b6 = append(b6, netip.MustParseAddr("::1").AsSlice()...) // local
	b6 = le.AppendUint32(b6, 0)                              // scope
	b6 = append(b6, 0xD4, 0x32, 0, 0)                        // port 54322
	b6 = append(b6, make([]byte, 16+4+4)...)                 // remote, scope, port
	b6 = le.AppendUint32(b6, 5)
	b6 = le.AppendUint32(b6, 77)
	if got := parseTCPTableOwnerPID(b6, true); len(got) != 1 || got[0].local != netip.MustParseAddrPort("[::1]:54322") || got[0].pid != 77 {
		t.Errorf("IPv6: %v", got)
	}
	if got := parseTCPTableOwnerPID(b[:len(b)-1], false); len(got) != 0 {
		t.Errorf("a cut row read: %v", got)
	}
}

// A connection this process made is this process's; another process's
// claim to it is refused, as is a connection nobody holds.
func TestHoldsConnection(t *testing.T) {
	switch runtime.GOOS {
	case "linux", "windows":
	default:
		if err := HoldsConnection(os.Getpid(), netip.MustParseAddrPort("127.0.0.1:1")); !errors.Is(err, ErrConnUnsupported) {
			t.Errorf("on %s: %v, want ErrConnUnsupported", runtime.GOOS, err)
		}
		t.Skipf("not told on %s", runtime.GOOS)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	s, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// What the server sees as its peer is the client's own end.
	peer := netip.MustParseAddrPort(s.RemoteAddr().String())
	if err := HoldsConnection(os.Getpid(), peer); err != nil {
		t.Errorf("this process's own connection: %v", err)
	}
	// Another live process (this test binary, waiting on its input).
	other := exec.Command(os.Args[0], "-test.run=^TestWaitOnStdinHelper$")
	other.Env = append(os.Environ(), waitHelperEnv+"=1")
	in, _ := other.StdinPipe()
	if err := other.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { in.Close(); other.Wait() }()
	if err := HoldsConnection(other.Process.Pid, peer); !errors.Is(err, ErrConnNotOwned) {
		t.Errorf("another process claims the connection: %v, want ErrConnNotOwned", err)
	}
	// A port no connection comes from.
	if err := HoldsConnection(os.Getpid(), netip.MustParseAddrPort("127.0.0.1:1")); !errors.Is(err, ErrConnNotOwned) {
		t.Errorf("no such connection: %v, want ErrConnNotOwned", err)
	}
}

const waitHelperEnv = "UNITYMCP_TEST_WAIT_ON_STDIN"

// TestWaitOnStdinHelper is not a test: TestHoldsConnection runs the test
// binary as another live process that holds no connection.
func TestWaitOnStdinHelper(t *testing.T) {
	if os.Getenv(waitHelperEnv) == "" {
		t.Skip("the helper process of TestHoldsConnection")
	}
	io.Copy(io.Discard, os.Stdin)
}
