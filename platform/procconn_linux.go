package platform

import (
	"errors"
	"fmt"
	"io/fs"
	"net/netip"
	"os"
)

// holdsConnection finds the inode of the connected socket whose local end
// is local in pid's own network namespace (/proc/<pid>/net/tcp and tcp6),
// then that socket among pid's open files: a process holds it only if one
// of its descriptors is "socket:[inode]". Reading another process's fd
// folder takes being its user (ptrace read access), as the editor is.
func holdsConnection(pid int, local netip.AddrPort) error {
	inodes := map[string]bool{}
	for _, table := range []string{"tcp", "tcp6"} {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/net/%s", pid, table))
		if errors.Is(err, fs.ErrNotExist) && table == "tcp6" {
			continue // no IPv6 in this kernel
		}
		if err != nil {
			return fmt.Errorf("reading the TCP connections of process %d: %w", pid, err)
		}
		for _, s := range parseProcNetTCP(string(b)) {
			if s.local == local && s.state != linuxTCPListen && s.inode != "0" {
				inodes["socket:["+s.inode+"]"] = true
			}
		}
	}
	if len(inodes) == 0 {
		return fmt.Errorf("%w: no TCP connection from %s is open where process %d runs", ErrConnNotOwned, local, pid)
	}
	dir := fmt.Sprintf("/proc/%d/fd", pid)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("reading the open files of process %d: %w", pid, err)
	}
	for _, e := range ents {
		if l, err := os.Readlink(dir + "/" + e.Name()); err == nil && inodes[l] {
			return nil
		}
	}
	return fmt.Errorf("%w: process %d holds no socket of the connection from %s", ErrConnNotOwned, pid, local)
}
